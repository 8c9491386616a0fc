/**
 * When a chosen `send_at` is scheduled (`Send.scheduledWhen`), without a server: a time in the past (beyond the
 * two minutes a request may take) is refused with 'Choose a time in the future.' on the `send_at` field (400, as
 * `InvalidInput` is defined), and every custom time the composer accepts (`QuickSend.validateCustom`) is accepted
 * here and goes at that time. The HTTP answers themselves are checked in `Emails.integration.test.ts`.
 */
import { assert, describe, it } from "@effect/vitest"
import { InvalidInput } from "@quotekit/core/api/ApiError"
import * as Limits from "@quotekit/core/Limits"
import * as Message from "@quotekit/core/Message"
import * as QuickSend from "@quotekit/core/QuickSend"
import * as ScheduledEmail from "@quotekit/core/ScheduledEmail"
import { Effect, Exit, Result } from "effect"
import fc from "fast-check"
import { scheduledWhen } from "../../src/emails/Send.ts"

const facts = { noun: "quote" } as const
const now = 1_795_000_000
const refusal = (sendAt: number, at: number): InvalidInput | undefined => {
  const exit = Effect.runSyncExit(Effect.flip(scheduledWhen(facts, sendAt, at)))
  return Exit.isSuccess(exit) ? exit.value : undefined
}

describe("scheduledWhen", () => {
  it("refuses a send_at in the past with 'Choose a time in the future.' on the field (400)", () => {
    for (const sendAt of [now - Limits.sendAtPastToleranceSeconds - 1, now - 86_400, 0]) {
      const e = refusal(sendAt, now)
      assert.instanceOf(e, InvalidInput)
      assert.strictEqual(e?._serveError.message, Message.chooseFutureTime)
      assert.deepStrictEqual(
        e?.form_errors.map((f) => [f.input_id, f.message]),
        [["send_at", Message.chooseFutureTime]]
      )
    }
  })

  it("takes one made up to two minutes ago (the request's own time) and sends it once stoppable no longer", () => {
    const exit = Effect.runSyncExit(scheduledWhen(facts, now - Limits.sendAtPastToleranceSeconds, now))
    assert.deepStrictEqual(exit, Exit.succeed(ScheduledEmail.scheduledFor(now)))
  })

  it("accepts every custom time the composer accepts, arriving up to two minutes later, to go at that time", () =>
    fc.assert(
      fc.property(
        fc.integer({ min: -3600, max: (Limits.sendAtMaxDaysAhead + 1) * 86_400 }),
        fc.integer({ min: 0, max: Limits.sendAtPastToleranceSeconds }),
        (ahead, delay) => {
          const at = now + ahead
          fc.pre(Result.isSuccess(QuickSend.validateCustom(at, now)))
          const exit = Effect.runSyncExit(scheduledWhen(facts, at, now + delay))
          const expected = Math.max(at + ScheduledEmail.graceSeconds, ScheduledEmail.scheduledFor(now + delay))
          return Exit.isSuccess(exit) && exit.value === expected
        }
      )
    ))
})
