import { assert, describe, it } from "@effect/vitest"
import { BigDecimal, Option, Schema } from "effect"
import fc from "fast-check"
import * as Money from "../src/Money.ts"
import * as TaxMode from "../src/TaxMode.ts"
import * as TaxRate from "../src/TaxRate.ts"

const m = Money.make
const amountArb = fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }).map((v) => BigDecimal.make(v, 2))
const rateArb = fc.bigInt({ min: 0n, max: 1_000_000n }).map((v) => BigDecimal.make(v, 4))
const eq = (a: Money.Decimal, b: Money.Decimal) => assert.isTrue(Money.equals(a, b), `${a} != ${b}`)

describe("TaxMode", () => {
  it("has the four modes of the spec", () => {
    assert.deepStrictEqual(TaxMode.all, ["exclusive_including", "exclusive_excluding", "inclusive", "no_tax"])
    assert.strictEqual(Schema.decodeUnknownExit(TaxMode.TaxModeSchema)("gross")._tag, "Failure")
  })

  it("what each mode does with tax", () => {
    assert.deepStrictEqual(
      TaxMode.all.map((mode) => [
        TaxMode.pricesIncludeTax(mode),
        TaxMode.chargesTax(mode),
        TaxMode.totalIncludesTax(mode),
        TaxMode.addsTax(mode)
      ]),
      [
        [false, true, true, true],
        [false, true, false, false],
        [true, true, true, false],
        [false, false, false, false]
      ]
    )
  })

  it("inclusive tax = total - total / (1 + rate)", () => {
    eq(TaxMode.inclusiveTax(m("115"), m("15")), m("15"))
    eq(TaxMode.inclusiveTax(m("100"), m("15")), m("13.04"))
    eq(TaxMode.inclusiveTax(m("100"), Money.zero), Money.zero)
    eq(TaxMode.exclusiveTax(m("100"), m("12.5")), m("12.5"))
    eq(TaxMode.exclusiveTax(m("0.1"), m("5")), m("0.01"))
  })

  it("split and shown", () => {
    const s = TaxMode.split("exclusive_excluding", m("200"), m("10"))
    eq(s.tax, m("20"))
    eq(TaxMode.shown("exclusive_excluding", s), m("200"))
    eq(TaxMode.shown("exclusive_including", TaxMode.split("exclusive_including", m("200"), m("10"))), m("220"))
    eq(TaxMode.split("no_tax", m("200"), m("10")).tax, Money.zero)
  })

  it("property: inclusive tax plus net equals the gross, and net is within half a cent of gross / (1 + rate)", () =>
    fc.assert(
      fc.property(amountArb, rateArb, (gross, rate) => {
        const s = TaxMode.split("inclusive", gross, rate)
        const exactNet = BigDecimal.divideUnsafe(
          BigDecimal.multiply(gross, Money.hundred),
          BigDecimal.sum(Money.hundred, rate)
        )
        return (
          Money.equals(BigDecimal.sum(s.net, s.tax), gross) &&
          Money.equals(s.gross, gross) &&
          BigDecimal.isLessThanOrEqualTo(BigDecimal.abs(BigDecimal.subtract(s.net, exactNet)), m("0.005"))
        )
      })
    ))

  it("property: in every mode net + tax = gross and the shown total is one of them", () =>
    fc.assert(
      fc.property(fc.constantFrom(...TaxMode.all), amountArb, rateArb, (mode, amount, rate) => {
        const s = TaxMode.split(mode, amount, rate)
        const shown = TaxMode.shown(mode, s)
        return (
          Money.equals(BigDecimal.sum(s.net, s.tax), s.gross) &&
          Money.equals(shown, TaxMode.totalIncludesTax(mode) ? s.gross : s.net) &&
          (TaxMode.chargesTax(mode) || BigDecimal.isZero(s.tax))
        )
      })
    ))

  it("property: tax has the sign of the amount and never exceeds it in magnitude", () =>
    fc.assert(
      fc.property(fc.constantFrom(...TaxMode.all), amountArb, rateArb, (mode, amount, rate) => {
        const { tax } = TaxMode.split(mode, amount, rate)
        return (
          BigDecimal.isLessThanOrEqualTo(BigDecimal.abs(tax), BigDecimal.abs(amount)) &&
          (BigDecimal.isZero(tax) || BigDecimal.isNegative(tax) === BigDecimal.isNegative(amount))
        )
      })
    ))
})

describe("TaxRate", () => {
  const rates = [
    new TaxRate.TaxRate({
      item_tax_id: TaxRate.ItemTaxId.make(1),
      tax_rate: m("15"),
      description: "GST",
      archive_id: 1
    }),
    new TaxRate.TaxRate({
      item_tax_id: TaxRate.ItemTaxId.make(2),
      tax_rate: m("0"),
      description: "Zero",
      archive_id: 2
    })
  ]

  it("looks rates up by item_tax_id; 0 and unknown ids are untaxed", () => {
    const table = TaxRate.toTable(rates)
    eq(Option.getOrThrow(TaxRate.rateOf(table, 1)), m("15"))
    assert.isTrue(Option.isSome(TaxRate.rateOf(table, 2)), "archived rates stay for old quotes")
    assert.isTrue(Option.isNone(TaxRate.rateOf(table, 0)))
    assert.isTrue(Option.isNone(TaxRate.rateOf(table, 99)))
    const fromWire = TaxRate.fromRecord({ "1": m("15") })
    eq(Option.getOrThrow(TaxRate.rateOf(fromWire, 1)), m("15"))
  })

  it("valid rates are 0 to 100 with at most 4 decimals", () => {
    assert.isTrue(TaxRate.isValidRate(m("12.3456")))
    assert.isTrue(TaxRate.isValidRate(m("100")))
    assert.isFalse(TaxRate.isValidRate(m("12.34567")))
    assert.isFalse(TaxRate.isValidRate(m("-1")))
    assert.isFalse(TaxRate.isValidRate(m("100.01")))
  })

  it("decodes the wire row", () => {
    const r = Schema.decodeUnknownSync(TaxRate.TaxRate)({
      item_tax_id: 3,
      tax_rate: "7.25",
      description: "Sales tax",
      archive_id: 1
    })
    eq(r.tax_rate, m("7.25"))
    const bad = { item_tax_id: 3, tax_rate: "-1", description: "", archive_id: 1 }
    assert.strictEqual(Schema.decodeUnknownExit(TaxRate.TaxRate)(bad)._tag, "Failure")
    assert.strictEqual(Schema.decodeUnknownExit(TaxRate.TaxRate)({ ...bad, tax_rate: "100.5" })._tag, "Failure")
  })
})
