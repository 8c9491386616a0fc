/**
 * Landing source tracking: a page navigation (GET of an HTML page) to a tracked landing path (`/q/`, `/sign-in`,
 * `/new-account`; the public `/blog/`, `/help/`, `/e/`, `/examples/`) adds where the visitor came from to the
 * landing cookie (`LandingSource`: up to 5 parts of up to 50 characters, the first landing kept; 730 days,
 * `Secure` whenever cookies are, httpOnly). A new account keeps the cookie as its sign-up source; a referral
 * link (`?ref=`) in it earns the operator's special offer.
 *
 * @since 0.4.0
 */
import * as LandingSource from "@quotekit/core/LandingSource"
import { Effect, Option } from "effect"
import { HttpRouter, HttpServerRequest, HttpServerResponse } from "effect/http"
import { ServerConfig } from "../ServerConfig.ts"

/** Whether the request is a page navigation (not a script's call). */
const isNavigation = (request: HttpServerRequest.HttpServerRequest): boolean =>
  request.method === "GET" &&
  (request.headers["sec-fetch-dest"] === "document" || (request.headers.accept ?? "").includes("text/html"))

/** The referring host, unless it is this site itself. */
const referrerHost = (request: HttpServerRequest.HttpServerRequest): string | undefined => {
  const referer = request.headers.referer
  if (referer === undefined) return undefined
  try {
    const host = new URL(referer).host
    return host === request.headers.host ? undefined : new URL(referer).hostname
  } catch {
    return undefined
  }
}

/** The landing cookie after this request, or none when it is not a tracked landing or nothing changes. */
export const updated = (request: HttpServerRequest.HttpServerRequest): Option.Option<string> => {
  if (!isNavigation(request)) return Option.none()
  const url = new URL(request.url, "http://x")
  if (Option.isNone(LandingSource.categoryOf(url.pathname))) return Option.none()
  const before = request.cookies[LandingSource.COOKIE] ?? ""
  const host = referrerHost(request)
  const after = LandingSource.record(before, {
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    ...(host === undefined ? {} : { referrerHost: host })
  })
  return after === before ? Option.none() : Option.some(after)
}

/** The landing cookie a request carries (its parts, cleaned). */
export const current = Effect.gen(function* () {
  const request = yield* HttpServerRequest.HttpServerRequest
  return LandingSource.encode(LandingSource.decode(request.cookies[LandingSource.COOKIE] ?? ""))
})

/** Sets the landing cookie on tracked landings. */
export const layer = HttpRouter.middleware(
  (httpEffect) =>
    Effect.gen(function* () {
      const request = yield* HttpServerRequest.HttpServerRequest
      const response = yield* httpEffect
      const next = updated(request)
      if (Option.isNone(next)) return response
      const config = yield* ServerConfig
      return HttpServerResponse.setCookieUnsafe(response, LandingSource.COOKIE, next.value, {
        path: "/",
        httpOnly: true,
        sameSite: "lax",
        secure: config.secureCookies,
        maxAge: `${LandingSource.cookieDays} days`
      })
    }),
  { global: true }
)
