/**
 * The real-time channel's two doors: the websocket at `GET /push` (an upgrade on the server's own port) and the
 * contract's fallback poll `POST /post/socket/fallback`. Both hand the visitor (session cookie, client address) to
 * the push gateway; who may join what is decided per room when it is joined.
 *
 * A browser sends its cookies with a websocket from any site, so an upgrade whose `Origin` is not this server's
 * own is refused (403): no other site's page can open a member's account room.
 *
 * @since 0.3.0
 */
import { Api } from "@quotekit/core/api/Api"
import { SESSION_COOKIE } from "@quotekit/core/api/Security"
import { Gateway } from "@quotekit/push/Gateway"
import { Effect } from "effect"
import { HttpRouter, HttpServerRequest, HttpServerResponse } from "effect/http"
import { HttpApiBuilder } from "effect/http-api"
import * as ClientAddress from "../http/ClientAddress.ts"
import { PublicUrl } from "../http/PublicUrl.ts"

const visitor = Effect.gen(function* () {
  const request = yield* HttpServerRequest.HttpServerRequest
  return { sessionToken: request.cookies[SESSION_COOKIE], address: yield* ClientAddress.current }
})

const hostOf = (url: string): string | undefined => {
  try {
    return new URL(url).host
  } catch {
    return undefined
  }
}

/** Whether an upgrade comes from a page of this server (same host as asked for, or as the public URL names). */
const sameOrigin = Effect.gen(function* () {
  const request = yield* HttpServerRequest.HttpServerRequest
  const origin = request.headers.origin
  // Clients that are not browsers send no Origin; they carry no one's cookies by accident.
  if (origin === undefined) return true
  const from = hostOf(origin)
  const publicHost = hostOf(yield* (yield* PublicUrl).current)
  return from !== undefined && (from === request.headers.host || from === publicHost)
})

/** `GET /push`: the websocket. */
export const route = HttpRouter.add(
  "GET",
  "/push",
  Effect.gen(function* () {
    if (!(yield* sameOrigin)) return HttpServerResponse.text("Cross-site websocket refused.", { status: 403 })
    const request = yield* HttpServerRequest.HttpServerRequest
    if (request.headers.upgrade?.toLowerCase() !== "websocket")
      return HttpServerResponse.text("Upgrade to a websocket here.", { status: 426, headers: { upgrade: "websocket" } })
    const who = yield* visitor
    const socket = yield* request.upgrade
    yield* (yield* Gateway).serve(socket, who)
    return HttpServerResponse.empty()
  }).pipe(Effect.catchTag("HttpServerError", () => Effect.succeed(HttpServerResponse.empty({ status: 400 }))))
)

/** The contract's `push` group: the fallback poll. */
export const handlers = HttpApiBuilder.group(Api, "push", (handlers) =>
  handlers.handle("fallback", ({ payload }) =>
    Effect.gen(function* () {
      const gateway = yield* Gateway
      return yield* gateway.poll(yield* visitor, payload)
    })
  )
)
