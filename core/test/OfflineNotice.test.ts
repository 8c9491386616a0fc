import { assert, describe, it } from "@effect/vitest"
import fc from "fast-check"
import * as Message from "../src/Message.ts"
import * as OfflineNotice from "../src/OfflineNotice.ts"

describe("OfflineNotice", () => {
  it("shows nothing without an announcement or before the last 1,800 seconds", () => {
    assert.deepStrictEqual(OfflineNotice.banner(null, 100), { _tag: "None" })
    assert.deepStrictEqual(OfflineNotice.banner(10_000 + 1801, 10_000), { _tag: "None" })
  })

  it("counts down in the spec's words, then says it is going offline", () => {
    assert.deepStrictEqual(OfflineNotice.banner(10_000 + 1800, 10_000), {
      _tag: "Soon",
      text: "We are about to go offline in 30 minutes. Please save what you are doing.",
      seconds: 1800
    })
    assert.strictEqual(OfflineNotice.describeWait(61), "1 minute")
    assert.strictEqual(OfflineNotice.describeWait(90), "2 minutes")
    assert.strictEqual(OfflineNotice.describeWait(600.4), "10 minutes")
    assert.strictEqual(OfflineNotice.describeWait(60), "1 minute")
    assert.strictEqual(OfflineNotice.describeWait(45), "45 seconds")
    assert.strictEqual(OfflineNotice.describeWait(1), "1 second")
    assert.deepStrictEqual(OfflineNotice.banner(10_000, 10_000), { _tag: "Going", text: Message.goingOffline })
  })

  it("property: the banner shows exactly within the window, and its wait never exceeds it", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2_000_000_000 }), fc.integer({ min: -5000, max: 5000 }), (now, left) => {
        const b = OfflineNotice.banner(now + left, now)
        if (left <= 0) assert.strictEqual(b._tag, "Going")
        else if (left > OfflineNotice.WINDOW_SECONDS) assert.strictEqual(b._tag, "None")
        else
          assert.isTrue(b._tag === "Soon" && b.seconds === left && b.text.startsWith("We are about to go offline in"))
      })
    )
  })
})
