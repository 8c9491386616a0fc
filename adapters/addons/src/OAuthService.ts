/**
 * What every OAuth 2 add-on (Xero, QuickBooks, Capsule, Mailchimp) does for the framework, in the terms of none
 * of them: its consent page for an attempt (the framework makes the state and the PKCE S256 challenge), the code
 * exchanged for tokens and the organisations (Xero tenants, a QuickBooks company, a Capsule site, Mailchimp
 * audiences) they reach, a refresh, and a best-effort revoke on disconnect. An add-on connected with an API token
 * (Highrise, Insightly) has the same `Tokens`: the token as `access_token`, no refresh token, no expiry.
 *
 * @since 0.5.0
 */
import type { Effect } from "effect"
import type { AddOnError } from "./AddOnError.ts"

/** The tokens of one connection; stored encrypted by the framework, never sent to the browser or logged. */
export interface Tokens {
  readonly access_token: string
  readonly refresh_token: string
  /** When the access token expires, epoch milliseconds. */
  readonly expires_at: number
  /**
   * Where the calls go when the service says so per connection (Mailchimp's `api_endpoint`, a Highrise account
   * address, an Insightly pod's API address); absent when the add-on's address is fixed.
   */
  readonly site?: string | undefined
}

/** `expires_at` of tokens that never expire (an API token, Mailchimp's): 9999-12-31, a date every database keeps. */
export const NEVER_EXPIRES = 253_402_300_799_000

/** An organisation (Xero tenant, QuickBooks company / realm, Capsule site, Mailchimp audience) a connection can write to. */
export interface Organisation {
  readonly id: string
  readonly name: string
  /** ISO 4217 code of the organisation's base currency, when the add-on says. */
  readonly currency?: string | undefined
}

/** The first leg of OAuth 2: what the framework built for this attempt. */
export interface AuthorizeInput {
  readonly state: string
  readonly codeChallenge: string
  readonly redirectUri: string
}

/** The callback: the authorisation code, the verifier, and every query parameter the add-on sent back. */
export interface ExchangeInput {
  readonly code: string
  readonly codeVerifier: string
  readonly redirectUri: string
  readonly params: URLSearchParams
}

/** What connecting gave: the tokens and the organisations they reach (QuickBooks: the one realm picked). */
export interface Connected {
  readonly tokens: Tokens
  readonly organisations: ReadonlyArray<Organisation>
}

/** The OAuth 2 half of an add-on. */
export interface OAuthService {
  readonly addonId: number
  /** The add-on's consent page for this attempt (scopes, PKCE S256 challenge, state). */
  readonly authorizeUrl: (input: AuthorizeInput) => URL
  readonly exchange: (input: ExchangeInput) => Effect.Effect<Connected, AddOnError>
  readonly refresh: (tokens: Tokens) => Effect.Effect<Tokens, AddOnError>
  /** Revoke the connection at the add-on (best effort on disconnect). */
  readonly revoke: (tokens: Tokens) => Effect.Effect<void, AddOnError>
}
