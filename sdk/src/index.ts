/**
 * `@quotekit/sdk`: a typed client for the quotekit HTTP API, derived from the contract in `@quotekit/core`
 * (`HttpApiClient.make(Api)`), so every endpoint, payload, answer and error is typed from the same
 * definitions the server implements.
 *
 * The client handles what the server asks of every caller:
 * - the session cookie: kept in an in-memory cookie jar (`cookies: "jar"`, for Node scripts and servers) or
 *   left to the browser (`cookies: "browser"`, requests sent with credentials);
 * - anti-forgery: every POST, PUT, PATCH and DELETE carries `X-CSRF-Token` (the `qk_csrf` cookie's value,
 *   fetched from `GET /api/csrf` when not known yet) and `X-Requested-With: XMLHttpRequest`;
 * - or, with `apiKey`, neither: every request carries `Authorization: Bearer <key>` (an API key an account admin
 *   made), which needs no session and no anti-forgery token. A `read` key may call GET endpoints only.
 *
 * @example
 * import { Effect } from "effect"
 * import * as Quotekit from "@quotekit/sdk"
 *
 * const program = Effect.gen(function* () {
 *   const api = yield* Quotekit.Quotekit
 *   yield* api.auth.signIn({ payload: { email: "demo@quotekit.dev", password: "demo-quotekit" } })
 *   const cache = yield* api.account.cacheAccount()
 *   console.log(cache.account_signin.account_name)
 * })
 * Effect.runPromise(program.pipe(Effect.provide(Quotekit.layer({ baseUrl: "http://localhost:3000" }))))
 *
 * @example
 * // A program with an API key: no sign-in, no cookies.
 * const quotes = Effect.flatMap(Quotekit.Quotekit, (api) => api.quotes.list({ query: {} }))
 * Effect.runPromise(quotes.pipe(Effect.provide(Quotekit.layer({ baseUrl, apiKey: process.env.QUOTEKIT_API_KEY! }))))
 *
 * @since 0.1.0
 */
import { Api } from "@quotekit/core/api/Api"
import {
  CSRF_COOKIE,
  CSRF_HEADER,
  REQUESTED_WITH,
  REQUESTED_WITH_HEADER,
  STATE_CHANGING_METHODS
} from "@quotekit/core/api/Security"
import { Clock, Context, Effect, Layer, type Redacted, Ref, Schema } from "effect"
import { type Cookies, FetchHttpClient, HttpClient, HttpClientRequest, HttpClientResponse } from "effect/http"
import { HttpApiClient } from "effect/http-api"

export { Api } from "@quotekit/core/api/Api"
export * as ApiError from "@quotekit/core/api/ApiError"

/** The typed client: one method per endpoint, grouped as the contract groups them (`api.auth.signIn`). */
export interface Client extends HttpApiClient.ForApi<typeof Api> {}

/** Where the session cookie lives. */
export type CookieMode = "jar" | "browser"

/** How to reach the server. */
export interface Options {
  /** The server's base URL, such as `http://localhost:3000`. */
  readonly baseUrl: string | URL
  /**
   * `"jar"` (default outside browsers): cookies kept in memory by this client.
   * `"browser"` (default in browsers): the browser keeps them; requests are sent with credentials.
   */
  readonly cookies?: CookieMode | undefined
  /**
   * An API key (`qk_live_…`): sent as `Authorization: Bearer` on every request instead of a session, so no
   * sign-in, cookie or anti-forgery token is needed (and none is sent). Keep it out of browsers' code.
   */
  readonly apiKey?: string | Redacted.Redacted<string> | undefined
}

/** The client as a service, for `Effect.provide(layer(...))`. */
export class Quotekit extends Context.Service<Quotekit, Client>()("@quotekit/sdk/Quotekit") {}

const CsrfAnswer = Schema.Struct({ token: Schema.String })

/** How long a token read from `GET /api/csrf` is reused when the cookie itself cannot be read (a day, less margin). */
const TOKEN_REUSE_MS = 12 * 60 * 60 * 1000

const defaultMode = (): CookieMode => (typeof document === "undefined" ? "jar" : "browser")

/** The anti-forgery cookie as the page can read it (browsers, same origin only). */
const documentCookie = (): string | undefined => {
  if (typeof document === "undefined") return undefined
  const match = new RegExp(`(?:^|; )${CSRF_COOKIE}=([^;]*)`).exec(document.cookie)
  return match?.[1] === undefined ? undefined : decodeURIComponent(match[1])
}

