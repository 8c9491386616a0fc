/** Minor units: Stripe's exponents, exact conversion (round trips), and refusals instead of silent rounding. */
import { assert, describe, it } from "@effect/vitest"
import { BigDecimal, Result } from "effect"
import fc from "fast-check"
import * as MinorUnits from "../src/MinorUnits.ts"

const d = BigDecimal.fromStringUnsafe
const minor = (amount: string, currency: string) => MinorUnits.toMinor(d(amount), currency)

describe("MinorUnits", () => {
  it("two-, zero- and three-decimal currencies", () => {
    assert.deepStrictEqual(minor("1234.56", "usd"), Result.succeed(123456n))
    assert.deepStrictEqual(minor("0.1", "NZD"), Result.succeed(10n))
    assert.deepStrictEqual(minor("1000", "JPY"), Result.succeed(1000n))
    assert.deepStrictEqual(minor("1000.00", "jpy"), Result.succeed(1000n))
    assert.deepStrictEqual(minor("12.34", "KWD"), Result.succeed(12340n))
    assert.deepStrictEqual(minor("19999999.99", "EUR"), Result.succeed(1999999999n))
  })

  it("refuses what cannot be charged exactly", () => {
    const reason = (r: Result.Result<bigint, MinorUnits.AmountRefused>) =>
      Result.isFailure(r) ? r.failure.reason : "ok"
    assert.strictEqual(reason(minor("0", "usd")), "not-positive")
    assert.strictEqual(reason(minor("-5", "usd")), "not-positive")
    assert.strictEqual(reason(minor("10.5", "JPY")), "too-precise")
    assert.strictEqual(reason(minor("1.005", "usd")), "too-precise")
    assert.strictEqual(reason(minor("1.235", "KWD")), "too-precise")
    assert.strictEqual(reason(minor("1", "US")), "bad-currency")
  })

  it("property: any 2-decimal amount round-trips exactly for two-decimal currencies", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 15n }), fc.constantFrom("usd", "EUR", "nzd", "KWD"), (cents, c) => {
        const amount = BigDecimal.make(cents, 2)
        const r = MinorUnits.toMinor(amount, c)
        assert.isTrue(Result.isSuccess(r))
        if (Result.isSuccess(r)) {
          assert.isTrue(BigDecimal.equals(MinorUnits.fromMinor(r.success, c), amount))
          assert.strictEqual(r.success, cents * (MinorUnits.decimalsOf(c) === 3 ? 10n : 1n))
        }
      })
    )
  })

  it("property: whole amounts in zero-decimal currencies are their own minor units", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 15n }), fc.constantFrom(...MinorUnits.ZERO_DECIMAL), (n, c) => {
        assert.deepStrictEqual(MinorUnits.toMinor(BigDecimal.fromBigInt(n), c), Result.succeed(n))
      })
    )
  })
})
