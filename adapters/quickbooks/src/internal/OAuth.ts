/**
 * Intuit's OAuth 2 authorization-code flow through `oauth4webapi`: the consent URL (scope, state, PKCE S256),
 * the code exchange and the refresh at the token endpoint with HTTP Basic client authentication, and the
 * revocation. `oauth4webapi` builds and checks the token requests and answers to the RFCs (a `state` or
 * `iss` mismatch, a non-bearer token, a missing `access_token` are refused); Intuit's revocation endpoint
 * takes a JSON body rather than RFC 7009's form, so that one request is made here by hand.
 *
 * Refresh tokens rotate: Intuit may answer a refresh with a new refresh token, after which the old one soon
 * stops working, so the tokens returned by `refresh` always carry the newest one.
 */

import type { AuthorizeInput, ExchangeInput, Tokens } from "@quotekit/addons/Accounting"
import { callbackParams, consentUrl } from "@quotekit/addons/OAuth"
import { Clock, Effect } from "effect"
import * as oauth from "oauth4webapi"
import type { Endpoints } from "../Endpoints.ts"
import { SCOPE } from "../Endpoints.ts"
import { exchange, QuickBooksFault, type RetryPolicy, withRetry } from "./Http.ts"

/** The app's credentials from developer.intuit.com. */
export interface Credentials {
  readonly clientId: string
  readonly clientSecret: string
}

/** The consent page for one attempt. */
export const authorizeUrl = (endpoints: Endpoints, credentials: Credentials, input: AuthorizeInput): URL => {
  return consentUrl(endpoints.authorize, credentials.clientId, input, [SCOPE])
}

const server = (endpoints: Endpoints): oauth.AuthorizationServer => ({
  issuer: endpoints.issuer,
  authorization_endpoint: endpoints.authorize,
  token_endpoint: endpoints.token,
  revocation_endpoint: endpoints.revoke
})

/** `Authorization: Basic base64(client_id:client_secret)`, as Intuit documents it. */
const basicHeader = (credentials: Credentials): string =>
  `Basic ${Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString("base64")}`

/**
 * Intuit's Basic client authentication. `oauth4webapi`'s `ClientSecretBasic` form-encodes the id and secret
 * first (RFC 6749 2.3.1), turning a `-` into `%2D`; Intuit's own clients send them as they are, so this does.
 */
const intuitBasic =
  (credentials: Credentials): oauth.ClientAuth =>
  (_as, _client, _body, headers) => {
    headers.set("authorization", basicHeader(credentials))
  }

const options = (endpoints: Endpoints, policy: RetryPolicy) => ({
  [oauth.allowInsecureRequests]: endpoints.token.startsWith("http:"),
  signal: () => AbortSignal.timeout(policy.timeoutMs)
})

/** What an `oauth4webapi` failure means for the connection. */
const faultOf = (error: unknown, timeoutMs: number): QuickBooksFault => {
  if (error instanceof QuickBooksFault) return error
  const fault = (kind: QuickBooksFault["kind"], message: string) => new QuickBooksFault({ kind, message, codes: [] })
  if (error instanceof oauth.ResponseBodyError) {
    const said = error.error_description === undefined ? error.error : `${error.error}: ${error.error_description}`
    if (error.error === "invalid_grant")
      return fault("auth", `QuickBooks refused the authorisation (${said}); connect QuickBooks again.`)
    if (error.error === "invalid_client")
      return fault("auth", `QuickBooks did not accept the app's client id and secret (${said}).`)
    return fault("rejected", `QuickBooks refused the token request (${said}).`)
  }
  if (error instanceof oauth.WWWAuthenticateChallengeError)
    return fault("auth", `QuickBooks refused the app's credentials (${error.status}).`)
  if (error instanceof oauth.AuthorizationResponseError) {
    const said = error.error_description === undefined ? error.error : `${error.error}: ${error.error_description}`
    return fault("rejected", `QuickBooks did not authorise the connection (${said}).`)
  }
  if (error instanceof Error && error.name === "TimeoutError")
    return fault("unavailable", `QuickBooks did not answer within ${timeoutMs / 1000} s.`)
  if (error instanceof TypeError) return fault("unavailable", `QuickBooks could not be reached: ${error.message}`)
  return fault("unavailable", `QuickBooks answered the token request unexpectedly: ${String(error)}`)
}

