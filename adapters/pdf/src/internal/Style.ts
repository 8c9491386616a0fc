/**
 * The look of every PDF in one place: page geometry, type sizes and colours. Sizes are PDF points (1/72 inch).
 */
import type { PageSize } from "../PdfDocument.ts"

/** pdfkit's names for the two page sizes; they give exactly 595.28 × 841.89 and 612 × 792 points. */
export const pdfkitSize: Record<PageSize, string> = { A4: "A4", Letter: "LETTER" }

/** White space around the content, left and right. */
export const MARGIN_X = 48
/** From the top edge to the first line of every page. */
export const MARGIN_TOP = 48
/** From the bottom edge to the last footer line. */
export const MARGIN_BOTTOM = 30
/** Between the content's last line and the footer rule. */
export const FOOTER_GAP = 18

/** The two embedded faces (see `Fonts`). */
export type FontName = "Regular" | "Bold"

/** How a run of text looks. */
export interface TextStyle {
  readonly font: FontName
  readonly size: number
  readonly colour: string
}

/** Line pitch as a multiple of the type size. */
export const LEADING = 1.32

/** The greys: body text, secondary text (addresses, labels, details), the faintest (muted rows, footer), rules. */
export const Colour = {
  text: "#1f2328",
  soft: "#57606a",
  faint: "#9198a1",
  rule: "#d8dee4"
} as const

/** The accent when the document's is no `#rrggbb` colour. */
export const DEFAULT_ACCENT = "#1f2328"

/** The document's accent when it is a `#rrggbb` colour, else the default. */
export const accent = (colour: string): string => (/^#[0-9a-fA-F]{6}$/.test(colour) ? colour : DEFAULT_ACCENT)

/** Every text style, by where it is used. */
export const Text = {
  heading: (colour: string): TextStyle => ({ font: "Bold", size: 22, colour }),
  businessName: { font: "Bold", size: 12, colour: Colour.text },
  label: { font: "Regular", size: 8, colour: Colour.soft },
  body: { font: "Regular", size: 9.5, colour: Colour.text },
  bodyBold: { font: "Bold", size: 9.5, colour: Colour.text },
  soft: { font: "Regular", size: 9, colour: Colour.soft },
  detail: { font: "Regular", size: 8.5, colour: Colour.soft },
  columnHeading: { font: "Bold", size: 8.5, colour: Colour.soft },
  sectionHeading: { font: "Bold", size: 10.5, colour: Colour.text },
  strongTotal: { font: "Bold", size: 11, colour: Colour.text },
  footer: { font: "Regular", size: 7.5, colour: Colour.faint }
} satisfies Record<string, TextStyle | ((colour: string) => TextStyle)>

/** The same style greyed, for a credited (muted) row. */
export const muted = (style: TextStyle): TextStyle => ({ ...style, colour: Colour.faint })
