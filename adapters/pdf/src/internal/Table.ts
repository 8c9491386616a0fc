/**
 * The lines table. The first column is the wide text column (bold title, grey detail under it); the others are
 * right-aligned figures, each as wide as its widest cell (at most 22% of the page), the first column taking the
 * rest but never less than 38% (figures wrap rather than squeeze it further). The column headings sit above an
 * accent rule and are repeated at the top of every page the table runs onto (`Flow`'s running head).
 *
 * A heading row is a section title across the table (a text row, a subscription group); a muted row (a credited
 * line) is grey with its title and figures struck through.
 */
import type { Row } from "../PdfDocument.ts"
import type { Block, Frame, Piece } from "./Flow.ts"
import * as Rule from "./Rule.ts"
import { Colour, muted, Text as Styles, type TextStyle } from "./Style.ts"
import * as Text from "./Text.ts"

const GAP = 14
const PAD = 6
const HEADING_PAD = 12

/** How a row's figures look (before greying): bold in a heading row. */
const figureStyle = (row: Row): TextStyle => (row.heading === true ? Styles.bodyBold : Styles.body)

/** Where each column is: one box per column heading. */
export const boxes = (
  doc: PDFKit.PDFDocument,
  frame: Frame,
  columns: ReadonlyArray<string>,
  rows: ReadonlyArray<Row>
): Array<Text.Box> => {
  const widest = (column: number): number =>
    rows.reduce(
      (most, row) => Math.max(most, Text.width(doc, figureStyle(row), row.cells[column] ?? "")),
      Text.width(doc, Styles.columnHeading, columns[column] ?? "")
    )
  const figures = columns.slice(1).map((_, i) => Math.min(frame.width * 0.22, widest(i + 1) + 1))
  const gaps = GAP * figures.length
  const natural = figures.reduce((a, b) => a + b, 0)
  const room = frame.width * 0.62 - gaps
  const widths = natural > room ? figures.map((w) => (w * room) / natural) : figures
  const first = frame.width - gaps - widths.reduce((a, b) => a + b, 0)
  const result: Array<Text.Box> = [{ x: frame.left, width: first, align: "left" }]
  let x = frame.left + first
  for (const w of widths) {
    result.push({ x: x + GAP, width: w, align: "right" })
    x += GAP + w
  }
  return result
}

const across = (frame: Frame, top: number, colour: string, weight: number, doc: PDFKit.PDFDocument): Piece =>
  Rule.piece(doc, { x: frame.left, width: frame.width, top, colour, weight })

/** The column headings over an accent rule: the table's running head. */
export const head = (
  doc: PDFKit.PDFDocument,
  frame: Frame,
  layout: ReadonlyArray<Text.Box>,
  columns: ReadonlyArray<string>,
  accent: string
): Block => {
  const pieces: Array<Piece> = []
  let bottom = 0
  layout.forEach((box, i) => {
    const set = Text.block(doc, Styles.columnHeading, columns[i] ?? "", box, 0)
    pieces.push(...set.pieces)
    bottom = Math.max(bottom, set.bottom)
  })
  pieces.push(across(frame, bottom + 3, accent, 1, doc))
  return { pieces, height: bottom + 4 }
}

/** One row: its cells, the detail under the title, and a hairline under it all (none under a heading row). */
export const row = (doc: PDFKit.PDFDocument, frame: Frame, layout: ReadonlyArray<Text.Box>, row: Row): Block => {
  const heading = row.heading === true
  const strike = row.muted === true
  const look = (style: TextStyle) => (strike ? muted(style) : style)
  const top = heading ? HEADING_PAD : PAD
  const figures = row.cells.slice(1).some((cell) => cell !== "")
  const titleBox: Text.Box = heading && !figures ? { x: frame.left, width: frame.width, align: "left" } : layout[0]!
  const titleStyle = look(heading ? Styles.sectionHeading : Styles.bodyBold)
  const title = Text.block(doc, titleStyle, row.cells[0] ?? "", titleBox, top, strike)
  const pieces = [...title.pieces]
  let bottom = title.bottom
  if (row.detail !== undefined && row.detail !== "") {
    const detail = Text.block(doc, look(Styles.detail), row.detail, titleBox, title.bottom + 1)
    pieces.push(...detail.pieces)
    bottom = detail.bottom
  }
  layout.slice(1).forEach((box, i) => {
    const cell = row.cells[i + 1] ?? ""
    if (cell === "") return
    const set = Text.block(doc, look(figureStyle(row)), cell, box, top, strike)
    pieces.push(...set.pieces)
    bottom = Math.max(bottom, set.bottom)
  })
  if (heading) return { pieces, height: bottom + 2 }
  pieces.push(across(frame, bottom + PAD - 0.25, Colour.rule, 0.5, doc))
  return { pieces, height: bottom + PAD }
}
