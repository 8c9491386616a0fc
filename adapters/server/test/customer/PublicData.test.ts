import { assert, describe, it } from "@effect/vitest"
import type { ItemChoice } from "@quotekit/core/api/CustomerApi"
import * as Money from "@quotekit/core/Money"
import * as PublicQuote from "@quotekit/core/PublicQuote"
import { Result } from "effect"
import fc from "fast-check"
import { applyChoices, canonicalJson, contentOf } from "../../src/customer/PublicData.ts"

/** A public quote from wire rows: a plain item, a checkbox, a radio pair and an editable quantity. */
const quote = (): PublicQuote.PublicQuote => {
  const item = (id: number, title: string, fields: Record<string, unknown> = {}) => ({
    quote_item_id: id,
    item_type: 1,
    item_code: "",
    item_title: title,
    item_body: "",
    item_tax_id: 0,
    price_unit: "10",
    quantity: "1",
    editable_quantity: "0",
    discount_item: "0",
    contact_choice: 0,
    contact_selected: 0,
    term_every: 0,
    term_type: 2,
    term_duration: 0,
    ...fields
  })
  const decoded = PublicQuote.decode({
    title: "T",
    quote_no: 1,
    status: "sent",
    account_id: 1,
    discount_overall: "0",
    deposit_percent: "0",
    amounts_entered: "exclusive_including",
    currency_id: 156,
    symbol: "$",
    tax_word: "tax",
    currencyCode: "USD",
    private_pricing: 7,
    isCustomerEditable: true,
    publicItems: [
      item(1, "Plain"),
      item(2, "Box", { contact_choice: 1 }),
      item(3, "Oak", { contact_choice: 6 }),
      item(4, "Walnut", { contact_choice: 2 }),
      item(5, "Tiles", { editable_quantity: "20" })
    ],
    taxIdToRate: {},
    previewType: 0
  })
  if (Result.isFailure(decoded)) throw decoded.failure
  return decoded.success
}

const choicesOf = (q: PublicQuote.PublicQuote): Array<ItemChoice> =>
  q.publicItems.map((i) => ({
    quote_item_id: i.quote_item_id,
    contact_selected: i.contact_selected,
    quantity: i.quantity
  }))

/** Arbitrary JSON values (no undefined, finite numbers). */
const json = fc.jsonValue()

describe("customer PublicData", () => {
  it("canonical JSON does not depend on key order and reads back as the same value", () =>
    fc.assert(
      fc.property(json, (value) => {
        const text = canonicalJson(value)
        assert.deepStrictEqual(JSON.parse(text), JSON.parse(JSON.stringify(value)))
        const reversed = JSON.parse(JSON.stringify(value), (_k, v) =>
          v !== null && typeof v === "object" && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).reverse()) : v
        )
        assert.strictEqual(canonicalJson(reversed), text)
      })
    ))

  it("canonical JSON sorts keys and has no white space", () => {
    assert.strictEqual(canonicalJson({ b: [1, { d: 1, c: "x y" }], a: null }), '{"a":null,"b":[1,{"c":"x y","d":1}]}')
  })

  it("the quote's own choices change nothing; the content hash is stable", () => {
    const q = quote()
    const same = applyChoices(q, choicesOf(q))
    assert.isTrue(Result.isSuccess(same))
    assert.strictEqual(contentOf(Result.getOrThrow(same)).hash, contentOf(q).hash)
    assert.match(contentOf(q).hash, /^[0-9a-f]{64}$/)
  })

  it("optional items toggle, one option per group, quantities only where editable", () => {
    const q = quote()
    const set = (id: number, patch: Partial<ItemChoice>): Array<ItemChoice> =>
      choicesOf(q).map((c) => (c.quote_item_id === id ? { ...c, ...patch } : c))
    const walnut = applyChoices(
      q,
      set(4, { contact_selected: 1 }).map((c) => (c.quote_item_id === 3 ? { ...c, contact_selected: 2 } : c))
    )
    assert.isTrue(Result.isSuccess(walnut))
    const tiles = applyChoices(q, set(5, { quantity: Money.make("8") }))
    assert.strictEqual(Money.toFixed(Result.getOrThrow(tiles).publicItems[4]!.quantity, 0), "8")
    assert.notStrictEqual(contentOf(Result.getOrThrow(tiles)).hash, contentOf(q).hash)
    const bads: Array<Array<ItemChoice>> = [
      set(1, { contact_selected: 2 }),
      set(1, { quantity: Money.make("2") }),
      set(3, { contact_selected: 1 }).map(
        (c): ItemChoice => (c.quote_item_id === 4 ? { ...c, contact_selected: 1 } : c)
      ),
      [{ quote_item_id: 99, contact_selected: 0, quantity: Money.make("1") }]
    ]
    for (const bad of bads) assert.isTrue(Result.isFailure(applyChoices(q, bad)), JSON.stringify(bad))
  })

  it("any checkbox choice and any editable quantity is accepted and kept", () =>
    fc.assert(
      fc.property(fc.boolean(), fc.integer({ min: 1, max: 20 }), (box, tiles) => {
        const q = quote()
        const choices = choicesOf(q).map((c) =>
          c.quote_item_id === 2
            ? { ...c, contact_selected: (box ? 1 : 2) as 1 | 2 }
            : c.quote_item_id === 5
              ? { ...c, quantity: Money.make(String(tiles)) }
              : c
        )
        const r = applyChoices(q, choices)
        assert.isTrue(Result.isSuccess(r))
        const after = Result.getOrThrow(r)
        assert.strictEqual(after.publicItems[1]!.contact_selected, box ? 1 : 2)
        assert.strictEqual(Money.toFixed(after.publicItems[4]!.quantity, 0), String(tiles))
      })
    ))
})
