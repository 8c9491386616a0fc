import { assert, describe, it } from "@effect/vitest"
import fc from "fast-check"
import * as SigninThrottle from "../../src/auth/SigninThrottle.ts"

const failures = fc
  .array(fc.integer({ min: 0, max: 15 * 60_000 }), { maxLength: 40 })
  .map((ts) => [...ts].sort((a, b) => a - b))

describe("SigninThrottle", () => {
  it("the first failures cost nothing; then the delay doubles up to the cap", () => {
    assert.deepStrictEqual(
      [0, 4, 5, 6, 7, 10, 14, 15, 40].map(SigninThrottle.delaySeconds),
      [0, 0, 1, 2, 4, 32, 512, 900, 900]
    )
  })

  it("the delay never falls as failures grow, and never passes the cap", () =>
    fc.assert(
      fc.property(fc.nat(200), (n) => {
        const d = SigninThrottle.delaySeconds(n)
        return d <= SigninThrottle.MAX_DELAY_SECONDS && SigninThrottle.delaySeconds(n + 1) >= d
      })
    ))

  it("a known device never waits; others wait exactly until the last failure's delay has passed", () =>
    fc.assert(
      fc.property(failures, fc.integer({ min: 15 * 60_000, max: 40 * 60_000 }), (ts, now) => {
        if (SigninThrottle.waitSeconds(ts, now, true) !== 0) return false
        const wait = SigninThrottle.waitSeconds(ts, now, false)
        const last = ts[ts.length - 1] ?? 0
        const until = last + SigninThrottle.delaySeconds(ts.length) * 1000
        return until <= now ? wait === 0 : wait === Math.ceil((until - now) / 1000) && wait > 0
      })
    ))
})
