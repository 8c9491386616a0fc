/**
 * Sample documents: a realistic invoice of any length, with a logo and a signature drawn here as PNGs. For the
 * tests and benchmarks of this package, and for showing a business how its accent colour and logo look before it
 * sends a real invoice.
 *
 * @example
 * import * as PdfSample from "@quotekit/pdf/PdfSample"
 * const bytes = yield* PdfRenderer.render(PdfSample.invoice({ lines: 50, logo: myLogo, accent: "#b91c1c" }))
 *
 * @since 0.1.0
 */
import { crc32, deflateSync } from "node:zlib"
import type { PageSize, PdfDocument, Row } from "./PdfDocument.ts"

const chunk = (type: string, data: Buffer): Buffer => {
  const body = Buffer.concat([Buffer.from(type, "latin1"), data])
  const out = Buffer.alloc(body.length + 8)
  out.writeUInt32BE(data.length, 0)
  body.copy(out, 4)
  out.writeUInt32BE(crc32(body), body.length + 4)
  return out
}

/**
 * An 8-bit RGBA PNG of `width` × `height` pixels coloured by `pixel` (red, green, blue, alpha; 0-255 each).
 * Use it for a stand-in logo or signature.
 */
export const png = (
  width: number,
  height: number,
  pixel: (x: number, y: number) => readonly [number, number, number, number]
): Uint8Array => {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header[8] = 8 // bits per channel
  header[9] = 6 // RGBA; compression, filter and interlace stay 0
  const stride = width * 4 + 1
  const raw = Buffer.alloc(stride * height) // every row starts with filter type 0 (none)
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) raw.set(pixel(x, y), y * stride + 1 + x * 4)
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0))
  ])
}

/** A 320 × 96 stand-in logo: a teal rounded badge with three white bars, on a transparent background. */
export const logo = (): Uint8Array =>
  png(320, 96, (x, y) => {
    const inBadge = Math.hypot(Math.max(0, Math.abs(x - 48) - 28), Math.max(0, Math.abs(y - 48) - 28)) < 16
    const bar = x > 110 && x < 300 && [24, 44, 64].some((top) => y >= top && y < top + 10) && x < 300 - (y % 3) * 30
    if (inBadge) return x > 36 && x < 60 && y > 20 && y < 76 ? [255, 255, 255, 255] : [15, 118, 110, 255]
    return bar ? [31, 35, 40, 255] : [255, 255, 255, 0]
  })

/** A 300 × 90 stand-in for a drawn signature: a dark wave on a transparent background. */
export const signature = (): Uint8Array =>
  png(300, 90, (x, y) => {
    const ink = Math.abs(y - (45 + 25 * Math.sin(x / 17) * Math.cos(x / 53))) < 2
    return ink ? [20, 24, 60, 255] : [0, 0, 0, 0]
  })

const ITEMS = [
  ["Deck boards, treated pine 140 × 32", "Kiln-dried, H3.2 treated; cut to length on site."],
  ["Joists 190 × 45", "Including galvanised joist hangers and fixings."],
  ["Stainless screws (box of 500)", ""],
  ["Labour — framing", "Two carpenters; priced per hour."],
  ["Balustrade, glass panels", "12 mm toughened glass with brushed aluminium posts. Façade colour to match."],
  ["Site clean-up and disposal", "Old decking removed and taken to the recycling centre in Łódź."],
  ["Stain and seal, two coats", "Café brown, ñ-series low-VOC oil."]
] as const

const money = (cents: number): string =>
  `€ ${Math.floor(cents / 100).toLocaleString("en-NZ")}.${String(cents % 100).padStart(2, "0")}`

/** The table rows of a sample invoice: a section heading every 12 rows, one credited line in ten. */
const rows = (count: number): Array<Row> =>
  Array.from({ length: count }, (_, i): Row => {
    if (i % 12 === 0) return { cells: [`Stage ${i / 12 + 1} — ${i === 0 ? "materials" : "works"}`], heading: true }
    const [title, detail] = ITEMS[i % ITEMS.length]!
    const qty = (i % 9) + 1
    const unit = 1250 + ((i * 7919) % 90_000)
    const cells = [title, String(qty), money(unit), "15%", money(qty * unit)]
    return {
      cells,
      ...(detail === "" ? {} : { detail: i % 5 === 0 ? `30% of ${qty} × ${title}. ${detail}` : detail }),
      ...(i % 10 === 7 ? { muted: true } : {})
    }
  })

/**
 * A realistic tax invoice with `lines` table rows, every part filled in: logo, facts, headings, details, a
 * credited line, totals, notes, an acceptance record with its signature, and a footer.
 */
export const invoice = (
  options: {
    readonly lines?: number
    readonly pageSize?: PageSize
    readonly accent?: string
    readonly logo?: Uint8Array
    readonly signature?: Uint8Array
  } = {}
): PdfDocument => ({
  pageSize: options.pageSize ?? "A4",
  heading: "Tax Invoice",
  accent: options.accent ?? "#0f766e",
  business: {
    name: "Harbour Decks Ltd",
    lines: ["12 Wharf Road", "Nelson 7010", "New Zealand", "GST 123-456-789"],
    logo: options.logo ?? logo()
  },
  recipient: { label: "Bill to", name: "Zoë Kowalska", lines: ["ul. Piotrkowska 104", "90-001 Łódź", "Poland"] },
  facts: [
    { label: "Invoice number", value: "INV-0042" },
    { label: "Issued", value: "1 March 2026" },
    { label: "Due", value: "15 March 2026" },
    { label: "Quote", value: "Q-1187 — Deck and balustrade" }
  ],
  columns: ["Description", "Qty", "Unit price", "Tax", "Amount"],
  rows: rows(options.lines ?? 50),
  totals: [
    { label: "Subtotal", value: "€ 48,120.00" },
    { label: "Discount 5%", value: "−€ 2,406.00" },
    { label: "GST 15%", value: "€ 6,857.10" },
    { label: "Total", value: "€ 52,571.10", strong: true },
    { label: "Paid", value: "€ 15,000.00" },
    { label: "Amount due", value: "€ 37,571.10", strong: true }
  ],
  notes: [
    { title: "Payment terms", text: "Due within 14 days. Bank account 12-3456-7890123-00, reference INV-0042." },
    { title: "Notes", text: "Thank you for choosing Harbour Decks.\nThe balustrade carries a 10-year warranty." },
    { title: "Accepted", text: "Signed by Zoë Kowalska on 28 February 2026 at 14:02 (NZDT) from 203.0.113.7" }
  ],
  signature: { image: options.signature ?? signature(), caption: "Zoë Kowalska, 28 February 2026" },
  footer: "Harbour Decks Ltd · 12 Wharf Road, Nelson 7010 · accounts@harbourdecks.example · +64 3 555 0142",
  title: "Invoice INV-0042",
  author: "Harbour Decks Ltd",
  createdAt: new Date("2026-03-01T00:00:00Z")
})
