/**
 * Answering with a stored file: streamed from `FileStorage`, images shown inline and everything else
 * downloaded, never sniffed by the browser and never allowed to run script (a file is a file, not a page of
 * this site). Also `customerFile`, for the customer quote page: a file of a quote's item, reachable through
 * that quote's customer link.
 *
 * @since 0.1.0
 */
import { NotFound } from "@quotekit/core/api/ApiError"
import { Effect, Option, Stream } from "effect"
import { HttpServerResponse } from "effect/http"
import { FileStorage } from "./FileStorage.ts"
import { compatibleImageTypes } from "./Receive.ts"
import { type FileRow, FilesRepo } from "./Repo.ts"

/** The `Content-Disposition` value for a file name (ASCII fallback plus the UTF-8 name). */
export const contentDisposition = (kind: "inline" | "attachment", name: string): string => {
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_")
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`
}

/** The answer streaming a stored file; `NotFound` when its bytes are gone from storage. */
export const respond = (file: Pick<FileRow, "storage_key" | "original_filename" | "mime" | "size">) =>
  Effect.gen(function* () {
    const storage = yield* FileStorage
    if (Option.isNone(yield* storage.size(file.storage_key))) return yield* NotFound.answer()
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
 * A file the customer page may serve through a quote's customer link: one attached to an item of that quote
 * (directly, or to the reusable item the row links), a content image of the account (placed in the quote's
 * text), or the account's logo. `quoteId` must come from a verified link token (the customer page resolves
 * the token first). None otherwise. Answer it with `respond`.
 */
export const customerFile = (account: number, quoteId: number, fileId: number) =>
  Effect.flatMap(FilesRepo, (files) => files.forQuote(account, quoteId, fileId))
