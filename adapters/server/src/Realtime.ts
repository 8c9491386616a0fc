/**
 * The real-time channel, composed for `main.ts`: `handlers` (the fallback poll), `routes` (the websocket at
 * `GET /push`) and `services` (the push gateway fed by the event bus, with the server's room access as its
 * doorman; need a `SqlClient`, the `EventBus` and the `Sessions`).
 *
 * @since 0.3.0
 */
import * as Gateway from "@quotekit/push/Gateway"
import { Effect, Layer } from "effect"
import * as PushHttp from "./push/Http.ts"
import * as RoomAccess from "./push/RoomAccess.ts"
import { ServerConfig } from "./ServerConfig.ts"

/** The fallback poll's handler. */
export const handlers = PushHttp.handlers

/** The websocket. */
export const routes = PushHttp.route

/** The gateway and its doorman, with the idle limits of the server's settings. */
export const services = Layer.unwrap(
  Effect.map(ServerConfig, (settings) =>
    Gateway.layer({
      idleCloseMs: settings.pushIdleCloseMs,
      sweepEveryMs: settings.pushSweepEveryMs,
      maxConnectionsPerAddress: settings.pushConnectionsPerAddress
    })
  )
).pipe(Layer.provide(RoomAccess.layer))
