/**
 * Uploads and CSV imports.
 *
 * Files arrive as multipart (`file`), are streamed to storage with the size limit enforced while they
 * stream (150 MB in general, 60 MB for images, logos and avatars, 10 MB for CSV), and images are checked by
 * their content, never by their name ('File does not look like an image.'). Refusals answer `InvalidInput`
 * with the spec's message. Files are served only to their account (`GET /files/{file_id}/{name}`).
 *
 * A CSV import is two steps after the upload (`/service/file-upload/import` gives the file's hash, the
 * form's `_csv_file_hash`): a preview with the column mapping (auto-mapped by header names, overridable),
 * the first rows as they would import and the rejected rows with their reasons; then the import itself, in
 * one transaction, reporting every rejected row.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { Multipart } from "effect/http"
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api"
import { AccessDenied, InvalidInput, NotFound } from "./ApiError.ts"
import { AccountChosen, SignedIn } from "./Security.ts"

/**
 * The multipart body of every upload: one `file`. Other parts are read and ignored; a text part may not exceed
 * 64 KB (the parser holds text parts in memory, files never).
 */
export const FileUpload = Schema.Struct({ file: Multipart.SingleFileSchema }).pipe(
  HttpApiSchema.asMultipartStream({ maxParts: 10, maxFieldSize: 65_536 })
)

/** The answer to an upload (spec: status, is_compatible_image, message, hash, type; plus url and name). */
export const UploadResult = Schema.Struct({
  status: Schema.Literal("success"),
  is_compatible_image: Schema.Boolean,
  message: Schema.String,
  /** SHA-256 of the content, hex. */
  hash: Schema.String,
  /** The file's kind by content, as an extension ("jpg", "png", "pdf"); the name's extension when unknown. */
  type: Schema.String,
  url: Schema.String,
  original_filename: Schema.String,
  file_id: Schema.Int
})
/** The answer to an upload. */
export type UploadResult = typeof UploadResult.Type

/** The answer to a content image upload (spec: url, original_filename, hash). */
export const ContentImage = Schema.Struct({
  url: Schema.String,
  original_filename: Schema.String,
  hash: Schema.String,
  file_id: Schema.Int
})

/** What a CSV import creates. */
export const ImportKind = Schema.Literals(["contacts", "price-items", "text-items"])
/** What a CSV import creates. */
export type ImportKind = typeof ImportKind.Type

/**
 * A preview or import request: the uploaded CSV (its hash), what to import, and optionally the field each
 * column maps to (by column index; null ignores the column) and whether the first row is a header (guessed
 * when left out).
 */
export const ImportRequest = Schema.Struct({
  _csv_file_hash: Schema.String.check(Schema.isPattern(/^[0-9a-f]{64}$/)),
  kind: ImportKind,
  mapping: Schema.optionalKey(Schema.Array(Schema.NullOr(Schema.String)).check(Schema.isMaxLength(200))),
  has_header: Schema.optionalKey(Schema.Boolean)
})
/** A preview or import request. */
export type ImportRequest = typeof ImportRequest.Type

/** A field rows can map to. */
export const ImportField = Schema.Struct({ field: Schema.String, label: Schema.String, required: Schema.Boolean })

/** A column of the file and the field it maps to (null: ignored). */
export const ImportColumn = Schema.Struct({
  index: Schema.Int,
  header: Schema.String,
  field: Schema.NullOr(Schema.String)
})

/** A row left out, with its line number in the file (1 is the first line) and why. */
export const RejectedRow = Schema.Struct({ row: Schema.Int, reason: Schema.String })
/** A row left out. */
export type RejectedRow = typeof RejectedRow.Type

/** Most rejected rows a preview lists. */
export const PREVIEW_REJECTED_MAX = 1000

/** The preview: the mapping, the fields, the first rows as they would import, the rejected rows and counts. */
export const ImportPreview = Schema.Struct({
  columns: Schema.Array(ImportColumn),
  fields: Schema.Array(ImportField),
  has_header: Schema.Boolean,
  rows: Schema.Array(Schema.Struct({ row: Schema.Int, values: Schema.Record(Schema.String, Schema.String) })),
  /** The rejected rows, the first `PREVIEW_REJECTED_MAX` of them (the import's answer lists them all). */
  rejected: Schema.Array(RejectedRow),
  /** How many rows are rejected in all. */
  rejected_total: Schema.Int,
  total_rows: Schema.Int,
  importable_rows: Schema.Int
})
/** The preview. */
export type ImportPreview = typeof ImportPreview.Type

/** The import's outcome. */
export const ImportOutcome = Schema.Struct({ imported: Schema.Int, rejected: Schema.Array(RejectedRow) })

/** The uploads group. */
export class UploadsApi extends HttpApiGroup.make("uploads")
  .add(
    HttpApiEndpoint.post("file", "/service/file-upload/file", {
      payload: FileUpload,
      success: UploadResult,
      error: InvalidInput
    }),
    HttpApiEndpoint.post("logo", "/service/file-upload/logo", {
      payload: FileUpload,
      success: UploadResult,
      error: [InvalidInput, AccessDenied]
    }),
    HttpApiEndpoint.post("avatar", "/service/file-upload/avatar", {
      payload: FileUpload,
      success: UploadResult,
      error: InvalidInput
    }),
    /** A team member's photo, for the accounts they belong to (what `image` of a member or profile points at). */
    HttpApiEndpoint.get("avatarImage", "/avatars/:signin_id/:file_id", {
      params: { signin_id: Schema.Int, file_id: Schema.Int },
      success: HttpApiSchema.StreamUint8Array(),
      error: NotFound
    }),
    HttpApiEndpoint.post("csv", "/service/file-upload/import", {
      payload: FileUpload,
      success: UploadResult,
      error: InvalidInput
    }),
    HttpApiEndpoint.post("imageFromForm", "/content-images/from-form/:dir_year", {
      params: { dir_year: Schema.String.check(Schema.isMaxLength(40)) },
      payload: FileUpload,
      success: ContentImage,
      error: InvalidInput
    }),
    HttpApiEndpoint.post("imageFromDrop", "/content-images/from-drop", {
      payload: FileUpload,
      success: ContentImage,
      error: InvalidInput
    }),
    HttpApiEndpoint.get("download", "/files/:file_id/:name", {
      params: { file_id: Schema.Int, name: Schema.String },
      success: HttpApiSchema.StreamUint8Array(),
      error: NotFound
    }),
    HttpApiEndpoint.post("importPreview", "/post/import/preview", {
      payload: ImportRequest,
      success: ImportPreview,
      error: [NotFound, InvalidInput, AccessDenied]
    }),
    HttpApiEndpoint.post("importRun", "/post/import/run", {
      payload: ImportRequest,
      success: ImportOutcome,
      error: [NotFound, InvalidInput, AccessDenied]
    })
  )
  .middleware(AccountChosen)
  .middleware(SignedIn)
  .annotateMerge(OpenApi.annotations({ title: "Uploads", description: "File uploads and CSV imports." })) {}
