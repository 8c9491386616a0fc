/**
 * Receiving one uploaded file from a multipart body: the first `file` part is streamed to `FileStorage`
 * under the limit of its kind (the size checked as the bytes arrive), its content sniffed (`file-type`) so
 * an image is an image by its bytes and never by its name, then recorded in `files`. Every refusal is an
 * `InvalidInput` carrying the spec's message, highlighted on the `file` input.
 *
 * @since 0.1.0
 */
import { InvalidInput } from "@quotekit/core/api/ApiError"
import * as Limits from "@quotekit/core/Limits"
import * as Message from "@quotekit/core/Message"
import { Effect, Option, Stream } from "effect"
import { HttpServerRequest, type Multipart } from "effect/http"
import { FileStorage } from "./FileStorage.ts"
import { type FileRow, FilesRepo, type Parent } from "./Repo.ts"

/** What the upload is for: its size limit, and whether its content must be an image or text. */
export type Purpose = "file" | "image" | "csv"

/** Image types every browser shows, accepted for logos, avatars and content images. */
export const compatibleImageTypes: ReadonlySet<string> = new Set(["image/jpeg", "image/png", "image/gif", "image/webp"])

/** A received file: its row and what its bytes turned out to be. */
export interface Received {
  readonly row: FileRow
  readonly is_compatible_image: boolean
  /** The kind by content ("jpg", "png", "pdf"...), else the name's extension, else "bin". */
  readonly type: string
}

/** The name kept for a file: the last path segment, control characters removed, at most 255 characters. */
export const cleanName = (name: string): string => {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is removed
  const base = (name.split(/[/\\]/).pop() ?? "").replace(/[\u0000-\u001f\u007f]/g, "").trim()
  const cut = base.length > 255 ? base.slice(base.length - 255) : base
  return cut === "" ? "file" : cut
}

const extensionOf = (name: string): string => {
  const m = /\.([A-Za-z0-9]{1,10})$/.exec(name)
  return m === null ? "bin" : m[1]!.toLowerCase()
}

const refused = (message: string) => InvalidInput.field("file", message)

/** Whether leading bytes look like text (no NUL bytes): what a CSV must be. */
const looksLikeText = (head: Uint8Array): boolean => !head.includes(0)

/**
 * Receive the `file` part of a multipart stream for an account. `parent` attaches the file to a record.
 * Other parts are read and ignored.
 */
export const receive = (
  parts: Stream.Stream<Multipart.Part, Multipart.MultipartError>,
  options: {
    readonly account: number
    readonly signin: number | null
    readonly purpose: Purpose
    readonly parent?: { readonly table: Parent; readonly id: number }
  }
): Effect.Effect<Received, InvalidInput, FileStorage | FilesRepo | HttpServerRequest.HttpServerRequest> =>
  Effect.gen(function* () {
    const storage = yield* FileStorage
    const files = yield* FilesRepo
    const request = yield* HttpServerRequest.HttpServerRequest
    const declared = Number(request.headers["content-length"] ?? "0")
    const limit = Limits.uploadLimit(options.purpose)
    let found: Option.Option<{
      readonly stored: Received["row"] | null
      readonly name: string
      readonly detected: { ext: string; mime: string } | undefined
      readonly key: string
      readonly hash: string
      readonly size: number
    }> = Option.none()

    const tooLarge = (name: string, bytes: number) =>
      refused(
        Option.getOrElse(
          Limits.uploadProblem(options.purpose, name, Math.max(bytes, declared)),
          () => Message.catalogue.uploadFailed
        )
      )

    const onPart = (part: Multipart.Part): Effect.Effect<void, InvalidInput | Multipart.MultipartError> => {
      if (part._tag !== "File") return Effect.void
      if (part.key !== "file" || Option.isSome(found)) return Stream.runDrain(part.content)
      const name = cleanName(part.name)
      let detected: { ext: string; mime: string } | undefined
      const inspect = (head: Uint8Array) =>
        Effect.gen(function* () {
          detected = yield* Effect.promise(() =>
            // file-type is loaded by the first upload, not with the server's start.
            import("file-type").then(({ fileTypeFromBuffer }) => fileTypeFromBuffer(head).catch(() => undefined))
          )
          if (options.purpose === "image" && (detected === undefined || !compatibleImageTypes.has(detected.mime))) {
            return yield* refused(Message.catalogue.notAnImage)
          }
          if (options.purpose === "csv" && (detected !== undefined || !looksLikeText(head))) {
            return yield* refused(Message.catalogue.csvNotText)
          }
        })
      return storage.put(options.account, part.content, { maxBytes: limit, inspect }).pipe(
        Effect.catchTag("UploadTooLarge", (e) => Effect.fail(tooLarge(name, e.bytes))),
        Effect.tap((s) =>
          Effect.sync(() => {
            found = Option.some({ stored: null, name, detected, key: s.key, hash: s.hash, size: s.size })
          })
        ),
        Effect.asVoid
      )
    }

    yield* Stream.runForEach(parts, onPart).pipe(
      Effect.catchTag("MultipartError", (e) =>
        Effect.fail(
          e.reason._tag === "FileTooLarge" || e.reason._tag === "BodyTooLarge"
            ? tooLarge("file", declared)
            : refused(Message.catalogue.uploadFailed)
        )
      )
    )
    if (Option.isNone(found)) return yield* refused(Message.catalogue.uploadFailed)
    const f = found.value
    if (f.size === 0) return yield* refused(Message.catalogue.uploadEmpty)
    const row = yield* files.insert({
      account_id: options.account,
      hash: f.hash,
      original_filename: f.name,
      mime: f.detected?.mime ?? (options.purpose === "csv" ? "text/csv" : "application/octet-stream"),
      size: f.size,
      storage_key: f.key,
      parent_table: options.parent?.table ?? null,
      parent_id: options.parent?.id ?? null,
      created_by: options.signin
    })
    return {
      row,
      is_compatible_image: f.detected !== undefined && compatibleImageTypes.has(f.detected.mime),
      type: f.detected?.ext ?? extensionOf(f.name)
    }
  })

/** The URL a file is fetched from by its account's team (`GET /files/{file_id}/{name}`). */
export const urlOf = (row: Pick<FileRow, "file_id" | "original_filename">): string =>
  `/files/${row.file_id}/${encodeURIComponent(row.original_filename)}`
