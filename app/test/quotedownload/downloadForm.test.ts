/** The quotes download form's link, rebuilt from its values: format, the quotes listed and those unchosen. */
import { maxCsvQuotes, maxPdfQuotes } from "@quotekit/core/api/QuoteDownloadsApi"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { chosenOf, linkOf } from "../../src/quotedownload/downloadForm.ts"

describe("linkOf", () => {
  it("names the format and the chosen quotes in the list's order", () => {
    expect(linkOf({ format: "csv", listed: [30, 12, 7], unchosen: new Set([12]) })).toEqual({
      _tag: "Ready",
      href: "/get/quotes-download?format=csv&ids=30,7",
      count: 2
    })
    expect(linkOf({ format: "pdf", listed: [30, 12, 7], unchosen: new Set() })).toEqual({
      _tag: "Ready",
      href: "/get/quotes-download?format=pdf&ids=30,12,7",
      count: 3
    })
  })

  it("has no address with nothing chosen, or more than the format holds", () => {
    expect(linkOf({ format: "csv", listed: [1, 2], unchosen: new Set([1, 2]) })).toEqual({ _tag: "NoneChosen" })
    expect(linkOf({ format: "csv", listed: [], unchosen: new Set() })).toEqual({ _tag: "NoneChosen" })
    const many = Array.from({ length: maxPdfQuotes + 1 }, (_, i) => i + 1)
    expect(linkOf({ format: "pdf", listed: many, unchosen: new Set() })).toEqual({ _tag: "TooMany", max: maxPdfQuotes })
    expect(linkOf({ format: "csv", listed: many, unchosen: new Set() })._tag).toBe("Ready")
    expect(maxCsvQuotes).toBeGreaterThan(maxPdfQuotes)
  })

  it("the address always holds exactly the chosen quotes", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 1_000_000 }), { maxLength: 40 }),
        fc.array(fc.integer({ min: 1, max: 1_000_000 })),
        fc.constantFrom("csv" as const, "pdf" as const),
        (listed, off, format) => {
          const form = { format, listed, unchosen: new Set(off) }
          const link = linkOf(form)
          const chosen = chosenOf(form)
          if (link._tag !== "Ready") return
          const url = new URL(link.href, "https://example.com")
          expect(url.searchParams.get("format")).toBe(format)
          expect(url.searchParams.get("ids")!.split(",").map(Number)).toEqual(chosen)
          expect(link.count).toBe(chosen.length)
        }
      )
    )
  })
})
