/**
 * Live viewers: who is on a quote right now, shared by every server process through the database. A websocket in a
 * quote's room is one row until it leaves (its process refreshes `seen_at` while it is open); a polling visitor is
 * one row refreshed by each poll. Rows not seen for `STALE_SECONDS` are dropped by `sweep`, which is how a crashed
 * process's or a stopped poller's viewers disappear.
 *
 * @since 0.3.0
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

/** A row not refreshed for this long no longer counts. */
export const STALE_SECONDS = 90

/** Someone on a quote: a customer or a team member (with their sign-in), by name, since when (epoch milliseconds). */
export interface Viewer {
  readonly kind: "customer" | "member"
  readonly name: string
  readonly since: number
  readonly signin_id?: number
}

/** A quote with the people on it. */
export interface LiveQuote {
  readonly quote_id: number
  readonly viewers: ReadonlyArray<Viewer>
}

/** A viewer's row. */
export interface Entry {
  readonly viewer_id: string
  readonly account_id: number
  readonly quote_id: number
  readonly kind: Viewer["kind"]
  readonly name: string
  readonly signin_id: number | null
}

interface Row {
  readonly quote_id: number
  readonly kind: Viewer["kind"]
  readonly name: string
  readonly signin_id: number | null
  readonly since: Date
}

const group = (rows: ReadonlyArray<Row>): Array<LiveQuote> => {
  const byQuote = new Map<number, Array<Viewer>>()
  for (const r of rows) {
    const list = byQuote.get(r.quote_id) ?? []
    list.push({
      kind: r.kind,
      name: r.name,
      since: new Date(r.since).getTime(),
      ...(r.signin_id === null ? {} : { signin_id: r.signin_id })
    })
    byQuote.set(r.quote_id, list)
  }
  return [...byQuote].map(([quote_id, viewers]) => ({ quote_id, viewers }))
}

/** Someone entered (or, polling, is still on) a quote; answers whether they were not counted a moment ago. */
export const enter = (entry: Entry) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql<{ fresh: boolean }>`
      INSERT INTO live_viewers (viewer_id, account_id, quote_id, kind, name, signin_id)
      VALUES (${entry.viewer_id}, ${entry.account_id}, ${entry.quote_id}, ${entry.kind}, ${entry.name.slice(0, 200)},
              ${entry.signin_id})
      ON CONFLICT (viewer_id) DO UPDATE SET seen_at = now()
      RETURNING (xmax = 0) AS fresh`
    return rows[0]?.fresh === true
  }).pipe(Effect.orDie)

/** Someone left; answers whether they were counted. */
export const leave = (viewerId: string) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql`DELETE FROM live_viewers WHERE viewer_id = ${viewerId} RETURNING viewer_id`
    return rows.length > 0
  }).pipe(Effect.orDie)

/** Keep every row whose id starts with `prefix` (one process's websockets) counted. */
export const touch = (prefix: string) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    yield* sql`UPDATE live_viewers SET seen_at = now() WHERE starts_with(viewer_id, ${prefix})`
  }).pipe(Effect.orDie)

/** The people on one quote now (one entry per person, from their first arrival). */
export const onQuote = (account: number, quoteId: number) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql<Row>`
      SELECT quote_id, kind, name, signin_id, min(since) AS since FROM live_viewers
      WHERE account_id = ${account} AND quote_id = ${quoteId}
        AND seen_at > now() - ${`${STALE_SECONDS} seconds`}::interval
      GROUP BY quote_id, kind, name, signin_id ORDER BY min(since)`
    return group(rows)[0]?.viewers ?? []
  }).pipe(Effect.orDie)

/** Every quote of the account someone is on now. */
export const inAccount = (account: number) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql<Row>`
      SELECT quote_id, kind, name, signin_id, min(since) AS since FROM live_viewers
      WHERE account_id = ${account} AND seen_at > now() - ${`${STALE_SECONDS} seconds`}::interval
      GROUP BY quote_id, kind, name, signin_id ORDER BY quote_id, min(since)`
    return group(rows)
  }).pipe(Effect.orDie)

/** Drop stale rows; answers the quotes that lost viewers (to tell their accounts). */
export const sweep = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const rows = yield* sql<{ account_id: number; quote_id: number }>`
    DELETE FROM live_viewers WHERE seen_at <= now() - ${`${STALE_SECONDS} seconds`}::interval
    RETURNING account_id, quote_id`
  return [...new Map(rows.map((r) => [`${r.account_id}:${r.quote_id}`, r])).values()]
}).pipe(Effect.orDie)
