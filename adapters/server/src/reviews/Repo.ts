/**
 * The reviews repository: an account's reviews with the reviewed quote's title, counts per archive state and of
 * the unseen ones, marking them seen, and the team's changes. A change is one statement: the review updated only
 * if it is still as the caller read it, an audit row, and a history row on the reviewed quote's All Activity when
 * there is one. Every query is filtered by the account.
 *
 * @since 0.1.0
 */
import type { AccountId, SigninId } from "@quotekit/core/Account"
import type { ReviewCounts } from "@quotekit/core/api/ReviewsApi"
import type * as Review from "@quotekit/core/Review"
import { Context, Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"
import { escapeHtml } from "../history/HistoryWriter.ts"

/** A stored review with the reviewed quote's title (null when the quote is gone or deleted). */
export interface StoredReview {
  readonly review_id: Review.ReviewId
  readonly stars: number
  readonly message: string
  readonly reviewer_name: string
  readonly featured: boolean
  readonly seen: boolean
  readonly archive_id: Review.ArchiveId
  readonly quote_id: number | null
  readonly quote_title: string | null
  /** Epoch seconds. */
  readonly creation: number
}

/** A change to record with its new state. */
export interface Change {
  readonly account: AccountId
  readonly signin: SigninId
  readonly review: StoredReview
  readonly action: Review.Action
  readonly to: Review.State
  /** The history line (plain text). */
  readonly summary: string
  /** Epoch milliseconds, from the server's clock. */
  readonly at: number
}

/** The repository service. */
export class ReviewsRepo extends Context.Service<
  ReviewsRepo,
  {
    /** A page of reviews of one archive state, newest first. */
    readonly list: (
      account: AccountId,
      archive: Review.ArchiveId,
      offset: number,
      limit: number
    ) => Effect.Effect<ReadonlyArray<StoredReview>>
    readonly counts: (account: AccountId) => Effect.Effect<ReviewCounts>
    readonly byId: (account: AccountId, id: Review.ReviewId) => Effect.Effect<Option.Option<StoredReview>>
    /** Mark every unseen review of the account seen; answers how many were. */
    readonly markSeen: (account: AccountId) => Effect.Effect<number>
    /** Apply a change if the review is still as read; false when it changed meanwhile. */
    readonly change: (change: Change) => Effect.Effect<boolean>
  }
>()("quotekit/server/ReviewsRepo") {}

interface Raw extends Omit<StoredReview, "archive_id"> {
  readonly archive_id: number
}

const toStored = (r: Raw): StoredReview => ({ ...r, archive_id: r.archive_id === 1 ? 1 : 2 })

/** The repository over SQL. */
export const layer = Layer.effect(
  ReviewsRepo,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const select = (account: AccountId) => sql`
      SELECT r.review_id, r.stars::int AS stars, r.message, r.reviewer_name, r.featured, r.seen,
             r.archive_id::int AS archive_id, q.quote_id, q.title AS quote_title,
             extract(epoch FROM r.creation)::bigint::int AS creation
      FROM reviews r
      LEFT JOIN quotes q ON q.account_id = r.account_id AND q.quote_id = r.quote_id AND q.deleted_at IS NULL
      WHERE r.account_id = ${account}`
    return ReviewsRepo.of({
      list: (account, archive, offset, limit) =>
        sql<Raw>`
          ${select(account)} AND r.archive_id = ${archive}
          ORDER BY r.creation DESC, r.review_id DESC
          OFFSET ${offset} LIMIT ${limit}`.pipe(
          Effect.map((rows) => rows.map(toStored)),
          Effect.orDie
        ),
      counts: (account) =>
        sql<ReviewCounts>`
          SELECT count(*) FILTER (WHERE archive_id = 1)::int AS current,
                 count(*) FILTER (WHERE archive_id = 2)::int AS archived,
                 count(*) FILTER (WHERE archive_id = 1 AND NOT seen)::int AS unseen
          FROM reviews WHERE account_id = ${account} AND archive_id IN (1, 2)`.pipe(
          Effect.map((rows) => rows[0] ?? { current: 0, archived: 0, unseen: 0 }),
          Effect.orDie
        ),
      byId: (account, id) =>
        sql<Raw>`${select(account)} AND r.review_id = ${id} AND r.archive_id IN (1, 2)`.pipe(
          Effect.map((rows) => Option.map(Option.fromNullishOr(rows[0]), toStored)),
          Effect.orDie
        ),
      markSeen: (account) =>
        sql<{ readonly n: number }>`
          WITH u AS (
            UPDATE reviews SET seen = true WHERE account_id = ${account} AND NOT seen RETURNING 1
          )
          SELECT count(*)::int AS n FROM u`.pipe(
          Effect.map((rows) => rows[0]?.n ?? 0),
          Effect.orDie
        ),
      change: (c) => {
        const at = new Date(c.at)
        const from = c.review
        const data = JSON.stringify({
          review_id: from.review_id,
          from: { featured: from.featured, archive_id: from.archive_id },
          to: c.to
        })
        return sql<{ readonly n: number }>`
          WITH u AS (
            UPDATE reviews SET featured = ${c.to.featured}, archive_id = ${c.to.archive_id}, modified = ${at}
            WHERE account_id = ${c.account} AND review_id = ${from.review_id}
              AND featured = ${from.featured} AND archive_id = ${from.archive_id}
            RETURNING review_id, quote_id
          ), h AS (
            INSERT INTO history (account_id, table_name, category_id, action, action_time, html_summary, html_full,
                                 actor, actor_signin_id)
            SELECT ${c.account}, 'quote', u.quote_id, ${`review.${c.action}`}, ${at}, ${escapeHtml(c.summary)}, '',
                   ${String(c.signin)}, ${c.signin}
            FROM u WHERE u.quote_id IS NOT NULL
          ), a AS (
            INSERT INTO audit_log (account_id, at, actor, actor_signin_id, action, subject_table, subject_id, data)
            SELECT ${c.account}, ${at}, ${String(c.signin)}, ${c.signin}, ${`review.${c.action}`}, 'review',
                   u.review_id, ${data}::jsonb
            FROM u
          )
          SELECT count(*)::int AS n FROM u`.pipe(
          Effect.map((rows) => (rows[0]?.n ?? 0) > 0),
          Effect.orDie
        )
      }
    })
  })
)
