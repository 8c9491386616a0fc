import { assert, describe, it } from "@effect/vitest"
import fc from "fast-check"
import { cut } from "../../src/service/JsErrorLog.ts"

describe("JsErrorLog.cut", () => {
  it("keeps at most 500 characters, whole code points, and leaves short text alone", () =>
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 800 }), (s) => {
        const c = cut(s)
        const points = Array.from(c)
        assert.isAtMost(points.length, 500)
        assert.isTrue(s.startsWith(c))
        return Array.from(s).length <= 500 ? c === s : points.length === 500
      })
    ))

  it("cuts the spec's way: 500 of 2000", () => {
    assert.strictEqual(cut("x".repeat(2000)), "x".repeat(500))
  })
})
