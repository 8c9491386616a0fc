/**
 * Renders a `PdfDocument` (an invoice, credit note or quote, all text pre-formatted by the caller) to PDF bytes,
 * on the server, in memory: pdfkit writes the PDF, Inter is embedded as a subset (`internal/Fonts`), and every
 * line is placed by this package, so page breaks are decided in one place (`internal/Flow`).
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
import PDFDocument from "pdfkit"
import * as Certificate from "./internal/Certificate.ts"
import * as Flow from "./internal/Flow.ts"
import * as Fonts from "./internal/Fonts.ts"
import * as Footer from "./internal/Footer.ts"
import * as Header from "./internal/Header.ts"
import * as Notes from "./internal/Notes.ts"
import * as Style from "./internal/Style.ts"
import * as Table from "./internal/Table.ts"
import * as Totals from "./internal/Totals.ts"
import type { PdfDocument } from "./PdfDocument.ts"

/** The document could not be rendered; `reason` says why, for the log. */
export class PdfRenderError extends Schema.TaggedError<PdfRenderError>()("PdfRenderError", {
  reason: Schema.String
}) {}

/** Space above the table and the signature. */
const SECTION_GAP = 24
/** Space above the totals and each note. */
const NOTE_GAP = 14

/** Why the document cannot be drawn as given, if it cannot. */
const refusal = (content: PdfDocument): string | undefined => {
  if (!Object.hasOwn(Style.pdfkitSize, content.pageSize)) return `unknown page size ${String(content.pageSize)}`
  if (content.createdAt !== undefined && Number.isNaN(content.createdAt.getTime())) return "createdAt is not a date"
  const columns = Math.max(1, content.columns.length)
  const index = content.rows.findIndex((row) => row.cells.length > columns)
  if (index >= 0) return `row ${index + 1} has ${content.rows[index]?.cells.length} cells for ${columns} columns`
  return undefined
}

/** Lays the whole document out on pdfkit pages (not yet ended). */
const layOut = (content: PdfDocument, createdAt: Date): PDFKit.PDFDocument => {
  const doc = new PDFDocument({
    size: Style.pdfkitSize[content.pageSize],
    margin: 0,
    bufferPages: true,
    // No standard font (pdfkit would load Helvetica): every text is set in the embedded Inter.
    font: "",
    displayTitle: true,
    info: {
      Title: content.title,
      Author: content.author,
      Creator: "quotekit",
      Producer: "quotekit (PDFKit)",
      CreationDate: createdAt
    }
  })
  Fonts.register(doc)
  const accent = Style.accent(content.accent)
  const width = doc.page.width - 2 * Style.MARGIN_X
  const footer = Footer.lines(doc, content.footer, width)
  const frame: Flow.Frame = {
    left: Style.MARGIN_X,
    width,
    top: Style.MARGIN_TOP,
    bottom: doc.page.height - Footer.reserve(footer.length)
  }
  const flow = Flow.make(doc, frame)
  Flow.place(flow, Header.top(doc, frame, content, accent))
  Flow.skip(flow, Header.BAND_GAP)
  Flow.place(flow, Header.parties(doc, frame, content))
  if (content.columns.length > 0 || content.rows.length > 0) {
    Flow.skip(flow, SECTION_GAP)
    const layout = Table.boxes(doc, frame, content.columns, content.rows)
    const rows = content.rows.map((row) => () => Table.row(doc, frame, layout, row))
    const first = rows[0]?.()
    if (content.columns.length > 0)
      Flow.startHead(flow, Table.head(doc, frame, layout, content.columns, accent), first?.height ?? 0)
    if (first !== undefined) Flow.place(flow, first)
    for (const row of rows.slice(1)) Flow.place(flow, row())
    Flow.endHead(flow)
  }
  if (content.totals.length > 0) {
    Flow.skip(flow, NOTE_GAP)
    Flow.place(flow, Totals.block(doc, frame, content.totals, accent))
  }
  for (const note of content.notes) {
    Flow.skip(flow, NOTE_GAP)
    Flow.place(flow, Notes.note(doc, frame, note))
  }
  if (content.signature !== undefined) {
    Flow.skip(flow, SECTION_GAP)
    Flow.place(flow, Notes.signature(doc, frame, content.signature))
  }
  if (content.certificate !== undefined) {
    const certificate = content.certificate
    Flow.newPage(flow)
    Flow.place(flow, Certificate.heading(doc, frame, certificate, accent))
    Flow.skip(flow, SECTION_GAP)
    const drawing = Certificate.drawing(doc, frame, certificate)
    let drawn = drawing === undefined
    for (const fact of certificate.facts) {
      Flow.place(flow, Certificate.row(doc, frame, fact.label, fact.value))
      if (!drawn && fact.label === certificate.drawingAfter && drawing !== undefined) {
        Flow.place(flow, drawing)
        drawn = true
      }
    }
    if (!drawn && drawing !== undefined) Flow.place(flow, drawing)
    Flow.skip(flow, NOTE_GAP)
    Flow.place(flow, Certificate.note(doc, frame, certificate.note))
  }
  Footer.paint(doc, frame, footer)
  return doc
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
 * is the caller's text, so format amounts before calling. Takes a few milliseconds for a 50-line invoice once the
 * fonts are loaded (the first call reads them, about 50 ms).
 */
export const render = (content: PdfDocument): Effect.Effect<Uint8Array, PdfRenderError> =>
  Effect.gen(function* () {
    const refused = refusal(content)
    if (refused !== undefined) return yield* new PdfRenderError({ reason: refused })
    const createdAt = content.createdAt ?? new Date(yield* Clock.currentTimeMillis)
    const doc = yield* Effect.try({
      try: () => layOut(content, createdAt),
      catch: (cause) => new PdfRenderError({ reason: reasonOf(cause) })
    })
    return yield* finish(doc)
  })
