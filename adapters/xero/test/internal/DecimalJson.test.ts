import { assert, describe, it } from "@effect/vitest"
import { BigDecimal } from "effect"
import fc from "fast-check"
import * as DecimalJson from "../../src/internal/DecimalJson.ts"

/** Plain decimals as quotekit writes them: an integer part, up to 8 places, any sign. */
const decimalText = fc
  .tuple(fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }), fc.integer({ min: 0, max: 8 }))
  .map(([units, scale]) => DecimalJson.toFixed(BigDecimal.make(units, scale), scale))

describe("DecimalJson", () => {
  it("a decimal string goes out as a JSON number with exactly its digits and comes back as the same text", () =>
    fc.assert(
      fc.property(decimalText, (text) => {
        const json = DecimalJson.stringify({ Amount: DecimalJson.decimal(text), Name: "x" })
        assert.strictEqual(json, `{"Amount":${text},"Name":"x"}`)
        assert.deepStrictEqual(DecimalJson.parse(json), { Amount: text, Name: "x" })
      })
    ))

  it("keeps what a float would lose", () => {
    const json = '{"Total":12345678901234567.89,"Rate":0.1,"Qty":2.5000,"Nested":[{"UnitAmount":20.0000}],"Ok":true}'
    assert.deepStrictEqual(DecimalJson.parse(json), {
      Total: "12345678901234567.89",
      Rate: "0.1",
      Qty: "2.5000",
      Nested: [{ UnitAmount: "20.0000" }],
      Ok: true
    })
    assert.strictEqual(JSON.parse(json).Total, 12345678901234568)
  })

  it("refuses what is not a plain decimal, so nothing but a number is ever written raw", () => {
    for (const bad of ["1e3", "abc", "", "1.2.3", "0x10", "Infinity", "1,000.00", '1}, "x": {'])
      assert.throws(() => DecimalJson.decimal(bad), /not a decimal/, bad)
    assert.strictEqual(DecimalJson.decimal("0012.50").text, "12.50")
    assert.strictEqual(DecimalJson.decimal(".5").text, "0.5")
  })

  it("toFixed rounds half away from zero at the scale", () => {
    const cases: ReadonlyArray<[string, number, string]> = [
      ["2.345", 2, "2.35"],
      ["-2.345", 2, "-2.35"],
      ["0.004", 2, "0.00"],
      ["3086.4195", 2, "3086.42"],
      ["7", 4, "7.0000"],
      ["-0.5", 0, "-1"]
    ]
    for (const [input, scale, expected] of cases)
      assert.strictEqual(DecimalJson.toFixed(BigDecimal.fromStringUnsafe(input), scale), expected, input)
  })

  it("toFixed is within half a unit of the last place", () =>
    fc.assert(
      fc.property(decimalText, fc.integer({ min: 0, max: 4 }), (text, scale) => {
        const d = BigDecimal.fromStringUnsafe(text)
        const r = BigDecimal.fromStringUnsafe(DecimalJson.toFixed(d, scale))
        const diff = BigDecimal.abs(BigDecimal.subtract(d, r))
        return BigDecimal.isLessThanOrEqualTo(diff, BigDecimal.make(5n, scale + 1))
      })
    ))
})
