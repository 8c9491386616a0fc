/**
 * Horizontal rules: under the table's column headings and above the grand total (accent colour, 1 pt), between
 * table rows (hairline grey) and above the footer.
 */
import type { Piece } from "./Flow.ts"

/** A rule from `x` across `width`, centred on `top` within its block. */
export const piece = (
  doc: PDFKit.PDFDocument,
  line: {
    readonly x: number
    readonly width: number
    readonly top: number
    readonly colour: string
    readonly weight: number
  }
): Piece => ({
  top: line.top - line.weight / 2,
  bottom: line.top + line.weight / 2,
  paint: (y) => {
    doc
      .save()
      .lineWidth(line.weight)
      .strokeColor(line.colour)
      .moveTo(line.x, y + line.top)
      .lineTo(line.x + line.width, y + line.top)
      .stroke()
      .restore()
  }
})
