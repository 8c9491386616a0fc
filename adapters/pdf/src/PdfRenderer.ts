/**
 * Renders a `PdfDocument` (an invoice, credit note or quote, all text pre-formatted by the caller) to PDF bytes,
 * on the server, in memory: pdfkit writes the PDF, Inter is embedded as a subset (`internal/Fonts`), and every
 * line is placed by this package, so page breaks are decided in one place (`internal/Flow`). pdfkit and the
 * layout are loaded on the first render, not with this module (`internal/Layout`).
 *
 * Layout: the first page opens with the business and the heading, then the recipient and the facts; the lines
 * table follows, its column headings repeated on every page it runs onto; rows are never split unless one is
 * taller than a page (then between its lines); the totals, notes and signature follow, and an acceptance
 * certificate, when given, on a page of its own; every page ends with the footer text and "Page n of m", and
 * content always stops above the footer.
 *
 * Failure: a broken picture never costs the document. An unreadable logo or signature image is left out, an
 * accent that is no `#rrggbb` colour falls back to dark grey, a row with fewer cells than columns leaves the
 * rest blank. `PdfRenderError` is kept for what cannot be drawn without losing or inventing something: an unknown
 * page size, a row with more cells than there are columns (text would be dropped), an invalid `createdAt`, or
 * pdfkit itself throwing.
 *
 * Output is deterministic: the same document with the same `createdAt` gives the same bytes.
 *
 * @example
 * import * as PdfRenderer from "@quotekit/pdf/PdfRenderer"
 * const bytes = yield* PdfRenderer.render(document)   // Uint8Array, application/pdf
 *
 * @since 0.1.0
 */
import { Clock, Effect, Schema } from "effect"
import * as Style from "./internal/Style.ts"
import type { PdfDocument } from "./PdfDocument.ts"

/** The document could not be rendered; `reason` says why, for the log. */
export class PdfRenderError extends Schema.TaggedError<PdfRenderError>()("PdfRenderError", {
  reason: Schema.String
}) {}

let layoutModule: Promise<typeof import("./internal/Layout.ts")> | undefined

/** The layout, with pdfkit and the fonts under it, loaded on the first render (see `internal/Layout`). */
const loadLayout = Effect.promise(() => (layoutModule ??= import("./internal/Layout.ts")))

/** Why the document cannot be drawn as given, if it cannot. */
const refusal = (content: PdfDocument): string | undefined => {
  if (!Object.hasOwn(Style.pdfkitSize, content.pageSize)) return `unknown page size ${String(content.pageSize)}`
  if (content.createdAt !== undefined && Number.isNaN(content.createdAt.getTime())) return "createdAt is not a date"
  const columns = Math.max(1, content.columns.length)
  const index = content.rows.findIndex((row) => row.cells.length > columns)
  if (index >= 0) return `row ${index + 1} has ${content.rows[index]?.cells.length} cells for ${columns} columns`
  return undefined
}

const reasonOf = (cause: unknown): string =>
  `rendering failed: ${cause instanceof Error ? cause.message : String(cause)}`

/** Ends the document and gathers what pdfkit writes. */
const finish = (doc: PDFKit.PDFDocument): Effect.Effect<Uint8Array, PdfRenderError> =>
  Effect.callback<Uint8Array, PdfRenderError>((resume) => {
    const chunks: Array<Uint8Array> = []
    doc.on("data", (chunk: Uint8Array) => chunks.push(chunk))
    doc.once("end", () => resume(Effect.succeed(Buffer.concat(chunks))))
    doc.once("error", (cause: unknown) => resume(Effect.fail(new PdfRenderError({ reason: reasonOf(cause) }))))
    try {
      doc.end()
    } catch (cause) {
      resume(Effect.fail(new PdfRenderError({ reason: reasonOf(cause) })))
    }
  })

/**
 * The PDF of the document. Use it for an invoice's or quote's download and email attachment; everything shown
 * is the caller's text, so format amounts before calling. Takes a few milliseconds for a 50-line invoice once
 * pdfkit and the fonts are loaded (the first call loads them, about 0.1 s).
 */
export const render = (content: PdfDocument): Effect.Effect<Uint8Array, PdfRenderError> =>
  Effect.gen(function* () {
    const refused = refusal(content)
    if (refused !== undefined) return yield* new PdfRenderError({ reason: refused })
    const createdAt = content.createdAt ?? new Date(yield* Clock.currentTimeMillis)
    const { layOut } = yield* loadLayout
    const doc = yield* Effect.try({
      try: () => layOut(content, createdAt),
      catch: (cause) => new PdfRenderError({ reason: reasonOf(cause) })
    })
    return yield* finish(doc)
  })
