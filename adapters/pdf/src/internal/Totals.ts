/**
 * The totals block at the right under the table: label on the left of the block, value right-aligned at the page
 * margin. A strong line (the grand total) is bold and larger, under an accent rule.
 */
import type { Total } from "../PdfDocument.ts"
import type { Block, Frame, Piece } from "./Flow.ts"
import * as Rule from "./Rule.ts"
import { Text as Styles } from "./Style.ts"
import * as Text from "./Text.ts"

const GAP = 24
const STRONG_SPACE = 7

const styleOf = (total: Total) => (total.strong === true ? Styles.strongTotal : Styles.body)

/** The totals, as one block the width of the page (the lines sit at its right). */
export const block = (doc: PDFKit.PDFDocument, frame: Frame, totals: ReadonlyArray<Total>, accent: string): Block => {
  const labels = Math.max(0, ...totals.map((t) => Text.width(doc, styleOf(t), t.label)))
  const values = Math.min(
    frame.width * 0.5,
    Math.max(0, ...totals.map((t) => Text.width(doc, styleOf(t), t.value))) + 1
  )
  const width = Math.min(frame.width, Math.max(frame.width * 0.42, labels + GAP + values + 1))
  const x = frame.left + frame.width - width
  const labelBox: Text.Box = { x, width: width - values - GAP, align: "left" }
  const valueBox: Text.Box = { x: x + width - values, width: values, align: "right" }
  const pieces: Array<Piece> = []
  let y = 0
  for (const total of totals) {
    if (total.strong === true) {
      pieces.push(Rule.piece(doc, { x, width, top: y + 2, colour: accent, weight: 1 }))
      y += STRONG_SPACE
    }
    const label = Text.block(doc, styleOf(total), total.label, labelBox, y)
    const value = Text.block(doc, styleOf(total), total.value, valueBox, y)
    pieces.push(...label.pieces, ...value.pieces)
    y = Math.max(label.bottom, value.bottom) + 3
  }
  return { pieces, height: y }
}
