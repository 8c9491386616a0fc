import { assert, describe, it } from "@effect/vitest"
import { Effect, Option, Schema } from "effect"
import { TestClock } from "effect/testing"
import fc from "fast-check"
import * as ScheduledEmail from "../src/ScheduledEmail.ts"

const at = 1_800_000_000
const queued = { email_status: 1 as const, scheduled_when: at }

describe("ScheduledEmail", () => {
  it("decodes an email message", () => {
    const m = Schema.decodeUnknownSync(ScheduledEmail.EmailMessage)({
      email_message_id: 5,
      subject: "Your quote",
      subject_type: 1,
      scheduled_when: at,
      quote_id: 9,
      email_status: 2
    })
    assert.strictEqual(m.email_status, ScheduledEmail.Statuses.stopped)
    assert.throws(() => Schema.decodeUnknownSync(ScheduledEmail.EmailStatus)(3))
  })

  it("counts seconds left as scheduled time minus (now + 15 s)", () => {
    assert.strictEqual(ScheduledEmail.secondsLeft(at, at - 100), 85)
    assert.strictEqual(ScheduledEmail.secondsLeft(at, at - 15), 0)
    assert.strictEqual(ScheduledEmail.secondsLeft(at, at), -15)
  })

  it("shows 'Emailing in N…' under 60 seconds", () => {
    assert.deepStrictEqual(ScheduledEmail.countdown(queued, at - 50), Option.some("Emailing in 35…"))
    assert.deepStrictEqual(ScheduledEmail.countdown(queued, at - 74), Option.some("Emailing in 59…"))
    assert.deepStrictEqual(ScheduledEmail.countdown(queued, at - 16), Option.some("Emailing in 1…"))
    assert.isTrue(Option.isNone(ScheduledEmail.countdown(queued, at - 75)))
    assert.isTrue(Option.isNone(ScheduledEmail.countdown(queued, at - 15)))
    assert.isTrue(Option.isNone(ScheduledEmail.countdown({ ...queued, email_status: 2 }, at - 50)))
  })

  it("offers 'Stop Email' while time remains on a queued email", () => {
    assert.strictEqual(ScheduledEmail.stopLabel, "Stop Email")
    assert.isTrue(ScheduledEmail.canStop(queued, at - 16))
    assert.isFalse(ScheduledEmail.canStop(queued, at - 15))
    assert.isFalse(ScheduledEmail.canStop({ ...queued, email_status: 0 }, at - 3600))
    assert.isFalse(ScheduledEmail.canStop({ ...queued, email_status: 2 }, at - 3600))
  })

  it("notes a stopped email in the history", () => {
    assert.deepStrictEqual(ScheduledEmail.historyNote(2), Option.some("Not sent, email stopped"))
    assert.isTrue(Option.isNone(ScheduledEmail.historyNote(0)))
    assert.isTrue(Option.isNone(ScheduledEmail.historyNote(1)))
  })

  it("a countdown shows only while the email can be stopped, and its number is the seconds left", () =>
    fc.assert(
      fc.property(fc.integer({ min: -200, max: 400 }), fc.constantFrom(0, 1, 2), (offset, status) => {
        const email = { email_status: status as ScheduledEmail.EmailStatus, scheduled_when: at }
        const now = at - offset
        return Option.match(ScheduledEmail.countdown(email, now), {
          onNone: () => !ScheduledEmail.canStop(email, now) || ScheduledEmail.secondsLeft(at, now) >= 60,
          onSome: (text) =>
            ScheduledEmail.canStop(email, now) && text === `Emailing in ${ScheduledEmail.secondsLeft(at, now)}…`
        })
      })
    ))

  it.effect("counts down with the Clock", () =>
    Effect.gen(function* () {
      yield* TestClock.setTime((at - 75) * 1000)
      assert.isTrue(Option.isNone(yield* ScheduledEmail.countdownNow(queued)))
      assert.strictEqual(yield* ScheduledEmail.secondsLeftNow(at), 60)
      yield* TestClock.adjust("1 second")
      assert.deepStrictEqual(yield* ScheduledEmail.countdownNow(queued), Option.some("Emailing in 59…"))
      assert.isTrue(yield* ScheduledEmail.canStopNow(queued))
      yield* TestClock.adjust("59 seconds")
      assert.isFalse(yield* ScheduledEmail.canStopNow(queued))
    })
  )
  it("queues an email so it can be stopped for 30 s, then the sender takes it", () => {
    const scheduled = ScheduledEmail.scheduledFor(at)
    assert.strictEqual(scheduled, at + 45)
    assert.deepStrictEqual(
      ScheduledEmail.countdown({ email_status: 1, scheduled_when: scheduled }, at),
      Option.some("Emailing in 30…")
    )
    assert.isTrue(ScheduledEmail.canStop({ email_status: 1, scheduled_when: scheduled }, at + 29))
    assert.isFalse(ScheduledEmail.isDue(scheduled, at + 29))
    assert.isFalse(ScheduledEmail.canStop({ email_status: 1, scheduled_when: scheduled }, at + 30))
    assert.isTrue(ScheduledEmail.isDue(scheduled, at + 30))
  })

  it("a queued email is either stoppable or due, never both, never neither", () =>
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2e9 }), fc.integer({ min: -1000, max: 1000 }), (now, d) => {
        const scheduled = now + d
        return (
          ScheduledEmail.canStop({ email_status: 1, scheduled_when: scheduled }, now) !==
          ScheduledEmail.isDue(scheduled, now)
        )
      })
    ))

  it("names the message kinds and the follow-up steps", () => {
    assert.strictEqual(ScheduledEmail.kindLabel(ScheduledEmail.SubjectTypes.new), "Quote email")
    assert.strictEqual(ScheduledEmail.kindLabel(ScheduledEmail.followUpType(1)), "Follow-up 1")
    assert.strictEqual(ScheduledEmail.kindLabel(ScheduledEmail.followUpType(2)), "Follow-up 2")
    assert.deepStrictEqual([0, 1, 5].map(ScheduledEmail.nextFollowUpStep), [1, 2, 2])
  })
})
