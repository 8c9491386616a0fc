import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import fc from "fast-check"
import { extractText, extractTextItems, getDocumentProxy, getMeta } from "unpdf"
import type { PdfDocument, Row } from "../src/PdfDocument.ts"
import * as PdfRenderer from "../src/PdfRenderer.ts"
import * as PdfSample from "../src/PdfSample.ts"

/** Runs of white space as one space: what a reader sees, whatever the layout did. */
const spaced = (s: string) => s.replace(/\s+/g, " ").trim()
/** Text without any white space, so a wrapped or cut line compares equal to the original. */
const squashed = (s: string) => s.replace(/\s+/g, "")

const render = (doc: PdfDocument) => Effect.runPromise(PdfRenderer.render(doc))

/** The PDF's text, page by page, as PDF.js reads it. */
const pages = async (bytes: Uint8Array): Promise<Array<string>> =>
  (await extractText(await getDocumentProxy(new Uint8Array(bytes)))).text

const pageView = async (bytes: Uint8Array): Promise<ReadonlyArray<number>> => {
  const pdf = await getDocumentProxy(new Uint8Array(bytes))
  return (await pdf.getPage(1)).view
}

const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString("latin1")

const minimal: PdfDocument = {
  pageSize: "A4",
  heading: "Quote",
  accent: "#b91c1c",
  business: { name: "Café Zoë", lines: ["ul. Piotrkowska 1", "Łódź"] },
  recipient: { label: "Prepared for", name: "Señor Muñoz", lines: ["Calle Mayor 5"] },
  facts: [
    { label: "Quote", value: "Q-7" },
    { label: "Reference", value: "Kitchen — stage 2" }
  ],
  columns: ["Description", "Qty", "Unit price", "Amount"],
  rows: [
    { cells: ["Benchtop"], heading: true },
    { cells: ["Stone benchtop", "1", "€ 1,234.50", "€ 1,234.50"], detail: "30% of 2 × Deck boards" },
    { cells: ["Old splashback", "1", "€ 99.00", "€ 99.00"], muted: true }
  ],
  totals: [
    { label: "Subtotal", value: "€ 1,333.50" },
    { label: "Total", value: "€ 1,333.50", strong: true }
  ],
  notes: [{ title: "Terms", text: "Valid for 30 days.\nPrices include delivery." }, { text: "Thank you — ñ" }],
  signature: { caption: "Signed by Señor Muñoz" },
  footer: "Café Zoë · NIP 123-456-78-90",
  title: "Quote Q-7",
  author: "Café Zoë",
  createdAt: new Date("2026-03-01T09:30:00Z")
}

const withRows = (count: number, over: Partial<PdfDocument> = {}): PdfDocument => ({
  ...minimal,
  rows: Array.from(
    { length: count },
    (_, i): Row => ({
      cells: [`Item ${i + 1}`, String(i + 1), `€ ${i}.50`, `€ ${i * 2}.00`],
      detail: `Detail of item ${i + 1}`
    })
  ),
  ...over
})