/** Requests under the base URL with the key in `Authorization: Bearer`: the key alone signs them in. */
const withApiKey = (
  base: HttpClient.HttpClient,
  baseUrl: string | URL,
  apiKey: string | Redacted.Redacted<string>
): HttpClient.HttpClient => {
  const root = String(baseUrl).replace(/\/+$/, "")
  return HttpClient.mapRequest(base, (request) =>
    HttpClientRequest.bearerToken(HttpClientRequest.prependUrl(request, root), apiKey)
  )
}

/**
 * An `HttpClient` for paths of the server (`/get/cache-account`): puts the base URL on, keeps the session
 * (jar mode) and adds the anti-forgery headers to state-changing requests; with `apiKey`, it only adds the key.
 * `make` gives it to `HttpApiClient.make` as `transformClient`.
 */
export const transformClient =
  (options: Options, jar: Ref.Ref<ReadonlyArray<Cookies.Cookie>>) =>
  (base: HttpClient.HttpClient): HttpClient.HttpClient => {
    if (options.apiKey !== undefined) return withApiKey(base, options.baseUrl, options.apiKey)
    const mode = options.cookies ?? defaultMode()
    const keepCookies = (client: HttpClient.HttpClient) =>
      mode === "jar" ? HttpClient.withCookiesRef(client, jar) : client
    // The base URL is put on before the cookie jar looks at the request: the jar picks cookies by URL.
    const withBase = HttpClient.mapRequest(
      base,
      HttpClientRequest.prependUrl(String(options.baseUrl).replace(/\/+$/, ""))
    )
    const plain = keepCookies(base)
    const csrfUrl = new URL("/api/csrf", options.baseUrl).toString()
    let fetched: { readonly token: string; readonly at: number } | undefined

    const fromJar = Effect.map(Ref.get(jar), (cookies) => cookies.find((c) => c.name === CSRF_COOKIE)?.value)
    const fetchToken = Effect.gen(function* () {
      const response = yield* plain.get(csrfUrl, { headers: { accept: "application/json" } })
      const { token } = yield* HttpClientResponse.schemaBodyJson(CsrfAnswer)(response)
      fetched = { token, at: yield* Clock.currentTimeMillis }
      return token
    })
    const token = Effect.gen(function* () {
      const known = mode === "jar" ? yield* fromJar : documentCookie()
      if (known !== undefined) return known
      const now = yield* Clock.currentTimeMillis
      if (mode === "browser" && fetched !== undefined && now - fetched.at < TOKEN_REUSE_MS) return fetched.token
      return yield* fetchToken
    })

    // Order matters: the base URL first, then the anti-forgery headers (which may fetch the token, filling the
    // jar), then the jar, which puts the cookies on the request.
    const withHeaders = HttpClient.mapRequestEffect(withBase, (request) =>
      STATE_CHANGING_METHODS.has(request.method)
        ? Effect.map(token, (value) =>
            HttpClientRequest.setHeaders(request, { [CSRF_HEADER]: value, [REQUESTED_WITH_HEADER]: REQUESTED_WITH })
          )
        : Effect.succeed(request)
    ).pipe(
      // A token answer that is not the expected JSON is a broken server, not a typed outcome.
      HttpClient.catchTag("SchemaError", (e) => Effect.die(e))
    )
    return keepCookies(withHeaders)
  }

/** Make a client on the given `HttpClient` (for example `FetchHttpClient.layer`, or a test client). */
export const make = (options: Options): Effect.Effect<Client, never, HttpClient.HttpClient> =>
  Effect.gen(function* () {
    const jar = yield* Ref.make<ReadonlyArray<Cookies.Cookie>>([])
    return yield* HttpApiClient.make(Api, { transformClient: transformClient(options, jar) })
  })

/** The client as a layer over `fetch` (Node 22+ and browsers); browser mode sends credentials. */
export const layer = (options: Options): Layer.Layer<Quotekit> => {
  const mode = options.cookies ?? defaultMode()
  // A key needs no cookies: the browser is not asked to send any.
  const fetchLayer =
    mode === "browser" && options.apiKey === undefined
      ? FetchHttpClient.layer.pipe(
          Layer.provide(Layer.succeed(FetchHttpClient.RequestInit, { credentials: "include" }))
        )
      : FetchHttpClient.layer
  return Layer.effect(Quotekit, make(options)).pipe(Layer.provide(fetchLayer))
}
