/**
 * A CRM add-on and a marketing add-on in memory, for the server's tests beside the Highrise, Capsule, Insightly
 * and Mailchimp packages' own msw fakes: the CRM accepts one API token (`token`) at one site, finds its records by
 * a case-insensitive substring of name, email or company, keeps the notes written, counts searches, and fails the
 * next calls of an operation as told (`failNext`); the marketing add-on keeps each audience's members and tags.
 *
 * @example
 * const crm = FakeCrm.make({ addonId: 5, records: [FakeCrm.person("1", "Ada", "Lovelace", "ada@example.com")] })
 * crm.failNext("search", new AddOnError({ kind: "unavailable", message: "down" }))
 *
 * @since 0.5.0
 */
import { Effect } from "effect"
import { AddOnError } from "../AddOnError.ts"
import type { CrmContact, Note, TokenCrm } from "../Crm.ts"
import type { Marketing, Member } from "../Marketing.ts"
import { NEVER_EXPIRES, type Organisation, type Tokens } from "../OAuthService.ts"

/** The CRM operations whose next calls can be made to fail. */
export type Operation = "verify" | "search" | "addNote"

/** A fake CRM with what it was asked. */
export interface Fake extends TokenCrm {
  readonly token: string
  readonly site: string
  readonly records: Array<CrmContact>
  readonly notes: Array<{ readonly contact: { readonly id: string; readonly type: string }; readonly note: Note }>
  /** How many searches reached it. */
  readonly searches: () => number
  readonly failNext: (operation: Operation, error: AddOnError, times?: number) => void
}

/** A person record. */
export const person = (id: string, first: string, last: string, email: string, company = ""): CrmContact => ({
  id,
  type: "person",
  name_first: first,
  name_last: last,
  company,
  company_id: company === "" ? "" : `org-${company}`,
  email,
  phone: "+44 20 7946 0000",
  url: `https://crm.example.com/people/${id}`
})

/** An organisation record. */
export const organisation = (id: string, name: string): CrmContact => ({
  id,
  type: "organisation",
  name_first: name,
  name_last: "",
  company: "",
  company_id: "",
  email: "",
  phone: "",
  url: `https://crm.example.com/organisations/${id}`
})

/** A CRM in memory. */
export const make = (o: {
  readonly addonId: 2 | 5
  readonly records?: ReadonlyArray<CrmContact>
  readonly token?: string
  readonly site?: string
}): Fake => {
  const token = o.token ?? "good-token"
  const site = o.site ?? "https://acme.crm.example.com"
  const records = [...(o.records ?? [])]
  const notes: Fake["notes"] = []
  const failures = new Map<Operation, Array<AddOnError>>()
  let searches = 0
  const failure = (op: Operation) => failures.get(op)?.shift()
  const checked = (tokens: Tokens) =>
    tokens.access_token === token && tokens.site === site
      ? Effect.void
      : Effect.fail(new AddOnError({ kind: "auth", message: "The token was refused." }))
  return {
    addonId: o.addonId,
    connects: "api-token",
    token,
    site,
    records,
    notes,
    searches: () => searches,
    failNext: (operation, error, times = 1) =>
      failures.set(operation, [...(failures.get(operation) ?? []), ...Array.from({ length: times }, () => error)]),
    verify: (input) => {
      const failed = failure("verify")
      if (failed !== undefined) return Effect.fail(failed)
      if (input.token !== token)
        return Effect.fail(new AddOnError({ kind: "auth", message: "That token was refused." }))
      if (input.site !== site && input.site !== "acme")
        return Effect.fail(new AddOnError({ kind: "rejected", message: "That is not an account address." }))
      return Effect.succeed({ site, name: "Acme CRM" })
    },
    search: (tokens, text) =>
      Effect.gen(function* () {
        searches += 1
        const failed = failure("search")
        if (failed !== undefined) return yield* failed
        yield* checked(tokens)
        const needle = text.trim().toLowerCase()
        return records
          .filter((r) =>
            [r.name_first, r.name_last, `${r.name_first} ${r.name_last}`, r.email, r.company].some((f) =>
              f.toLowerCase().includes(needle)
            )
          )
          .slice(0, 20)
      }),
    addNote: (tokens, contact, note) =>
      Effect.gen(function* () {
        const failed = failure("addNote")
        if (failed !== undefined) return yield* failed
        yield* checked(tokens)
        notes.push({ contact, note })
      })
  }
}

/** A fake Mailchimp with what it was given. */
export interface FakeMarketing extends Marketing {
  readonly code: string
  readonly members: Map<string, Array<Member>>
}

/** A marketing add-on in memory: OAuth 2 hands out a never-expiring token for `code`. */
export const marketing = (
  audiences: ReadonlyArray<Organisation> = [{ id: "list-1", name: "Customers" }]
): FakeMarketing => {
  const code = "mc-code"
  const members = new Map<string, Array<Member>>()
  const tokens: Tokens = {
    access_token: "mc-token",
    refresh_token: "",
    expires_at: NEVER_EXPIRES,
    site: "https://us1.api.example.com"
  }
  return {
    addonId: 6,
    code,
    members,
    authorizeUrl: (input) => {
      const url = new URL("https://login.mailchimp.example.com/oauth2/authorize")
      url.searchParams.set("state", input.state)
      url.searchParams.set("redirect_uri", input.redirectUri)
      url.searchParams.set("code_challenge", input.codeChallenge)
      url.searchParams.set("code_challenge_method", "S256")
      return url
    },
    exchange: (input) =>
      input.code === code
        ? Effect.succeed({ tokens, organisations: audiences })
        : Effect.fail(new AddOnError({ kind: "auth", message: "invalid_grant" })),
    refresh: (t) => Effect.succeed(t),
    revoke: () => Effect.void,
    audiences: () => Effect.succeed(audiences),
    subscribe: (t, audience, member) =>
      t.access_token !== tokens.access_token
        ? Effect.fail(new AddOnError({ kind: "auth", message: "The token was refused." }))
        : Effect.sync(() => {
            members.set(audience, [...(members.get(audience) ?? []), member])
          })
  }
}
