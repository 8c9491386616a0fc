import { assert, describe, it } from "@effect/vitest"
import { DateTime, Effect, Option, Result } from "effect"
import { TestClock } from "effect/testing"
import fc from "fast-check"
import * as QuickSend from "../src/QuickSend.ts"

const zone = (name: string) => Option.getOrThrow(QuickSend.zoneFromName(name))
const auckland = zone("Pacific/Auckland")
const newYork = zone("America/New_York")
const seconds = (iso: string) => DateTime.toEpochMillis(DateTime.makeUnsafe(iso)) / 1000
const summary = (choices: ReadonlyArray<QuickSend.Choice>) => choices.map((c) => [c.label, c.at] as const)

describe("QuickSend", () => {
  it("offers Today 1 PM, Tomorrow 8 AM and Monday 8 AM in the sender's zone", () => {
    // Wednesday 18 November 2026, 10:00 in Auckland (UTC+13).
    const now = seconds("2026-11-17T21:00:00Z")
    assert.deepStrictEqual(summary(QuickSend.choices(now, auckland)), [
      ["Today 1 PM", seconds("2026-11-18T00:00:00Z")],
      ["Tomorrow 8 AM", seconds("2026-11-18T19:00:00Z")],
      ["Monday 8 AM", seconds("2026-11-22T19:00:00Z")]
    ])
    // The same instant is Tuesday 16:00 in New York: today's 1 PM has passed.
    assert.deepStrictEqual(summary(QuickSend.choices(now, newYork)), [
      ["Tomorrow 8 AM", seconds("2026-11-18T13:00:00Z")],
      ["Monday 8 AM", seconds("2026-11-23T13:00:00Z")]
    ])
  })

  it("hides a choice less than 15 minutes away", () => {
    const labels = (iso: string) => QuickSend.choices(seconds(iso), auckland).map((c) => c.label)
    assert.include(labels("2026-11-17T23:45:00Z"), "Today 1 PM") // 12:45, exactly 15 minutes
    assert.notInclude(labels("2026-11-17T23:45:01Z"), "Today 1 PM")
    assert.notInclude(labels("2026-11-17T23:50:00Z"), "Today 1 PM")
  })

  it("offers next week's Monday on a Monday, and no Monday on a Sunday", () => {
    // Monday 23 November 2026, 09:00 in Auckland.
    const monday = QuickSend.choices(seconds("2026-11-22T20:00:00Z"), auckland)
    assert.deepStrictEqual(monday.find((c) => c.key === "monday8am")?.at, seconds("2026-11-29T19:00:00Z"))
    // Sunday 22 November 2026, 09:00: Monday 8 AM is tomorrow 8 AM.
    const sunday = QuickSend.choices(seconds("2026-11-21T20:00:00Z"), auckland)
    assert.deepStrictEqual(
      sunday.map((c) => c.key),
      ["today1pm", "tomorrow8am"]
    )
  })

  it("keeps 8 AM at 8 AM across a daylight-saving change", () => {
    // Saturday 26 September 2026, 10:00 NZST; NZDT starts at 02:00 on Sunday.
    const now = seconds("2026-09-25T22:00:00Z")
    assert.deepStrictEqual(summary(QuickSend.choices(now, auckland)), [
      ["Today 1 PM", seconds("2026-09-26T01:00:00Z")],
      ["Tomorrow 8 AM", seconds("2026-09-26T19:00:00Z")],
      ["Monday 8 AM", seconds("2026-09-27T19:00:00Z")]
    ])
  })

  it("defaults a custom time to tomorrow 8 AM and requires the future", () => {
    const now = seconds("2026-11-17T21:00:00Z")
    assert.strictEqual(QuickSend.customDefault(now, auckland), seconds("2026-11-18T19:00:00Z"))
    assert.isTrue(Result.isSuccess(QuickSend.validateCustom(now + 1, now)))
    const refused = QuickSend.validateCustom(now, now)
    assert.isTrue(Result.isFailure(refused) && refused.failure._tag === "SendTimeInPast")
    assert.deepStrictEqual(QuickSend.customTimeProblem(now - 60, now), Option.some("Choose a time in the future."))
    assert.isTrue(Option.isNone(QuickSend.customTimeProblem(now + 60, now)))
  })

  const zones = ["Pacific/Auckland", "America/New_York", "Europe/London", "Asia/Kolkata", "Australia/Adelaide", "UTC"]

  it("every choice is at least 15 minutes away, on the hour it names, in order", () =>
    fc.assert(
      fc.property(fc.integer({ min: 1_700_000_000, max: 2_000_000_000 }), fc.constantFrom(...zones), (now, name) => {
        const z = zone(name)
        const list = QuickSend.choices(now, z)
        const hours: Record<QuickSend.Key, number> = { today1pm: 13, tomorrow8am: 8, monday8am: 8 }
        return list.every((c, i) => {
          const parts = DateTime.toParts(DateTime.makeZonedUnsafe(c.at * 1000, { timeZone: z }))
          const inOrder = i === 0 || list[i - 1]!.at < c.at
          const onMonday = c.key !== "monday8am" || parts.weekDay === 1
          return c.at - now >= 15 * 60 && parts.hour === hours[c.key] && parts.minute === 0 && inOrder && onMonday
        })
      })
    ))

  it("tomorrow 8 AM is always offered and is the custom default", () =>
    fc.assert(
      fc.property(fc.integer({ min: 1_700_000_000, max: 2_000_000_000 }), fc.constantFrom(...zones), (now, name) => {
        const z = zone(name)
        const tomorrow = QuickSend.choices(now, z).find((c) => c.key === "tomorrow8am")
        const gap = QuickSend.customDefault(now, z) - now
        // 8 to 32 hours away, give or take an hour of daylight saving.
        return tomorrow?.at === QuickSend.customDefault(now, z) && gap > 7 * 3600 && gap <= 33 * 3600
      })
    ))

  it.effect("reads the Clock and the current time zone", () =>
    Effect.gen(function* () {
      yield* TestClock.setTime(seconds("2026-11-17T21:00:00Z") * 1000)
      const list = yield* QuickSend.choicesNow
      assert.deepStrictEqual(
        list.map((c) => c.key),
        ["today1pm", "tomorrow8am", "monday8am"]
      )
      assert.strictEqual(yield* QuickSend.customDefaultNow, seconds("2026-11-18T19:00:00Z"))
    }).pipe(Effect.provide(DateTime.layerCurrentZone(auckland)))
  )
})
