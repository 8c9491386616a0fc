/**
 * What follows the totals: the notes (payment terms, notes, the acceptance record), each a bold title over
 * wrapped text across the page, then the drawn signature with its caption.
 */
import type { Note, PdfDocument } from "../PdfDocument.ts"
import type { Block, Frame, Piece } from "./Flow.ts"
import * as Images from "./Images.ts"
import { Text as Styles } from "./Style.ts"
import * as Text from "./Text.ts"

const SIGNATURE_WIDTH = 200
const SIGNATURE_HEIGHT = 70

/** One note: its title (if any) and text. */
export const note = (doc: PDFKit.PDFDocument, frame: Frame, content: Note): Block => {
  const box: Text.Box = { x: frame.left, width: frame.width, align: "left" }
  const pieces: Array<Piece> = []
  let y = 0
  if (content.title !== undefined && content.title !== "") {
    const title = Text.block(doc, Styles.bodyBold, content.title, box, 0)
    pieces.push(...title.pieces)
    y = title.bottom + 1
  }
  const text = Text.block(doc, Styles.soft, content.text, box, y)
  pieces.push(...text.pieces)
  return { pieces, height: text.bottom }
}

/** The signature image (left out when unreadable) over its caption. */
export const signature = (
  doc: PDFKit.PDFDocument,
  frame: Frame,
  content: NonNullable<PdfDocument["signature"]>
): Block => {
  const pieces: Array<Piece> = []
  let y = 0
  const image = content.image === undefined ? undefined : Images.embeddable(doc, content.image)
  if (image !== undefined) {
    const size = Images.fit(image, Math.min(SIGNATURE_WIDTH, frame.width), SIGNATURE_HEIGHT)
    pieces.push({
      top: 0,
      bottom: size.height,
      paint: (at) => void doc.image(image.bytes, frame.left, at, { fit: [size.width, size.height] })
    })
    y = size.height + 4
  }
  const caption = Text.block(
    doc,
    Styles.detail,
    content.caption,
    { x: frame.left, width: frame.width, align: "left" },
    y
  )
  pieces.push(...caption.pieces)
  return { pieces, height: caption.bottom }
}
