/**
 * The Mailchimp add-on (id 6): quotekit's `Marketing` over Mailchimp's OAuth 2 and Marketing API 3.0.
 *
 * Connecting is the authorization code flow with PKCE S256 at `login.mailchimp.com`. Mailchimp's access tokens
 * never expire and come without a refresh token, so the tokens kept are the access token with no expiry, and
 * `refresh` answers them unchanged. Each account lives in one data centre: `GET /oauth2/metadata` names its
 * `api_endpoint` (`https://us19.api.mailchimp.com`), kept as `Tokens.site` and where every later call goes. The
 * organisations are the account's audiences (`GET /3.0/lists`).
 *
 * Adding someone (`subscribe`) is `PUT /3.0/lists/<audience>/members/<MD5 of the lower-cased email>` with
 * `status_if_new: "subscribed"` and never `status`, so a member already there keeps their status (an unsubscribed
 * person stays unsubscribed), then the tags with `POST …/tags`. Someone Mailchimp will not subscribe because they
 * unsubscribed, bounced or were reported (its "compliance state"), or who asked to be deleted, is done with: they
 * chose not to get mail, so it is not an error to retry.
 *
 * @example
 * ```ts
 * const mailchimp = Mailchimp.make({ clientId: "…", clientSecret: Redacted.make("…") })
 * const url = mailchimp.authorizeUrl({ state, codeChallenge, redirectUri: "https://q.example.com/settings/add-ons/callback" })
 * yield* mailchimp.subscribe(tokens, "a1b2c3d4e5", { email, name_first, name_last, tags: ["quotekit", "accepted"] })
 * ```
 *
 * @since 0.5.0
 */
import { createHash } from "node:crypto"
import { AddOnError } from "@quotekit/addons/AddOnError"
import type { Marketing, Member } from "@quotekit/addons/Marketing"
import * as OAuth from "@quotekit/addons/OAuth"
import type { Organisation, Tokens } from "@quotekit/addons/OAuthService"
import * as ServiceHttp from "@quotekit/addons/ServiceHttp"
import { Effect, Redacted, Schema } from "effect"
import * as oauth from "oauth4webapi"
import * as Http from "./internal/Http.ts"

/** Mailchimp's add-on id in the spec. */
export const ADDON_ID = 6

/** A tag's longest name in Mailchimp. */
export const TAG_MAX_LENGTH = 100

/** What the Mailchimp add-on is set up with: the app registered in Mailchimp, and where Mailchimp is. */
export interface Config {
  readonly clientId: string
  readonly clientSecret: string | Redacted.Redacted<string>
  /**
   * Default `https://login.mailchimp.com` (consent page, token, metadata). Another address (a local stand-in)
   * also lets its metadata name an API address that is not Mailchimp's.
   */
  readonly loginUrl?: string
  readonly retry?: ServiceHttp.Retry
  /** How long one request may take before it counts as no answer. Default 10 s. */
  readonly timeoutMs?: number
}

export type Retry = ServiceHttp.Retry

const DEFAULT_LOGIN_URL = "https://login.mailchimp.com"

const trimSlash = (url: string) => url.replace(/\/+$/, "")

/** Mailchimp's id of a member: the MD5 of their email address in lower case, in hex. */
export const subscriberHash = (email: string): string =>
  createHash("md5").update(email.trim().toLowerCase(), "utf8").digest("hex")

/**
 * Whether a refused `PUT` of a member means the person chose not to get mail: in Mailchimp's compliance state
 * (unsubscribed, bounced or reported, and so not to be subscribed again by an app), or deleted at their request.
 */
export const choseNoMail = (status: number, problem: Http.Problem): boolean =>
  status === 400 &&
  (/compliance state/i.test(problem.title) ||
    /compliance state/i.test(problem.detail) ||
    /forgotten email/i.test(problem.title) ||
    /permanently deleted/i.test(problem.detail))

const TokenAnswer = Schema.Struct({ access_token: Schema.String })
const MetadataAnswer = Schema.Struct({ api_endpoint: Schema.String, dc: Schema.optional(Schema.String) })
const ListsAnswer = Schema.Struct({
  lists: Schema.Array(Schema.Struct({ id: Schema.String, name: Schema.String })),
  total_items: Schema.optional(Schema.Number)
})

/** An audience id as Mailchimp makes them (it goes into a path). */
const isAudienceId = (id: string) => /^[A-Za-z0-9]+$/.test(id)