describe("PdfRenderer.render", () => {
  // First in the file: the fonts are shared by every document of the process, and this needs a `J` never set yet.
  it("keeps the text of a letter first embedded as part of another (the J of Ĵ) in later documents", async () => {
    await render({ ...minimal, business: { ...minimal.business, lines: ["Ĵ"] } })
    const later = await render({ ...minimal, rows: [{ cells: ["Row", "J", "€ 1.00", "€ 1.00"] }] })
    assert.include(spaced((await pages(later)).join(" ")), "Row J € 1.00 € 1.00")
  })

  it("shows every part of the document, with text beyond Latin-1", async () => {
    const bytes = await render(minimal)
    assert.strictEqual(latin1(bytes).slice(0, 5), "%PDF-")
    const [text = "", ...more] = await pages(bytes)
    assert.strictEqual(more.length, 0)
    const shown = spaced(text)
    for (const part of [
      "Quote",
      "Café Zoë",
      "ul. Piotrkowska 1",
      "Łódź",
      "Prepared for",
      "Señor Muñoz",
      "Calle Mayor 5",
      "Q-7",
      "Kitchen — stage 2",
      "Description",
      "Unit price",
      "Benchtop",
      "Stone benchtop",
      "€ 1,234.50",
      "30% of 2 × Deck boards",
      "Old splashback",
      "€ 99.00",
      "Subtotal",
      "€ 1,333.50",
      "Terms",
      "Valid for 30 days.",
      "Prices include delivery.",
      "Thank you — ñ",
      "Signed by Señor Muñoz",
      "Café Zoë · NIP 123-456-78-90",
      "Page 1 of 1"
    ])
      assert.include(shown, part)
  })

  it("embeds the two faces of Inter as subsets and no standard font", async () => {
    const raw = latin1(await render(minimal))
    assert.match(raw, /\/BaseFont \/[A-Z]{6}\+Inter-Regular/)
    assert.match(raw, /\/BaseFont \/[A-Z]{6}\+Inter-Bold/)
    assert.notInclude(raw, "Helvetica")
  })

  it("sets the metadata and gives the same bytes for the same document and date", async () => {
    const first = await render(minimal)
    const second = await render(minimal)
    assert.deepStrictEqual(first, second)
    const { info } = await getMeta(await getDocumentProxy(new Uint8Array(first)))
    assert.strictEqual(info.Title, "Quote Q-7")
    assert.strictEqual(info.Author, "Café Zoë")
    assert.strictEqual(info.CreationDate, "D:20260301093000Z")
    const later = await render({ ...minimal, createdAt: new Date("2026-03-02T09:30:00Z") })
    assert.notDeepEqual(later, first)
  })

  it("takes the creation date from the clock when none is given", async () => {
    const { createdAt: _, ...undated } = minimal
    const bytes = await render(undated)
    const { info } = await getMeta(await getDocumentProxy(new Uint8Array(bytes)))
    assert.strictEqual(String(info.CreationDate).slice(2, 6), String(new Date().getUTCFullYear()))
  })

  it("honours the page size exactly", async () => {
    assert.deepStrictEqual(await pageView(await render(minimal)), [0, 0, 595.28, 841.89])
    assert.deepStrictEqual(await pageView(await render({ ...minimal, pageSize: "Letter" })), [0, 0, 612, 792])
  })

  it("repeats the column headings on every page of a long table and numbers the pages", async () => {
    const bytes = await render(withRows(60))
    const text = (await pages(bytes)).map(spaced)
    assert.isAtLeast(text.length, 2)
    const count = text.length
    text.forEach((page, i) => {
      assert.include(page, `Page ${i + 1} of ${count}`)
      for (const column of minimal.columns) assert.include(page, column)
    })
    const page2 = text[1] ?? ""
    assert.isBelow(page2.indexOf("Description"), page2.indexOf("Item "))
    const all = squashed(text.join(" "))
    for (let i = 1; i <= 60; i++) assert.include(all, squashed(`Item ${i}Detail of item ${i}`))
  })

  it("keeps everything but the footer above the footer, and inside the page", async () => {
    const long = `https://example.com/invoices/${"a1b2c3d4e5".repeat(17)}`
    const doc = withRows(80, {
      rows: withRows(80).rows.map((row, i) => (i % 9 === 4 ? { ...row, detail: `See ${long} for details` } : row))
    })
    const bytes = await render(doc)
    assert.include(squashed((await pages(bytes)).join("")), long)
    const { items } = await extractTextItems(await getDocumentProxy(new Uint8Array(bytes)))
    for (const page of items) {
      for (const item of page) {
        if (item.str.trim() === "") continue
        assert.isAtMost(item.x + item.width, 595.28 - 40, item.str)
        assert.isAtLeast(item.x, 40, item.str)
        const inFooter = /^Page \d+ of \d+$/.test(item.str) || item.str === minimal.footer
        if (inFooter) assert.isBelow(item.y, 45, item.str)
        else assert.isAbove(item.y, 45, item.str)
      }
    }
  })

  it("runs a row taller than a page over several pages without losing a word", async () => {
    const words = Array.from({ length: 1500 }, (_, i) => `w${i}x`)
    const doc: PdfDocument = {
      ...minimal,
      rows: [{ cells: ["Essay", "1", "€ 1.00", "€ 1.00"], detail: words.join(" ") }]
    }
    const text = await pages(await render(doc))
    assert.isAtLeast(text.length, 3)
    // In order, though the page breaks put the footer and the column headings between them.
    const all = squashed(text.join(""))
    let at = 0
    for (const word of words) {
      const found = all.indexOf(word, at)
      assert.isAtLeast(found, at, word)
      at = found + word.length
    }
    assert.include(spaced(text[1] ?? ""), "Description Qty Unit price Amount")
  })

  it("renders a 500-line invoice", async () => {
    const bytes = await render(PdfSample.invoice({ lines: 500 }))
    const text = (await pages(bytes)).map(spaced)
    assert.isAtLeast(text.length, 15)
    assert.include(text.at(-1) ?? "", `Page ${text.length} of ${text.length}`)
    assert.include(text.at(-1) ?? "", "Amount due")
  }, 30_000)

  it("embeds a logo and a signature as images", async () => {
    const raw = latin1(await render({ ...minimal, ...PdfSample.invoice({ lines: 3 }) }))
    assert.strictEqual(raw.match(/\/Subtype \/Image/g)?.length, 2)
    const tiny = PdfSample.png(2, 1, (x) => (x === 0 ? [255, 0, 0, 255] : [0, 0, 255, 128]))
    const withTiny = latin1(await render({ ...minimal, business: { ...minimal.business, logo: tiny } }))
    assert.strictEqual(withTiny.match(/\/Subtype \/Image/g)?.length, 1)
  })

  it("leaves an unreadable logo or signature out and still renders", async () => {
    const good = PdfSample.png(8, 8, () => [0, 0, 0, 255])
    const corrupt = Uint8Array.from(good)
    corrupt.fill(7, 41, good.length - 12) // the compressed pixels, inside IDAT
    const broken = [
      new Uint8Array(0),
      Uint8Array.from([1, 2, 3, 4, 5]),
      good.slice(0, 30),
      corrupt,
      Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 2, 9, 9]),
      new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'/>")
    ]
    for (const bad of broken) {
      const doc = {
        ...minimal,
        business: { ...minimal.business, logo: bad },
        signature: { image: bad, caption: "Signed" }
      }
      const bytes = await render(doc)
      assert.notInclude(latin1(bytes), "/Subtype /Image")
      assert.include(spaced((await pages(bytes)).join(" ")), "Quote")
    }
  })

  it("falls back to dark grey for an accent that is no colour", async () => {
    const bytes = await render({ ...minimal, accent: "teal; drop table" })
    assert.include(spaced((await pages(bytes)).join(" ")), "Quote")
  })

  it.effect("pads a short row and refuses one with more cells than columns", () =>
    Effect.gen(function* () {
      const short = yield* PdfRenderer.render({ ...minimal, rows: [{ cells: ["Only a title"] }] })
      assert.include(spaced((yield* Effect.promise(() => pages(short))).join(" ")), "Only a title")
      const refused = yield* Effect.flip(
        PdfRenderer.render({ ...minimal, rows: [{ cells: ["a", "b", "c", "d", "e"] }] })
      )
      assert.strictEqual(refused.reason, "row 1 has 5 cells for 4 columns")
    })
  )

  it.effect("fails with PdfRenderError on an unknown page size or an invalid date", () =>
    Effect.gen(function* () {
      const size = yield* Effect.flip(PdfRenderer.render({ ...minimal, pageSize: "A3" as "A4" }))
      assert.strictEqual(size._tag, "PdfRenderError")
      assert.include(size.reason, "A3")
      const date = yield* Effect.flip(PdfRenderer.render({ ...minimal, createdAt: new Date(Number.NaN) }))
      assert.include(date.reason, "createdAt")
    })
  )

  it("renders any table: every cell appears in the text", async () => {
    const chars = [..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 .,-/%()€$ŁłóźżćęąśÉéëöñÑÀàüç—×"]
    const text = (max: number) => fc.array(fc.constantFrom(...chars), { maxLength: max }).map((c) => c.join(""))
    const amount = fc
      .tuple(fc.integer({ min: 0, max: 9_999_999 }), fc.integer({ min: 0, max: 99 }))
      .map(([units, cents]) => `€ ${units.toLocaleString("en-NZ")}.${String(cents).padStart(2, "0")}`)
    const row = fc.record(
      {
        cells: fc.tuple(text(60), text(6), amount, amount).map((cells): ReadonlyArray<string> => cells),
        detail: text(160),
        heading: fc.boolean(),
        muted: fc.boolean()
      },
      { requiredKeys: ["cells"] }
    )
    const rows = fc.integer({ min: 0, max: 120 }).chain((n) => fc.array(row, { minLength: n, maxLength: n }))
    await fc.assert(
      fc.asyncProperty(rows, fc.constantFrom("A4", "Letter"), async (rows, pageSize) => {
        const bytes = await render({ ...minimal, pageSize, rows })
        const all = squashed((await pages(bytes)).join(""))
        for (const r of rows) {
          for (const cell of r.cells) assert.include(all, squashed(cell))
          if (r.detail !== undefined) assert.include(all, squashed(r.detail))
        }
      }),
      { numRuns: 25 }
    )
  }, 120_000)
})
