/**
 * Anti-forgery (double-submit cookie, bound to the session). Any answer to a request without a `qk_csrf` cookie
 * valid for its session sets one (readable by the page, SameSite=Lax, one day; signing in or out sets a new one);
 * every POST, PUT, PATCH and DELETE to the API must echo it in `X-CSRF-Token` and send
 * `X-Requested-With: XMLHttpRequest`, else 403 before any handler runs. The token is an HMAC over the session
 * (`AntiForgeryToken`), so a cookie planted from a sibling subdomain does not pass, and a browser's `Origin` or
 * `Sec-Fetch-Site` naming another site is refused. A cross-site page can make the browser send the cookie but can
 * neither read it nor add custom headers without a CORS preflight this server never grants.
 *
 * A request to an endpoint behind `SignedIn` that carries an API key (`Authorization: Bearer`) skips the check:
 * the key alone decides who it is (a cookie beside it is ignored), and a browser never adds that header by itself,
 * so there is no ambient credential to forge with. Endpoints that take no sign-in (signing in, out, the customer's
 * page) keep the check whatever the request carries.
 *
 * @since 0.1.0
 */
import { AccessDenied } from "@quotekit/core/api/ApiError"
import {
  AntiForgery,
  CSRF_COOKIE,
  CSRF_COOKIE_MAX_AGE,
  CSRF_HEADER,
  REQUESTED_WITH,
  REQUESTED_WITH_HEADER,
  SESSION_COOKIE,
  SignedIn,
  STATE_CHANGING_METHODS
} from "@quotekit/core/api/Security"
import * as Message from "@quotekit/core/Message"
import { Effect, Layer } from "effect"
import { HttpEffect, HttpRouter, HttpServerRequest, HttpServerResponse } from "effect/http"
import { bearerKey } from "../apikeys/Authenticate.ts"
import * as Token from "../auth/Token.ts"
import * as LinkToken from "../customer/LinkToken.ts"
import { ServerConfig } from "../ServerConfig.ts"
import * as AntiForgeryToken from "./AntiForgeryToken.ts"

/** A request as the anti-forgery rule sees it. */
export interface Checked {
  readonly method: string
  readonly cookies: Readonly<Record<string, string>>
  readonly headers: Readonly<Record<string, string | undefined>>
}

/** The origin a request says it comes from and the one it was sent to, when the browser said (`Origin`). */
const crossOrigin = (request: Checked): boolean => {
  const fetchSite = request.headers["sec-fetch-site"]
  if (fetchSite !== undefined && fetchSite !== "same-origin" && fetchSite !== "none") return true
  const origin = request.headers.origin
  if (origin === undefined || origin === "null") return origin === "null"
  const host = request.headers["x-forwarded-host"] ?? request.headers.host
  try {
    return new URL(origin).host !== host
  } catch {
    return true
  }
}

/**
 * Whether a request passes the anti-forgery check (the pure rule, for the middleware and tests): a
 * state-changing request must carry `X-Requested-With`, the `qk_csrf` cookie and the same value in
 * `X-CSRF-Token`, that value must be a token this server made for the request's session, and a browser that
 * says where the request comes from (`Origin`, `Sec-Fetch-Site`) must say it comes from this site's own origin.
 */
export const passes = (request: Checked, key: Uint8Array): boolean => {
  if (!STATE_CHANGING_METHODS.has(request.method.toUpperCase())) return true
  const cookie = request.cookies[CSRF_COOKIE]
  const header = request.headers[CSRF_HEADER]
  return (
    request.headers[REQUESTED_WITH_HEADER] === REQUESTED_WITH &&
    cookie !== undefined &&
    header !== undefined &&
    Token.equal(cookie, header) &&
    AntiForgeryToken.verifyFor(key, cookie, request.cookies[SESSION_COOKIE]) &&
    !crossOrigin(request)
  )
}

/** The server's anti-forgery key. */
export const currentKey = Effect.map(Effect.service(LinkToken.LinkSecret), AntiForgeryToken.key)

/** The anti-forgery cookie value of a request, when it carries one valid for its session. */
export const cookieOf = (request: HttpServerRequest.HttpServerRequest, key: Uint8Array): string | undefined => {
  const value = request.cookies[CSRF_COOKIE]
  return value !== undefined && AntiForgeryToken.verifyFor(key, value, request.cookies[SESSION_COOKIE])
    ? value
    : undefined
}

/** The cookie's settings. */
export const cookieOptions = (secure: boolean) =>
  ({
    path: "/",
    maxAge: `${CSRF_COOKIE_MAX_AGE} seconds`,
    sameSite: "lax",
    secure,
    httpOnly: false
  }) as const

/** The `AntiForgery` API middleware: refuses state-changing requests that fail the check. */
export const layer = Layer.succeed(
  AntiForgery,
  AntiForgery.of((httpEffect, { endpoint }) =>
    STATE_CHANGING_METHODS.has(endpoint.method)
      ? Effect.gen(function* () {
          if (endpoint.middlewares.has(SignedIn) && (yield* bearerKey) !== "") return yield* httpEffect
          const request = yield* HttpServerRequest.HttpServerRequest
          if (!passes(request, yield* currentKey))
            return yield* AccessDenied.answer(Message.catalogue.antiForgeryFailed)
          return yield* httpEffect
        })
      : httpEffect
  )
)

/**
 * Make sure the answer carries an anti-forgery cookie: the request's own when it has one, else a new token
 * set on the response. Returns the token (what `GET /api/csrf` answers).
 */
export const ensureCookie = Effect.gen(function* () {
  const request = yield* HttpServerRequest.HttpServerRequest
  const key = yield* currentKey
  const existing = cookieOf(request, key)
  if (existing !== undefined) return existing
  const token = AntiForgeryToken.make(key, AntiForgeryToken.bindingOf(request.cookies[SESSION_COOKIE]))
  const { secureCookies } = yield* ServerConfig
  yield* HttpEffect.appendPreResponseHandler((_request, response) =>
    Effect.succeed(HttpServerResponse.setCookieUnsafe(response, CSRF_COOKIE, token, cookieOptions(secureCookies)))
  )
  return token
})

/**
 * Global router middleware: every answer to a request without a cookie valid for its session sets one (any GET,
 * the app page, a refusal), so a page always has a token for the session it has.
 */
export const issueCookie = HttpRouter.middleware(
  Effect.gen(function* () {
    const config = yield* ServerConfig
    const key = yield* currentKey
    return (httpEffect) =>
      Effect.flatMap(HttpServerRequest.HttpServerRequest, (request) =>
        cookieOf(request, key) !== undefined
          ? httpEffect
          : Effect.map(httpEffect, (response) =>
              response.cookies.cookies[CSRF_COOKIE] !== undefined
                ? response
                : HttpServerResponse.setCookieUnsafe(
                    response,
                    CSRF_COOKIE,
                    AntiForgeryToken.make(key, AntiForgeryToken.bindingOf(request.cookies[SESSION_COOKIE])),
                    cookieOptions(config.secureCookies)
                  )
            )
      )
  }),
  { global: true }
)
