import { assert, describe, it } from "@effect/vitest"
import { BigDecimal, Result } from "effect"
import fc from "fast-check"
import * as ContactChoice from "../src/ContactChoice.ts"
import * as Money from "../src/Money.ts"
import * as PublicQuote from "../src/PublicQuote.ts"
import * as QuoteStatus from "../src/QuoteStatus.ts"
import * as QuoteTotals from "../src/QuoteTotals.ts"
import * as TaxMode from "../src/TaxMode.ts"
import * as TaxRate from "../src/TaxRate.ts"

const m = Money.make
const eq = (a: Money.Decimal, b: Money.Decimal) => assert.isTrue(Money.equals(a, b), `${a} != ${b}`)

const wireItem = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
  quote_item_id: 1,
  item_type: 1,
  item_code: "W-1",
  item_title: "Widget",
  item_body: "A *fine* widget",
  item_tax_id: 7,
  price_unit: "40",
  quantity: "2",
  editable_quantity: "1",
  discount_item: "0",
  contact_choice: 0,
  contact_selected: 0,
  term_every: 0,
  term_type: 2,
  term_duration: 0,
  ...over
})

const wireQuote = (items: ReadonlyArray<Record<string, unknown>>, over: Record<string, unknown> = {}) => ({
  title: "Garden makeover",
  quote_no: 12,
  status: "sent",
  account_id: 1,
  discount_overall: "0",
  deposit_percent: "25",
  amounts_entered: "exclusive_including",
  currency_id: 156,
  symbol: "$",
  tax_word: "tax",
  currencyCode: "USD",
  private_pricing: 7,
  isCustomerEditable: true,
  publicItems: items,
  taxIdToRate: { "7": "12.5" },
  previewType: 0,
  ...over
})

const decodeOk = (input: unknown): PublicQuote.PublicQuote => {
  const r = PublicQuote.decode(input)
  if (Result.isFailure(r)) throw new Error(r.failure.message)
  return r.success
}

// A quote with a fixed line, an optional line (off by default) and a radio group of two (second on by default).
const sample = () =>
  decodeOk(
    wireQuote([
      wireItem(),
      wireItem({ quote_item_id: 2, item_title: "Extra", price_unit: "10", quantity: "1", contact_choice: 1 }),
      wireItem({ quote_item_id: 3, item_type: 2, item_title: "Choose a package:", price_unit: "0", quantity: "0" }),
      wireItem({ quote_item_id: 4, item_title: "Basic", price_unit: "100", quantity: "1", contact_choice: 2 }),
      wireItem({ quote_item_id: 5, item_title: "Premium", price_unit: "200", quantity: "1", contact_choice: 6 }),
      wireItem({ quote_item_id: 6, item_type: 4, item_title: "", price_unit: "0", quantity: "0" }),
      wireItem({ quote_item_id: 7, item_type: 2, item_title: "Thanks", price_unit: "0", quantity: "0" })
    ])
  )

