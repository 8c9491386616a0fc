/**
 * Anti-forgery (double-submit cookie). Any answer to a request that came without a well-formed `qk_csrf`
 * cookie sets one (readable by the page, SameSite=Lax, one day); every POST, PUT, PATCH and DELETE to the
 * API must echo it in `X-CSRF-Token` and send `X-Requested-With: XMLHttpRequest`, else 403 before any
 * handler runs. A cross-site page can make the browser send the cookie but can neither read it nor add
 * custom headers without a CORS preflight this server never grants.
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
  STATE_CHANGING_METHODS
} from "@quotekit/core/api/Security"
import * as Message from "@quotekit/core/Message"
import { Effect, Layer } from "effect"
import { HttpEffect, HttpRouter, HttpServerRequest, HttpServerResponse } from "effect/http"
import * as Token from "../auth/Token.ts"
import { ServerConfig } from "../ServerConfig.ts"

/** Whether a request passes the anti-forgery check (the pure rule, for the middleware and tests). */
export const passes = (request: {
  readonly method: string
  readonly cookies: Readonly<Record<string, string>>
  readonly headers: Readonly<Record<string, string | undefined>>
}): boolean => {
  if (!STATE_CHANGING_METHODS.has(request.method.toUpperCase())) return true
  const cookie = request.cookies[CSRF_COOKIE]
  const header = request.headers[CSRF_HEADER]
  return (
    request.headers[REQUESTED_WITH_HEADER] === REQUESTED_WITH &&
    cookie !== undefined &&
    header !== undefined &&
    Token.isWellFormed(cookie) &&
    Token.equal(cookie, header)
  )
}

/** The anti-forgery cookie value of a request, when it carries a well-formed one. */
export const cookieOf = (request: HttpServerRequest.HttpServerRequest): string | undefined => {
  const value = request.cookies[CSRF_COOKIE]
  return value !== undefined && Token.isWellFormed(value) ? value : undefined
}

/** The `AntiForgery` API middleware: refuses state-changing requests that fail the check. */
export const layer = Layer.succeed(
  AntiForgery,
  AntiForgery.of((httpEffect, { endpoint }) =>
    STATE_CHANGING_METHODS.has(endpoint.method)
      ? Effect.gen(function* () {
          const request = yield* HttpServerRequest.HttpServerRequest
          if (!passes(request)) return yield* AccessDenied.answer(Message.catalogue.antiForgeryFailed)
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
  const existing = cookieOf(request)
  if (existing !== undefined) return existing
  const token = Token.generate()
  const { secureCookies } = yield* ServerConfig
  yield* HttpEffect.appendPreResponseHandler((_request, response) =>
    Effect.succeed(
      HttpServerResponse.setCookieUnsafe(response, CSRF_COOKIE, token, {
        path: "/",
        maxAge: `${CSRF_COOKIE_MAX_AGE} seconds`,
        sameSite: "lax",
        secure: secureCookies,
        httpOnly: false
      })
    )
  )
  return token
})

/** Global router middleware: every answer to a request without the cookie sets one (any GET, the app page). */
export const issueCookie = HttpRouter.middleware(
  Effect.gen(function* () {
    const config = yield* ServerConfig
    return (httpEffect) =>
      Effect.flatMap(HttpServerRequest.HttpServerRequest, (request) =>
        cookieOf(request) !== undefined
          ? httpEffect
          : Effect.map(httpEffect, (response) =>
              response.cookies.cookies[CSRF_COOKIE] !== undefined
                ? response
                : HttpServerResponse.setCookieUnsafe(response, CSRF_COOKIE, Token.generate(), {
                    path: "/",
                    maxAge: `${CSRF_COOKIE_MAX_AGE} seconds`,
                    sameSite: "lax",
                    secure: config.secureCookies,
                    httpOnly: false
                  })
            )
      )
  }),
  { global: true }
)
