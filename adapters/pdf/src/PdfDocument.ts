/**
 * What a PDF invoice or quote shows, as text that is already formatted: the caller formats money, quantities and
 * dates with its own exact decimal code, so the PDF shows exactly what the screen shows and this package never
 * does arithmetic. `PdfRenderer.render` lays it out.
 *
 * @example
 * import type { PdfDocument } from "@quotekit/pdf/PdfDocument"
 * const doc: PdfDocument = {
 *   pageSize: "A4", heading: "Tax Invoice", accent: "#0f766e",
 *   business: { name: "Harbour Decks Ltd", lines: ["12 Wharf Rd", "Nelson 7010"] },
 *   recipient: { label: "Bill to", name: "Zoë Kowalska", lines: ["ul. Piotrkowska 1", "Łódź"] },
 *   facts: [{ label: "Invoice number", value: "INV-0042" }],
 *   columns: ["Description", "Qty", "Unit price", "Amount"],
 *   rows: [{ cells: ["Deck boards", "12", "€ 45.00", "€ 540.00"], detail: "Treated pine, 140 × 32" }],
 *   totals: [{ label: "Total", value: "€ 540.00", strong: true }],
 *   notes: [{ title: "Payment terms", text: "Due within 14 days." }],
 *   footer: "Harbour Decks Ltd · GST 123-456-789", title: "Invoice INV-0042", author: "Harbour Decks Ltd"
 * }
 *
 * @since 0.1.0
 */

/** The paper: ISO A4 (595.28 × 841.89 pt) or US Letter (612 × 792 pt). */
export type PageSize = "A4" | "Letter"

/** A label and its value, e.g. `{ label: "Due", value: "15 March 2026" }`: the facts at the top right. */
export interface Fact {
  readonly label: string
  readonly value: string
}

/** One row of the lines table. */
export interface Row {
  /** One cell per column; the first cell is the title (bold). A row may have fewer cells than columns (blanks). */
  readonly cells: ReadonlyArray<string>
  /** Optional wrapped detail text under the title (item description, "30% of 2 × Deck boards", a subscription term). */
  readonly detail?: string
  /** Rendered as a full-width section heading row instead of a line (text rows, subscription group headings). */
  readonly heading?: boolean
  /** Greyed / struck-through look for a credited line. */
  readonly muted?: boolean
}

/** One line of the totals block: Subtotal, Discount, GST 15%, Total, Paid, Amount due... */
export interface Total {
  readonly label: string
  readonly value: string
  /** The grand total: bold, larger, under an accent rule. */
  readonly strong?: boolean
}

/** A paragraph after the totals: payment terms, notes, the acceptance record (signed by, date, IP). */
export interface Note {
  readonly title?: string
  /** Wrapped to the page width; line breaks (`\n`) are kept. */
  readonly text: string
}

/**
 * Everything one PDF shows. Every string is shown as given (no upper-casing, no number formatting); any text in
 * Latin, Greek or Cyrillic script renders, with the Inter font embedded (only the glyphs used).
 */
export interface PdfDocument {
  readonly pageSize: PageSize
  /** Big heading, e.g. "Tax Invoice", "Credit Note", "Deposit Invoice", "Quote". */
  readonly heading: string
  /** Accent colour for the heading, table header rule and totals rule: "#rrggbb" (anything else: dark grey). */
  readonly accent: string
  readonly business: {
    readonly name: string
    readonly lines: ReadonlyArray<string>
    /**
     * PNG or JPEG bytes; shown at most 150 × 56 pt (or as `logo` says). Unreadable bytes leave the logo out (the
     * PDF still renders).
     */
    readonly logo?: Uint8Array
  }
  /**
   * Where the logo sits and how tall it may be (points, 16 to 96): at the left above the business name (the
   * default), or centred or at the right across the top, the heading moving under it.
   */
  readonly logo?: { readonly position?: "left" | "centre" | "right"; readonly height?: number }
  readonly recipient: {
    /** "Bill to" / "Prepared for". */
    readonly label: string
    readonly name: string
    readonly lines: ReadonlyArray<string>
  }
  /** Label/value pairs at the top right: Invoice number, Issued, Due, Quote, Reference... */
  readonly facts: ReadonlyArray<Fact>
  /**
   * Table column headings, e.g. ["Description", "Qty", "Unit price", "Tax", "Amount"]; the first column is the wide
   * text column, the others are right-aligned numbers. Repeated at the top of every page the table runs onto.
   */
  readonly columns: ReadonlyArray<string>
  readonly rows: ReadonlyArray<Row>
  /** Right-aligned totals block; `strong` for the grand total. */
  readonly totals: ReadonlyArray<Total>
  /** Paragraphs after the totals. */
  readonly notes: ReadonlyArray<Note>
  /** Optional image block for a drawn signature (PNG bytes) with a caption. */
  readonly signature?: { readonly image?: Uint8Array; readonly caption: string }
  /**
   * An acceptance certificate on a page of its own at the end: a heading, an introduction, the record as label
   * and value rows, the signature drawn from vector paths (SVG path data in the drawing's own units, `x`/`y`/
   * `width`/`height` being the part of that area to show), and a closing note.
   */
  readonly certificate?: {
    readonly heading: string
    readonly intro?: string
    readonly facts: ReadonlyArray<Fact>
    readonly drawing?: {
      readonly x: number
      readonly y: number
      readonly width: number
      readonly height: number
      readonly paths: ReadonlyArray<{ readonly d: string; readonly width?: number; readonly fill?: boolean }>
    }
    /** Where the drawing goes among the rows: after the fact with this label (at the end when absent). */
    readonly drawingAfter?: string
    readonly note: string
  }
  /** Small text in every page's footer, left (up to three lines); the right of the footer shows "Page n of m". */
  readonly footer: string
  /** PDF metadata: the title a viewer shows. */
  readonly title: string
  /** PDF metadata: the author, usually the business name. */
  readonly author: string
  /** The PDF's creation date; the current time (Effect's `Clock`) when absent. Same document and date, same bytes. */
  readonly createdAt?: Date
}
