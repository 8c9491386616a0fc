import { assert, describe, it } from "@effect/vitest"
import { Option, Result, Schema } from "effect"
import fc from "fast-check"
import * as Currency from "../src/Currency.ts"

describe("Currency", () => {
  it("has the product's 166 entries", () => {
    assert.strictEqual(Currency.all.length, 166)
  })

  it("ids are unique and numbered 1 to 166 in alphabetical order of name", () => {
    assert.deepStrictEqual(
      Currency.all.map((c) => c.id),
      Array.from({ length: 166 }, (_, i) => i + 1)
    )
    const names = Currency.all.map((c) => c.name)
    const sorted = [...names].sort((a, b) => a.localeCompare(b, "en"))
    assert.deepStrictEqual(names, sorted)
  })

  it("ISO codes are unique and three upper-case letters", () => {
    const codes = Currency.all.map((c) => c.code)
    assert.strictEqual(new Set(codes).size, codes.length)
    for (const code of codes) assert.match(code, /^[A-Z]{3}$/)
  })

  it("every entry decodes through the entry schema", () => {
    for (const c of Currency.all) {
      assert.deepStrictEqual(Schema.decodeUnknownSync(Currency.Currency)({ ...c }), c)
      assert.isTrue(c.symbol.length > 0)
    }
  })

  it("the spec's fixed ids map to the right codes", () => {
    const fixed: Array<[number, string]> = [
      [8, "AUD"],
      [27, "CAD"],
      [51, "EUR"],
      [107, "NZD"],
      [134, "ZAR"],
      [155, "GBP"],
      [156, "USD"]
    ]
    for (const [id, code] of fixed) {
      assert.strictEqual(Option.getOrThrow(Currency.byId(id)).code, code)
    }
    assert.deepStrictEqual(
      Currency.special.map((c): [number, string] => [c.id, c.code]),
      fixed
    )
    assert.isTrue(Currency.isSpecial(107))
    assert.isFalse(Currency.isSpecial(1))
  })

  it("defaults to US dollars, '$' and 'tax'", () => {
    assert.strictEqual(Currency.DEFAULT_ID, 156)
    assert.strictEqual(Option.getOrThrow(Currency.byId(Currency.DEFAULT_ID)).symbol, Currency.DEFAULT_SYMBOL)
    assert.strictEqual(Currency.DEFAULT_SYMBOL, "$")
    assert.strictEqual(Currency.DEFAULT_TAX_WORD, "tax")
  })

  it("looks up by code, case-insensitively", () => {
    assert.strictEqual(Option.getOrThrow(Currency.byCode("eur")).id, 51)
    assert.strictEqual(Option.getOrThrow(Currency.byCode(" GBP ")).id, 155)
    assert.isTrue(Option.isNone(Currency.byCode("XXX")))
  })

  it("the id schema accepts exactly the known ids", () =>
    fc.assert(
      fc.property(fc.integer({ min: -1000, max: 1000 }), (id) => {
        const decoded = Schema.decodeUnknownResult(Currency.CurrencyId)(id)
        return (
          Result.isSuccess(decoded) === (id >= 1 && id <= 166) &&
          Option.isSome(Currency.byId(id)) === (id >= 1 && id <= 166)
        )
      })
    ))

  it("the id schema refuses non-integers and strings", () => {
    assert.isTrue(Result.isFailure(Schema.decodeUnknownResult(Currency.CurrencyId)(8.5)))
    assert.isTrue(Result.isFailure(Schema.decodeUnknownResult(Currency.CurrencyId)("8")))
  })

  it("the entry schema refuses a malformed code", () => {
    const bad = { id: 8, name: "Australia Dollar", code: "aud", symbol: "$" }
    assert.isTrue(Result.isFailure(Schema.decodeUnknownResult(Currency.Currency)(bad)))
  })
})
