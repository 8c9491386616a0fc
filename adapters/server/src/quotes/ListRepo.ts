/**
 * The quote list's queries: a page of quotes by most recent activity for a selection (`QuoteListTab`), author
 * and search, with each row's extras (author name, first contact, new questions, due follow-up) computed for
 * the page only; and the total on request. Every query is filtered by the account.
 *
 * The search matches the lower-cased `search_text` (title, number, contact names and companies) with LIKE,
 * served by the trigram index; a quote number as the quotes show it ("#3") finds that quote; the page is read in the order of the activity index. Searches run unprepared so
 * each is planned with its pattern.
 *
 * Every table the page query reads is covered by the `list_stamps` triggers (migration 0320): a column read
 * from a table they do not cover would let the list cache (`ListCache`) serve an answer that no longer holds.
 *
 * @since 0.1.0
 */
import type { AccountId } from "@quotekit/core/Account"
import * as ArchiveState from "@quotekit/core/ArchiveState"
import type * as QuoteListTab from "@quotekit/core/QuoteListTab"
import type * as QuoteStatus from "@quotekit/core/QuoteStatus"
import { Context, Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { seconds } from "./Records.ts"

/** What to list. */
export interface ListFilter {
  readonly filter: QuoteListTab.StatusFilter
  readonly selection: QuoteListTab.Selection
  readonly author: number | null
  /** Lower-cased search text; empty for none. */
  readonly search: string
  /** Epoch seconds, for the expiry and the deleted-drafts window. */
  readonly now: number
  /** Only quotes whose status changed at or after this time (epoch seconds); the dashboard's "this month". */
  readonly changedSince?: number | undefined
}

/** A list row as read. */
export interface ListRecord {
  readonly quote_id: number
  readonly quote_no: number
  readonly title: string
  readonly status: QuoteStatus.QuoteStatus
  readonly archive_id: number
  readonly from: number
  readonly name_from: string
  readonly company_or_person: string
  readonly price_current: string
  readonly currency_id: number
  readonly modified: number
  readonly activity: number
  readonly last_view: number
  readonly expiry_date: number
  readonly new_questions: number
  readonly follow_up_id: number | null
  readonly follow_due: number
}

/** The repository service. */
export class QuoteListRepo extends Context.Service<
  QuoteListRepo,
  {
    /** Up to `limit` rows from `offset`, newest activity first. */
    readonly page: (
      account: AccountId,
      f: ListFilter,
      offset: number,
      limit: number
    ) => Effect.Effect<ReadonlyArray<ListRecord>>
    readonly count: (account: AccountId, f: ListFilter) => Effect.Effect<number>
    /**
     * The account's list stamp: it grows, at the commit of the change, with everything a list row can show
     * (0 until the first change). Read it before the rows, so rows read after it are at least that new.
     */
    readonly stamp: (account: AccountId) => Effect.Effect<bigint>
  }
>()("quotekit/server/QuoteListRepo") {}

/** The quote number a search names ("#3", "# 3" or "3"), if it names one. */
export const quoteNumberOf = (search: string): number | undefined => {
  const m = /^#?\s*(\d{1,9})$/.exec(search.trim())
  return m === null ? undefined : Number(m[1])
}

/** A LIKE pattern matching `text` anywhere, with LIKE's special characters taken literally. */
export const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

interface Row {
  readonly quote_id: number
  readonly quote_no: number
  readonly title: string
  readonly status: QuoteStatus.QuoteStatus
  readonly archive_id: number
  readonly from_signin_id: number
  readonly name_from: string | null
  readonly company_or_person: string | null
  readonly price_current: string
  readonly currency_id: number
  readonly modified: Date
  readonly activity_at: Date
  readonly last_view: Date | null
  readonly expiry_date: Date | null
  readonly new_questions: number
  readonly follow_up_id: number | null
  readonly follow_due: Date | null
}

/** The repository over the SQL client. */
export const layer = Layer.effect(
  QuoteListRepo,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient

    const where = (account: AccountId, f: ListFilter) => {
      const now = new Date(f.now * 1000)
      const clauses = [sql`q.account_id = ${account}`, sql`NOT q.is_template`]
      const s = f.selection
      if (s.deletedWithinSeconds !== null) {
        clauses.push(sql`q.archive_id = 3`, sql`q.deleted_at > ${new Date((f.now - s.deletedWithinSeconds) * 1000)}`)
      } else {
        // Always stated, so the partial activity index (archive_id <> 3) applies.
        clauses.push(sql`q.archive_id <> 3`)
        if (s.archives.length < 4) clauses.push(sql`q.archive_id = ANY(${s.archives.map(ArchiveState.toId)})`)
      }
      // A sent quote past its expiry is expired, whether or not the expiry sweep has stored it yet.
      if (f.filter === "expired")
        clauses.push(sql`(q.status = 'expired' OR (q.status = 'sent' AND q.expiry_date <= ${now}))`)
      else if (f.filter === "sent")
        clauses.push(sql`q.status = 'sent' AND (q.expiry_date IS NULL OR q.expiry_date > ${now})`)
      else if (f.filter !== "any") clauses.push(sql`q.status = ANY(${s.statuses})`)
      if (f.author !== null) clauses.push(sql`q.from_signin_id = ${f.author}`)
      if (f.changedSince !== undefined) clauses.push(sql`q.status_changed_at >= ${new Date(f.changedSince * 1000)}`)
      if (f.search !== "") {
        const number = quoteNumberOf(f.search)
        // "#3" is quote number 3; a bare "3" is that quote or any text holding 3.
        if (number !== undefined && f.search.startsWith("#")) clauses.push(sql`q.quote_no = ${number}`)
        else if (number !== undefined)
          clauses.push(sql`(q.quote_no = ${number} OR q.search_text LIKE ${containsPattern(f.search)})`)
        else clauses.push(sql`q.search_text LIKE ${containsPattern(f.search)}`)
      }
      return sql.and(clauses)
    }

    return QuoteListRepo.of({
      page: (account, f, offset, limit) =>
        sql<Row>`
          WITH page AS (
            SELECT q.quote_id, coalesce(q.quote_no, 0) AS quote_no, q.title, q.status, q.archive_id::int AS archive_id,
                   q.from_signin_id, q.price_current::text AS price_current, q.currency_id, q.modified, q.activity_at,
                   q.last_view, q.expiry_date
            FROM quotes q
            WHERE ${where(account, f)}
            ORDER BY q.activity_at DESC, q.quote_id DESC
            OFFSET ${offset} LIMIT ${limit}
          )
          SELECT p.*,
            (SELECT coalesce(nullif(s.name_display, ''), nullif(btrim(s.name_first || ' ' || s.name_last), ''), s.email)
               FROM signins s WHERE s.signin_id = p.from_signin_id) AS name_from,
            (SELECT coalesce(nullif(co.name_first, ''), nullif(btrim(c.name_first || ' ' || c.name_last), ''), c.email)
               FROM quote_contacts qc
               JOIN contacts c ON c.account_id = qc.account_id AND c.contact_id = qc.contact_id
               LEFT JOIN contacts co ON co.account_id = c.account_id AND co.contact_id = c.company_id
               WHERE qc.account_id = ${account} AND qc.quote_id = p.quote_id
               ORDER BY qc.contact_order, qc.quote_contact_id LIMIT 1) AS company_or_person,
            (SELECT count(*)::int FROM discussion d
               WHERE d.account_id = ${account} AND d.quote_id = p.quote_id AND d.discuss_type = 1) AS new_questions,
            fu.follow_up_id, fu.due_at AS follow_due
          FROM page p
          LEFT JOIN LATERAL (
            SELECT f.follow_up_id, f.due_at FROM follow_ups f
            WHERE f.account_id = ${account} AND f.quote_id = p.quote_id AND f.status = 'scheduled'
              AND f.due_at <= ${new Date(f.now * 1000)}
            ORDER BY f.due_at LIMIT 1
          ) fu ON true
          ORDER BY p.activity_at DESC, p.quote_id DESC`.pipe(
          // A search is planned with its pattern (a rare term uses the trigram index, a common one the activity
          // order); without one the prepared plan is right for every account.
          (statement) => (f.search === "" ? statement : statement.unprepared),
          Effect.map((rows) =>
            rows.map(
              (r): ListRecord => ({
                quote_id: r.quote_id,
                quote_no: r.quote_no,
                title: r.title,
                status: r.status,
                archive_id: r.archive_id,
                from: r.from_signin_id,
                name_from: r.name_from ?? "",
                company_or_person: r.company_or_person ?? "",
                price_current: r.price_current,
                currency_id: r.currency_id,
                modified: seconds(r.modified),
                activity: seconds(r.activity_at),
                last_view: seconds(r.last_view),
                expiry_date: seconds(r.expiry_date),
                new_questions: r.new_questions,
                follow_up_id: r.follow_up_id,
                follow_due: seconds(r.follow_due)
              })
            )
          ),
          Effect.orDie
        ),
      count: (account, f) =>
        sql<{ readonly n: number }>`SELECT count(*)::int AS n FROM quotes q WHERE ${where(account, f)}`.pipe(
          (statement) => (f.search === "" ? statement : statement.unprepared),
          Effect.map((r) => r[0]?.n ?? 0),
          Effect.orDie
        ),
      stamp: (account) =>
        sql<{
          readonly stamp: string
        }>`SELECT stamp::text AS stamp FROM list_stamps WHERE account_id = ${account}`.pipe(
          Effect.map((r) => BigInt(r[0]?.stamp ?? 0)),
          Effect.orDie
        )
    })
  })
)
