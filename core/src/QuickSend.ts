/**
 * The quick send-time choices offered when scheduling a quote's email, in the sender's time zone: Today 1 PM,
 * Tomorrow 8 AM and Monday 8 AM, each hidden when it is less than 15 minutes away; a custom time defaults to
 * tomorrow 8 AM and must be in the future.
 *
 * Wall-clock times are computed with Effect's zoned `DateTime`, so "8 AM" stays 8 AM across daylight-saving
 * changes. The pure functions take `now` (epoch seconds) and an IANA zone; `choicesNow` reads the `Clock`
 * and the `CurrentTimeZone` service.
 *
 * A custom time is a `WallTime` (a calendar date and a time of day, offered every 30 minutes as the spec's time
 * pickers are) in the sender's zone: `instantOf` turns it into the send instant, `wallTimeOf` back. It must be at
 * least the scheduled-email grace (15 s) ahead and at most `Limits.sendAtMaxDaysAhead` days ahead, as the server
 * accepts it (`validateCustom`, `customTimeProblem`).
 *
 * @example
 * import { DateTime, Option } from "effect"
 * import * as QuickSend from "@quotekit/core/QuickSend"
 * const zone = Option.getOrThrow(DateTime.zoneMakeNamed("Pacific/Auckland"))
 * QuickSend.choices(now, zone) // [{ key: "tomorrow8am", label: "Tomorrow 8 AM", at: ... }, ...]
 * QuickSend.instantOf({ date: { year: 2026, month: 11, day: 24 }, minutes: 9 * 60 + 30 }, zone) // 9:30 AM there
 *
 * @since 0.1.0
 */
import { DateTime, Effect, Option, Result, Schema } from "effect"
import * as DateFormat from "./DateFormat.ts"
import * as Limits from "./Limits.ts"
import * as Message from "./Message.ts"
import * as RelativeTime from "./RelativeTime.ts"
import * as ScheduledEmail from "./ScheduledEmail.ts"

/** The quick choices, in the order offered. */
export type Key = "today1pm" | "tomorrow8am" | "monday8am"

/** A quick send-time choice: its key, label and the instant it stands for (epoch seconds). */
export interface Choice {
  readonly key: Key
  readonly label: string
  readonly at: number
}

/** A choice less than this many seconds away is hidden. */
export const minimumLeadSeconds = 15 * 60

/** The instant of a wall-clock hour some days from `now`'s date in a zone (epoch seconds). */
const wallClock = (now: number, zone: DateTime.TimeZone, daysAhead: number, hour: number): number => {
  const today = DateTime.makeZonedUnsafe(now * 1000, { timeZone: zone })
  const day = DateTime.setParts(DateTime.add(today, { days: daysAhead }), {
    hour,
    minute: 0,
    second: 0,
    millisecond: 0
  })
  return Math.floor(DateTime.toEpochMillis(day) / 1000)
}

/** Days from `now`'s date in a zone to the next Monday (1 to 7; a Monday gives next week's). */
const daysToMonday = (now: number, zone: DateTime.TimeZone): number => {
  const weekDay = DateTime.toParts(DateTime.makeZonedUnsafe(now * 1000, { timeZone: zone })).weekDay
  return (1 - weekDay + 7) % 7 || 7
}

/**
 * The quick choices for `now` in a zone: Today 1 PM, Tomorrow 8 AM, Monday 8 AM (the next Monday), each
 * left out when less than 15 minutes away. Monday is also left out on a Sunday, when it is tomorrow.
 */
export const choices = (now: number, zone: DateTime.TimeZone): ReadonlyArray<Choice> => {
  const toMonday = daysToMonday(now, zone)
  const all: ReadonlyArray<Choice> = [
    { key: "today1pm", label: "Today 1 PM", at: wallClock(now, zone, 0, 13) },
    { key: "tomorrow8am", label: "Tomorrow 8 AM", at: wallClock(now, zone, 1, 8) },
    ...(toMonday === 1
      ? []
      : [{ key: "monday8am" as const, label: "Monday 8 AM", at: wallClock(now, zone, toMonday, 8) }])
  ]
  return all.filter((choice) => choice.at - now >= minimumLeadSeconds)
}

/** The time a custom send starts at: tomorrow 8 AM in the zone. */
export const customDefault = (now: number, zone: DateTime.TimeZone): number => wallClock(now, zone, 1, 8)

/**
 * A custom send time as its fields show it: a calendar date and a time of day (minutes after midnight), as a
 * clock on the wall in the sender's zone reads them.
 */
export interface WallTime {
  readonly date: DateFormat.CalendarDate
  /** Minutes after midnight, 0 to 1439. */
  readonly minutes: number
}

/** The times of day the custom time field offers (minutes after midnight): every 30 minutes, 12:00 AM first. */
export const customTimes: ReadonlyArray<number> = Array.from(
  { length: (24 * 60) / DateFormat.timeStepMinutes },
  (_, i) => i * DateFormat.timeStepMinutes
)

/** A time of day (minutes after midnight) as the app writes it: "8:00 AM", "12:30 PM", "12:00 AM" for midnight. */
export const timeLabel = (minutes: number): string => {
  const hour = Math.floor(minutes / 60)
  const twelve = hour % 12 === 0 ? 12 : hour % 12
  return `${twelve}:${String(minutes % 60).padStart(2, "0")} ${hour < 12 ? "AM" : "PM"}`
}

