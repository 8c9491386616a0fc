import { assert, describe, it } from "@effect/vitest"
import fc from "fast-check"
import * as SessionPolicy from "../../src/auth/SessionPolicy.ts"

const durations = { idleSeconds: 14 * 86400, absoluteSeconds: 60 * 86400 }
const DAY = 86_400_000

describe("SessionPolicy", () => {
  it("a session is live exactly while both deadlines are ahead", () =>
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 40 }),
        fc.integer({ min: 0, max: 70 * DAY }),
        fc.integer({ min: 0, max: 70 * DAY }),
        (createdAt, seenAfter, nowAfter) => {
          const session = { createdAt, lastSeenAt: createdAt + seenAfter }
          const now = session.lastSeenAt + nowAfter
          const live =
            now < createdAt + durations.absoluteSeconds * 1000 &&
            now < session.lastSeenAt + durations.idleSeconds * 1000
          return (SessionPolicy.status(session, now, durations) === "live") === live
        }
      )
    ))

  it("names the expiry that ended it, the absolute one first", () => {
    const s = { createdAt: 0, lastSeenAt: 0 }
    assert.strictEqual(SessionPolicy.status(s, 13 * DAY, durations), "live")
    assert.strictEqual(SessionPolicy.status(s, 14 * DAY, durations), "idle-expired")
    assert.strictEqual(
      SessionPolicy.status({ createdAt: 0, lastSeenAt: 59 * DAY }, 60 * DAY, durations),
      "absolute-expired"
    )
    assert.strictEqual(SessionPolicy.status({ createdAt: 0, lastSeenAt: 0 }, 61 * DAY, durations), "absolute-expired")
  })

  it("writes last-seen at most once a minute", () => {
    assert.isFalse(SessionPolicy.needsTouch({ createdAt: 0, lastSeenAt: 0 }, 59_999))
    assert.isTrue(SessionPolicy.needsTouch({ createdAt: 0, lastSeenAt: 0 }, 60_000))
  })

  it("the cookie lives until the absolute expiry", () => {
    assert.strictEqual(SessionPolicy.cookieMaxAgeSeconds(0, 0, durations), 60 * 86400)
    assert.strictEqual(SessionPolicy.cookieMaxAgeSeconds(0, 59 * DAY, durations), 86400)
    assert.strictEqual(SessionPolicy.cookieMaxAgeSeconds(0, 61 * DAY, durations), 0)
  })
})
