/**
 * What a CRM add-on (Highrise 2, Capsule 3, Insightly 5) does for quotekit, in the terms of none of them: find
 * the people and organisations whose name, email or company match what a user types in the quote editor or the
 * contact form, and write a note on a record when a quote to it is sent or accepted.
 *
 * Capsule connects with OAuth 2 (`OAuthService`); Highrise and Insightly with an API token the admin pastes,
 * which `verify` checks before anything is stored, answering where later calls go (`Tokens.site`) and the
 * account's name shown on the add-ons page. Every call gets `Tokens` (the token is `access_token`; `site` as
 * connecting gave it).
 *
 * Implementations time out every request (10 s), retry 429 and 5xx a bounded number of times with backoff
 * (honouring `Retry-After`), then fail with `AddOnError` (`auth` when the token no longer works). They never log
 * a token.
 *
 * @since 0.5.0
 */
import type { Effect } from "effect"
import type { AddOnError } from "./AddOnError.ts"
import { NEVER_EXPIRES, type OAuthService, type Tokens } from "./OAuthService.ts"

/** At most this many matches come back from one search. */
export const SEARCH_LIMIT = 20

/** A person or organisation as the CRM holds it. */
export interface CrmContact {
  /** The record's id in the CRM (as text). */
  readonly id: string
  readonly type: "person" | "organisation"
  /** A person's first and last names; an organisation's name is `name_first`, `name_last` empty. */
  readonly name_first: string
  readonly name_last: string
  /** A person's organisation's name; empty for an organisation or a person without one. */
  readonly company: string
  /** The CRM id of the person's organisation; empty when none (the cache's "link ids"). */
  readonly company_id: string
  /** The first email address; empty when none. */
  readonly email: string
  /** The first phone number; empty when none. */
  readonly phone: string
  /** Where a user opens the record in the CRM (an absolute https URL). */
  readonly url: string
}

/** A note written on a CRM record. */
export interface Note {
  /** One line, e.g. `Quote 1042 sent: Kitchen refit`. */
  readonly subject: string
  /** Plain text; includes the quote's total and a link to it in quotekit. */
  readonly body: string
}

/** The account an API token reaches: where calls go (kept as `Tokens.site`) and its name on the page. */
export interface Site {
  readonly site: string
  readonly name: string
}

/** What the admin pastes to connect an API-token CRM. */
export interface TokenInput {
  readonly token: string
  /**
   * Highrise: the account's address or its subdomain (`acme` or `https://acme.highrisehq.com`); Insightly: the
   * pod (`na1`) or the API address shown under User Settings → API (`https://api.na1.insightly.com`).
   */
  readonly site: string
}

/** The searching and noting every CRM add-on does. */
export interface CrmCalls {
  readonly addonId: 2 | 3 | 5
  /**
   * People and organisations matching `text` (name, email or company; substring or prefix, as the CRM's search
   * does), at most `SEARCH_LIMIT`, people first.
   */
  readonly search: (tokens: Tokens, text: string) => Effect.Effect<ReadonlyArray<CrmContact>, AddOnError>
  /** Write `note` on the record `contactId` of `type`. */
  readonly addNote: (
    tokens: Tokens,
    contact: { readonly id: string; readonly type: CrmContact["type"] },
    note: Note
  ) => Effect.Effect<void, AddOnError>
}

/** A CRM connected with OAuth 2 (Capsule). */
export interface OAuthCrm extends CrmCalls, OAuthService {
  readonly addonId: 2 | 3 | 5
  readonly connects: "oauth2"
}

/** A CRM connected with an API token (Highrise, Insightly). */
export interface TokenCrm extends CrmCalls {
  readonly connects: "api-token"
  /** Check the token against the CRM (`auth` when it is refused, `rejected` when the site is not one) and say where it leads. */
  readonly verify: (input: TokenInput) => Effect.Effect<Site, AddOnError>
}

/** A CRM add-on. */
export type Crm = OAuthCrm | TokenCrm

/** The tokens an API-token connection keeps: the token itself, never refreshed. */
export const tokenTokens = (token: string, site: string): Tokens => ({
  access_token: token,
  refresh_token: "",
  expires_at: NEVER_EXPIRES,
  site
})
