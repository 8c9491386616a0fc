/**
 * The top of the first page, in two bands. Above: the business (logo, name, address lines) on the left and the
 * heading ("Tax Invoice") in the accent colour on the right. Below: the recipient on the left and the facts
 * (number, dates, reference) on the right, labels in grey and values right-aligned.
 */
import type { PdfDocument } from "../PdfDocument.ts"
import type { Block, Frame, Piece } from "./Flow.ts"
import * as Images from "./Images.ts"
import { Text as Styles, type TextStyle } from "./Style.ts"
import * as Text from "./Text.ts"

const LOGO_WIDTH = 150
const LOGO_HEIGHT = 56
/** The tallest a logo may be asked to be (`PdfDocument.logo.height`). */
const LOGO_MAX_HEIGHT = 96
/** Between the two bands. */
export const BAND_GAP = 22

interface Column {
  readonly x: number
  readonly width: number
}

/** Wraps a list of text runs one under another in a column. */
const stack = (
  doc: PDFKit.PDFDocument,
  column: Column,
  top: number,
  runs: ReadonlyArray<readonly [TextStyle, string]>
): { readonly pieces: Array<Piece>; readonly bottom: number } => {
  const pieces: Array<Piece> = []
  let bottom = top
  for (const [style, text] of runs) {
    const set = Text.block(doc, style, text, { ...column, align: "left" }, bottom)
    pieces.push(...set.pieces)
    bottom = set.bottom
  }
  return { pieces, bottom }
}

const columns = (frame: Frame): { readonly left: Column; readonly right: Column } => ({
  left: { x: frame.left, width: frame.width * 0.52 },
  right: { x: frame.left + frame.width * 0.56, width: frame.width * 0.44 }
})

/** The business and the heading. */
export const top = (doc: PDFKit.PDFDocument, frame: Frame, content: PdfDocument, accent: string): Block => {
  const { left, right } = columns(frame)
  const pieces: Array<Piece> = []
  let y = 0
  let headingTop = 0
  const logo = content.business.logo === undefined ? undefined : Images.embeddable(doc, content.business.logo)
  if (logo !== undefined) {
    const position = content.logo?.position ?? "left"
    const height = Math.max(16, Math.min(LOGO_MAX_HEIGHT, content.logo?.height ?? LOGO_HEIGHT))
    const widest = position === "left" ? Math.min(LOGO_WIDTH, left.width) : Math.min(LOGO_WIDTH * 1.6, frame.width)
    const size = Images.fit(logo, widest, height)
    const x =
      position === "left"
        ? left.x
        : position === "centre"
          ? frame.left + (frame.width - size.width) / 2
          : frame.left + frame.width - size.width
    pieces.push({
      top: 0,
      bottom: size.height,
      paint: (at) => void doc.image(logo.bytes, x, at, { fit: [size.width, size.height] })
    })
    y = size.height + 10
    // A logo across the top or at the right moves the heading down under it.
    if (position !== "left") headingTop = y
  }
  const business = stack(doc, left, y, [
    [Styles.businessName, content.business.name],
    ...content.business.lines.map((line) => [Styles.soft, line] as const)
  ])
  const heading = Text.block(doc, Styles.heading(accent), content.heading, { ...right, align: "right" }, headingTop)
  pieces.push(...business.pieces, ...heading.pieces)
  return { pieces, height: Math.max(business.bottom, heading.bottom) }
}

/** The recipient and the facts. */
export const parties = (doc: PDFKit.PDFDocument, frame: Frame, content: PdfDocument): Block => {
  const { left, right } = columns(frame)
  const recipient = stack(doc, left, 0, [
    [Styles.label, content.recipient.label],
    [Styles.bodyBold, content.recipient.name],
    ...content.recipient.lines.map((line) => [Styles.body, line] as const)
  ])
  const pieces = [...recipient.pieces]
  const labelWidth = Math.min(
    right.width * 0.5,
    Math.max(0, ...content.facts.map((f) => Text.width(doc, Styles.soft, f.label))) + 1
  )
  const valueBox: Text.Box = { x: right.x + labelWidth + 12, width: right.width - labelWidth - 12, align: "right" }
  let y = 0
  for (const fact of content.facts) {
    const label = Text.block(doc, Styles.soft, fact.label, { x: right.x, width: labelWidth, align: "left" }, y)
    const value = Text.block(doc, Styles.body, fact.value, valueBox, y)
    pieces.push(...label.pieces, ...value.pieces)
    y = Math.max(label.bottom, value.bottom) + 2
  }
  return { pieces, height: Math.max(recipient.bottom, y) }
}
