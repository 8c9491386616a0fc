/**
 * The document laid out on pdfkit pages: the order of its parts and the space between them. `PdfRenderer` loads
 * this module on its first render, so pdfkit, fontkit and pngjs (about 0.1 s of loading) stay off the server's
 * start, which renders nothing.
 */
import PDFDocument from "pdfkit"
import type { PdfDocument } from "../PdfDocument.ts"
import * as Certificate from "./Certificate.ts"
import * as Flow from "./Flow.ts"
import * as Fonts from "./Fonts.ts"
import * as Footer from "./Footer.ts"
import * as Header from "./Header.ts"
import * as Notes from "./Notes.ts"
import * as Style from "./Style.ts"
import * as Table from "./Table.ts"
import * as Totals from "./Totals.ts"

/** Space above the table and the signature. */
const SECTION_GAP = 24
/** Space above the totals and each note. */
const NOTE_GAP = 14

/** Lays the whole document out on pdfkit pages (not yet ended); throws what pdfkit throws. */
export const layOut = (content: PdfDocument, createdAt: Date): PDFKit.PDFDocument => {
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
