/**
 * Where QuickBooks Online lives: Intuit's OAuth 2 endpoints, the Accounting API host of each environment and
 * the web app a user opens a record in. `make` takes these as `urls` so a test (or a proxy) can point the
 * add-on elsewhere; the defaults are Intuit's documented addresses.
 *
 * @since 0.1.0
 */

/** Intuit's two environments: development keys reach sandbox companies, production keys real ones. */
export type Environment = "sandbox" | "production"

/** Every address the add-on talks to or links to. */
export interface Endpoints {
  /** The consent page (`response_type=code`). */
  readonly authorize: string
  /** Token exchange and refresh (`grant_type=authorization_code` / `refresh_token`, Basic client auth). */
  readonly token: string
  /** Token revocation (JSON `{ "token": ... }`, Basic client auth). */
  readonly revoke: string
  /** The Accounting API host; paths are `/v3/company/{realmId}/...`. */
  readonly api: string
  /** The web app, for the links a user opens (`/app/invoice?txnId=...`). */
  readonly app: string
  /** The OAuth issuer identifier (checked against an `iss` callback parameter when Intuit sends one). */
  readonly issuer: string
}

/** Intuit's documented addresses for an environment. */
export const of = (environment: Environment): Endpoints => ({
  authorize: "https://appcenter.intuit.com/connect/oauth2",
  token: "https://oauth.platform.intuit.com/oauth2/v1/tokens/bearer",
  revoke: "https://developer.api.intuit.com/v2/oauth2/tokens/revoke",
  issuer: "https://oauth.platform.intuit.com/op/v1",
  api: environment === "production" ? "https://quickbooks.api.intuit.com" : "https://sandbox-quickbooks.api.intuit.com",
  app: environment === "production" ? "https://app.qbo.intuit.com" : "https://app.sandbox.qbo.intuit.com"
})

/** The Accounting API's `minorversion`, pinned so the shapes this package reads do not change under it. */
export const MINOR_VERSION = "75"

/** The one scope the add-on asks for. */
export const SCOPE = "com.intuit.quickbooks.accounting"
