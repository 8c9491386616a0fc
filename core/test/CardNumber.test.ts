import { assert, describe, it } from "@effect/vitest"
import { Option } from "effect"
import fc from "fast-check"
import * as CardNumber from "../src/CardNumber.ts"

const warned = (input: string) => Option.isSome(CardNumber.prefixWarning(input))

describe("CardNumber", () => {
  it("accepts 4 and 51 to 55", () => {
    for (const n of ["4242 4242 4242 4242", "4", "5105-1051-0510-5100", "55", "5300", "54"]) {
      assert.isFalse(warned(n), n)
    }
  })

  it("warns for other prefixes with the catalogue text", () => {
    assert.deepStrictEqual(
      CardNumber.prefixWarning("3782 822463 10005"),
      Option.some("That does not look like a Visa or Mastercard number.")
    )
    for (const n of ["50", "56", "6011", "1", "0", "3", "5x", "abc"]) assert.isTrue(warned(n), n)
  })

  it("waits while the number could still match", () => {
    assert.isFalse(warned(""))
    assert.isFalse(warned("  "))
    assert.isFalse(warned("5"))
  })

  it("warns exactly when the digits do not start with 4 or 51-55", () =>
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(..."0123456789"), minLength: 2, maxLength: 19 }), (digits) => {
        const first = Number(digits.slice(0, 2))
        const known = digits.startsWith("4") || (first >= 51 && first <= 55)
        return warned(digits) === !known
      })
    ))

  it("checks the Luhn sum", () => {
    assert.isTrue(CardNumber.isLuhnValid("4242424242424242"))
    assert.isTrue(CardNumber.isLuhnValid("5555555555554444"))
    assert.isFalse(CardNumber.isLuhnValid("4242424242424241"))
    assert.isFalse(CardNumber.isLuhnValid("4242"))
  })

  it("changing one digit breaks the Luhn sum", () =>
    fc.assert(
      fc.property(fc.nat({ max: 15 }), fc.integer({ min: 1, max: 9 }), (i, delta) => {
        const valid = "4242424242424242"
        const d = (Number(valid[i]) + delta) % 10
        return !CardNumber.isLuhnValid(`${valid.slice(0, i)}${d}${valid.slice(i + 1)}`)
      })
    ))

  it("shows the number in groups of four", () => {
    assert.strictEqual(CardNumber.formatGroups("4242424242424242"), "4242 4242 4242 4242")
    assert.strictEqual(CardNumber.formatGroups("4242-42"), "4242 42")
  })
})
