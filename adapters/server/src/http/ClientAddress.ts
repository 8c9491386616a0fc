/**
 * The client address of a request, for rate limits and the session record: the socket's peer, or the first
 * `X-Forwarded-For` entry when the server runs behind a trusted proxy (`TRUST_PROXY`). Never trusted
 * otherwise, since any client can send that header.
 *
 * @since 0.1.0
 */
import { Effect, Option } from "effect"
import { HttpServerRequest } from "effect/http"
import { ServerConfig } from "../ServerConfig.ts"

/** The client address of a request ("unknown" when the socket has none). */
export const of = (request: HttpServerRequest.HttpServerRequest, trustProxy: boolean): string => {
  const forwarded = request.headers["x-forwarded-for"]
  if (trustProxy && forwarded !== undefined) {
    const first = forwarded.split(",")[0]?.trim()
    if (first !== undefined && first !== "") return first
  }
  return Option.getOrElse(request.remoteAddress, () => "unknown")
}

/** The address of the current request's client. */
export const current = Effect.gen(function* () {
  const request = yield* HttpServerRequest.HttpServerRequest
  const { trustProxy } = yield* ServerConfig
  return of(request, trustProxy)
})
