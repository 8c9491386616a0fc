/**
 * The product's fixed limits: sizes of uploads and imports, lengths of searches and previews, page sizes and
 * counts. One place, so the client check and the server check can never disagree.
 *
 * Byte limits are copied from the spec exactly; note the product's "MB" for the general upload limit is
 * 1,024,000 bytes (150 MB = 153,600,000 bytes), so sizes in messages are shown in that unit.
 *
 * @example
 * import * as Limits from "@quotekit/core/Limits"
 * Limits.uploadProblem("file", "plans.pdf", 160_000_000)
 * // Option.some('File "plans.pdf" is too large at 156.3MB (must be < 150MB).')
 *
 * @since 0.1.0
 */
import { Option } from "effect"
import * as Message from "./Message.ts"

/** Rows per page of a list (quotes, contacts, items); the total is fetched on demand. */
export const listPageSize = 100
/** Most contacts one quote can be sent to. */
export const contactsPerQuote = 10
/** Longest item code within a quote (a standalone item's code is unlimited). */
export const itemCodeMaxInQuote = 60
/** Longest text the contact lookup searches; longer text only offers creating a contact. */
export const contactLookupMaxLength = 100
/** Longest text a search or completer (addresses, countries) sends. */
export const textSearchMaxLength = 200
/** Characters of a comment shown in a preview. */
export const commentPreviewLength = 200
/** Characters of a script error message sent to the server. */
export const errorReportMaxLength = 500
/** Script error reports sent per page load. */
export const errorReportsPerPage = 2
/** Largest single upload, in bytes (150 MB). */
export const uploadMaxBytes = 153_600_000
/** Largest logo or item image upload, in bytes (60 MB). */
export const imageUploadMaxBytes = 62_428_800
/** Largest CSV import, in bytes (10 MB). */
export const csvMaxBytes = 10_000_000
/** Largest subscription `term_every`. */
export const termEveryMax = 255
/** Largest subscription `term_duration`. */
export const termDurationMax = 65535
/** Days a deleted draft or item stays restorable. */
export const deletedRetentionDays = 30
/** Seconds in the past a chosen email send time (`send_at`) may be and still go (at once): the composer's choice is never refused for the time the request took. */
export const sendAtPastToleranceSeconds = 120
/** Days ahead an email may be scheduled (`send_at`); the spec names no limit. */
export const sendAtMaxDaysAhead = 30

/** What an upload is for; each kind has its own size limit and message. */
export type UploadKind = "file" | "image" | "csv"

/** The size limit in bytes of an upload kind. */
export const uploadLimit = (kind: UploadKind): number =>
  kind === "file" ? uploadMaxBytes : kind === "image" ? imageUploadMaxBytes : csvMaxBytes

/** Whether an upload of `bytes` is over the limit of its kind (a file exactly at the limit is accepted). */
export const isTooLarge = (kind: UploadKind, bytes: number): boolean => bytes > uploadLimit(kind)

/** A size in the product's megabytes (1,024,000 bytes), rounded up to one decimal so an oversize file never shows as "150". */
export const megabytes = (bytes: number): string => (Math.ceil((bytes * 10) / 1_024_000) / 10).toFixed(1)

/**
 * The message refusing an upload that is too large for its kind; `None` when the size is within the limit.
 * Use before sending a file, and on the server for the same check.
 */
export const uploadProblem = (kind: UploadKind, fileName: string, bytes: number): Option.Option<string> => {
  if (!isTooLarge(kind, bytes)) return Option.none()
  switch (kind) {
    case "file":
      return Option.some(Message.catalogue.fileTooLarge(fileName, megabytes(bytes)))
    case "image":
      return Option.some(Message.catalogue.imageTooLarge)
    case "csv":
      return Option.some(Message.catalogue.csvTooLarge)
  }
}

/** A script error message as reported to the server: cut to 500 characters. */
export const errorReportMessage = (message: string): string => message.slice(0, errorReportMaxLength)

/** Whether another script error may be reported, given how many this page load has sent. */
export const mayReportError = (sentThisPage: number): boolean => sentThisPage < errorReportsPerPage
