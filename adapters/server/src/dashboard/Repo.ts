/**
 * The dashboard repository: quote counts and values by status and currency, for one account. Withdrawn quotes,
 * deleted drafts and templates are left out; a sent quote past its expiry counts as expired.
 *
 * @since 0.1.0
 */
import type { AccountId } from "@quotekit/core/Account"
import type * as QuoteStatus from "@quotekit/core/QuoteStatus"
import { Context, Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"

/** Quotes of one status in one currency. */
export interface StatusGroup {
  readonly status: QuoteStatus.QuoteStatus
  readonly currency_id: number
  readonly count: number
  readonly value: string
}

/** The repository service. */
export class DashboardRepo extends Context.Service<
  DashboardRepo,
  {
    /** Counts and summed totals by status and currency (status changed since `since` when given). */
    readonly groups: (account: AccountId, now: number, since?: number) => Effect.Effect<ReadonlyArray<StatusGroup>>
    /** The start of the current month (epoch seconds) in a time zone. */
    readonly monthStart: (now: number, tz: string) => Effect.Effect<number>
  }
>()("quotekit/server/DashboardRepo") {}

/** The repository over the SQL client. */
export const layer = Layer.effect(
  DashboardRepo,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    return DashboardRepo.of({
      groups: (account, now, since) =>
        sql<{
          readonly status: QuoteStatus.QuoteStatus
          readonly currency_id: number
          readonly n: number
          readonly value: string
        }>`
          SELECT s.status, s.currency_id, count(*)::int AS n, sum(s.price_current)::text AS value
          FROM (
            SELECT CASE WHEN q.status = 'sent' AND q.expiry_date <= ${new Date(now * 1000)} THEN 'expired'
                        ELSE q.status END AS status,
                   q.currency_id, q.price_current
            FROM quotes q
            WHERE q.account_id = ${account} AND NOT q.is_template AND q.archive_id <> 3 AND q.status <> 'withdrawn'
              ${since === undefined ? sql`` : sql`AND q.status_changed_at >= ${new Date(since * 1000)}`}
          ) s
          GROUP BY s.status, s.currency_id
          ORDER BY s.status, s.currency_id`.pipe(
          Effect.map((rows) =>
            rows.map((r) => ({ status: r.status, currency_id: r.currency_id, count: r.n, value: r.value }))
          ),
          Effect.orDie
        ),
      monthStart: (now, tz) =>
        sql<{ readonly start: Date }>`
          SELECT date_trunc('month', ${new Date(now * 1000)}::timestamptz AT TIME ZONE ${tz}) AT TIME ZONE ${tz}
            AS start`.pipe(
          Effect.map((r) => Math.floor((r[0]?.start.getTime() ?? now * 1000) / 1000)),
          Effect.orDie
        )
    })
  })
)
