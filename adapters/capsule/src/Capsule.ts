/**
 * The Capsule add-on (id 3): quotekit's `OAuthCrm` over Capsule CRM's OAuth 2 and API v2.
 *
 * Connecting is the authorization code flow with a PKCE S256 challenge (`oauth4webapi`, the client's secret in
 * the form); the one organisation a connection reaches is the Capsule site (`GET /api/v2/site`), whose address is
 * kept in `Tokens.site` for the links to its records. Searching is Capsule's own party search
 * (`GET /api/v2/parties/search?q=…`, names, email addresses, phone numbers); a note is an entry of type `note` on
 * the party.
 *
 * @example
 * ```ts
 * const capsule = Capsule.make({ clientId: "…", clientSecret: Redacted.make("…") })
 * const url = capsule.authorizeUrl({ state, codeChallenge, redirectUri: "https://q.example.com/settings/add-ons/callback" })
 * ```
 *
 * @since 0.5.0
 */
import { AddOnError } from "@quotekit/addons/AddOnError"
import { type CrmContact, type OAuthCrm, SEARCH_LIMIT } from "@quotekit/addons/Crm"
import * as OAuth from "@quotekit/addons/OAuth"
import type { Tokens } from "@quotekit/addons/OAuthService"
import * as ServiceHttp from "@quotekit/addons/ServiceHttp"
import { Effect, Redacted, type Schema } from "effect"
import * as oauth from "oauth4webapi"
import * as Http from "./internal/Http.ts"
import * as Party from "./internal/Party.ts"

/** Capsule's add-on id in the spec. */
export const ADDON_ID = 3

/** The scopes asked for by default: reading parties and writing notes. */
export const DEFAULT_SCOPES: ReadonlyArray<string> = ["read", "write"]

/** What the Capsule add-on is set up with: the application registered in Capsule, and where Capsule is. */
export interface Config {
  readonly clientId: string
  readonly clientSecret: string | Redacted.Redacted<string>
  /** Default `https://api.capsulecrm.com`: the consent page (`/oauth/authorise`), tokens and revocation. */
  readonly authUrl?: string
  /** Default `https://api.capsulecrm.com`: the API (`/api/v2/…`). */
  readonly apiUrl?: string
  readonly scopes?: ReadonlyArray<string>
  readonly retry?: ServiceHttp.Retry
  /** How long one request may take before it counts as no answer (and is retried). Default 10 s. */
  readonly timeoutMs?: number
}

export type Retry = ServiceHttp.Retry

const trimSlash = (url: string) => url.replace(/\/+$/, "")

/** A party id as Capsule's JSON has it: a number when it is one. */
const partyId = (id: string): number | string => (/^\d{1,15}$/.test(id) ? Number(id) : id)

/** The text of a note entry: the subject, a blank line, the body. */
export const noteContent = (note: { readonly subject: string; readonly body: string }): string =>
  [note.subject.trim(), note.body.trim()].filter((s) => s !== "").join("\n\n")

