import { assert, describe, it } from "@effect/vitest"
import { BigDecimal, Option, Schema } from "effect"
import fc from "fast-check"
import * as LineItem from "../src/LineItem.ts"
import * as Money from "../src/Money.ts"

const m = Money.make
const dec = (min: bigint, max: bigint, scale: number) => fc.bigInt({ min, max }).map((v) => BigDecimal.make(v, scale))
const unitArb = dec(-(10n ** 10n), 10n ** 10n, 4)
const quantityArb = dec(0n, 10n ** 8n, 4)
const discountArb = fc.oneof(fc.constant(Money.zero), dec(0n, 1_000_000n, 4))
const line = (price_unit: string, quantity: string, discount_item = "0") => ({
  price_unit: m(price_unit),
  quantity: m(quantity),
  discount_item: m(discount_item)
})
const eq = (a: Money.Decimal, b: Money.Decimal) => assert.isTrue(Money.equals(a, b), `${a} != ${b}`)

describe("LineItem", () => {
  it("total = unit x quantity less the discount, to the cent", () => {
    eq(LineItem.total(line("19.99", "3", "10")), m("53.97"))
    eq(LineItem.total(line("0.125", "1")), m("0.13"))
    eq(LineItem.total(line("-0.125", "1")), m("-0.13"))
    eq(LineItem.total(line("100", "2.5", "100")), Money.zero)
  })

  it("quantity 0 counts as 1", () => {
    eq(LineItem.total(line("42.50", "0")), m("42.50"))
  })

  it("a customer-edited quantity of zero or below becomes 1 (editable quantity -2 becomes 1)", () => {
    eq(LineItem.customerQuantity(m("-2")), Money.one)
    eq(LineItem.customerQuantity(Money.zero), Money.one)
    eq(LineItem.customerQuantity(m("0.00001")), Money.one)
    eq(LineItem.customerQuantity(m("2.123456")), m("2.1234"))
  })

  it("customerQuantityFixed applies the same rule to a plain Fixed, and isQuantityEditable reads one", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 10n), max: 10n ** 10n }), fc.integer({ min: -3, max: 8 }), (v, s) => {
        const plain = LineItem.customerQuantityFixed({ value: v, scale: s })
        assert.isFalse(BigDecimal.isBigDecimal(plain))
        assert.isTrue(Money.equals(plain, LineItem.customerQuantity(BigDecimal.make(v, s))))
        assert.strictEqual(
          LineItem.isQuantityEditable({ editable_quantity: { value: v, scale: s } }),
          BigDecimal.isPositive(BigDecimal.make(v, s))
        )
      })
    )
    assert.deepStrictEqual(LineItem.customerQuantityFixed({ value: -2n, scale: 0 }), { value: 1n, scale: 0 })
  })

  it("editing the total back-computes a 4-decimal unit price", () => {
    eq(Option.getOrThrow(LineItem.unitFromTotal(line("0", "3"), m("100"))), m("33.3333"))
    eq(LineItem.total(line("33.3333", "3")), m("100"))
    eq(Option.getOrThrow(LineItem.unitFromTotal(line("0", "0", "20"), m("80"))), m("100"))
    assert.isTrue(Option.isNone(LineItem.unitFromTotal(line("0", "2", "100"), m("10"))))
  })

  it("property: reading the total back reproduces an edited total when quantity x (1 - discount) <= 100", () =>
    fc.assert(
      fc.property(dec(0n, 1_000_000n, 4), discountArb, dec(-(10n ** 12n), 10n ** 12n, 2), (q, d, t) => {
        const u = LineItem.unitFromTotal({ quantity: q, discount_item: d }, t)
        if (Option.isNone(u)) return BigDecimal.equals(d, Money.hundred)
        return Money.equals(LineItem.total({ price_unit: u.value, quantity: q, discount_item: d }), t)
      })
    ))

  it("property: beyond that, the total read back is within factor x 0.00005 + 0.005 of the edited total", () =>
    fc.assert(
      fc.property(quantityArb, discountArb, dec(-(10n ** 12n), 10n ** 12n, 2), (q, d, t) => {
        const u = LineItem.unitFromTotal({ quantity: q, discount_item: d }, t)
        if (Option.isNone(u)) return true
        const factor = BigDecimal.multiply(LineItem.effectiveQuantity(q), LineItem.discountFactor(d))
        const back = LineItem.total({ price_unit: u.value, quantity: q, discount_item: d })
        const bound = BigDecimal.sum(BigDecimal.multiply(factor, m("0.00005")), m("0.005"))
        return (
          BigDecimal.normalize(u.value).scale <= 4 &&
          BigDecimal.isLessThanOrEqualTo(BigDecimal.abs(BigDecimal.subtract(back, t)), bound)
        )
      })
    ))

  it("property: per-line rounding error is at most half a cent", () =>
    fc.assert(
      fc.property(unitArb, quantityArb, discountArb, (u, q, d) => {
        const l = { price_unit: u, quantity: q, discount_item: d }
        const err = BigDecimal.abs(BigDecimal.subtract(LineItem.total(l), LineItem.exactTotal(l)))
        return BigDecimal.isLessThanOrEqualTo(err, m("0.005"))
      })
    ))

  it("property: the discount never raises a positive total", () =>
    fc.assert(
      fc.property(dec(0n, 10n ** 10n, 4), quantityArb, discountArb, (u, q, d) =>
        BigDecimal.isLessThanOrEqualTo(
          LineItem.total({ price_unit: u, quantity: q, discount_item: d }),
          LineItem.total({ price_unit: u, quantity: q, discount_item: Money.zero })
        )
      )
    ))

  it("margin = (price - cost) / price x 100, 2 decimals, none at price 0", () => {
    eq(Option.getOrThrow(LineItem.margin(m("60"), m("100"))), m("40"))
    eq(Option.getOrThrow(LineItem.margin(m("2"), m("3"))), m("33.33"))
    eq(Option.getOrThrow(LineItem.margin(m("150"), m("100"))), m("-50"))
    assert.isTrue(Option.isNone(LineItem.margin(m("10"), Money.zero)))
  })

  it("editing cost sets the price by the margin; margin edits apply only while locked", () => {
    const start = LineItem.pricing({ price_unit: m("100"), price_cost: m("75") }, false)
    eq(start.margin, m("25"))
    const costed = LineItem.editCost(start, m("90"))
    eq(costed.price_unit, m("120"))
    eq(costed.margin, m("25"))
    assert.strictEqual(LineItem.editMargin(costed, m("50")), costed)
    const locked = LineItem.editMargin({ ...costed, marginLocked: true }, m("50"))
    eq(locked.price_unit, m("180"))
    eq(LineItem.editMargin(locked, m("250")).margin, m("100"))
    eq(LineItem.editMargin(locked, m("250")).price_unit, m("180"))
    const priced = LineItem.editUnit(locked, m("360"))
    eq(priced.margin, m("75"))
  })

  it("a price of 0 keeps the account's default margin until a cost is entered", () => {
    const start = LineItem.pricing({ price_unit: Money.zero, price_cost: Money.zero }, false, m("20"))
    eq(start.margin, m("20"))
    eq(LineItem.editCost(start, m("80")).price_unit, m("100"))
    const full = LineItem.editCost({ ...start, margin: Money.hundred }, m("5"))
    eq(full.price_unit, Money.zero)
  })

  it("property: the price from a margin gives that margin back within rounding", () =>
    fc.assert(
      fc.property(dec(10_000n, 10n ** 10n, 4), dec(-10_000n, 9_900n, 2), (cost, mg) => {
        const price = Option.getOrThrow(LineItem.priceFromMargin(cost, mg))
        const back = Option.getOrThrow(LineItem.margin(cost, price))
        // The price is rounded to 0.0001, which moves the margin by at most 0.005 * (1 - m)^2 / cost points
        // (m as a fraction, at most 2 here): under 0.02 for a cost of 1 or more, plus the margin's own half unit.
        return BigDecimal.isLessThanOrEqualTo(BigDecimal.abs(BigDecimal.subtract(back, mg)), m("0.025"))
      })
    ))

  it("editing state: linked saved items are locked; copy unlocks, revert locks again", () => {
    assert.strictEqual(LineItem.initialEditing({ quote_item_id: 5, item_id: 9 }), "locked")
    assert.strictEqual(LineItem.initialEditing({ quote_item_id: -1, item_id: 9 }), "normal")
    assert.strictEqual(LineItem.initialEditing({ quote_item_id: 5, item_id: 0 }), "normal")
    assert.strictEqual(LineItem.copyAndEdit("locked"), "copied")
    assert.strictEqual(LineItem.revertToLinked("copied"), "locked")
    assert.strictEqual(LineItem.revertToLinked("normal"), "normal")
  })

  it("decodes a quote item from the wire and refuses an item code over 60", () => {
    const wire = {
      quote_item_id: -3,
      item_type: 1,
      item_id: 0,
      item_code: "A-1",
      item_title: "Design",
      item_body: "",
      item_cat_id: 0,
      item_tax_id: 2,
      price_unit: "120.5",
      price_cost: "0",
      price_total: "241",
      quantity: "2",
      editable_quantity: "0",
      discount_item: "0",
      contact_choice: 0,
      contact_selected: 0,
      term_every: 0,
      term_type: 2,
      term_duration: 0,
      added_adj_at: 0,
      credited_adj_at: 0,
      order_index: 0
    }
    const item = Schema.decodeUnknownSync(LineItem.QuoteItem)(wire)
    eq(LineItem.total(item), item.price_total)
    assert.isTrue(LineItem.isUnsaved(item.quote_item_id))
    assert.strictEqual(Schema.encodeSync(LineItem.QuoteItem)(item).price_unit, "120.5")
    const long = Schema.decodeUnknownExit(LineItem.QuoteItem)({ ...wire, item_code: "x".repeat(61) })
    assert.strictEqual(long._tag, "Failure")
  })
})
