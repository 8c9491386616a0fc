/**
 * Insightly's contacts and organisations as API v3.1 answers them (upper-case field names), and the `CrmContact`
 * each is for quotekit: a contact's organisation's name is its company; the record opens in Insightly's web app
 * at `/details/Contact/<id>` or `/details/Organisation/<id>`.
 *
 * @internal
 * @since 0.5.0
 */
import type { CrmContact } from "@quotekit/addons/Crm"
import { Schema } from "effect"

const Id = Schema.Union([Schema.Number, Schema.String])
const Text = Schema.optional(Schema.NullOr(Schema.String))

/** A contact (a person); only what quotekit reads. */
export const Contact = Schema.Struct({
  CONTACT_ID: Id,
  FIRST_NAME: Text,
  LAST_NAME: Text,
  EMAIL_ADDRESS: Text,
  PHONE: Text,
  PHONE_MOBILE: Text,
  ORGANISATION_ID: Schema.optional(Schema.NullOr(Id))
})
export type Contact = typeof Contact.Type

/** An organisation; only what quotekit reads. */
export const Organisation = Schema.Struct({
  ORGANISATION_ID: Id,
  ORGANISATION_NAME: Text,
  PHONE: Text
})
export type Organisation = typeof Organisation.Type

/** `GET /v3.1/Instance`. */
export const Instance = Schema.Struct({
  INSTANCE_NAME: Text,
  INSTANCE_SUBDOMAIN: Text
})

const trimmed = (s: string | null | undefined) => (s ?? "").trim()

/** The organisation id a contact links to, as text; empty when none. */
export const organisationIdOf = (contact: Contact): string =>
  contact.ORGANISATION_ID === undefined || contact.ORGANISATION_ID === null || contact.ORGANISATION_ID === 0
    ? ""
    : String(contact.ORGANISATION_ID)

/** `contact` for quotekit, its organisation named `company`, its record in the web app at `appUrl`. */
export const fromContact = (contact: Contact, company: string, appUrl: string): CrmContact => {
  const id = String(contact.CONTACT_ID)
  return {
    id,
    type: "person",
    name_first: trimmed(contact.FIRST_NAME),
    name_last: trimmed(contact.LAST_NAME),
    company: company.trim(),
    company_id: organisationIdOf(contact),
    email: trimmed(contact.EMAIL_ADDRESS),
    phone: trimmed(contact.PHONE) || trimmed(contact.PHONE_MOBILE),
    url: `${appUrl}/details/Contact/${encodeURIComponent(id)}`
  }
}

/** `organisation` for quotekit, its record in the web app at `appUrl`. */
export const fromOrganisation = (organisation: Organisation, appUrl: string): CrmContact => {
  const id = String(organisation.ORGANISATION_ID)
  return {
    id,
    type: "organisation",
    name_first: trimmed(organisation.ORGANISATION_NAME),
    name_last: "",
    company: "",
    company_id: "",
    email: "",
    phone: trimmed(organisation.PHONE),
    url: `${appUrl}/details/Organisation/${encodeURIComponent(id)}`
  }
}