/**
 * The instant (epoch seconds) a wall time stands for in a zone: what a custom send time is sent as. A time that
 * happens twice (clocks going back) is its first occurrence; a time the clocks skip (going forward) is read as
 * that long after the change, as JavaScript's `Date` and Temporal's "compatible" reading do (1:30 AM on a day
 * the clocks jump from 1:00 to 2:00 is 2:30 AM).
 */
export const instantOf = (wall: WallTime, zone: DateTime.TimeZone): number => {
  const at = DateTime.makeZonedUnsafe(
    { ...wall.date, hour: Math.floor(wall.minutes / 60), minute: wall.minutes % 60, second: 0, millisecond: 0 },
    { timeZone: zone, adjustForTimeZone: true, disambiguation: "compatible" }
  )
  return Math.floor(DateTime.toEpochMillis(at) / 1000)
}

/** The wall time of an instant (epoch seconds) in a zone, to the minute: what the custom fields show for it. */
export const wallTimeOf = (at: number, zone: DateTime.TimeZone): WallTime => {
  const parts = DateTime.toParts(DateTime.makeZonedUnsafe(at * 1000, { timeZone: zone }))
  return { date: { year: parts.year, month: parts.month, day: parts.day }, minutes: parts.hour * 60 + parts.minute }
}

/** Whether two wall times read the same. */
export const sameWallTime = (a: WallTime, b: WallTime): boolean =>
  a.minutes === b.minutes && a.date.year === b.date.year && a.date.month === b.date.month && a.date.day === b.date.day

/**
 * The wall time a custom time actually goes at: the one chosen, or for a time the clocks skip the time after
 * the change it is read as (`instantOf`); `None` when it goes at the time chosen. For telling the sender.
 */
export const skippedTo = (wall: WallTime, zone: DateTime.TimeZone): Option.Option<WallTime> => {
  const actual = wallTimeOf(instantOf(wall, zone), zone)
  return sameWallTime(actual, wall) ? Option.none() : Option.some(actual)
}

/** The custom fields' starting wall time: tomorrow 8 AM in the zone (`customDefault`). */
export const customDefaultWallTime = (now: number, zone: DateTime.TimeZone): WallTime =>
  wallTimeOf(customDefault(now, zone), zone)

/** A custom send time that is not in the future, or is less than the scheduled-email grace (15 s) away. */
export class SendTimeInPast extends Schema.TaggedError<SendTimeInPast>()("SendTimeInPast", {
  at: Schema.Number,
  now: Schema.Number
}) {}

/** A custom send time further ahead than an email may be scheduled (`Limits.sendAtMaxDaysAhead` days). */
export class SendTimeTooFar extends Schema.TaggedError<SendTimeTooFar>()("SendTimeTooFar", {
  at: Schema.Number,
  now: Schema.Number
}) {}

/** The latest instant an email may be scheduled for at `now`, as the server accepts `send_at`. */
export const latestCustom = (now: number): number => now + Limits.sendAtMaxDaysAhead * 86_400

/**
 * Accept a custom send time (epoch seconds) only when it is at least the grace (15 s) after `now` and no more
 * than `Limits.sendAtMaxDaysAhead` days ahead: every time accepted here the server accepts as `send_at`.
 */
export const validateCustom = (at: number, now: number): Result.Result<number, SendTimeInPast | SendTimeTooFar> =>
  at - now < ScheduledEmail.graceSeconds
    ? Result.fail(new SendTimeInPast({ at, now }))
    : at > latestCustom(now)
      ? Result.fail(new SendTimeTooFar({ at, now }))
      : Result.succeed(at)

/**
 * The message for a custom time `validateCustom` refuses: 'Choose a time in the future.' (the spec's words) for
 * one in the past or under 15 s away, 'Choose a time within the next 30 days.' for one too far ahead; `None`
 * when it is fine.
 */
export const customTimeProblem = (at: number, now: number): Option.Option<string> =>
  Result.match(validateCustom(at, now), {
    onSuccess: () => Option.none(),
    onFailure: (e) =>
      Option.some(
        e._tag === "SendTimeInPast" ? Message.chooseFutureTime : Message.chooseTimeWithinDays(Limits.sendAtMaxDaysAhead)
      )
  })

/** The zone of an IANA name ("Pacific/Auckland"); `None` for a name the runtime does not know. */
export const zoneFromName = (name: string): Option.Option<DateTime.TimeZone> => DateTime.zoneMakeNamed(name)

/** `choices` for the current time from the `Clock`, in the `CurrentTimeZone`. */
export const choicesNow: Effect.Effect<ReadonlyArray<Choice>, never, DateTime.CurrentTimeZone> = Effect.gen(
  function* () {
    const zone = yield* DateTime.CurrentTimeZone
    return choices(yield* RelativeTime.nowSeconds, zone)
  }
)

/** `customDefault` for the current time from the `Clock`, in the `CurrentTimeZone`. */
export const customDefaultNow: Effect.Effect<number, never, DateTime.CurrentTimeZone> = Effect.gen(function* () {
  const zone = yield* DateTime.CurrentTimeZone
  return customDefault(yield* RelativeTime.nowSeconds, zone)
})
