/**
 * A Capsule party (a person or an organisation) as API v2 answers it, and the `CrmContact` it is for quotekit:
 * a person's organisation (embedded as `{ id, name }`) is the company; the first email address and phone number
 * are kept; the record opens at `<site url>/party/<id>`.
 *
 * @internal
 * @since 0.5.0
 */
import type { CrmContact } from "@quotekit/addons/Crm"
import { Schema } from "effect"

const Id = Schema.Union([Schema.Number, Schema.String])

/** A party in a search answer; only what quotekit reads. */
export const Party = Schema.Struct({
  id: Id,
  type: Schema.Literals(["person", "organisation"]),
  firstName: Schema.optional(Schema.NullOr(Schema.String)),
  lastName: Schema.optional(Schema.NullOr(Schema.String)),
  name: Schema.optional(Schema.NullOr(Schema.String)),
  emailAddresses: Schema.optional(
    Schema.Array(Schema.Struct({ address: Schema.optional(Schema.NullOr(Schema.String)) }))
  ),
  phoneNumbers: Schema.optional(Schema.Array(Schema.Struct({ number: Schema.optional(Schema.NullOr(Schema.String)) }))),
  organisation: Schema.optional(
    Schema.NullOr(Schema.Struct({ id: Id, name: Schema.optional(Schema.NullOr(Schema.String)) }))
  )
})
export type Party = typeof Party.Type

/** `GET /api/v2/parties/search`. */
export const SearchAnswer = Schema.Struct({ parties: Schema.Array(Party) })

/** `GET /api/v2/site`. */
export const SiteAnswer = Schema.Struct({
  site: Schema.Struct({
    id: Schema.optional(Id),
    url: Schema.String,
    subdomain: Schema.optional(Schema.String),
    name: Schema.optional(Schema.NullOr(Schema.String))
  })
})

const trimmed = (s: string | null | undefined) => (s ?? "").trim()

const first = <A>(list: ReadonlyArray<A> | undefined, pick: (a: A) => string | null | undefined): string =>
  (list ?? []).map((a) => trimmed(pick(a))).find((s) => s !== "") ?? ""

/** Where a user opens party `id` of the site at `siteUrl`. */
export const urlOf = (siteUrl: string, id: string): string =>
  `${siteUrl.replace(/\/+$/, "")}/party/${encodeURIComponent(id)}`

/** The contact `party` is, with its record at `siteUrl`. */
export const toContact = (party: Party, siteUrl: string): CrmContact => {
  const id = String(party.id)
  const person = party.type === "person"
  const organisation = person ? party.organisation : null
  return {
    id,
    type: party.type,
    name_first: person ? trimmed(party.firstName) : trimmed(party.name),
    name_last: person ? trimmed(party.lastName) : "",
    company: trimmed(organisation?.name),
    company_id: organisation == null ? "" : String(organisation.id),
    email: first(party.emailAddresses, (e) => e.address),
    phone: first(party.phoneNumbers, (p) => p.number),
    url: urlOf(siteUrl, id)
  }
}
