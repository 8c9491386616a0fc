/**
 * The files repository: the `files` rows that record uploads (name, type, size, storage key, what they are
 * attached to). Every query is filtered by the account.
 *
 * @since 0.1.0
 */
import { Context, Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"

/** What a file is attached to (the `files.parent_table` values). */
export type Parent =
  | "quote_items"
  | "items"
  | "discussion"
  | "leads"
  | "accounts"
  | "signins"
  | "imports"
  | "content_images"

/** A file row. */
export interface FileRow {
  readonly file_id: number
  readonly account_id: number
  readonly hash: string
  readonly original_filename: string
  readonly mime: string
  readonly size: number
  readonly storage_key: string
  readonly parent_table: Parent | null
  readonly parent_id: number | null
}

/** A new file row. */
export interface NewFile {
  readonly account_id: number
  readonly hash: string
  readonly original_filename: string
  readonly mime: string
  readonly size: number
  readonly storage_key: string
  readonly parent_table: Parent | null
  readonly parent_id: number | null
  readonly created_by: number | null
}

/** The repository service. */
export class FilesRepo extends Context.Service<
  FilesRepo,
  {
    readonly insert: (file: NewFile) => Effect.Effect<FileRow>
    readonly byId: (account: number, fileId: number) => Effect.Effect<Option.Option<FileRow>>
    /** The most recent upload of some bytes (by hash) in the account. */
    readonly byHash: (account: number, hash: string) => Effect.Effect<Option.Option<FileRow>>
    readonly byParent: (account: number, parent: Parent, parentId: number) => Effect.Effect<ReadonlyArray<FileRow>>
    /** A file reachable from a quote's customer link (see `Serve.customerFile`). */
    readonly forQuote: (account: number, quoteId: number, fileId: number) => Effect.Effect<Option.Option<FileRow>>
    /** Attach files to a record; files not in `fileIds` that were attached to it are detached. */
    readonly attach: (
      account: number,
      parent: Parent,
      parentId: number,
      fileIds: ReadonlyArray<number>
    ) => Effect.Effect<void>
  }
>()("quotekit/server/FilesRepo") {}

const columns =
  "file_id, account_id, hash, original_filename, mime, size::float8 AS size, storage_key, parent_table, parent_id"

/** The repository over SQL. */
export const layer = Layer.effect(
  FilesRepo,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const cols = sql.literal(columns)
    return FilesRepo.of({
      insert: (file) =>
        sql<FileRow>`INSERT INTO files ${sql.insert({ ...file })} RETURNING ${cols}`.pipe(
          Effect.map((rows) => rows[0]!),
          Effect.orDie
        ),
      byId: (account, fileId) =>
        sql<FileRow>`SELECT ${cols} FROM files WHERE account_id = ${account} AND file_id = ${fileId}`.pipe(
          Effect.map((rows) => Option.fromNullishOr(rows[0])),
          Effect.orDie
        ),
      byHash: (account, hash) =>
        sql<FileRow>`SELECT ${cols} FROM files WHERE account_id = ${account} AND hash = ${hash}
                     ORDER BY file_id DESC LIMIT 1`.pipe(
          Effect.map((rows) => Option.fromNullishOr(rows[0])),
          Effect.orDie
        ),
      byParent: (account, parent, parentId) =>
        sql<FileRow>`SELECT ${cols} FROM files
                     WHERE account_id = ${account} AND parent_table = ${parent} AND parent_id = ${parentId}
                     ORDER BY file_id`.pipe(Effect.orDie),
      forQuote: (account, quoteId, fileId) =>
        sql<FileRow>`
          SELECT ${cols} FROM files f
          WHERE f.account_id = ${account} AND f.file_id = ${fileId} AND (
            (f.parent_table = 'quote_items' AND EXISTS (SELECT 1 FROM quote_items qi WHERE qi.account_id = f.account_id
               AND qi.quote_item_id = f.parent_id AND qi.quote_id = ${quoteId}))
            OR (f.parent_table = 'items' AND EXISTS (SELECT 1 FROM quote_items qi WHERE qi.account_id = f.account_id
               AND qi.item_id = f.parent_id AND qi.quote_id = ${quoteId}))
            OR f.parent_table = 'content_images'
            OR (f.parent_table = 'accounts' AND EXISTS (SELECT 1 FROM accounts a WHERE a.account_id = f.account_id
               AND a.logo_file_id = f.file_id)))`.pipe(
          Effect.map((rows) => Option.fromNullishOr(rows[0])),
          Effect.orDie
        ),
      attach: (account, parent, parentId, fileIds) =>
        Effect.gen(function* () {
          yield* sql`UPDATE files SET parent_table = NULL, parent_id = NULL
                     WHERE account_id = ${account} AND parent_table = ${parent} AND parent_id = ${parentId}
                       AND NOT (file_id = ANY(${fileIds as Array<number>}::int[]))`
          if (fileIds.length > 0) {
            yield* sql`UPDATE files SET parent_table = ${parent}, parent_id = ${parentId}
                       WHERE account_id = ${account} AND file_id = ANY(${fileIds as Array<number>}::int[])`
          }
        }).pipe(Effect.orDie)
    })
  })
)
