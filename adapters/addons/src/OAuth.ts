/**
 * The framework's half of OAuth 2 for every add-on (RFC 6749 authorisation code with PKCE, RFC 7636 S256):
 * a fresh `state` and code verifier per Connect (from `oauth4webapi`), the challenge the consent page gets, the
 * hash under which an attempt is stored (the `state` itself only travels through the browser), and reading the
 * add-on's answer on the way back: its refusal (`error`), a state that does not match, or the code.
 *
 * The add-on's own half (its consent address, scopes, token endpoint) is in its `OAuthService.authorizeUrl` and
 * `exchange`, built on `consentUrl` and `callbackParams` here.
 *
 * @example
 * const attempt = yield* OAuth.start
 * accounting.authorizeUrl({ state: attempt.state, codeChallenge: attempt.codeChallenge, redirectUri })
 * // back at the callback:
 * const answer = yield* OAuth.readCallback(new URLSearchParams(query), attempt.state)
 *
 * @since 0.5.0
 */
import { createHash } from "node:crypto"
import { Effect, Schema } from "effect"
import * as oauth from "oauth4webapi"
import type { AuthorizeInput, ExchangeInput } from "./OAuthService.ts"

/** How long a Connect may take, from the click to the add-on sending the browser back. */
export const ATTEMPT_MS = 15 * 60_000

/** One Connect: `state` and `codeVerifier` stay secret until the callback; the challenge goes to the consent page. */
export interface Attempt {
  readonly state: string
  readonly codeVerifier: string
  readonly codeChallenge: string
}

/** A new attempt: random state and verifier, and the S256 challenge of the verifier. */
export const start: Effect.Effect<Attempt> = Effect.promise(async () => {
  const codeVerifier = oauth.generateRandomCodeVerifier()
  return {
    state: oauth.generateRandomState(),
    codeVerifier,
    codeChallenge: await oauth.calculatePKCECodeChallenge(codeVerifier)
  }
})

/** The key an attempt is stored and found under: hex SHA-256 of its `state`. */
export const stateHash = (state: string): string => createHash("sha256").update(state, "utf8").digest("hex")

/** The `state` of a callback's query, when it has one (to find the attempt). */
export const stateOf = (params: URLSearchParams): string | undefined => params.get("state") ?? undefined

/** The add-on answered with an error instead of a code (the user said no, or the request was refused). */
export class ConsentRefused extends Schema.TaggedError<ConsentRefused>()("ConsentRefused", {
  error: Schema.String,
  description: Schema.String
}) {}

/** The callback does not belong to the attempt (no or another state, no code). */
export class CallbackInvalid extends Schema.TaggedError<CallbackInvalid>()("CallbackInvalid", {
  reason: Schema.String
}) {}

// oauth4webapi checks the answer against an authorisation server; only `issuer` matters without `iss` support.
const server: oauth.AuthorizationServer = { issuer: "https://add-on.invalid" }
const client: oauth.Client = { client_id: "quotekit" }

/** The code of a callback whose `state` is `expectedState`; the add-on's refusal or a mismatch otherwise. */
export const readCallback = (
  params: URLSearchParams,
  expectedState: string
): Effect.Effect<string, ConsentRefused | CallbackInvalid> =>
  Effect.suspend((): Effect.Effect<string, ConsentRefused | CallbackInvalid> => {
    const error = params.get("error")
    if (error !== null)
      return Effect.fail(new ConsentRefused({ error, description: params.get("error_description") ?? "" }))
    // `iss` is only checked against a server that announces it; these add-ons do not.
    const withoutIss = new URLSearchParams(params)
    withoutIss.delete("iss")
    try {
      const checked = oauth.validateAuthResponse(server, client, withoutIss, expectedState)
      const code = checked.get("code")
      if (code === null || code === "") return Effect.fail(new CallbackInvalid({ reason: "no code" }))
      return Effect.succeed(code)
    } catch (e) {
      return Effect.fail(new CallbackInvalid({ reason: e instanceof Error ? e.message : "invalid callback" }))
    }
  })

/**
 * An add-on's consent page for one attempt: its authorisation `endpoint` asked for a code (`response_type=code`)
 * for `clientId`, with the attempt's redirect, `state` and PKCE S256 challenge, and `scopes` (space-separated)
 * when the add-on has any.
 */
export const consentUrl = (
  endpoint: string,
  clientId: string,
  input: AuthorizeInput,
  scopes: ReadonlyArray<string> = []
): URL => {
  const url = new URL(endpoint)
  url.searchParams.set("response_type", "code")
  url.searchParams.set("client_id", clientId)
  url.searchParams.set("redirect_uri", input.redirectUri)
  if (scopes.length > 0) url.searchParams.set("scope", scopes.join(" "))
  url.searchParams.set("state", input.state)
  url.searchParams.set("code_challenge", input.codeChallenge)
  url.searchParams.set("code_challenge_method", "S256")
  return url
}

/**
 * The callback's parameters as `oauth4webapi.validateAuthResponse` checks them in an add-on's exchange: what the
 * add-on sent back, with the code the framework read when the add-on sent neither a code nor an `error`.
 */
export const callbackParams = (input: ExchangeInput): URLSearchParams => {
  const params = new URLSearchParams(input.params)
  if (!params.has("code") && !params.has("error")) params.set("code", input.code)
  return params
}
