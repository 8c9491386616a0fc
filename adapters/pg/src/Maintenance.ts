/**
 * Housekeeping the embedded database needs done for it. PGlite runs PostgreSQL as a single backend with no
 * autovacuum: without help its planner never gets statistics (a 100,000-quote search then filters an account's
 * rows instead of using the account's trigram index) and dead rows are never reclaimed. `layer` runs
 * `VACUUM (ANALYZE)` a minute after start (out of the way of the first requests) and then every six hours.
 * A real PostgreSQL server does this itself; `Launch` adds the layer for the embedded database only.
 *
 * @since 0.1.0
 */
import { Duration, Effect, Layer, Schedule } from "effect"
import { SqlClient } from "effect/sql"

/** When the first pass runs after start, and how often after that. */
export const timing = { first: Duration.minutes(1), every: Duration.hours(6) } as const

/** One pass: reclaim dead rows and refresh the planner's statistics of every table. */
export const run: Effect.Effect<void, never, SqlClient.SqlClient> = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`VACUUM (ANALYZE)`.pipe(Effect.asVoid)
}).pipe(
  // A failed pass is logged and tried again at the next one; it never stops the server.
  Effect.catchCause((cause) => Effect.logWarning("database maintenance failed", cause))
)

/** Passes in the background for as long as the layer lives. */
export const layer: Layer.Layer<never, never, SqlClient.SqlClient> = Layer.effectDiscard(
  run.pipe(
    Effect.delay(timing.first),
    Effect.andThen(Effect.repeat(run, Schedule.spaced(timing.every))),
    Effect.forkScoped
  )
)
