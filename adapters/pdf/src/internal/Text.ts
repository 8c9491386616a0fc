/**
 * Measuring, wrapping and painting text. Every line is placed by this package (pdfkit's own wrapping and page
 * breaking are never used: `lineBreak: false`), so where a page ends is decided in one place (`Flow`) and a line
 * is never split by a page break.
 *
 * Wrapping breaks at spaces and keeps the caller's line breaks; a word wider than the line (a long URL, an
 * account number) is cut between characters, so no text runs off the page.
 */
import type { Piece } from "./Flow.ts"
import { LEADING, type TextStyle } from "./Style.ts"

const graphemes = new Intl.Segmenter("en", { granularity: "grapheme" })

// Control characters have no glyph: tabs become spaces, the rest are dropped (line breaks are handled first).
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/g

/** Sets the document's current font and size to the style's. */
const use = (doc: PDFKit.PDFDocument, style: TextStyle): PDFKit.PDFDocument => doc.font(style.font).fontSize(style.size)

/** The width of one line of text in the style. */
export const width = (doc: PDFKit.PDFDocument, style: TextStyle, text: string): number =>
  use(doc, style).widthOfString(text)

/** The distance from one line's top to the next line's top. */
export const lineHeight = (style: TextStyle): number => style.size * LEADING

/** A word too wide for a line, cut into lines that fit (each found by bisection, at least one character). */
const cut = (word: string, fits: (line: string) => boolean): Array<string> => {
  const chars = Array.from(graphemes.segment(word), (g) => g.segment)
  const lines: Array<string> = []
  let start = 0
  while (start < chars.length) {
    let low = 1
    let high = chars.length - start
    while (low < high) {
      const mid = Math.ceil((low + high) / 2)
      if (fits(chars.slice(start, start + mid).join(""))) low = mid
      else high = mid - 1
    }
    lines.push(chars.slice(start, start + low).join(""))
    start += low
  }
  return lines
}

/**
 * The text's lines at most `maxWidth` wide (at least one line, perhaps empty). A line's width is summed word by
 * word, exactly as pdfkit measures it (it shapes text in runs that end after each space), so each word is measured
 * once rather than each candidate line again.
 */
export const wrap = (doc: PDFKit.PDFDocument, style: TextStyle, text: string, maxWidth: number): Array<string> => {
  use(doc, style)
  const measure = (run: string) => doc.widthOfString(run)
  const fits = (run: string) => measure(run) <= maxWidth
  const lines: Array<string> = []
  for (const paragraph of text.split(/\r\n|\r|\n/)) {
    let line = ""
    // The line's width with a space after it: where the next word would start.
    let spaced = 0
    for (const word of paragraph.replace(/\t/g, " ").replace(CONTROL, "").split(" ")) {
      if (word === "") continue
      const wordWidth = measure(word)
      if (line !== "" && spaced + wordWidth <= maxWidth) {
        line = `${line} ${word}`
        spaced += measure(`${word} `)
        continue
      }
      if (line !== "") lines.push(line)
      if (wordWidth <= maxWidth) {
        line = word
        spaced = measure(`${word} `)
        continue
      }
      const pieces = cut(word, fits)
      lines.push(...pieces.slice(0, -1))
      line = pieces[pieces.length - 1] ?? ""
      spaced = measure(`${line} `)
    }
    lines.push(line)
  }
  return lines
}

/** Where a line sits in its box. */
export type Align = "left" | "right"

/**
 * Paints one line with its top at `y`, in a box from `x` that is `boxWidth` wide; `strike` draws a line through
 * it (a credited row).
 */
export const paint = (
  doc: PDFKit.PDFDocument,
  style: TextStyle,
  line: string,
  at: {
    readonly x: number
    readonly y: number
    readonly boxWidth: number
    readonly align: Align
    readonly strike?: boolean
  }
): void => {
  if (line === "") return
  const w = width(doc, style, line)
  const x = at.align === "right" ? at.x + at.boxWidth - w : at.x
  doc.fillColor(style.colour).text(line, x, at.y, { lineBreak: false })
  if (at.strike === true) {
    const y = at.y + style.size * 0.62
    doc
      .save()
      .lineWidth(0.6)
      .strokeColor(style.colour)
      .moveTo(x, y)
      .lineTo(x + w, y)
      .stroke()
      .restore()
  }
}

/** A box text is set in: left edge, width, alignment. */
export interface Box {
  readonly x: number
  readonly width: number
  readonly align: Align
}

/**
 * The text wrapped into the box as one piece per line, the first line's top at `top`; `bottom` is below the last
 * line. `strike` for a credited row.
 */
export const block = (
  doc: PDFKit.PDFDocument,
  style: TextStyle,
  text: string,
  box: Box,
  top: number,
  strike = false
): { readonly pieces: Array<Piece>; readonly bottom: number } => {
  const pitch = lineHeight(style)
  const pieces = wrap(doc, style, text, box.width).map((line, i): Piece => {
    const lineTop = top + i * pitch
    return {
      top: lineTop,
      bottom: lineTop + pitch,
      paint: (y) => paint(doc, style, line, { x: box.x, y: y + lineTop, boxWidth: box.width, align: box.align, strike })
    }
  })
  return { pieces, bottom: top + pieces.length * pitch }
}
