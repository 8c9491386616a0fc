/**
 * Every page's footer: a hairline, the document's footer text on the left (at most three lines; more is cut with
 * an ellipsis, so a runaway footer cannot eat the page) and "Page n of m" on the right. Its height is known before
 * the content is laid out, so content stops above it; it is painted last, on every buffered page, once the number
 * of pages is known.
 */
import * as Rule from "./Rule.ts"
import { Colour, FOOTER_GAP, MARGIN_BOTTOM, Text as Styles } from "./Style.ts"
import * as Text from "./Text.ts"

const MAX_LINES = 3
/** Room kept for the page number, wide enough for "Page 999 of 999". */
const PAGE_NUMBER_WIDTH = 80

/** The footer text's lines, cut to three. */
export const lines = (doc: PDFKit.PDFDocument, text: string, width: number): Array<string> => {
  const all = Text.wrap(doc, Styles.footer, text, width - PAGE_NUMBER_WIDTH - 12)
  if (all.length <= MAX_LINES) return all
  const kept = all.slice(0, MAX_LINES)
  kept[MAX_LINES - 1] = `${Array.from(kept[MAX_LINES - 1] ?? "")
    .slice(0, -1)
    .join("")}…`
  return kept
}

/** How far above the page's bottom edge the content must stop for a footer of `count` lines. */
export const reserve = (count: number): number =>
  MARGIN_BOTTOM + Math.max(1, count) * Text.lineHeight(Styles.footer) + FOOTER_GAP

/** Paints the footer on every page. */
export const paint = (
  doc: PDFKit.PDFDocument,
  frame: { readonly left: number; readonly width: number },
  footer: ReadonlyArray<string>
): void => {
  const { start, count } = doc.bufferedPageRange()
  const pitch = Text.lineHeight(Styles.footer)
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i)
    const top = doc.page.height - MARGIN_BOTTOM - Math.max(1, footer.length) * pitch
    Rule.piece(doc, { x: frame.left, width: frame.width, top: top - 6, colour: Colour.rule, weight: 0.5 }).paint(0)
    footer.forEach((line, n) => {
      Text.paint(doc, Styles.footer, line, { x: frame.left, y: top + n * pitch, boxWidth: frame.width, align: "left" })
    })
    const number = `Page ${i - start + 1} of ${count}`
    Text.paint(doc, Styles.footer, number, { x: frame.left, y: top, boxWidth: frame.width, align: "right" })
  }
}
