import { assert, describe, it } from "@effect/vitest"
import { Schema } from "effect"
import fc from "fast-check"
import * as QuoteMeta from "../src/QuoteMeta.ts"

describe("QuoteMeta", () => {
  it("a quote is an adjustment when nextAdjIndex > 0", () => {
    assert.isFalse(QuoteMeta.isAdjustment({ nextAdjIndex: 0 }))
    assert.isTrue(QuoteMeta.isAdjustment({ nextAdjIndex: 1 }))
    assert.strictEqual(QuoteMeta.adjustmentLetter({ nextAdjIndex: 0 }), "")
    assert.strictEqual(QuoteMeta.adjustmentLetter({ nextAdjIndex: 3 }), "C")
  })

  it("copies and moved expiries start dirty", () => {
    assert.isTrue(QuoteMeta.startsDirty({ expiryUpdated: true }))
    assert.isTrue(QuoteMeta.startsDirty({ expiryUpdated: false, fromTemplate: 4 }))
    assert.isTrue(QuoteMeta.startsDirty({ expiryUpdated: false, fromQuote: 9 }))
    assert.isFalse(QuoteMeta.startsDirty({ expiryUpdated: false }))
  })

  it("round-trips through the wire and refuses a negative adjustment index", () => {
    const meta = QuoteMeta.empty(true, true)
    assert.isTrue(meta.reviewsOn)
    assert.isFalse(QuoteMeta.empty(true, false).reviewsOn)
    const wire = Schema.encodeSync(QuoteMeta.QuoteMeta)(meta)
    assert.deepStrictEqual(Schema.decodeUnknownSync(QuoteMeta.QuoteMeta)(wire), meta)
    assert.strictEqual(Schema.decodeUnknownExit(QuoteMeta.QuoteMeta)({ ...wire, nextAdjIndex: -1 })._tag, "Failure")
  })

  it("property: adjustment letters exist exactly for adjustments", () =>
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 20 }),
        (n) => QuoteMeta.isAdjustment({ nextAdjIndex: n }) === (QuoteMeta.adjustmentLetter({ nextAdjIndex: n }) !== "")
      )
    ))
})
