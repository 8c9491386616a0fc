import { assert, describe, it } from "@effect/vitest"
import { Effect, Option } from "effect"
import { TestClock } from "effect/testing"
import fc from "fast-check"
import * as Expiry from "../src/Expiry.ts"

const now = 1_800_000_000
const day = 86_400
const past = "The expiry date is in the past, it must be some time in the future."

describe("Expiry", () => {
  it("refuses an expiry in the past with the spec's message", () => {
    assert.deepStrictEqual(Expiry.check({ status: "draft", expiry_date: now - 1 }, now), {
      _tag: "InPast",
      message: past
    })
    assert.deepStrictEqual(Expiry.check({ status: "sentEditing", expiry_date: now }, now), {
      _tag: "InPast",
      message: past
    })
  })

  it("ignores an unset expiry", () => {
    assert.deepStrictEqual(Expiry.check({ status: "sentEditing", expiry_date: 0 }, now), { _tag: "Ok" })
  })

  it("warns within 10 days on a sentEditing quote only", () => {
    assert.deepStrictEqual(Expiry.check({ status: "sentEditing", expiry_date: now + 3 * day }, now), {
      _tag: "Soon",
      message: "This quote expires in 3 days.",
      secondsLeft: 3 * day
    })
    assert.strictEqual(Expiry.check({ status: "sentEditing", expiry_date: now + 10 * day }, now)._tag, "Soon")
    assert.strictEqual(Expiry.check({ status: "sentEditing", expiry_date: now + 10 * day + 1 }, now)._tag, "Ok")
    assert.strictEqual(Expiry.check({ status: "draft", expiry_date: now + 3 * day }, now)._tag, "Ok")
  })

  it("flags a sent date in the future", () => {
    assert.deepStrictEqual(Expiry.sentDateProblem(now + 1, now), Option.some("This date is in the future"))
    assert.isTrue(Option.isNone(Expiry.sentDateProblem(now, now)))
    assert.isTrue(Option.isNone(Expiry.sentDateProblem(0, now)))
  })

  it("an expiry is in the past exactly when it is set and not after now", () =>
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 * now }),
        fc.constantFrom("draft", "sentEditing", "sent"),
        (expiry_date, status) =>
          (Expiry.check({ status, expiry_date }, now)._tag === "InPast") === (expiry_date > 0 && expiry_date <= now)
      )
    ))

  it("a warning is always about a future expiry within 10 days", () =>
    fc.assert(
      fc.property(fc.integer({ min: -30 * day, max: 30 * day }), (offset) => {
        const result = Expiry.check({ status: "sentEditing", expiry_date: now + offset }, now)
        return result._tag !== "Soon" || (result.secondsLeft > 0 && result.secondsLeft <= 10 * day)
      })
    ))

  it.effect("checks against the Clock", () =>
    Effect.gen(function* () {
      yield* TestClock.setTime(now * 1000)
      const quote = { status: "sentEditing", expiry_date: now + 11 * day }
      assert.strictEqual((yield* Expiry.checkNow(quote))._tag, "Ok")
      yield* TestClock.adjust("1 day")
      assert.strictEqual((yield* Expiry.checkNow(quote))._tag, "Soon")
      yield* TestClock.adjust("10 days")
      assert.strictEqual((yield* Expiry.checkNow(quote))._tag, "InPast")
      assert.isTrue(Option.isNone(yield* Expiry.sentDateProblemNow(now)))
    })
  )
})