/** The Capsule add-on for an application's credentials. */
export const make = (config: Config): OAuthCrm => {
  const authUrl = trimSlash(config.authUrl ?? "https://api.capsulecrm.com")
  const apiUrl = `${trimSlash(config.apiUrl ?? "https://api.capsulecrm.com")}/api/v2`
  const scopes = config.scopes ?? DEFAULT_SCOPES
  const retry = { ...ServiceHttp.defaultRetry, ...config.retry }
  const timeoutMs = config.timeoutMs ?? 10_000
  const secret = Redacted.isRedacted(config.clientSecret) ? Redacted.value(config.clientSecret) : config.clientSecret

  const as: oauth.AuthorizationServer = {
    issuer: "https://api.capsulecrm.com",
    authorization_endpoint: `${authUrl}/oauth/authorise`,
    token_endpoint: `${authUrl}/oauth/token`,
    revocation_endpoint: `${authUrl}/oauth/token/revoke`
  }
  const client: oauth.Client = { client_id: config.clientId }
  const clientAuth = oauth.ClientSecretPost(secret)
  // Plain http only for a local stand-in of Capsule; Capsule itself is https.
  const insecure = authUrl.startsWith("http:") ? { [oauth.allowInsecureRequests]: true } : {}
  const refused = (what: string, cause: { readonly error: string; readonly error_description?: string | undefined }) =>
    new AddOnError({
      kind: "auth",
      message: `${what} (${cause.error}${cause.error_description ? `: ${cause.error_description}` : ""}).`
    })

  /** A call to the token endpoints; its 429 and 5xx are retried, its refusals are `auth`. */
  const tokenCall = <A>(
    secrets: ReadonlyArray<string>,
    send: (options: { readonly signal: AbortSignal }) => Promise<Response>,
    process: (response: Response) => Promise<A>
  ): Effect.Effect<A, AddOnError> =>
    ServiceHttp.request({
      service: "Capsule",
      timeoutMs,
      retry,
      send: (signal) => send({ ...insecure, signal }),
      answer: async (response) => {
        if (response.status === 429 || response.status >= 500)
          throw Http.errorOf(response.status, response.headers, await ServiceHttp.bodyOf(response), [
            secret,
            ...secrets
          ])
        return process(response)
      },
      failed: (cause) => {
        if (cause instanceof oauth.ResponseBodyError)
          return refused("Capsule refused the connection; connect Capsule again", cause)
        if (cause instanceof oauth.AuthorizationResponseError)
          return refused("Capsule did not authorise the connection", cause)
        if (cause instanceof oauth.OperationProcessingError || cause instanceof oauth.UnsupportedOperationError)
          return new AddOnError({
            kind: "unavailable",
            message: ServiceHttp.scrub(`Capsule's token service answered unexpectedly (${cause.message}).`, [
              secret,
              ...secrets
            ])
          })
        return undefined
      }
    })

  const tokensOf = (answer: oauth.TokenEndpointResponse, previous?: Tokens): Effect.Effect<Tokens, AddOnError> => {
    const refresh = answer.refresh_token ?? previous?.refresh_token
    if (refresh === undefined)
      return Effect.fail(
        new AddOnError({ kind: "auth", message: "Capsule gave no refresh token; connect Capsule again." })
      )
    return Effect.succeed({
      access_token: answer.access_token,
      refresh_token: refresh,
      expires_at: Date.now() + (answer.expires_in ?? 3_600) * 1_000,
      ...(previous?.site === undefined ? {} : { site: previous.site })
    })
  }

  /** One call to Capsule's API with the connection's bearer token, retried as configured. */
  const call = (
    tokens: Tokens,
    method: "GET" | "POST",
    path: string,
    options: { readonly query?: Record<string, string>; readonly body?: unknown } = {}
  ): Effect.Effect<unknown, AddOnError> => {
    const target = new URL(`${apiUrl}/${path}`)
    for (const [k, v] of Object.entries(options.query ?? {})) target.searchParams.set(k, v)
    const headers: Record<string, string> = {
      authorization: `Bearer ${tokens.access_token}`,
      accept: "application/json"
    }
    if (options.body !== undefined) headers["content-type"] = "application/json"
    const body = options.body === undefined ? undefined : JSON.stringify(options.body)
    const secrets = [tokens.access_token, tokens.refresh_token]
    // A note posted again after an answer lost on the way back is written twice (Capsule has no idempotency
    // keys); a note twice is better than none, so writes are retried like reads.
    return ServiceHttp.request({
      service: "Capsule",
      timeoutMs,
      retry,
      send: (signal) => fetch(target, { method, headers, signal, ...(body === undefined ? {} : { body }) }),
      answer: ServiceHttp.readAnswer((status, headers, answer) => Http.errorOf(status, headers, answer, secrets))
    })
  }

  const decode = <S extends Schema.Top>(schema: S, what: string) => ServiceHttp.decode("Capsule", schema, what)

  const site = (tokens: Tokens) =>
    call(tokens, "GET", "site").pipe(
      Effect.flatMap(decode(Party.SiteAnswer, "site")),
      Effect.map((a) => a.site)
    )

  /** The site's address: as connecting kept it, else asked of Capsule (a connection made before it was kept). */
  const siteUrl = (tokens: Tokens): Effect.Effect<string, AddOnError> =>
    tokens.site !== undefined && tokens.site !== ""
      ? Effect.succeed(tokens.site)
      : Effect.map(site(tokens), (s) => s.url)

  return {
    addonId: ADDON_ID,
    connects: "oauth2",

    authorizeUrl: (input) => OAuth.consentUrl(as.authorization_endpoint as string, config.clientId, input, scopes),

    exchange: (input) =>
      Effect.gen(function* () {
        const callback = OAuth.callbackParams(input)
        // The framework has checked `state` against the attempt it started; this checks the rest of the answer.
        const validated = yield* Effect.try({
          try: () => oauth.validateAuthResponse(as, client, callback, oauth.skipStateCheck),
          catch: (cause) =>
            cause instanceof oauth.AuthorizationResponseError
              ? refused("Capsule did not authorise the connection", cause)
              : new AddOnError({ kind: "auth", message: `Capsule's answer was not understood (${String(cause)}).` })
        })
        const answer = yield* tokenCall(
          [input.code, input.codeVerifier],
          (options) =>
            oauth.authorizationCodeGrantRequest(
              as,
              client,
              clientAuth,
              validated,
              input.redirectUri,
              input.codeVerifier,
              options
            ),
          (response) => oauth.processAuthorizationCodeResponse(as, client, response)
        )
        const tokens = yield* tokensOf(answer)
        const reached = yield* site(tokens)
        return {
          tokens: { ...tokens, site: trimSlash(reached.url) },
          organisations: [
            { id: trimSlash(reached.url), name: reached.name?.trim() || reached.subdomain || reached.url }
          ]
        }
      }),

    refresh: (tokens) =>
      tokenCall(
        [tokens.access_token, tokens.refresh_token],
        (options) => oauth.refreshTokenGrantRequest(as, client, clientAuth, tokens.refresh_token, options),
        (response) => oauth.processRefreshTokenResponse(as, client, response)
      ).pipe(Effect.flatMap((answer) => tokensOf(answer, tokens))),

    revoke: (tokens) =>
      tokenCall(
        [tokens.access_token, tokens.refresh_token],
        (options) => oauth.revocationRequest(as, client, clientAuth, tokens.refresh_token, options),
        (response) => oauth.processRevocationResponse(response)
      ),

    search: (tokens, text) =>
      text.trim() === ""
        ? Effect.succeed([])
        : Effect.gen(function* () {
            const answer = yield* call(tokens, "GET", "parties/search", {
              query: { q: text.trim(), perPage: String(SEARCH_LIMIT), embed: "organisation" }
            }).pipe(Effect.flatMap(decode(Party.SearchAnswer, "search")))
            const url = yield* siteUrl(tokens)
            const contacts: Array<CrmContact> = answer.parties.map((p) => Party.toContact(p, url))
            return [
              ...contacts.filter((c) => c.type === "person"),
              ...contacts.filter((c) => c.type === "organisation")
            ].slice(0, SEARCH_LIMIT)
          }),

    addNote: (tokens, contact, note) =>
      call(tokens, "POST", "entries", {
        body: { entry: { type: "note", party: { id: partyId(contact.id) }, content: noteContent(note) } }
      }).pipe(Effect.asVoid)
  }
}
