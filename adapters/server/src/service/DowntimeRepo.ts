/**
 * The announced downtime kept in the database (migration 0630), so that `npm run offline` run on one machine
 * reaches every server process on the same PostgreSQL, whatever folder each one has. The data folder's
 * `offline-at` (`PlannedDowntime`) still works beside it, for the embedded database (which the running server
 * holds, so the command cannot write to it) and for servers sharing one folder.
 *
 * @since 0.6.0
 */
import { Clock, Effect } from "effect"
import { SqlClient } from "effect/sql"

/** How long a read is answered from memory (the file is read as often). */
export const TTL_MS = 5_000

/** The announced time (epoch seconds); `null` when none is. */
export const read = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const rows = yield* sql<{ readonly offline_at: Date }>`SELECT offline_at FROM planned_downtime`
  const at = rows[0]?.offline_at
  return at === undefined ? null : Math.floor(at.getTime() / 1000)
})

/** Announce downtime at `at` (epoch seconds), replacing any announcement. */
export const announce = (at: number) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) =>
    Effect.asVoid(sql`
      INSERT INTO planned_downtime (offline_at) VALUES (${new Date(at * 1000)})
      ON CONFLICT (singleton) DO UPDATE SET offline_at = EXCLUDED.offline_at, announced_at = now()`)
  )

/** Withdraw the announcement. */
export const cancel = Effect.flatMap(SqlClient.SqlClient, (sql) => Effect.asVoid(sql`DELETE FROM planned_downtime`))

/**
 * `read`, answered from memory for `TTL_MS` (every open page asks for the notice); a failed read is not kept
 * and counts as no announcement (the notice must never fail a page).
 */
export const makeCached = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  let kept: { readonly at: number; readonly value: number | null } | undefined
  return Effect.gen(function* () {
    const now = yield* Clock.currentTimeMillis
    if (kept !== undefined && now - kept.at < TTL_MS) return kept.value
    const value = yield* read.pipe(
      Effect.provideService(SqlClient.SqlClient, sql),
      Effect.catch((error) => Effect.as(Effect.logWarning("planned downtime not read", error), undefined))
    )
    if (value === undefined) return null
    kept = { at: now, value }
    return value
  })
})
