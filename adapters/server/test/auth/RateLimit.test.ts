import { assert, describe, it } from "@effect/vitest"
import fc from "fast-check"
import { decide } from "../../src/auth/RateLimit.ts"

const limit = fc.record({ max: fc.integer({ min: 1, max: 20 }), windowSeconds: fc.integer({ min: 1, max: 3600 }) })
/** Attempt times (ms, oldest first) within the hour before `now`. */
const history = (now: number) =>
  fc.array(fc.integer({ min: now - 3_600_000, max: now }), { maxLength: 40 }).map((ts) => [...ts].sort((a, b) => a - b))

describe("RateLimit.decide", () => {
  it("allows exactly while fewer than max attempts are in the window", () =>
    fc.assert(
      fc.property(
        limit,
        fc.integer({ min: 3_600_000, max: 2 ** 40 }).chain((now) => fc.tuple(fc.constant(now), history(now))),
        (l, [now, hits]) => {
          const live = hits.filter((t) => t > now - l.windowSeconds * 1000).length
          return decide(hits, now, l).allowed === live < l.max
        }
      )
    ))

  it("an allowed attempt is counted; a refused one is not", () =>
    fc.assert(
      fc.property(
        limit,
        fc.integer({ min: 3_600_000, max: 2 ** 40 }).chain((now) => fc.tuple(fc.constant(now), history(now))),
        (l, [now, hits]) => {
          const v = decide(hits, now, l)
          const live = hits.filter((t) => t > now - l.windowSeconds * 1000)
          return v.allowed ? v.hits.length === live.length + 1 && v.hits.at(-1) === now : v.hits.length === live.length
        }
      )
    ))

  it("after Retry-After seconds the next attempt is allowed, and not one second earlier", () =>
    fc.assert(
      fc.property(
        limit,
        fc.integer({ min: 3_600_000, max: 2 ** 40 }).chain((now) => fc.tuple(fc.constant(now), history(now))),
        (l, [now, hits]) => {
          const v = decide(hits, now, l)
          if (v.allowed) return true
          assert.isAtLeast(v.retryAfterSeconds, 1)
          assert.isAtMost(v.retryAfterSeconds, l.windowSeconds)
          const later = now + v.retryAfterSeconds * 1000
          assert.isTrue(decide(v.hits, later, l).allowed)
          if (v.retryAfterSeconds > 1) assert.isFalse(decide(v.hits, later - 1000 - 1, l).allowed)
          return true
        }
      )
    ))

  it("the spec's example: the 11th sign-in within 15 minutes waits for the first to age out", () => {
    const l = { max: 10, windowSeconds: 15 * 60 }
    const start = 1_000_000_000
    const hits = Array.from({ length: 10 }, (_, i) => start + i * 60_000)
    const v = decide(hits, start + 10 * 60_000, l)
    assert.isFalse(v.allowed)
    if (!v.allowed) assert.strictEqual(v.retryAfterSeconds, 5 * 60)
    assert.isTrue(decide(hits, start + 15 * 60_000 + 1, l).allowed)
  })
})
