/**
 * Answering with a stored file: streamed from `FileStorage`, images shown inline and everything else
 * downloaded, never sniffed by the browser and never allowed to run script (a file is a file, not a page of
 * this site). Also `customerFile`, for the customer quote page: a file of a quote's item, reachable through
 * that quote's customer link.
 *
 * @since 0.1.0
 */
import { Effect, Option, Stream } from "effect"
import { HttpServerResponse } from "effect/http"
import { SqlClient } from "effect/sql"
import { FileStorage } from "./FileStorage.ts"
import { compatibleImageTypes } from "./Receive.ts"
import type { FileRow } from "./Repo.ts"

/** The `Content-Disposition` value for a file name (ASCII fallback plus the UTF-8 name). */
export const contentDisposition = (kind: "inline" | "attachment", name: string): string => {
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_")
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`
}

/** The answer streaming a stored file. */
export const respond = (file: Pick<FileRow, "storage_key" | "original_filename" | "mime" | "size">) =>
  Effect.map(FileStorage, (storage) => {
    const image = compatibleImageTypes.has(file.mime)
    return HttpServerResponse.stream(storage.read(file.storage_key).pipe(Stream.orDie), {
      contentType: image || file.mime === "application/pdf" ? file.mime : "application/octet-stream",
      contentLength: file.size,
      headers: {
        "content-disposition": contentDisposition(image ? "inline" : "attachment", file.original_filename),
        "x-content-type-options": "nosniff",
        "content-security-policy": "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
        "cache-control": "private, max-age=3600"
      }
    })
  })

/**
 * A file the customer page may serve: attached to an item of the quote a customer link opens. `quoteId` must
 * come from a verified link token (the customer page resolves the token first); the file must belong to the
 * same account and hang off one of that quote's items. None otherwise.
 */
export const customerFile = (account: number, quoteId: number, fileId: number) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql<FileRow>`
      SELECT f.file_id, f.account_id, f.hash, f.original_filename, f.mime, f.size::float8 AS size, f.storage_key,
             f.parent_table, f.parent_id
      FROM files f
      WHERE f.account_id = ${account} AND f.file_id = ${fileId} AND (
        (f.parent_table = 'quote_items' AND EXISTS (SELECT 1 FROM quote_items qi WHERE qi.account_id = f.account_id
           AND qi.quote_item_id = f.parent_id AND qi.quote_id = ${quoteId}))
        OR (f.parent_table = 'items' AND EXISTS (SELECT 1 FROM quote_items qi WHERE qi.account_id = f.account_id
           AND qi.item_id = f.parent_id AND qi.quote_id = ${quoteId}))
        OR (f.parent_table = 'content_images')
        OR (f.parent_table = 'accounts'))`.pipe(Effect.orDie)
    return Option.fromNullishOr(rows[0])
  })
