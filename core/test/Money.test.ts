import { assert, describe, it } from "@effect/vitest"
import { BigDecimal, Option, Schema } from "effect"
import fc from "fast-check"
import * as Money from "../src/Money.ts"

const decimal = (maxScale: number) =>
  fc
    .tuple(fc.bigInt({ min: -(10n ** 14n), max: 10n ** 14n }), fc.integer({ min: 0, max: maxScale }))
    .map(([v, s]) => BigDecimal.make(v, s))

describe("Money", () => {
  it("rounds half away from zero", () => {
    assert.strictEqual(Money.toFixed(Money.roundAmount(Money.make("0.125")), 2), "0.13")
    assert.strictEqual(Money.toFixed(Money.roundAmount(Money.make("-0.125")), 2), "-0.13")
    assert.strictEqual(Money.toFixed(Money.roundAmount(Money.make("0.1249")), 2), "0.12")
    assert.strictEqual(Money.toFixed(Money.roundUnit(Money.make("1.00005")), 4), "1.0001")
  })

  it("formats with comma thousands and dot decimals", () => {
    assert.strictEqual(Money.format(Money.make("1234567.5")), "1,234,567.50")
    assert.strictEqual(Money.format(Money.make("-1234.005")), "-1,234.01")
    assert.strictEqual(Money.format(Money.zero), "0.00")
    assert.strictEqual(Money.formatTrimmed(Money.make("12.3000"), 2, 4), "12.30")
    assert.strictEqual(Money.formatTrimmed(Money.make("12.34567"), 2, 4), "12.3457")
  })

  it("abbreviates above 1,000,000", () => {
    assert.strictEqual(Money.abbreviate(Money.make("1000000")), "1,000,000.00")
    assert.strictEqual(Money.abbreviate(Money.make("1250000")), "1.25M")
    assert.strictEqual(Money.abbreviate(Money.make("3400000000")), "3.4B")
    assert.strictEqual(Money.abbreviate(Money.make("2000000000000")), "2T")
    assert.strictEqual(Money.abbreviate(Money.make("-5500000")), "-5.5M")
  })

  it("parses plain decimals only", () => {
    assert.isTrue(Option.isSome(Money.parse("12.5")))
    assert.isTrue(Option.isSome(Money.parse("-.5")))
    assert.isTrue(Option.isNone(Money.parse("1e3")))
    assert.isTrue(Option.isNone(Money.parse("abc")))
    assert.isTrue(Option.isNone(Money.parse("")))
  })

  it("rounding error is at most half a unit of the last place", () =>
    fc.assert(
      fc.property(decimal(8), (n) => {
        const diff = BigDecimal.abs(BigDecimal.subtract(Money.roundAmount(n), n))
        return BigDecimal.isLessThanOrEqualTo(diff, Money.make("0.005"))
      })
    ))

  it("rounding is symmetric around zero", () =>
    fc.assert(
      fc.property(decimal(8), (n) =>
        Money.equals(Money.roundAmount(BigDecimal.negate(n)), BigDecimal.negate(Money.roundAmount(n)))
      )
    ))

  it("toFixed round-trips through parse", () =>
    fc.assert(fc.property(decimal(2), (n) => Money.equals(Option.getOrThrow(Money.parse(Money.toFixed(n, 2))), n))))

  it("decodes and encodes decimal strings on the wire", () => {
    const d = Schema.decodeUnknownSync(Money.DecimalFromString)("19.99")
    assert.strictEqual(Schema.encodeSync(Money.DecimalFromString)(d), "19.99")
  })
})