/** A token endpoint call: 429 and 5xx are tried again, anything else is processed by `oauth4webapi`. */
const tokenCall = (
  policy: RetryPolicy,
  request: () => Promise<Response>,
  process: (response: Response) => Promise<oauth.TokenEndpointResponse>
): Effect.Effect<oauth.TokenEndpointResponse, QuickBooksFault> =>
  withRetry(
    policy,
    Effect.tryPromise({
      try: async () => {
        const response = await request()
        if (response.status === 429 || response.status >= 500) {
          await response.body?.cancel()
          throw new QuickBooksFault({
            kind: response.status === 429 ? "rate-limited" : "unavailable",
            message: `QuickBooks' token endpoint answered ${response.status}.`,
            codes: []
          })
        }
        return await process(response)
      },
      catch: (error) => faultOf(error, policy.timeoutMs)
    })
  )

/** Tokens from a token endpoint answer; a refresh without a new refresh token keeps the one it used. */
const tokensOf = (
  answer: oauth.TokenEndpointResponse,
  previousRefresh: string | undefined
): Effect.Effect<Tokens, QuickBooksFault> =>
  Effect.flatMap(Clock.currentTimeMillis, (now) => {
    const refresh = answer.refresh_token ?? previousRefresh
    if (refresh === undefined)
      return Effect.fail(
        new QuickBooksFault({ kind: "rejected", message: "QuickBooks gave no refresh token.", codes: [] })
      )
    const expiresIn = typeof answer.expires_in === "number" ? answer.expires_in : 3600
    return Effect.succeed({
      access_token: answer.access_token,
      refresh_token: refresh,
      expires_at: now + expiresIn * 1000
    })
  })

/** The code of the callback for tokens. */
export const exchangeCode = (
  endpoints: Endpoints,
  credentials: Credentials,
  policy: RetryPolicy,
  input: ExchangeInput
): Effect.Effect<Tokens, QuickBooksFault> =>
  Effect.gen(function* () {
    const as = server(endpoints)
    const client: oauth.Client = { client_id: credentials.clientId }
    const params = callbackParams(input)
    // The framework has checked `state` against the attempt; this checks `iss` and an `error` parameter.
    const callback = yield* Effect.try({
      try: () => oauth.validateAuthResponse(as, client, params, oauth.skipStateCheck),
      catch: (error) => faultOf(error, policy.timeoutMs)
    })
    const answer = yield* tokenCall(
      policy,
      () =>
        oauth.authorizationCodeGrantRequest(
          as,
          client,
          intuitBasic(credentials),
          callback,
          input.redirectUri,
          input.codeVerifier,
          options(endpoints, policy)
        ),
      (response) => oauth.processAuthorizationCodeResponse(as, client, response)
    )
    return yield* tokensOf(answer, undefined)
  })

/** New tokens for old: the newest refresh token is always the one returned. */
export const refresh = (
  endpoints: Endpoints,
  credentials: Credentials,
  policy: RetryPolicy,
  tokens: Tokens
): Effect.Effect<Tokens, QuickBooksFault> =>
  Effect.gen(function* () {
    const as = server(endpoints)
    const client: oauth.Client = { client_id: credentials.clientId }
    const answer = yield* tokenCall(
      policy,
      () =>
        oauth.refreshTokenGrantRequest(
          as,
          client,
          intuitBasic(credentials),
          tokens.refresh_token,
          options(endpoints, policy)
        ),
      (response) => oauth.processRefreshTokenResponse(as, client, response)
    )
    return yield* tokensOf(answer, tokens.refresh_token)
  })

/**
 * Revoke the grant (revoking the refresh token ends the access token too). A token Intuit no longer knows
 * (400) counts as revoked: the goal, a connection that cannot be used, holds.
 */
export const revoke = (
  endpoints: Endpoints,
  credentials: Credentials,
  policy: RetryPolicy,
  tokens: Tokens
): Effect.Effect<void, QuickBooksFault> =>
  withRetry(
    policy,
    exchange(
      new URL(endpoints.revoke),
      {
        method: "POST",
        headers: {
          authorization: basicHeader(credentials),
          accept: "application/json",
          "content-type": "application/json"
        },
        body: JSON.stringify({ token: tokens.refresh_token })
      },
      policy.timeoutMs
    ).pipe(
      Effect.flatMap((answer) => {
        if (answer.status < 300 || answer.status === 400) return Effect.void
        const kind = answer.status === 429 ? "rate-limited" : answer.status >= 500 ? "unavailable" : "auth"
        return Effect.fail(
          new QuickBooksFault({
            kind,
            message: `QuickBooks' revocation endpoint answered ${answer.status}.`,
            codes: []
          })
        )
      })
    )
  )
