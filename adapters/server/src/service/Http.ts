/**
 * The service handlers: script error reports, the health check (the process runs and the database answers
 * `SELECT 1` within two seconds, else 503), the readiness check (also: every migration this version knows is
 * applied, so a load balancer sends no traffic to a server whose schema is behind), the anti-forgery token and
 * the caller (`GET /api/session`, from the request's session or key alone).
 *
 * @since 0.1.0
 */
import { Api } from "@quotekit/core/api/Api"
import { Unavailable } from "@quotekit/core/api/ApiError"
import { CurrentSignin } from "@quotekit/core/api/Security"
import * as Message from "@quotekit/core/Message"
import * as Migrations from "@quotekit/pg/Migrations"
import { Clock, Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { SqlClient } from "effect/sql"
import * as AntiForgery from "../http/AntiForgery.ts"
import * as ClientAddress from "../http/ClientAddress.ts"
import * as DowntimeRepo from "./DowntimeRepo.ts"
import { JsErrorLog } from "./JsErrorLog.ts"
import * as PlannedDowntime from "./PlannedDowntime.ts"

/** The service group's handlers. */
export const layer = HttpApiBuilder.group(
  Api,
  "service",
  Effect.fn(function* (handlers) {
    const log = yield* JsErrorLog
    const sql = yield* SqlClient.SqlClient
    const announcedInDatabase = yield* DowntimeRepo.makeCached
    return handlers
      .handle("jsError", ({ payload }) =>
        Effect.map(
          Effect.flatMap(ClientAddress.current, (address) => log.record(payload, address)),
          (recorded) => ({ recorded })
        )
      )
      .handle("health", () =>
        sql`SELECT 1`.pipe(
          Effect.timeout("2 seconds"),
          Effect.as({ status: "ok" as const, database: "ok" as const }),
          Effect.catch((error) =>
            Effect.logError("health check: database does not answer", error).pipe(
              Effect.andThen(Effect.fail(Unavailable.answer()))
            )
          )
        )
      )
      .handle("ready", () =>
        sql<{
          readonly latest: number | null
        }>`SELECT max(migration_id)::int AS latest FROM effect_sql_migrations`.pipe(
          Effect.timeout("2 seconds"),
          Effect.flatMap(([row]) => {
            const latest = row?.latest ?? 0
            return latest >= Migrations.latestId
              ? Effect.succeed({ status: "ready" as const, migration: latest })
              : Effect.fail(Unavailable.answer(Message.catalogue.notReady))
          }),
          Effect.catchTag("TimeoutError", () => Effect.fail(Unavailable.answer(Message.catalogue.databaseUnavailable))),
          Effect.catchTag("SqlError", () => Effect.fail(Unavailable.answer(Message.catalogue.databaseUnavailable)))
        )
      )
      .handle("csrf", () => Effect.map(AntiForgery.ensureCookie, (token) => ({ token })))
      .handle("notice", () =>
        Effect.gen(function* () {
          const ms = yield* Clock.currentTimeMillis
          // The data folder's announcement or the database's (`npm run offline` on another machine), the sooner.
          const announced = [PlannedDowntime.current(ms), yield* announcedInDatabase].filter((t) => t !== null)
          return { offline_at: announced.length === 0 ? null : Math.min(...announced), now: Math.floor(ms / 1000) }
        })
      )
      .handle("session", () =>
        Effect.map(CurrentSignin, (current) => ({
          signin_id: current.signin_id,
          account_id: current.account?.account_id ?? null,
          is_admin: current.account?.is_admin ?? false,
          via: current.api_key === undefined ? ("session" as const) : ("key" as const)
        }))
      )
  })
)
