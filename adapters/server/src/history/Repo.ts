/**
 * The history repository: All Activity rows (`history`) and the append-only audit log (`audit_log`). Every
 * change a team member makes writes both in one statement: the history row people read, and the audit row
 * that is the evidence (who, what, on which record, with the data). Every query is filtered by the account.
 *
 * @since 0.1.0
 */
import type { AccountId, SigninId } from "@quotekit/core/Account"
import type { HistoryRow, Table } from "@quotekit/core/api/HistoryApi"
import { Context, Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import * as QuoteEvents from "../push/QuoteEvents.ts"

/** One change to record. */
export interface Entry {
  readonly account_id: AccountId
  /** The team member who made it; `null` for the system (an expiry). */
  readonly signin_id: SigninId | null
  readonly table: Table
  readonly category_id: number
  /** A short machine name of the change (`quote.save`, `quote.decline`...), also the audit action. */
  readonly action: string
  readonly html_summary: string
  readonly html_full: string
  /** What the audit log keeps beside the action (ids, states before and after). */
  readonly data: Record<string, unknown>
  /** Epoch milliseconds, from the server's clock. */
  readonly at: number
  /** The SHA-256 of accepted content the audit row's data holds (acceptances only). */
  readonly content_hash?: string | undefined
}

/** The repository service. */
export class HistoryRepo extends Context.Service<
  HistoryRepo,
  {
    /** Record a change: a history row and an audit row. */
    readonly write: (entry: Entry) => Effect.Effect<void>
    /** A page of history of one record, newest first, with the total. */
    readonly page: (
      account: AccountId,
      table: Table,
      categoryId: number,
      offset: number,
      limit: number
    ) => Effect.Effect<{ readonly rows: ReadonlyArray<HistoryRow>; readonly total: number }>
    /** The latest history row of a record, if any. */
    readonly latest: (account: AccountId, table: Table, categoryId: number) => Effect.Effect<HistoryRow | null>
  }
>()("quotekit/server/HistoryRepo") {}

interface Row {
  readonly history_id: string | number | bigint
  readonly html_summary: string
  readonly html_full: string
  readonly action_time: Date
  readonly total?: number
}

const toRow = (r: Row): HistoryRow => ({
  history_id: Number(r.history_id),
  html_summary: r.html_summary,
  html_full: r.html_full,
  action_time: Math.floor(r.action_time.getTime() / 1000)
})

/** The repository over the SQL client. */
export const layer = Layer.effect(
  HistoryRepo,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    return HistoryRepo.of({
      write: (e) => {
        const at = new Date(e.at)
        const actor = e.signin_id === null ? "system" : String(e.signin_id)
        const noted =
          e.table === "quote"
            ? QuoteEvents.changed({
                account_id: e.account_id,
                quote_id: e.category_id,
                what: e.action,
                by: e.signin_id === null ? "system" : "member",
                signin_id: e.signin_id
              })
            : Effect.void
        return sql`
          WITH h AS (
            INSERT INTO history (account_id, table_name, category_id, action, action_time, html_summary, html_full,
                                 actor, actor_signin_id)
            VALUES (${e.account_id}, ${e.table}, ${e.category_id}, ${e.action}, ${at}, ${e.html_summary},
                    ${e.html_full}, ${actor}, ${e.signin_id})
          )
          INSERT INTO audit_log (account_id, at, actor, actor_signin_id, action, subject_table, subject_id, data,
                                 content_hash)
          VALUES (${e.account_id}, ${at}, ${actor}, ${e.signin_id}, ${e.action}, ${e.table}, ${e.category_id},
                  ${JSON.stringify(e.data)}::jsonb, ${e.content_hash ?? null})`.pipe(
          Effect.andThen(noted),
          Effect.orDie
        )
      },
      page: (account, table, categoryId, offset, limit) =>
        Effect.gen(function* () {
          const rows = yield* sql<Row>`
            SELECT history_id, html_summary, html_full, action_time, count(*) OVER ()::int AS total
            FROM history
            WHERE account_id = ${account} AND table_name = ${table} AND category_id = ${categoryId}
            ORDER BY action_time DESC, history_id DESC
            OFFSET ${offset} LIMIT ${limit}`
          if (rows.length > 0) return { rows: rows.map(toRow), total: rows[0]!.total ?? rows.length }
          const [count] = yield* sql<{ readonly n: number }>`
            SELECT count(*)::int AS n FROM history
            WHERE account_id = ${account} AND table_name = ${table} AND category_id = ${categoryId}`
          return { rows: [], total: count?.n ?? 0 }
        }).pipe(Effect.orDie),
      latest: (account, table, categoryId) =>
        sql<Row>`
          SELECT history_id, html_summary, html_full, action_time FROM history
          WHERE account_id = ${account} AND table_name = ${table} AND category_id = ${categoryId}
          ORDER BY action_time DESC, history_id DESC LIMIT 1`.pipe(
          Effect.map((rows) => (rows[0] === undefined ? null : toRow(rows[0]))),
          Effect.orDie
        )
    })
  })
)
