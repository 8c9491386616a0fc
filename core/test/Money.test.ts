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

  describe("Fixed (bigint only, for the widgets)", () => {
    // Decimal-looking strings and near misses: signs, dots, exponents, stray characters.
    const decimalText = fc.oneof(
      fc.stringMatching(/^[+-]?\d{0,6}(\.\d{0,6})?([eE][+-]?\d{1,3})?$/),
      fc.string({ unit: fc.constantFrom("0", "1", "9", ".", "-", "+", "e", "E", " ", "x", ","), maxLength: 8 }),
      fc.constantFrom(
        "",
        ".",
        "-",
        "+",
        "1.",
        ".5",
        "-.5",
        "1e",
        "e5",
        "1e-3",
        "1.5E+2",
        "00012.3400",
        "1e999999999999999999"
      )
    )

    it("parseFixed reads exactly what BigDecimal.fromString reads", () =>
      fc.assert(
        fc.property(decimalText, (s) => {
          const ours = Money.parseFixed(s)
          const theirs = BigDecimal.fromString(s)
          assert.strictEqual(ours !== undefined, Option.isSome(theirs), s)
          if (ours !== undefined && Option.isSome(theirs)) {
            assert.strictEqual(ours.value, theirs.value.value, s)
            assert.strictEqual(ours.scale, theirs.value.scale, s)
          }
        })
      ))

    it("formats a plain Fixed exactly as the same BigDecimal", () =>
      fc.assert(
        fc.property(
          fc.bigInt({ min: -(10n ** 16n), max: 10n ** 16n }),
          fc.integer({ min: -4, max: 8 }),
          fc.integer({ min: 0, max: 4 }),
          (value, scale, min) => {
            const plain: Money.Fixed = { value, scale }
            const big = BigDecimal.make(value, scale)
            assert.strictEqual(Money.toFixed(plain, 2), Money.toFixed(big, 2))
            assert.strictEqual(Money.format(plain), Money.format(big))
            assert.strictEqual(Money.formatTrimmed(plain, min, 4), Money.formatTrimmed(big, min, 4))
            assert.strictEqual(Money.unitsAt(plain, 2), BigDecimal.scale(Money.roundTo(big, 2), 2).value)
          }
        )
      ))

    it("toFixed rounds half away from zero, never showing -0", () => {
      assert.strictEqual(Money.toFixed({ value: -125n, scale: 3 }, 2), "-0.13")
      assert.strictEqual(Money.toFixed({ value: 125n, scale: 3 }, 2), "0.13")
      assert.strictEqual(Money.toFixed({ value: -4n, scale: 3 }, 2), "0.00")
      assert.strictEqual(Money.toFixed({ value: 15n, scale: -2 }, 2), "1500.00")
      assert.strictEqual(Money.format({ value: 123456789n, scale: 2 }), "1,234,567.89")
    })

    it("compare, equals, isZero and negated agree with BigDecimal", () =>
      fc.assert(
        fc.property(decimal(6), decimal(6), (a, b) => {
          assert.strictEqual(Money.compare(a, b), BigDecimal.Order(a, b))
          assert.strictEqual(Money.equals(a, b), BigDecimal.equals(a, b))
          assert.strictEqual(Money.isZero(a), BigDecimal.isZero(a))
          assert.isTrue(BigDecimal.equals(BigDecimal.make(Money.negated(a).value, a.scale), BigDecimal.negate(a)))
        })
      ))
  })

  it("decodes and encodes decimal strings on the wire", () => {
    const d = Schema.decodeUnknownSync(Money.DecimalFromString)("19.99")
    assert.strictEqual(Schema.encodeSync(Money.DecimalFromString)(d), "19.99")
  })
})
