/**
 * The request log: one line per answer, "Sent HTTP response" with its method, path and status and the time it
 * took (the `http.span` span), or the failure's cause, as Effect's own `HttpMiddleware.logger` writes it, but
 * without the secrets a path can hold. A customer's quote link (`/q/<token>`, `/api/q/<token>/...`), an
 * invitation (`/sign-in/invitation/<token>`) and the other links sent by email carry their bearer token in the
 * path: whoever reads the log could open them. Any path segment that looks like a token (20 or more URL-safe
 * characters, not only lower-case letters and dashes) is written `:token`; the query string is never written.
 * The app's hashed file names under `/assets/` are public and kept.
 *
 * @since 0.6.0
 */
import { type Cause, Effect, Option } from "effect"
import { HttpServerError, HttpServerRequest, type HttpServerResponse } from "effect/http"
import { pathOf } from "../http/RequestPath.ts"

/**
 * A path segment that may be a token: 20 or more base64url characters (the server's tokens have 43, random)
 * with a capital or a digit among them. The API's own words are lower case (`webhook-endpoint-delete`), and 43
 * random base64url characters all lower case or `-` and `_` happen about once in 10^16.
 */
const tokenLike = (segment: string): boolean => /^[A-Za-z0-9_-]{20,}$/.test(segment) && /[A-Z0-9]/.test(segment)

/** The path of a request's address as the log writes it: no query or fragment, token-like segments `:token`. */
export const pathForLog = (url: string): string => {
  const path = pathOf(url)
  if (path.startsWith("/assets/")) return path
  return path
    .split("/")
    .map((segment) => (tokenLike(segment) ? ":token" : segment))
    .join("/")
}

/** Whether a failure is only the client going away (not worth its cause in the log). */
const clientAborted = (cause: Cause.Cause<unknown>): boolean =>
  cause.reasons.every(
    (reason) => reason._tag === "Interrupt" && reason.annotations.has(HttpServerError.ClientAbort.key)
  )

/** The server middleware (`HttpRouter.serve`'s `middleware`, with Effect's own logger disabled). */
export const middleware = <E, R>(
  httpApp: Effect.Effect<HttpServerResponse.HttpServerResponse, E, HttpServerRequest.HttpServerRequest | R>
): Effect.Effect<HttpServerResponse.HttpServerResponse, E, HttpServerRequest.HttpServerRequest | R> =>
  Effect.flatMap(HttpServerRequest.HttpServerRequest, (request) =>
    Effect.withLogSpan(
      Effect.flatMap(Effect.exit(httpApp), (exit) => {
        const annotations = (status: number) => ({
          "http.method": request.method,
          "http.url": pathForLog(request.url),
          "http.status": status
        })
        if (exit._tag === "Success")
          return Effect.andThen(
            Effect.annotateLogs(Effect.log("Sent HTTP response"), annotations(exit.value.status)),
            exit
          )
        const [response, cause] = HttpServerError.causeResponseStripped(exit.cause)
        const message = Option.isSome(cause) && !clientAborted(cause.value) ? cause.value : "Sent HTTP response"
        return Effect.andThen(Effect.annotateLogs(Effect.log(message), annotations(response.status)), exit)
      }),
      "http.span"
    )
  )
