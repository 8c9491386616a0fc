import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { TestClock } from "effect/testing"
import fc from "fast-check"
import * as RelativeTime from "../src/RelativeTime.ts"

const now = 1_800_000_000

describe("RelativeTime", () => {
  it("says 'just now' under a minute", () => {
    assert.strictEqual(RelativeTime.describe(now, now), "just now")
    assert.strictEqual(RelativeTime.describe(now - 59, now), "just now")
    assert.strictEqual(RelativeTime.describe(now + 59, now), "just now")
  })

  it("counts minutes, hours and days ago", () => {
    assert.strictEqual(RelativeTime.describe(now - 60, now), "1 minute ago")
    assert.strictEqual(RelativeTime.describe(now - 119, now), "1 minute ago")
    assert.strictEqual(RelativeTime.describe(now - 300, now), "5 minutes ago")
    assert.strictEqual(RelativeTime.describe(now - 3599, now), "59 minutes ago")
    assert.strictEqual(RelativeTime.describe(now - 3600, now), "1 hour ago")
    assert.strictEqual(RelativeTime.describe(now - 7 * 3600, now), "7 hours ago")
    assert.strictEqual(RelativeTime.describe(now - 86_400, now), "1 day ago")
    assert.strictEqual(RelativeTime.describe(now - 45 * 86_400, now), "45 days ago")
  })

  it("counts into the future", () => {
    assert.strictEqual(RelativeTime.describe(now + 60, now), "in 1 minute")
    assert.strictEqual(RelativeTime.describe(now + 600, now), "in 10 minutes")
    assert.strictEqual(RelativeTime.describe(now + 7200, now), "in 2 hours")
    assert.strictEqual(RelativeTime.describe(now + 3 * 86_400 + 5, now), "in 3 days")
  })

  it("refreshes every 15 seconds", () => {
    assert.strictEqual(RelativeTime.refreshIntervalSeconds, 15)
    assert.strictEqual(RelativeTime.dateRefreshIntervalSeconds, 30)
  })

  it("the wording never shows a count of 0 and points the right way", () =>
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), (diff) => {
        const text = RelativeTime.describe(now - diff, now)
        if (Math.abs(diff) < 60) return text === "just now"
        const n = Number(/\d+/.exec(text)?.[0])
        return n >= 1 && (diff > 0 ? text.endsWith(" ago") : text.startsWith("in "))
      })
    ))

  it("older times never read as more recent", () =>
    fc.assert(
      fc.property(fc.nat({ max: 1e8 }), fc.nat({ max: 1e8 }), (a, b) => {
        const seconds = (text: string) => {
          if (text === "just now") return 0
          const n = Number(/\d+/.exec(text)?.[0])
          return n * (text.includes("minute") ? 60 : text.includes("hour") ? 3600 : 86_400)
        }
        const [near, far] = a <= b ? [a, b] : [b, a]
        return seconds(RelativeTime.describe(now - near, now)) <= seconds(RelativeTime.describe(now - far, now))
      })
    ))

  it.effect("reads the current time from the Clock", () =>
    Effect.gen(function* () {
      yield* TestClock.setTime(now * 1000)
      assert.strictEqual(yield* RelativeTime.nowSeconds, now)
      assert.strictEqual(yield* RelativeTime.describeNow(now - 30), "just now")
      yield* TestClock.adjust("2 minutes")
      assert.strictEqual(yield* RelativeTime.describeNow(now - 30), "2 minutes ago")
    })
  )
})
