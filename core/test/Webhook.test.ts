import { assert, describe, it } from "@effect/vitest"
import { Option } from "effect"
import fc from "fast-check"
import * as Webhook from "../src/Webhook.ts"

describe("Webhook.retryDelaySeconds", () => {
  it("retries after 5 s, 1 min, 5 min, 30 min, 2 h, 5 h, 8 h and 8 h, then stops: about 24 hours in all", () => {
    const delays = Array.from({ length: Webhook.MAX_ATTEMPTS }, (_, i) => Webhook.retryDelaySeconds(i + 1, 0.5))
    assert.deepStrictEqual(delays.slice(0, 8).map(Option.getOrThrow), [5, 60, 300, 1800, 7200, 18_000, 28_800, 28_800])
    assert.isTrue(Option.isNone(delays[8]!))
    const total = Webhook.RETRY_DELAYS_SECONDS.reduce((a, b) => a + b, 0)
    assert.isAtLeast(total, 23 * 3600)
    assert.isAtMost(total, 24 * 3600)
  })

  it("spreads each wait by at most 10 % and never below a second", () =>
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 8 }), fc.double({ min: -1, max: 2, noNaN: true }), (n, jitter) => {
        const base = Webhook.RETRY_DELAYS_SECONDS[n - 1]!
        const d = Option.getOrThrow(Webhook.retryDelaySeconds(n, jitter))
        return d >= Math.max(1, Math.floor(base * 0.9)) && d <= Math.ceil(base * 1.1)
      })
    ))
})

describe("Webhook.shouldDisable", () => {
  const day = Webhook.DISABLE_AFTER_SECONDS
  it("turns an endpoint off only after a whole schedule without a delivery", () => {
    // Delivering again: never.
    assert.isFalse(Webhook.shouldDisable({ failingSince: null, now: 10 * day, final: true, createdAt: 0 }))
    // A delivery failed for good, nothing delivered since it was made.
    assert.isTrue(Webhook.shouldDisable({ failingSince: 100, now: 50_000, final: true, createdAt: 100 }))
    // ...but something was delivered after it was made: the endpoint works again.
    assert.isFalse(Webhook.shouldDisable({ failingSince: 200, now: 50_000, final: true, createdAt: 100 }))
    // Failing for 24 hours, whatever the delivery.
    assert.isTrue(Webhook.shouldDisable({ failingSince: 0, now: day, final: false, createdAt: day - 5 }))
    assert.isFalse(Webhook.shouldDisable({ failingSince: 1, now: day, final: false, createdAt: 0 }))
  })
})
