/**
 * The template repository: the templates list and the rows template actions change (archive state, deletion
 * time, the account's default template). Templates are quotes with `is_template`; their content is saved by the
 * quote repository. Every query is filtered by the account.
 *
 * @since 0.1.0
 */
import type { AccountId } from "@quotekit/core/Account"
import { Context, Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"
import { containsPattern } from "../quotes/ListRepo.ts"
import { seconds } from "../quotes/Records.ts"

/** A template as the list and the actions read it. */
export interface TemplateRecord {
  readonly quote_id: number
  readonly title: string
  readonly archive_id: number
  readonly shared: boolean
  readonly is_default: boolean
  readonly deleted_at: number | null
  readonly modified: number
  readonly item_count: number
}

/** The repository service. */
export class TemplateRepo extends Context.Service<
  TemplateRepo,
  {
    readonly page: (
      account: AccountId,
      f: { readonly archiveId: number; readonly search: string; readonly deletedAfter: number | null },
      offset: number,
      limit: number
    ) => Effect.Effect<ReadonlyArray<TemplateRecord>>
    readonly count: (
      account: AccountId,
      f: { readonly archiveId: number; readonly search: string; readonly deletedAfter: number | null }
    ) => Effect.Effect<number>
    readonly find: (account: AccountId, id: number) => Effect.Effect<Option.Option<TemplateRecord>>
    readonly setArchive: (
      account: AccountId,
      id: number,
      archiveId: number,
      deletedAt: number | null,
      by: number,
      at: number
    ) => Effect.Effect<void>
    /** Make a template the account's default, or clear the default when `id` is null. */
    readonly setDefault: (account: AccountId, id: number | null) => Effect.Effect<void>
  }
>()("quotekit/server/TemplateRepo") {}

interface Row {
  readonly quote_id: number
  readonly title: string
  readonly archive_id: number
  readonly shared_quote_id: number | null
  readonly is_default: boolean
  readonly deleted_at: Date | null
  readonly modified: Date
  readonly item_count: number
}

const toRecord = (r: Row): TemplateRecord => ({
  quote_id: r.quote_id,
  title: r.title,
  archive_id: r.archive_id,
  shared: (r.shared_quote_id ?? 0) > 0,
  is_default: r.is_default,
  deleted_at: r.deleted_at === null ? null : seconds(r.deleted_at),
  modified: seconds(r.modified),
  item_count: r.item_count
})

/** The repository over the SQL client. */
export const layer = Layer.effect(
  TemplateRepo,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const columns = sql.literal(`
      q.quote_id, q.title, q.archive_id::int AS archive_id, q.shared_quote_id, q.deleted_at, q.modified,
      coalesce(a.default_template_id = q.quote_id, false) AS is_default,
      (SELECT count(*)::int FROM quote_items i
         WHERE i.account_id = q.account_id AND i.quote_id = q.quote_id AND i.item_type IN (1, 2)) AS item_count`)
    const where = (
      account: AccountId,
      f: { readonly archiveId: number; readonly search: string; readonly deletedAfter: number | null }
    ) =>
      sql.and([
        sql`q.account_id = ${account}`,
        sql`q.is_template`,
        sql`q.archive_id = ${f.archiveId}`,
        ...(f.deletedAfter === null ? [] : [sql`q.deleted_at > ${new Date(f.deletedAfter * 1000)}`]),
        ...(f.search === "" ? [] : [sql`q.search_text LIKE ${containsPattern(f.search)}`])
      ])
    return TemplateRepo.of({
      page: (account, f, offset, limit) =>
        sql<Row>`
          SELECT ${columns} FROM quotes q JOIN accounts a ON a.account_id = q.account_id
          WHERE ${where(account, f)}
          ORDER BY lower(q.title), q.quote_id OFFSET ${offset} LIMIT ${limit}`.pipe(
          Effect.map((rows) => rows.map(toRecord)),
          Effect.orDie
        ),
      count: (account, f) =>
        sql<{ readonly n: number }>`SELECT count(*)::int AS n FROM quotes q WHERE ${where(account, f)}`.pipe(
          Effect.map((r) => r[0]?.n ?? 0),
          Effect.orDie
        ),
      find: (account, id) =>
        sql<Row>`
          SELECT ${columns} FROM quotes q JOIN accounts a ON a.account_id = q.account_id
          WHERE q.account_id = ${account} AND q.quote_id = ${id} AND q.is_template
          FOR UPDATE OF q`.pipe(
          Effect.map((rows) => Option.map(Option.fromNullishOr(rows[0]), toRecord)),
          Effect.orDie
        ),
      setArchive: (account, id, archiveId, deletedAt, by, at) =>
        sql`
          UPDATE quotes SET archive_id = ${archiveId},
            deleted_at = ${deletedAt === null ? null : new Date(deletedAt * 1000)},
            modified = ${new Date(at)}, modified_by = ${by}, edit_seq = edit_seq + 1
          WHERE account_id = ${account} AND quote_id = ${id} AND is_template`.pipe(Effect.asVoid, Effect.orDie),
      setDefault: (account, id) =>
        sql`UPDATE accounts SET default_template_id = ${id} WHERE account_id = ${account}`.pipe(
          Effect.asVoid,
          Effect.orDie
        )
    })
  })
)
