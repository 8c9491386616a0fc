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

/** An acceptance as stored. */
export interface AcceptanceRow {
  readonly sign_name: string
  readonly sign_method: "draw" | "text" | "instruct"
  readonly sign_value: string
  readonly accepted_at: number
  readonly on_behalf: string | null
  readonly terms_confirmed: boolean
  readonly ip: string | null
  readonly user_agent: string | null
}

/** A customer decline as its history row recorded it. */
export interface DeclineRow {
  readonly by: string
  readonly declined_at: number
  readonly reason: string
}

/** The repository service. */
export class DashboardRepo extends Context.Service<
  DashboardRepo,
  {
    /** Counts and summed totals by status and currency (status changed since `since` when given). */
    readonly groups: (account: AccountId, now: number, since?: number) => Effect.Effect<ReadonlyArray<StatusGroup>>
    /** The quote's acceptance record, if it has one. */
    readonly acceptance: (account: AccountId, quoteId: number) => Effect.Effect<AcceptanceRow | undefined>
    /** The customer's latest decline of the quote (from its history), if any. */
    readonly decline: (account: AccountId, quoteId: number) => Effect.Effect<DeclineRow | undefined>
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
      acceptance: (account, quoteId) =>
        sql<AcceptanceRow>`
          SELECT a.sign_name, a.sign_method, a.sign_value, extract(epoch FROM a.accepted_at)::int AS accepted_at,
                 nullif(btrim(coalesce(s.name_display, '') || CASE WHEN coalesce(s.name_display, '') = ''
                   THEN coalesce(s.name_first, '') || ' ' || coalesce(s.name_last, '') ELSE '' END), '') AS on_behalf,
                 a.terms_confirmed, a.ip, a.user_agent
          FROM acceptances a LEFT JOIN signins s ON s.signin_id = a.on_behalf_signin_id
          WHERE a.account_id = ${account} AND a.quote_id = ${quoteId}`.pipe(
          Effect.map((rows) => rows[0]),
          Effect.orDie
        ),
      decline: (account, quoteId) =>
        sql<{
          readonly data: { readonly reason?: unknown } | string | null
          readonly at: number
          readonly by: string | null
        }>`
          SELECT l.data, extract(epoch FROM l.at)::int AS at,
                 nullif(btrim(coalesce(c.name_first, '') || ' ' || coalesce(c.name_last, '')), '') AS by
          FROM audit_log l
          LEFT JOIN contacts c ON c.account_id = l.account_id AND c.contact_id = (l.data->>'contact_id')::int
          WHERE l.account_id = ${account} AND l.subject_table = 'quote' AND l.subject_id = ${quoteId}
            AND l.action = 'quote.customerDecline'
          ORDER BY l.at DESC, l.audit_id DESC LIMIT 1`.pipe(
          Effect.map((rows) => {
            const row = rows[0]
            if (row === undefined) return undefined
            const data = typeof row.data === "string" ? (JSON.parse(row.data) as { reason?: unknown }) : row.data
            const reason = typeof data?.reason === "string" ? data.reason : ""
            return { by: row.by ?? "", declined_at: row.at, reason }
          }),
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