describe("PublicQuote", () => {
  it("decodes the public data and computes the spec's quote view totals (40 x 2 at 12.5 % tax, 25 % deposit)", () => {
    const q = decodeOk(wireQuote([wireItem()]))
    assert.strictEqual(q.title, "Garden makeover")
    assert.strictEqual(q.status, "sent")
    const t = PublicQuote.totals(q)
    eq(t.upFront.subtotal, m("80"))
    eq(t.upFront.tax, m("10"))
    eq(t.upFront.total, m("90"))
    eq(t.deposit, m("22.50"))
    eq(t.upFront.cost, Money.zero)
  })

  it("status and quote number are optional; everything else is required", () => {
    const { status: _s, quote_no: _n, ...rest } = wireQuote([wireItem()])
    assert.isTrue(Result.isSuccess(PublicQuote.decode(rest)))
    const { symbol: _y, ...noSymbol } = wireQuote([wireItem()])
    assert.isTrue(Result.isFailure(PublicQuote.decode(noSymbol)))
  })

  it("refuses malformed data with a message naming the field", () => {
    const bad: ReadonlyArray<[unknown, string]> = [
      [wireQuote([wireItem({ quantity: "-1" })]), "quantity"],
      [wireQuote([wireItem({ contact_choice: 9 })]), "contact_choice"],
      [wireQuote([wireItem({ price_unit: "forty" })]), "price_unit"],
      [wireQuote([wireItem({ item_type: 5 })]), "item_type"],
      [wireQuote([wireItem({ term_every: 256 })]), "term_every"],
      [wireQuote([wireItem()], { status: "lost" }), "status"],
      [wireQuote([wireItem()], { private_pricing: 8 }), "private_pricing"],
      [wireQuote([wireItem()], { amounts_entered: "sometimes" }), "amounts_entered"],
      [wireQuote([wireItem()], { discount_overall: "101" }), "discount_overall"]
    ]
    for (const [input, field] of bad) {
      const r = PublicQuote.decode(input)
      assert.isTrue(Result.isFailure(r), field)
      if (Result.isFailure(r)) assert.include(r.failure.message, field)
    }
    for (const input of [null, "x", 3, [], {}]) assert.isTrue(Result.isFailure(PublicQuote.decode(input)))
  })

  it("never carries a cost: fields outside the public shape are dropped on decode and encode", () => {
    const q = decodeOk(wireQuote([wireItem({ price_cost: "30", item_cat_id: 4, private_note: "margin 40%" })]))
    const wire = PublicQuote.encode(q)
    const keys = Object.keys(wire.publicItems[0]!)
    for (const k of ["price_cost", "item_cat_id", "private_note"]) assert.notInclude(keys, k)
    assert.notInclude(JSON.stringify(wire), "margin")
  })

  it("fromItem copies exactly the public fields of a full item", () => {
    const full = {
      ...decodeOk(wireQuote([wireItem()])).publicItems[0]!,
      price_cost: m("30"),
      price_total: m("80"),
      item_id: 9,
      item_cat_id: 2,
      added_adj_at: 0,
      credited_adj_at: 0,
      order_index: 0,
      editing: "locked"
    }
    const pub = PublicQuote.fromItem(full)
    assert.deepStrictEqual(Object.keys(pub).sort(), Object.keys(PublicQuote.PublicItem.fields).sort())
    eq(pub.price_unit, m("40"))
  })

  it("the customer ticks an option: it counts in the totals; untick removes it again", () => {
    const q = sample()
    eq(PublicQuote.totals(q).upFront.subtotal, m("280")) // 80 + Premium 200; Extra off by default
    const on = PublicQuote.choose(q, 1, true)
    eq(PublicQuote.totals(on).upFront.subtotal, m("290"))
    eq(PublicQuote.totals(PublicQuote.choose(on, 1, false)).upFront.subtotal, m("280"))
  })

  it("picking a radio option deselects the rest of its group; 'no' on a radio option is ignored", () => {
    const q = PublicQuote.choose(sample(), 3, true)
    const selected = PublicQuote.choices(q).map((c) => [c.quote_item_id, c.selected])
    assert.deepStrictEqual(selected, [
      [1, true],
      [2, false],
      [4, true],
      [5, false]
    ])
    eq(PublicQuote.totals(q).upFront.subtotal, m("180"))
    assert.strictEqual(PublicQuote.choose(q, 3, false), q)
    assert.strictEqual(PublicQuote.choose(q, 0, false), q, "a fixed item cannot be deselected")
  })

  it("a customer-edited quantity of zero or below becomes 1, only where the quote and the item allow it", () => {
    const q = sample()
    eq(PublicQuote.setQuantity(q, 0, m("3")).publicItems[0]!.quantity, m("3"))
    eq(PublicQuote.setQuantity(q, 0, m("-2")).publicItems[0]!.quantity, Money.one)
    eq(PublicQuote.setQuantity(q, 0, Money.zero).publicItems[0]!.quantity, Money.one)
    eq(PublicQuote.setQuantity(q, 0, m("2.123456")).publicItems[0]!.quantity, m("2.1234"))
    eq(PublicQuote.totals(PublicQuote.setQuantity(q, 0, m("3"))).upFront.subtotal, m("320"))
    // item 2 has editable_quantity 1 too; a text row and a locked quote refuse
    assert.strictEqual(PublicQuote.setQuantity(q, 2, m("3")), q)
    const locked = { ...q, isCustomerEditable: false }
    assert.strictEqual(PublicQuote.setQuantity(locked, 0, m("3")), locked)
    const fixed = decodeOk(wireQuote([wireItem({ editable_quantity: "0" })]))
    assert.strictEqual(PublicQuote.setQuantity(fixed, 0, m("3")), fixed)
  })

  it("withdrawn hides the content; answered, expired and withdrawn quotes take no more changes", () => {
    const table = QuoteStatus.all.map((s) => [s, PublicQuote.showsContent(s), PublicQuote.acceptsChanges(s)])
    assert.deepStrictEqual(table, [
      ["draft", true, true],
      ["sentEditing", true, true],
      ["sent", true, true],
      ["accepted", true, false],
      ["declined", true, false],
      ["expired", true, false],
      ["withdrawn", false, false]
    ])
    assert.isTrue(PublicQuote.showsContent(undefined))
    assert.isTrue(PublicQuote.acceptsChanges(undefined))
  })

  it("formats amounts with the quote's symbol, the sign first", () => {
    const q = { symbol: "€" }
    assert.strictEqual(PublicQuote.formatAmount(q, m("1234.5")), "€1,234.50")
    assert.strictEqual(PublicQuote.formatAmount(q, m("-0.125")), "-€0.13")
    assert.strictEqual(PublicQuote.formatAmount(q, Money.zero), "€0.00")
    assert.strictEqual(PublicQuote.formatUnitPrice(q, m("12.5")), "€12.50")
    assert.strictEqual(PublicQuote.formatUnitPrice(q, m("0.12345")), "€0.1235")
    assert.strictEqual(PublicQuote.formatNumber(m("2.50")), "2.5")
    assert.strictEqual(PublicQuote.formatNumber(m("1500")), "1,500")
  })

  // --- properties ---

  const dec = (min: bigint, max: bigint) =>
    fc.tuple(fc.bigInt({ min, max }), fc.integer({ min: 0, max: 4 })).map(([v, s]) => BigDecimal.make(v, s))
  let nextId = 1
  const fullRowArb = fc.record({
    quote_item_id: fc.constant(0).map(() => nextId++),
    item_type: fc.constantFrom(1, 1, 1, 1, 2, 3),
    item_code: fc.string({ maxLength: 5 }),
    item_title: fc.string({ maxLength: 10 }),
    item_body: fc.string({ maxLength: 10 }),
    item_tax_id: fc.constantFrom(0, 1, 2),
    price_unit: dec(-1_000_000n, 100_000_000n),
    price_cost: dec(0n, 100_000_000n),
    quantity: fc.oneof(fc.constant(Money.zero), dec(0n, 1_000_000n)),
    editable_quantity: fc.constantFrom(Money.zero, Money.one),
    discount_item: fc.oneof(
      fc.constant(Money.zero),
      dec(0n, 1_000_000n).map((d) => BigDecimal.min(d, Money.hundred))
    ),
    contact_choice: fc.integer({ min: 0, max: 7 }),
    contact_selected: fc.constantFrom(0, 1, 2),
    term_every: fc.constantFrom(0, 0, 1, 3),
    term_type: fc.constantFrom(1 as const, 2 as const, 3 as const),
    term_duration: fc.constantFrom(0, 12)
  })
  const percent = fc.oneof(
    fc.constant(Money.zero),
    dec(0n, 1_000_000n).map((d) => BigDecimal.min(d, Money.hundred))
  )
  const quoteArb = fc.record({
    rows: fc.array(fullRowArb, { maxLength: 20 }),
    amounts_entered: fc.constantFrom(...TaxMode.all),
    discount_overall: percent,
    deposit_percent: percent,
    rates: fc.tuple(percent, percent)
  })
  type Gen = typeof quoteArb extends fc.Arbitrary<infer T> ? T : never
  const build = (g: Gen): PublicQuote.PublicQuote => {
    const quote: PublicQuote.PublicQuote = decodeOk(wireQuote([]))
    return {
      ...quote,
      amounts_entered: g.amounts_entered,
      discount_overall: g.discount_overall,
      deposit_percent: g.deposit_percent,
      taxIdToRate: { "1": g.rates[0], "2": g.rates[1] },
      publicItems: g.rows.map(PublicQuote.fromItem)
    }
  }

  it("property: the public totals equal the author's totals in every figure but cost", () =>
    fc.assert(
      fc.property(quoteArb, (g) => {
        const pub = PublicQuote.totals(build(g))
        const full = QuoteTotals.compute({
          items: g.rows,
          amounts_entered: g.amounts_entered,
          discount_overall: g.discount_overall,
          deposit_percent: g.deposit_percent,
          taxIdToRate: TaxRate.fromRecord({ "1": g.rates[0], "2": g.rates[1] })
        })
        const figures = (t: QuoteTotals.QuoteTotals) =>
          JSON.stringify({
            items: t.items.map((i) => [i.selected, i.iTotalLine, i.iTotalTotal, i.iDepositAmount, i.iTaxes]),
            groups: QuoteTotals.groups(t).map((x) => [x.key, x.subtotal, x.discount, x.taxes, x.total, x.deposit]),
            deposit: t.deposit
          })
        return figures(pub) === figures(full)
      })
    ))

  it("property: the wire form is stable (encode, decode, encode gives the same JSON)", () =>
    fc.assert(
      fc.property(quoteArb, (g) => {
        const wire = PublicQuote.encode(build(g))
        return JSON.stringify(PublicQuote.encode(decodeOk(JSON.parse(JSON.stringify(wire))))) === JSON.stringify(wire)
      })
    ))

  it("property: after any sequence of customer choices each radio group has exactly one selected item", () =>
    fc.assert(
      fc.property(quoteArb, fc.array(fc.tuple(fc.nat(), fc.boolean()), { maxLength: 10 }), (g, moves) => {
        let q = build(g)
        for (const [i, yes] of moves) {
          q = PublicQuote.choose(q, q.publicItems.length === 0 ? 0 : i % q.publicItems.length, yes)
        }
        const selected = ContactChoice.selection(q.publicItems)
        return ContactChoice.radioGroups(q.publicItems).every(
          (grp) => selected.slice(grp.start, grp.end).filter(Boolean).length === 1
        )
      })
    ))
})
