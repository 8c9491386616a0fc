import { BigDecimal } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import * as TaxCodes from "../src/TaxCodes.ts"

const rate = fc.integer({ min: 0, max: 30_000 }).map((n) => BigDecimal.format(BigDecimal.make(BigInt(n), 3)))

describe("TaxCodes.rateOf", () => {
  it("rates on the amount add up; a compound rate adds its share of the earlier taxes", () => {
    fc.assert(
      fc.property(rate, rate, (a, b) => {
        const rates = new Map([
          ["1", { Id: "1", Name: "A", RateValue: a }],
          ["2", { Id: "2", Name: "B", RateValue: b }]
        ])
        const detail = (id: string, compound = false, order = "0") => ({
          TaxRateRef: { value: id },
          TaxTypeApplicable: compound ? "TaxOnAmountPlusTax" : "TaxOnAmount",
          TaxOrder: order
        })
        const simple = TaxCodes.rateOf(
          { Id: "x", Name: "x", SalesTaxRateList: { TaxRateDetail: [detail("1"), detail("2", false, "1")] } },
          rates
        )
        expect(
          BigDecimal.equals(simple, BigDecimal.sum(BigDecimal.fromStringUnsafe(a), BigDecimal.fromStringUnsafe(b)))
        ).toBe(true)
        // Listed out of order: TaxOrder decides what the compound rate is charged on.
        const compound = TaxCodes.rateOf(
          { Id: "x", Name: "x", SalesTaxRateList: { TaxRateDetail: [detail("2", true, "1"), detail("1")] } },
          rates
        )
        const expected = BigDecimal.sum(
          BigDecimal.fromStringUnsafe(a),
          BigDecimal.divideUnsafe(
            BigDecimal.multiply(
              BigDecimal.fromStringUnsafe(b),
              BigDecimal.sum(BigDecimal.fromStringUnsafe("100"), BigDecimal.fromStringUnsafe(a))
            ),
            BigDecimal.fromStringUnsafe("100")
          )
        )
        expect(BigDecimal.equals(compound, expected)).toBe(true)
        expect(BigDecimal.isGreaterThanOrEqualTo(compound, simple)).toBe(true)
      })
    )
  })
})
