import { assert, describe, it } from "@effect/vitest"
import * as Money from "@quotekit/core/Money"
import type * as TaxRateModule from "@quotekit/core/TaxRate"
import { TaxRate } from "@quotekit/core/TaxRate"
import { Option } from "effect"
import fc from "fast-check"
import { validate } from "../../src/contacts/Http.ts"
import { likeTerm, searchText } from "../../src/contacts/Repo.ts"
import { escapeHtml } from "../../src/history/HistoryWriter.ts"
import { taxFor } from "../../src/imports/Import.ts"
import { actionFor, normalizeFields } from "../../src/items/Http.ts"
import { page } from "../../src/leads/PublicForm.ts"
import { isTimeZone, newLeadFormKey } from "../../src/settings/Http.ts"
import { cleanName } from "../../src/uploads/Receive.ts"
import { contentDisposition } from "../../src/uploads/Serve.ts"

const contact = (over: Record<string, unknown>) => ({
  contact: { type: "person" as const, name_first: "", name_last: "", email: "", company_id: null, ...over },
  phones: [],
  addresses: []
})

describe("content rules", () => {
  it("a contact needs a name or an email; a company needs its name; emails by the core's pattern", () => {
    assert.isTrue(Option.isNone(validate(contact({ email: "jane@acme.co" }))))
    assert.isTrue(Option.isNone(validate(contact({ name_last: "Smith" }))))
    assert.strictEqual(Option.getOrThrow(validate(contact({})))._serveError.message, "Name is required.")
    assert.strictEqual(
      Option.getOrThrow(validate(contact({ type: "company", email: "a@b.co" })))._serveError.message,
      "Company name is required."
    )
    assert.strictEqual(
      Option.getOrThrow(validate(contact({ name_first: "J", email: "jane@acme" })))._serveError.message,
      "That does not look like an email address."
    )
  })

  it("item actions follow the move between content states", () => {
    assert.strictEqual(actionFor("current", "archived"), "archive")
    assert.strictEqual(actionFor("archived", "current"), "unarchive")
    assert.strictEqual(actionFor("deleted", "current"), "restore")
    assert.strictEqual(actionFor("current", "deleted"), "delete")
    assert.strictEqual(actionFor("archived", "deleted"), "delete")
    assert.strictEqual(actionFor("current", "current"), undefined)
  })

  it("a text item keeps no price, quantity, choice or term", () => {
    const fields = {
      item_code: "",
      item_title: "Terms",
      item_body: "",
      item_cat_id: 0,
      item_tax_id: 0 as TaxRateModule.ItemTaxId,
      price_unit: Money.make("12"),
      price_cost: Money.make("3"),
      quantity: Money.make("5"),
      editable_quantity: Money.make("1"),
      discount_item: Money.make("10"),
      contact_choice: 3,
      term_every: 2,
      term_type: 1 as const,
      term_duration: 6
    }
    const text = normalizeFields(2, fields)
    assert.deepStrictEqual(
      [text.price_unit, text.quantity, text.discount_item, text.contact_choice, text.term_every].map(String),
      [String(Money.zero), String(Money.one), String(Money.zero), "0", "0"]
    )
    assert.strictEqual(normalizeFields(1, fields).term_every, 2)
  })

  it("an import's tax is found by rate or description among current taxes", () => {
    const gst = new TaxRate({
      item_tax_id: 4 as TaxRateModule.ItemTaxId,
      tax_rate: Money.make("15"),
      description: "GST",
      archive_id: 1
    })
    assert.deepStrictEqual(taxFor([gst], "15%"), Option.some(4))
    assert.deepStrictEqual(taxFor([gst], "15.00"), Option.some(4))
    assert.deepStrictEqual(taxFor([gst], "gst"), Option.some(4))
    assert.deepStrictEqual(taxFor([gst], ""), Option.some(0))
    assert.isTrue(Option.isNone(taxFor([gst], "12.5")))
  })

  it("time zones are the runtime's IANA names", () => {
    assert.isTrue(isTimeZone("Pacific/Auckland"))
    assert.isTrue(isTimeZone("UTC"))
    assert.isFalse(isTimeZone("Mars/Olympus"))
    assert.isFalse(isTimeZone("<script>"))
  })

  it("lead form keys are 32 URL-safe characters and never repeat", () => {
    const keys = new Set(Array.from({ length: 200 }, newLeadFormKey))
    assert.strictEqual(keys.size, 200)
    for (const k of keys) assert.match(k, /^[A-Za-z0-9_-]{32}$/)
  })

  it("property: a LIKE term escapes every wildcard, so user text matches only itself", () =>
    fc.assert(
      fc.property(fc.string(), (text) => {
        const term = likeTerm(text)
        assert.isTrue(term.startsWith("%") && term.endsWith("%"))
        const inner = term.slice(1, -1)
        // Unescape: every %, _ and \\ inside is preceded by a backslash.
        let i = 0
        let out = ""
        while (i < inner.length) {
          if (inner[i] === "\\") {
            assert.include(["%", "_", "\\"], inner[i + 1])
            out += inner[i + 1]
            i += 2
          } else {
            assert.notInclude(["%", "_"], inner[i])
            out += inner[i]
            i += 1
          }
        }
        assert.strictEqual(out, text.toLowerCase())
      })
    ))

  it("property: search text is lower-cased and holds every non-blank part", () =>
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.emailAddress(), fc.string(), (first, last, email, company) => {
        const text = searchText({ name_first: first, name_last: last, email }, company, [])
        assert.strictEqual(text, text.toLowerCase())
        for (const part of [first, last, email, company])
          if (part.trim() !== "") assert.include(text, part.trim().toLowerCase())
      })
    ))

  it("property: kept file names have no path, no control characters and at most 255 characters", () =>
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), (name) => {
        const clean = cleanName(name)
        assert.isTrue(clean.length >= 1 && clean.length <= 255)
        assert.isFalse(
          [...clean].some((ch) => ch === "/" || ch === "\\" || ch.charCodeAt(0) < 32 || ch.charCodeAt(0) === 127)
        )
      })
    ))

  it("property: Content-Disposition quotes only safe ASCII and keeps the full name encoded", () =>
    fc.assert(
      fc.property(fc.string({ maxLength: 100 }), (name) => {
        const header = contentDisposition("attachment", name)
        const quoted = /filename="([^"]*)"/.exec(header)?.[1] ?? ""
        assert.match(quoted, /^[\x20-\x7e]*$/)
        assert.notInclude(quoted, "\\")
        assert.strictEqual(decodeURIComponent(header.split("filename*=UTF-8''")[1] ?? ""), name)
      })
    ))

  it("property: history text and the lead form's pages never carry markup from what people typed", () =>
    fc.assert(
      fc.property(fc.string(), (text) => {
        assert.notMatch(escapeHtml(text), /[<>"']/)
        const html = page(text, text)
        assert.strictEqual(html.split("<").length, page("", "").split("<").length)
      })
    ))
})
