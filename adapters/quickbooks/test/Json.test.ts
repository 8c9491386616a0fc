import fc from "fast-check"
import { describe, expect, it } from "vitest"
import * as Json from "../src/internal/Json.ts"

/** Plain decimal strings as quotekit sends money: an integer part, and up to 6 decimals. */
const decimalText = fc
  .tuple(
    fc.boolean(),
    fc.bigInt({ min: 0n, max: 10n ** 15n }),
    fc.option(fc.stringMatching(/^\d{1,6}$/), { nil: undefined })
  )
  .map(
    ([negative, whole, fraction]) =>
      `${negative && (whole > 0n || fraction !== undefined) ? "-" : ""}${whole}${fraction === undefined ? "" : `.${fraction}`}`
  )

describe("Json", () => {
  it("writes decimal strings as number literals and reads them back digit for digit", () => {
    fc.assert(
      fc.property(decimalText, (text) => {
        const written = Json.stringify({ Amount: Json.decimal(text) })
        expect(written).toBe(`{"Amount":${text}}`)
        expect(Json.parse(written)).toEqual({ Amount: text })
      })
    )
  })

  it("keeps what a float would lose, and writes exponents in plain notation", () => {
    expect(Json.parse('{"a":0.30000000000000004,"b":12345678901234567890.12,"c":1e2,"d":150.0}')).toEqual({
      a: "0.30000000000000004",
      b: "12345678901234567890.12",
      c: "100",
      d: "150.0"
    })
  })

  it("refuses anything that is not a plain decimal", () => {
    for (const bad of ["1,200.00", "1e3", "NaN", "", " 1", "01", "1."])
      expect(() => Json.decimal(bad)).toThrow(TypeError)
  })
})