/** The Mailchimp add-on for an app's credentials. */
export const make = (config: Config): Marketing => {
  const loginUrl = trimSlash(config.loginUrl ?? DEFAULT_LOGIN_URL)
  const standIn = loginUrl !== DEFAULT_LOGIN_URL
  const retry = { ...ServiceHttp.defaultRetry, ...config.retry }
  const timeoutMs = config.timeoutMs ?? 10_000
  const secret = Redacted.isRedacted(config.clientSecret) ? Redacted.value(config.clientSecret) : config.clientSecret

  const as: oauth.AuthorizationServer = {
    issuer: DEFAULT_LOGIN_URL,
    authorization_endpoint: `${loginUrl}/oauth2/authorize`,
    token_endpoint: `${loginUrl}/oauth2/token`
  }
  const client: oauth.Client = { client_id: config.clientId }
  // Plain http only for a local stand-in of Mailchimp; Mailchimp itself is https.
  const insecure = loginUrl.startsWith("http:") ? { [oauth.allowInsecureRequests]: true } : {}

  const notUnderstood = (what: string) =>
    new AddOnError({ kind: "unavailable", message: `Mailchimp's ${what} answer was not understood.` })

  const decode =
    <S extends Schema.Top>(schema: S, what: string) =>
    (answer: unknown): Effect.Effect<S["Type"], AddOnError> =>
      Schema.decodeUnknownEffect(schema)(answer).pipe(Effect.mapError(() => notUnderstood(what))) as Effect.Effect<
        S["Type"],
        AddOnError
      >

  /**
   * One request, retried as configured: the answer's status and JSON body. A non-2xx answer is an error unless
   * `accept` takes it.
   */
  const call = (
    request: {
      readonly method: "GET" | "POST" | "PUT"
      readonly url: string
      readonly authorization?: string
      readonly body?: unknown
      readonly send?: (signal: AbortSignal) => Promise<Response>
      readonly idempotent: boolean
      readonly refused?: (status: number, headers: Headers, body: unknown) => AddOnError
      readonly accept?: (status: number, problem: Http.Problem) => boolean
    },
    secrets: ReadonlyArray<string>
  ): Effect.Effect<{ readonly status: number; readonly body: unknown }, AddOnError> => {
    const headers: Record<string, string> = { accept: "application/json" }
    if (request.authorization !== undefined) headers.authorization = request.authorization
    if (request.body !== undefined) headers["content-type"] = "application/json"
    return ServiceHttp.request({
      service: "Mailchimp",
      timeoutMs,
      retry,
      idempotent: request.idempotent,
      send: (signal) =>
        request.send !== undefined
          ? request.send(signal)
          : fetch(request.url, {
              method: request.method,
              headers,
              redirect: "error",
              signal,
              ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) })
            }),
      answer: async (response) => {
        const body = await ServiceHttp.bodyOf(response)
        if (response.ok) return { status: response.status, body }
        if (request.accept?.(response.status, Http.problemOf(body)) === true) return { status: response.status, body }
        if (response.status === 429 || response.status >= 500 || request.refused === undefined)
          throw Http.errorOf(response.status, response.headers, body)
        throw request.refused(response.status, response.headers, body)
      }
    }).pipe(Effect.mapError((error) => ServiceHttp.scrubError(error, [...secrets, secret], "[secret]")))
  }

  /** A refusal of the OAuth service (a spent code, a wrong verifier or secret, a token it no longer knows). */
  const oauthRefused = (status: number, _headers: Headers, body: unknown) => {
    const { title, detail } = Http.problemOf(body)
    return new AddOnError({
      kind: "auth",
      message: `Mailchimp refused the connection (${[title, detail].filter((s) => s !== "").join(": ") || `HTTP ${status}`}).`
    })
  }

  const apiOf = (tokens: Tokens): Effect.Effect<string, AddOnError> =>
    tokens.site === undefined || tokens.site === ""
      ? Effect.fail(
          new AddOnError({ kind: "auth", message: "The Mailchimp connection has no API address; connect again." })
        )
      : Effect.succeed(`${trimSlash(tokens.site)}/3.0`)

  /** Where the account's API is, as the metadata says; only Mailchimp's own data centres unless a stand-in. */
  const apiEndpointOf = (endpoint: string): Effect.Effect<string, AddOnError> => {
    let url: URL | undefined
    try {
      url = new URL(endpoint)
    } catch {
      url = undefined
    }
    const mailchimp = url?.protocol === "https:" && /^[a-z0-9-]+\.api\.mailchimp\.com$/.test(url.hostname)
    return url !== undefined && (mailchimp || standIn)
      ? Effect.succeed(trimSlash(url.origin))
      : Effect.fail(
          new AddOnError({
            kind: "unavailable",
            message: `Mailchimp's metadata named an API address that is not Mailchimp's (${endpoint}).`
          })
        )
  }

  const audiences = (tokens: Tokens): Effect.Effect<ReadonlyArray<Organisation>, AddOnError> =>
    Effect.gen(function* () {
      const api = yield* apiOf(tokens)
      const found: Array<Organisation> = []
      // An account has a handful of audiences; paged by 100 all the same, to a bound.
      for (let offset = 0; offset < 10_000; offset += 100) {
        const url = new URL(`${api}/lists`)
        url.searchParams.set("count", "100")
        url.searchParams.set("offset", String(offset))
        url.searchParams.set("fields", "lists.id,lists.name,total_items")
        const { body } = yield* call(
          { method: "GET", url: url.toString(), authorization: `Bearer ${tokens.access_token}`, idempotent: true },
          [tokens.access_token]
        )
        const page = yield* decode(ListsAnswer, "audiences")(body)
        found.push(...page.lists.map((l) => ({ id: l.id, name: l.name })))
        if (page.lists.length < 100 || found.length >= (page.total_items ?? 0)) break
      }
      return found
    })

  return {
    addonId: ADDON_ID,

    authorizeUrl: (input) => OAuth.consentUrl(as.authorization_endpoint as string, config.clientId, input),

    exchange: (input) =>
      Effect.gen(function* () {
        const callback = OAuth.callbackParams(input)
        // The framework has checked `state` against the attempt it started; this checks the rest of the answer.
        const validated = yield* Effect.try({
          try: () => oauth.validateAuthResponse(as, client, callback, oauth.skipStateCheck),
          catch: (cause) =>
            new AddOnError({
              kind: "auth",
              message:
                cause instanceof oauth.AuthorizationResponseError
                  ? `Mailchimp did not authorise the connection (${cause.error}${
                      cause.error_description ? `: ${cause.error_description}` : ""
                    }).`
                  : "Mailchimp's answer to the consent page was not understood."
            })
        })
        // oauth4webapi writes the request (client_secret_post, PKCE verifier); Mailchimp's answer has no
        // `token_type` and `scope: null`, which its answer processing refuses, so the answer is read here.
        const { body } = yield* call(
          {
            method: "POST",
            url: as.token_endpoint as string,
            send: (signal) =>
              oauth.authorizationCodeGrantRequest(
                as,
                client,
                oauth.ClientSecretPost(secret),
                validated,
                input.redirectUri,
                input.codeVerifier,
                { ...insecure, signal }
              ),
            idempotent: false,
            refused: oauthRefused
          },
          [input.code, input.codeVerifier]
        )
        const { access_token } = yield* decode(TokenAnswer, "token")(body)
        const metadata = yield* call(
          {
            method: "GET",
            url: `${loginUrl}/oauth2/metadata`,
            authorization: `OAuth ${access_token}`,
            idempotent: true,
            refused: oauthRefused
          },
          [access_token]
        ).pipe(Effect.flatMap(({ body }) => decode(MetadataAnswer, "metadata")(body)))
        const tokens: Tokens = {
          access_token,
          refresh_token: "",
          expires_at: Number.MAX_SAFE_INTEGER,
          site: yield* apiEndpointOf(metadata.api_endpoint)
        }
        return { tokens, organisations: yield* audiences(tokens) }
      }),

    // Mailchimp's tokens do not expire and there is no refresh token: the tokens stay as they are.
    refresh: (tokens) => Effect.succeed(tokens),

    // Mailchimp has no revocation endpoint (a user removes the app under Profile → Extras → Registered apps), so
    // disconnecting forgets the token on quotekit's side only.
    revoke: () => Effect.void,

    audiences,

    subscribe: (tokens, audience, member: Member) =>
      Effect.gen(function* () {
        const email = member.email.trim()
        if (email === "")
          return yield* new AddOnError({ kind: "rejected", message: "An email address is needed to add someone." })
        if (!isAudienceId(audience))
          return yield* new AddOnError({ kind: "rejected", message: `"${audience}" is not a Mailchimp audience id.` })
        const api = yield* apiOf(tokens)
        const memberUrl = `${api}/lists/${audience}/members/${subscriberHash(email)}`
        const mergeFields = {
          ...(member.name_first.trim() === "" ? {} : { FNAME: member.name_first.trim() }),
          ...(member.name_last.trim() === "" ? {} : { LNAME: member.name_last.trim() })
        }
        // Never `status`: only `status_if_new`, so a member already there keeps theirs.
        const put = yield* call(
          {
            method: "PUT",
            url: memberUrl,
            authorization: `Bearer ${tokens.access_token}`,
            body: { email_address: email, status_if_new: "subscribed", merge_fields: mergeFields },
            idempotent: true,
            accept: choseNoMail
          },
          [tokens.access_token]
        )
        // The person chose not to get mail (compliance state, or deleted): nothing more to do for them.
        if (put.status === 400) return
        const tags = [...new Set(member.tags.map((t) => t.trim().slice(0, TAG_MAX_LENGTH)).filter((t) => t !== ""))]
        if (tags.length === 0) return
        yield* call(
          {
            method: "POST",
            url: `${memberUrl}/tags`,
            authorization: `Bearer ${tokens.access_token}`,
            body: { tags: tags.map((name) => ({ name, status: "active" })) },
            // Marking the same tags active again changes nothing.
            idempotent: true
          },
          [tokens.access_token]
        )
      })
  }
}
