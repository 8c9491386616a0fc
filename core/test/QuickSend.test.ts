import { assert, describe, it } from "@effect/vitest"
import { DateTime, Effect, Option, Result } from "effect"
import { TestClock } from "effect/testing"
import fc from "fast-check"
import * as QuickSend from "../src/QuickSend.ts"

const zone = (name: string) => Option.getOrThrow(QuickSend.zoneFromName(name))
const auckland = zone("Pacific/Auckland")
const newYork = zone("America/New_York")
const london = zone("Europe/London")
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

  it("defaults a custom time to tomorrow 8 AM and requires the future, at least the 15 s grace ahead", () => {
    const now = seconds("2026-11-17T21:00:00Z")
    assert.strictEqual(QuickSend.customDefault(now, auckland), seconds("2026-11-18T19:00:00Z"))
    assert.deepStrictEqual(QuickSend.customDefaultWallTime(now, auckland), {
      date: { year: 2026, month: 11, day: 19 },
      minutes: 8 * 60
    })
    assert.isTrue(Result.isSuccess(QuickSend.validateCustom(now + 15, now)))
    for (const at of [now + 14, now, now - 60]) {
      const refused = QuickSend.validateCustom(at, now)
      assert.isTrue(Result.isFailure(refused) && refused.failure._tag === "SendTimeInPast", String(at - now))
    }
    assert.deepStrictEqual(QuickSend.customTimeProblem(now - 60, now), Option.some("Choose a time in the future."))
    assert.deepStrictEqual(QuickSend.customTimeProblem(now + 14, now), Option.some("Choose a time in the future."))
    assert.isTrue(Option.isNone(QuickSend.customTimeProblem(now + 60, now)))
  })

  it("refuses a custom time more than 30 days ahead, as the server does", () => {
    const now = seconds("2026-11-17T21:00:00Z")
    assert.isTrue(Result.isSuccess(QuickSend.validateCustom(now + 30 * 86_400, now)))
    const far = QuickSend.validateCustom(now + 30 * 86_400 + 1, now)
    assert.isTrue(Result.isFailure(far) && far.failure._tag === "SendTimeTooFar")
    assert.deepStrictEqual(
      QuickSend.customTimeProblem(now + 31 * 86_400, now),
      Option.some("Choose a time within the next 30 days.")
    )
  })

  it("offers times every 30 minutes, written as the scheduled emails write them", () => {
    assert.strictEqual(QuickSend.customTimes.length, 48)
    assert.deepStrictEqual(QuickSend.customTimes.slice(0, 3), [0, 30, 60])
    assert.deepStrictEqual([0, 30, 8 * 60, 12 * 60, 12 * 60 + 30, 13 * 60, 23 * 60 + 30].map(QuickSend.timeLabel), [
      "12:00 AM",
      "12:30 AM",
      "8:00 AM",
      "12:00 PM",
      "12:30 PM",
      "1:00 PM",
      "11:30 PM"
    ])
  })

  it("turns a date and time in the sender's zone into the instant, and back", () => {
    const wall = { date: { year: 2026, month: 11, day: 24 }, minutes: 9 * 60 + 30 }
    assert.strictEqual(QuickSend.instantOf(wall, auckland), seconds("2026-11-23T20:30:00Z"))
    assert.strictEqual(QuickSend.instantOf(wall, newYork), seconds("2026-11-24T14:30:00Z"))
    assert.deepStrictEqual(QuickSend.wallTimeOf(seconds("2026-11-24T14:30:00Z"), newYork), wall)
    assert.isTrue(Option.isNone(QuickSend.skippedTo(wall, newYork)))
  })

  it("on daylight-saving days: a repeated time is its first occurrence, a skipped one goes after the change", () => {
    const at = (year: number, month: number, day: number, hour: number, minute: number) => ({
      date: { year, month, day },
      minutes: hour * 60 + minute
    })
    // London, Sunday 28 March 2027: 1:00 GMT jumps to 2:00 BST; 1:30 AM does not exist.
    assert.strictEqual(QuickSend.instantOf(at(2027, 3, 28, 0, 30), london), seconds("2027-03-28T00:30:00Z"))
    assert.strictEqual(QuickSend.instantOf(at(2027, 3, 28, 1, 30), london), seconds("2027-03-28T01:30:00Z"))
    assert.deepStrictEqual(QuickSend.skippedTo(at(2027, 3, 28, 1, 30), london), Option.some(at(2027, 3, 28, 2, 30)))
    assert.strictEqual(QuickSend.instantOf(at(2027, 3, 28, 8, 0), london), seconds("2027-03-28T07:00:00Z"))
    // London, Sunday 31 October 2027: 2:00 BST goes back to 1:00 GMT; 1:30 AM happens twice.
    assert.strictEqual(QuickSend.instantOf(at(2027, 10, 31, 1, 30), london), seconds("2027-10-31T00:30:00Z"))
    assert.isTrue(Option.isNone(QuickSend.skippedTo(at(2027, 10, 31, 1, 30), london)))
    assert.strictEqual(QuickSend.instantOf(at(2027, 10, 31, 8, 0), london), seconds("2027-10-31T08:00:00Z"))
    // New York, Sunday 8 March 2026: 2:00 EST jumps to 3:00 EDT; Sunday 1 November: 1:30 AM twice.
    assert.strictEqual(QuickSend.instantOf(at(2026, 3, 8, 2, 30), newYork), seconds("2026-03-08T07:30:00Z"))
    assert.deepStrictEqual(QuickSend.skippedTo(at(2026, 3, 8, 2, 30), newYork), Option.some(at(2026, 3, 8, 3, 30)))
    assert.strictEqual(QuickSend.instantOf(at(2026, 11, 1, 1, 30), newYork), seconds("2026-11-01T05:30:00Z"))
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

  /** A wall time: any date from 2024 to 2034 (days beyond a month's end roll over) and an offered time of day. */
  const wallTime = fc
    .record({
      year: fc.integer({ min: 2024, max: 2034 }),
      month: fc.integer({ min: 1, max: 12 }),
      day: fc.integer({ min: 1, max: 28 }),
      minutes: fc.constantFrom(...QuickSend.customTimes)
    })
    .map(({ minutes, ...date }) => ({ date, minutes }))
  const dstZones = [...zones, "Europe/London", "America/Santiago", "Australia/Lord_Howe", "America/Havana"]
  /**
   * The instants (epoch seconds) in a year at which a zone's offset changes, with the offset before (ms): found
   * from the offsets alone, day by day and then by halving.
   */
  const found = new Map<string, ReadonlyArray<{ readonly at: number; readonly before: number }>>()
  const changes = (name: string, year: number): ReadonlyArray<{ readonly at: number; readonly before: number }> => {
    const key = `${name} ${year}`
    const known = found.get(key)
    if (known !== undefined) return known
    const offsetAt = (s: number) => DateTime.zonedOffset(DateTime.makeZonedUnsafe(s * 1000, { timeZone: name }))
    const start = Date.UTC(year, 0, 1) / 1000
    const all = Array.from({ length: 366 }, (_, d) => start + d * 86_400)
      .filter((s) => offsetAt(s) !== offsetAt(s + 86_400))
      .map((s) => {
        let [lo, hi] = [s, s + 86_400]
        while (hi - lo > 1) {
          const mid = Math.floor((lo + hi) / 2)
          if (offsetAt(mid) === offsetAt(s)) lo = mid
          else hi = mid
        }
        return { at: hi, before: offsetAt(s) }
      })
    found.set(key, all)
    return all
  }
  const changeZones = ["Europe/London", "America/New_York", "Pacific/Auckland", "Australia/Lord_Howe", "America/Havana"]
  /** One of a zone's offset changes in a year from 2024 to 2034. */
  const change = fc
    .record({ name: fc.constantFrom(...changeZones), year: fc.integer({ min: 2024, max: 2034 }), pick: fc.nat() })
    .map(({ name, year, pick }) => {
      const all = changes(name, year)
      return { name, ...all[pick % all.length]! }
    })
  /** A zone with daylight saving and a wall time on the day one of its changes happens (skipped times are hit). */
  const changeDayWallTime = fc.tuple(change, fc.constantFrom(...QuickSend.customTimes)).map(([c, minutes]) => {
    const wall = new Date(c.at * 1000 + c.before)
    const date = { year: wall.getUTCFullYear(), month: wall.getUTCMonth() + 1, day: wall.getUTCDate() }
    return { name: c.name, wall: { date, minutes } }
  })
  /** An instant within three hours of one of a zone's offset changes (so repeated times are hit). */
  const changeDayInstant = fc
    .tuple(change, fc.integer({ min: -3 * 3600, max: 3 * 3600 }))
    .map(([c, s]) => ({ name: c.name, t: c.at + s }))
  const anyInstant = fc.record({
    name: fc.constantFrom(...dstZones),
    t: fc.integer({ min: 1_700_000_000, max: 2_000_000_000 })
  })

  it("a chosen time that exists displays back as itself; one the clocks skip goes at most an hour later", () =>
    fc.assert(
      fc.property(
        fc.oneof(fc.record({ name: fc.constantFrom(...dstZones), wall: wallTime }), changeDayWallTime),
        ({ name, wall }) => {
          const z = zone(name)
          const at = QuickSend.instantOf(wall, z)
          const back = QuickSend.wallTimeOf(at, z)
          const skipped = QuickSend.skippedTo(wall, z)
          if (Option.isNone(skipped)) return QuickSend.sameWallTime(back, wall)
          // Skipped: no instant within a day either side reads as the chosen wall time.
          const exists = Array.from({ length: 2 * 24 * 4 + 1 }, (_, i) => at - 86_400 + i * 900).some((t) =>
            QuickSend.sameWallTime(QuickSend.wallTimeOf(t, z), wall)
          )
          const later =
            DateTime.toEpochMillis(DateTime.makeUnsafe({ ...back.date })) -
            DateTime.toEpochMillis(DateTime.makeUnsafe({ ...wall.date }))
          const gap = later / 60_000 + back.minutes - wall.minutes
          return !exists && gap > 0 && gap <= 60 && QuickSend.sameWallTime(back, skipped.value)
        }
      ),
      { numRuns: 400 }
    ))

  it("the wall time of any instant leads back to it, or to the first time that wall time came round", () =>
    fc.assert(
      fc.property(fc.oneof(anyInstant, changeDayInstant), ({ name, t }) => {
        const z = zone(name)
        const minute = t - (t % 60)
        const wall = QuickSend.wallTimeOf(minute, z)
        const at = QuickSend.instantOf(wall, z)
        const again = at === minute || (at < minute && minute - at <= 3600)
        return (
          again &&
          QuickSend.sameWallTime(QuickSend.wallTimeOf(at, z), wall) &&
          Option.isNone(QuickSend.skippedTo(wall, z))
        )
      })
    ))

  it("the custom default is tomorrow 8 AM as the fields show it, and is accepted", () =>
    fc.assert(
      fc.property(fc.integer({ min: 1_700_000_000, max: 2_000_000_000 }), fc.constantFrom(...dstZones), (now, name) => {
        const z = zone(name)
        const wall = QuickSend.customDefaultWallTime(now, z)
        const today = QuickSend.wallTimeOf(now, z).date
        const tomorrow = DateTime.toParts(DateTime.add(DateTime.makeUnsafe({ ...today }), { days: 1 }))
        return (
          wall.minutes === 8 * 60 &&
          wall.date.year === tomorrow.year &&
          wall.date.month === tomorrow.month &&
          wall.date.day === tomorrow.day &&
          QuickSend.instantOf(wall, z) === QuickSend.customDefault(now, z) &&
          Result.isSuccess(QuickSend.validateCustom(QuickSend.customDefault(now, z), now))
        )
      })
    ))

  it("accepts exactly the times from the 15 s grace to 30 days ahead", () =>
    fc.assert(
      fc.property(
        fc.integer({ min: 1_700_000_000, max: 2_000_000_000 }),
        fc.integer({ min: -86_400, max: 40 * 86_400 }),
        (now, ahead) => {
          const ok = Result.isSuccess(QuickSend.validateCustom(now + ahead, now))
          const problem = QuickSend.customTimeProblem(now + ahead, now)
          return ok === (ahead >= 15 && ahead <= 30 * 86_400) && ok === Option.isNone(problem)
        }
      )
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
