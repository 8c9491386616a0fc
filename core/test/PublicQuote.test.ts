import { assert, describe, it } from "@effect/vitest"
import { BigDecimal, Result } from "effect"
import fc from "fast-check"
import * as ContactChoice from "../src/ContactChoice.ts"
import * as Money from "../src/Money.ts"
import * as Outcome from "../src/Outcome.ts"
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

  // `max` in units of the 4th decimal whatever the scale (as QuoteTotals' tests), so that a line's amount stays in
  // the totals' range (below 2^53 cents) even with the customer's quantity edit of up to 10^8 below.
  const dec = (min: bigint, max: bigint) =>
    fc
      .tuple(fc.bigInt({ min, max }), fc.integer({ min: 0, max: 4 }))
      .map(([v, s]) => BigDecimal.make(v / 10n ** BigInt(4 - s), s))
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

  // --- parse: the Schema-free reading the widget uses agrees with the schema ---

  /** The same data: decimals equal in value (a plain Fixed against a BigDecimal), everything else identical. */
  const sameData = (plain: unknown, decoded: unknown, at = "quote"): void => {
    if (BigDecimal.isBigDecimal(decoded)) {
      assert.isFalse(BigDecimal.isBigDecimal(plain), at)
      assert.isTrue(Money.equals(plain as Money.Fixed, decoded), at)
    } else if (Array.isArray(decoded)) {
      assert.isTrue(Array.isArray(plain), at)
      assert.strictEqual((plain as Array<unknown>).length, decoded.length, at)
      decoded.forEach((d, i) => {
        sameData((plain as Array<unknown>)[i], d, `${at}[${i}]`)
      })
    } else if (typeof decoded === "object" && decoded !== null) {
      assert.deepStrictEqual(Object.keys(plain as object).sort(), Object.keys(decoded).sort(), at)
      for (const [k, v] of Object.entries(decoded)) sameData((plain as Record<string, unknown>)[k], v, `${at}.${k}`)
    } else assert.strictEqual(plain, decoded, at)
  }

  /** Where a value can be replaced in a wire quote: top-level keys and the first item's keys. */
  const quoteKeys = Object.keys(wireQuote([]))
  const itemKeys = Object.keys(wireItem())
  const junk = fc.oneof(
    fc.constantFrom<unknown>(
      undefined,
      null,
      true,
      0,
      -1,
      1.5,
      7,
      8,
      255,
      256,
      65536,
      2 ** 53,
      Number.NaN,
      "",
      "0",
      "-1",
      "-0.0001",
      "100",
      "100.0001",
      "1e2",
      "1e-2",
      "abc",
      " 1",
      "1,000",
      ".5",
      "5.",
      "+3",
      "12.34567",
      [],
      {},
      "draft",
      "sent",
      "bogus",
      "inclusive",
      "no_tax",
      1,
      2,
      3,
      4
    ),
    fc.string({ maxLength: 6 }),
    // decimal strings around the bounds: negative, 0 to 100, above 100
    fc
      .tuple(fc.integer({ min: -1000, max: 200_000 }), fc.integer({ min: 0, max: 4 }))
      .map(([n, scale]) => BigDecimal.format(BigDecimal.make(BigInt(n), scale))),
    fc.integer({ min: -10, max: 70_000 }),
    fc.double()
  )
  const mutation = fc.oneof(
    fc.constant(undefined),
    fc.record({
      where: fc.constant("quote" as const),
      key: fc.constantFrom(...quoteKeys, "quote_no", "status", "extra"),
      value: junk,
      drop: fc.boolean()
    }),
    fc.record({
      where: fc.constant("item" as const),
      key: fc.constantFrom(...itemKeys, "price_cost"),
      value: junk,
      drop: fc.boolean()
    }),
    fc.record({ where: fc.constant("rate" as const), key: fc.constantFrom("1", "x"), value: junk, drop: fc.boolean() })
  )

  // 1,500 quotes through the Schema decode take more than the default 5 s on a busy machine.
  it(
    "property: parse accepts exactly what the schema accepts, with the same data",
    () =>
      fc.assert(
        fc.property(quoteArb, mutation, fc.option(fc.constantFrom(...QuoteStatus.all)), (g, change, status) => {
          const wire = JSON.parse(JSON.stringify(PublicQuote.encode(build(g)))) as Record<string, unknown>
          if (status !== null) wire.status = status
          if (change !== undefined) {
            const target =
              change.where === "quote"
                ? wire
                : change.where === "rate"
                  ? (wire.taxIdToRate as Record<string, unknown>)
                  : (wire.publicItems as Array<Record<string, unknown>>)[0]
            if (target !== undefined) {
              if (change.drop) delete target[change.key]
              else target[change.key] = change.value
            }
          }
          const decoded = PublicQuote.decode(wire)
          const parsed = PublicQuote.parse(wire)
          assert.strictEqual(parsed._tag, decoded._tag, JSON.stringify(change))
          if (Result.isSuccess(decoded) && Outcome.isSuccess(parsed)) sameData(parsed.success, decoded.success)
        }),
        { numRuns: 1500 }
      ),
    30_000
  )

  it("parse refuses bad data with the path and what was expected, and never throws", () => {
    const failure = (input: unknown) => {
      const r = PublicQuote.parse(input)
      return Outcome.isFailure(r) ? r.failure.message : "ok"
    }
    assert.strictEqual(failure(wireQuote([wireItem()])), "ok")
    assert.strictEqual(failure(null), "Expected an object at the top")
    assert.strictEqual(failure("{}"), "Expected an object at the top")
    assert.strictEqual(
      failure(wireQuote([wireItem({ price_unit: "12,50" })])),
      'Expected a decimal string at ["publicItems"][0]["price_unit"]'
    )
    assert.strictEqual(
      failure(wireQuote([wireItem({ discount_item: "101" })])),
      'Expected a decimal from 0 to 100 at ["publicItems"][0]["discount_item"]'
    )
    assert.strictEqual(
      failure(wireQuote([], { previewType: "0" })),
      'Expected an integer from -9007199254740991 to 9007199254740991 at ["previewType"]'
    )
    const { title: _, ...untitled } = wireQuote([])
    assert.strictEqual(failure(untitled), 'Expected a value (the key is missing) at ["title"]')
    fc.assert(fc.property(fc.anything(), (u) => Outcome.isFailure(PublicQuote.parse(u)) || typeof u === "object"))
  })

  it("the Fixed path: totals, quantities and choices on a parsed quote equal those on the decoded one", () =>
    fc.assert(
      fc.property(
        quoteArb,
        fc.nat(),
        fc.bigInt({ min: -(10n ** 8n), max: 10n ** 8n }),
        fc.integer({ min: 0, max: 6 }),
        (g, i, v, scale) => {
          const wire = JSON.parse(JSON.stringify(PublicQuote.encode(build(g))))
          const decoded = decodeOk(wire)
          const parsed = Outcome.getOrThrow(PublicQuote.parse(wire))
          const index = decoded.publicItems.length === 0 ? 0 : i % decoded.publicItems.length
          const big = PublicQuote.setQuantity(decoded, index, BigDecimal.make(v, scale))
          const plain = PublicQuote.setQuantityFixed(parsed, index, { value: v, scale })
          sameData(plain, big)
          const t = PublicQuote.totals(big)
          const f = PublicQuote.totalsFixed(plain)
          assert.strictEqual(Money.toFixed(f.upFront.total, 2), Money.toFixed(t.upFront.total, 2))
          assert.strictEqual(Money.toFixed(f.deposit, 2), Money.toFixed(t.deposit, 2))
          f.items.forEach((row, k) => {
            assert.isTrue(Money.equals(row.iTotalLine, t.items[k]!.iTotalLine))
          })
          assert.deepStrictEqual(
            PublicQuote.choices(plain).map((c) => [c.quote_item_id, c.selected, Money.toFixed(c.quantity, 4)]),
            PublicQuote.choices(big).map((c) => [c.quote_item_id, c.selected, Money.toFixed(c.quantity, 4)])
          )
          big.publicItems.forEach((item, k) => {
            assert.strictEqual(
              PublicQuote.formatQuantity(plain.publicItems[k]!),
              PublicQuote.formatNumber(item.quantity.value === 0n ? Money.one : item.quantity)
            )
          })
        }
      )
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
