import { assert, describe, it } from "@effect/vitest"
import { Option, Result, Schema } from "effect"
import fc from "fast-check"
import * as SubscriptionTerm from "../src/SubscriptionTerm.ts"

const term = fc.record({
  term_every: fc.integer({ min: 0, max: 255 }),
  term_type: fc.constantFrom(1 as const, 2 as const, 3 as const),
  term_duration: fc.integer({ min: 0, max: 65535 })
})

describe("SubscriptionTerm", () => {
  it("is a subscription only when term_every > 0", () => {
    assert.isFalse(SubscriptionTerm.isSubscription(SubscriptionTerm.none))
    assert.isTrue(SubscriptionTerm.isSubscription({ term_every: 1 }))
  })

  it("defaults to every 1 month, or copies the previous item's term", () => {
    assert.deepStrictEqual(SubscriptionTerm.enable(Option.none()), {
      term_every: 1,
      term_type: 2,
      term_duration: 0
    })
    const previous = { term_every: 2, term_type: 1 as const, term_duration: 12 }
    assert.deepStrictEqual(SubscriptionTerm.enable(Option.some(previous)), previous)
    // a previous up-front item is not a term to copy
    assert.deepStrictEqual(
      SubscriptionTerm.enable(Option.some(SubscriptionTerm.none)),
      SubscriptionTerm.defaultSubscription
    )
    assert.isFalse(SubscriptionTerm.isSubscription(SubscriptionTerm.disable(previous)))
  })

  it("validates the spec's limits", () => {
    assert.isTrue(Result.isSuccess(SubscriptionTerm.make({ term_every: 255, term_type: 3, term_duration: 65535 })))
    const fail = (input: { term_every: number; term_type: number; term_duration: number }) => {
      const r = SubscriptionTerm.make(input)
      assert.isTrue(Result.isFailure(r))
      return Result.isFailure(r) ? r.failure : undefined
    }
    assert.strictEqual(fail({ term_every: 256, term_type: 2, term_duration: 0 })?.field, "term_every")
    assert.strictEqual(fail({ term_every: 1.5, term_type: 2, term_duration: 0 })?.field, "term_every")
    assert.strictEqual(fail({ term_every: -1, term_type: 2, term_duration: 0 })?.field, "term_every")
    assert.strictEqual(fail({ term_every: 1, term_type: 4, term_duration: 0 })?.field, "term_type")
    assert.strictEqual(fail({ term_every: 1, term_type: 0, term_duration: 0 })?.field, "term_type")
    const e = fail({ term_every: 1, term_type: 2, term_duration: 65536 })
    assert.strictEqual(e?.field, "term_duration")
    assert.strictEqual(e?.maximum, 65535)
    assert.strictEqual(e?._tag, "InvalidTerm")
    assert.strictEqual(e?.message, "term_duration must be a whole number from 0 to 65535, not 65536")
  })

  it("the schema enforces the same limits", () => {
    const decode = Schema.decodeUnknownOption(SubscriptionTerm.Term)
    assert.isTrue(Option.isSome(decode({ term_every: 255, term_type: 1, term_duration: 65535 })))
    assert.isTrue(Option.isNone(decode({ term_every: 256, term_type: 1, term_duration: 0 })))
    assert.isTrue(Option.isNone(decode({ term_every: 1, term_type: 1, term_duration: 65536 })))
    assert.isTrue(Option.isNone(decode({ term_every: 1, term_type: 5, term_duration: 0 })))
    assert.isTrue(Option.isNone(decode({ term_every: 0.5, term_type: 1, term_duration: 0 })))
  })

  it("normalize clamps and truncates like the number fields", () => {
    assert.deepStrictEqual(SubscriptionTerm.normalize({ term_every: 300.7, term_type: 9, term_duration: -4 }), {
      term_every: 255,
      term_type: 2,
      term_duration: 0
    })
    assert.deepStrictEqual(SubscriptionTerm.normalize({ term_every: 2.9, term_type: 1, term_duration: 1e9 }), {
      term_every: 2,
      term_type: 1,
      term_duration: 65535
    })
  })

  it("normalize always yields a valid term", () =>
    fc.assert(
      fc.property(fc.double(), fc.double(), fc.double(), (a, b, c) =>
        Result.isSuccess(
          SubscriptionTerm.make(SubscriptionTerm.normalize({ term_every: a, term_type: b, term_duration: c }))
        )
      )
    ))

  it("describes a term in words", () => {
    const d = (term_every: number, term_type: 1 | 2 | 3, term_duration: number) =>
      SubscriptionTerm.describe({ term_every, term_type, term_duration })
    assert.strictEqual(d(2, 1, 12), "every 2 weeks for 12 payments")
    assert.strictEqual(d(1, 2, 0), "every month until cancelled")
    assert.strictEqual(d(1, 3, 1), "every year for 1 payment")
    assert.strictEqual(d(3, 2, 6), "every 3 months for 6 payments")
    assert.strictEqual(d(0, 2, 12), "up front")
    assert.strictEqual(SubscriptionTerm.describeInterval(SubscriptionTerm.none), "")
  })

  it("builds group keys padded to 5 digits", () => {
    assert.strictEqual(SubscriptionTerm.groupKey({ term_every: 1, term_type: 2, term_duration: 12 }), "2-00001-00012")
    assert.strictEqual(
      SubscriptionTerm.groupKey({ term_every: 255, term_type: 3, term_duration: 65535 }),
      "3-00255-65535"
    )
    assert.strictEqual(SubscriptionTerm.groupKey({ term_every: 0, term_type: 1, term_duration: 9 }), "up-front")
  })

  it("group keys round-trip and identify the term", () =>
    fc.assert(
      fc.property(term, (t) => {
        const key = SubscriptionTerm.groupKey(t)
        const back = SubscriptionTerm.parseGroupKey(key)
        if (!SubscriptionTerm.isSubscription(t)) return key === "up-front" && Option.isSome(back)
        return Option.isSome(back) && SubscriptionTerm.groupKey(back.value) === key
      })
    ))

  it("distinct subscription terms have distinct keys", () =>
    fc.assert(
      fc.property(term, term, (a, b) => {
        if (!SubscriptionTerm.isSubscription(a) || !SubscriptionTerm.isSubscription(b)) return true
        const same = a.term_every === b.term_every && a.term_type === b.term_type && a.term_duration === b.term_duration
        return same === (SubscriptionTerm.groupKey(a) === SubscriptionTerm.groupKey(b))
      })
    ))

  it("refuses malformed group keys", () => {
    for (const bad of ["", "upfront", "2-1-12", "4-00001-00001", "2-00000-00001", "2-00001-00012x"]) {
      assert.isTrue(Option.isNone(SubscriptionTerm.parseGroupKey(bad)), bad)
    }
    assert.isTrue(Option.isNone(Schema.decodeUnknownOption(SubscriptionTerm.GroupKey)("2-1-12")))
    assert.isTrue(Option.isSome(Schema.decodeUnknownOption(SubscriptionTerm.GroupKey)("up-front")))
  })
})
