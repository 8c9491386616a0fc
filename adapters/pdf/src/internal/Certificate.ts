/**
 * The acceptance certificate: a page of its own after the document, headed, with the record as label and value
 * rows (the values wrapped beside their labels), the signature drawn from its vector paths inside a ruled box,
 * and a closing note (where to verify it).
 */
import type { PdfDocument } from "../PdfDocument.ts"
import type { Block, Frame, Piece } from "./Flow.ts"
import { Colour, Text as Styles } from "./Style.ts"
import * as Text from "./Text.ts"

/** Width of the label column. */
const LABEL_WIDTH = 130
/** Space between rows. */
const ROW_GAP = 5
/** The signature box: at most this wide, keeping the drawing's proportions. */
const DRAWING_WIDTH = 300
const DRAWING_PAD = 8

type Content = NonNullable<PdfDocument["certificate"]>

/** The certificate's heading. */
export const heading = (doc: PDFKit.PDFDocument, frame: Frame, content: Content, accent: string): Block => {
  const title = Text.block(
    doc,
    Styles.heading(accent),
    content.heading,
    { x: frame.left, width: frame.width, align: "left" },
    0
  )
  const intro =
    content.intro === undefined
      ? { pieces: [], bottom: title.bottom }
      : Text.block(
          doc,
          Styles.soft,
          content.intro,
          { x: frame.left, width: frame.width, align: "left" },
          title.bottom + 6
        )
  return { pieces: [...title.pieces, ...intro.pieces], height: intro.bottom }
}

/** One label and its wrapped value. */
export const row = (doc: PDFKit.PDFDocument, frame: Frame, label: string, value: string): Block => {
  const left = Text.block(doc, Styles.label, label, { x: frame.left, width: LABEL_WIDTH - 8, align: "left" }, 1)
  const right = Text.block(
    doc,
    Styles.body,
    value === "" ? "-" : value,
    { x: frame.left + LABEL_WIDTH, width: frame.width - LABEL_WIDTH, align: "left" },
    0
  )
  return { pieces: [...left.pieces, ...right.pieces], height: Math.max(left.bottom, right.bottom) + ROW_GAP }
}

/** The drawn signature from its paths, scaled into a ruled box (nothing when there is no drawing). */
export const drawing = (doc: PDFKit.PDFDocument, frame: Frame, content: Content): Block | undefined => {
  const d = content.drawing
  if (d === undefined || d.paths.length === 0 || d.width <= 0 || d.height <= 0) return undefined
  const width = Math.min(DRAWING_WIDTH, frame.width)
  const scale = (width - 2 * DRAWING_PAD) / d.width
  const height = d.height * scale + 2 * DRAWING_PAD
  const piece: Piece = {
    top: 0,
    bottom: height,
    paint: (y) => {
      doc.save()
      doc.lineWidth(0.75).strokeColor(Colour.rule).rect(frame.left, y, width, height).stroke()
      doc.translate(frame.left + DRAWING_PAD, y + DRAWING_PAD).scale(scale)
      doc.translate(-d.x, -d.y)
      for (const path of d.paths) {
        if (path.fill === true) doc.path(path.d).fillColor(Colour.text).fill()
        else
          doc
            .path(path.d)
            .lineWidth(path.width ?? 2)
            .lineCap("round")
            .lineJoin("round")
            .strokeColor(Colour.text)
            .stroke()
      }
      doc.restore()
    }
  }
  return { pieces: [piece], height: height + ROW_GAP }
}

/** The closing note. */
export const note = (doc: PDFKit.PDFDocument, frame: Frame, text: string): Block => {
  const block = Text.block(doc, Styles.detail, text, { x: frame.left, width: frame.width, align: "left" }, 0)
  return { pieces: block.pieces, height: block.bottom }
}
