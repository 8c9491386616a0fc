/**
 * The base URL put in emailed links: `PUBLIC_URL` when set, else the local address the server listens on.
 * Never the request's `Host` header, which a client chooses (a forged host would send reset links to an
 * attacker's site).
 *
 * @since 0.1.0
 */
import { Context, Effect, Layer } from "effect"
import { HttpServer } from "effect/http"
import { ServerConfig } from "../ServerConfig.ts"

/** The public base URL service (no trailing slash). */
export class PublicUrl extends Context.Service<PublicUrl, { readonly current: Effect.Effect<string> }>()(
  "quotekit/server/PublicUrl"
) {}

/** From the settings, falling back to the listening address. */
export const layer = Layer.effect(
  PublicUrl,
  Effect.gen(function* () {
    const { publicUrl } = yield* ServerConfig
    const server = yield* HttpServer.HttpServer
    const fallback = "port" in server.address ? `http://localhost:${server.address.port}` : "http://localhost"
    const base = (publicUrl ?? fallback).replace(/\/+$/, "")
    return PublicUrl.of({ current: Effect.succeed(base) })
  })
)
