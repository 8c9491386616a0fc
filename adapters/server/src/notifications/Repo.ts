/**
 * The notifications repository behind the HTTP handlers: a member's list and unread count, marking read, their
 * choices, and the quotes they watch. Every query is filtered by the account and the member: no member reads or
 * changes another's.
 *
 * @since 0.5.0
 */
import * as Notification from "@quotekit/core/Notification"
import { Context, Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"

/** A stored notification as the list shows it. */
interface Row {
  readonly notification_id: string | number
  readonly kind: Notification.Kind
  readonly quote_id: number
  readonly quote_name: string
  readonly headline: string
  readonly excerpt: string
  readonly created_at: Date
  readonly read_at: Date | null
}

/** A row as an item of the list (`link` is the quote's page in the app). */
export const toItem = (r: Row): Notification.Item => ({
  id: Number(r.notification_id),
  kind: r.kind,
  quote_id: r.quote_id,
  quote: r.quote_name,
  headline: r.headline,
  excerpt: r.excerpt,
  link: `/quote/${r.quote_id}`,
  at: r.created_at.getTime(),
  read: r.read_at !== null
})

/** The repository. */
export class NotificationsRepo extends Context.Service<
  NotificationsRepo,
  {
    /** The member's newest in-app notifications (at most `limit`) and how many of all are unread. */
    readonly list: (
      account: number,
      signin: number,
      limit: number
    ) => Effect.Effect<{ readonly items: ReadonlyArray<Notification.Item>; readonly unread: number }>
    /** Mark the member's notifications read: those of `ids`, or all when `ids` is undefined. */
    readonly markRead: (
      account: number,
      signin: number,
      ids: ReadonlyArray<number> | undefined,
      at: number
    ) => Effect.Effect<void>
    /** The member's choices (the defaults when never saved). */
    readonly preferences: (account: number, signin: number) => Effect.Effect<Notification.Preferences>
    /** Store the member's choices. */
    readonly savePreferences: (
      account: number,
      signin: number,
      preferences: Notification.Preferences,
      at: number
    ) => Effect.Effect<void>
    /** Whether the quote is the account's (a template is not a quote to watch). */
    readonly quoteExists: (account: number, quoteId: number) => Effect.Effect<boolean>
    /** Whether the member watches the quote. */
    readonly watching: (account: number, signin: number, quoteId: number) => Effect.Effect<boolean>
    /** Watch the quote, or stop. */
    readonly setWatching: (
      account: number,
      signin: number,
      quoteId: number,
      watching: boolean,
      at: number
    ) => Effect.Effect<void>
  }
>()("quotekit/server/NotificationsRepo") {}

/** The repository over the SQL client. */
export const layer = Layer.effect(
  NotificationsRepo,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    return NotificationsRepo.of({
      list: (account, signin, limit) =>
        Effect.gen(function* () {
          const rows = yield* sql<Row>`
            SELECT notification_id, kind, quote_id, quote_name, headline, excerpt, created_at, read_at
            FROM notifications
            WHERE account_id = ${account} AND signin_id = ${signin} AND in_app
            ORDER BY notification_id DESC LIMIT ${limit}`
          const [count] = yield* sql<{ unread: number }>`
            SELECT count(*)::int AS unread FROM notifications
            WHERE account_id = ${account} AND signin_id = ${signin} AND in_app AND read_at IS NULL`
          return { items: rows.map(toItem), unread: count?.unread ?? 0 }
        }).pipe(Effect.orDie),
      markRead: (account, signin, ids, at) =>
        Effect.gen(function* () {
          if (ids !== undefined && ids.length === 0) return
          yield* ids === undefined
            ? sql`
                UPDATE notifications SET read_at = ${new Date(at)}
                WHERE account_id = ${account} AND signin_id = ${signin} AND in_app AND read_at IS NULL`
            : sql`
                UPDATE notifications SET read_at = ${new Date(at)}
                WHERE account_id = ${account} AND signin_id = ${signin} AND in_app AND read_at IS NULL
                  AND notification_id IN ${sql.in(ids)}`
        }).pipe(Effect.orDie),
      preferences: (account, signin) =>
        sql<{ preferences: unknown }>`
          SELECT preferences FROM notification_preferences WHERE account_id = ${account} AND signin_id = ${signin}`.pipe(
          Effect.map((rows) =>
            rows[0] === undefined ? Notification.defaults : Notification.fromStored(rows[0].preferences)
          ),
          Effect.orDie
        ),
      savePreferences: (account, signin, preferences, at) =>
        sql`
          INSERT INTO notification_preferences (account_id, signin_id, preferences, modified_at)
          VALUES (${account}, ${signin}, ${JSON.stringify(preferences)}::jsonb, ${new Date(at)})
          ON CONFLICT (account_id, signin_id)
          DO UPDATE SET preferences = EXCLUDED.preferences, modified_at = EXCLUDED.modified_at`.pipe(
          Effect.asVoid,
          Effect.orDie
        ),
      quoteExists: (account, quoteId) =>
        sql<{ n: number }>`
          SELECT 1 AS n FROM quotes WHERE account_id = ${account} AND quote_id = ${quoteId} AND NOT is_template`.pipe(
          Effect.map((rows) => rows.length > 0),
          Effect.orDie
        ),
      watching: (account, signin, quoteId) =>
        sql<{ n: number }>`
          SELECT 1 AS n FROM quote_watchers
          WHERE account_id = ${account} AND signin_id = ${signin} AND quote_id = ${quoteId}`.pipe(
          Effect.map((rows) => rows.length > 0),
          Effect.orDie
        ),
      setWatching: (account, signin, quoteId, watching, at) =>
        (watching
          ? sql`
              INSERT INTO quote_watchers (account_id, quote_id, signin_id, created_at)
              VALUES (${account}, ${quoteId}, ${signin}, ${new Date(at)})
              ON CONFLICT DO NOTHING`
          : sql`
              DELETE FROM quote_watchers
              WHERE account_id = ${account} AND quote_id = ${quoteId} AND signin_id = ${signin}`
        ).pipe(Effect.asVoid, Effect.orDie)
    })
  })
)
