/**
 * The quick send-time choices offered when scheduling a quote's email, in the sender's time zone: Today 1 PM,
 * Tomorrow 8 AM and Monday 8 AM, each hidden when it is less than 15 minutes away; a custom time defaults to
 * tomorrow 8 AM and must be in the future.
 *
 * Wall-clock times are computed with Effect's zoned `DateTime`, so "8 AM" stays 8 AM across daylight-saving
 * changes. The pure functions take `now` (epoch seconds) and an IANA zone; `choicesNow` reads the `Clock`
 * and the `CurrentTimeZone` service.
 *
 * @example
 * import { DateTime, Option } from "effect"
 * import * as QuickSend from "@quotekit/core/QuickSend"
 * const zone = Option.getOrThrow(DateTime.zoneMakeNamed("Pacific/Auckland"))
 * QuickSend.choices(now, zone) // [{ key: "tomorrow8am", label: "Tomorrow 8 AM", at: ... }, ...]
 *
 * @since 0.1.0
 */
import { DateTime, Effect, Option, Result, Schema } from "effect"
import * as Message from "./Message.ts"
import * as RelativeTime from "./RelativeTime.ts"

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

/** A custom send time that is not in the future. */
export class SendTimeInPast extends Schema.TaggedError<SendTimeInPast>()("SendTimeInPast", {
  at: Schema.Number,
  now: Schema.Number
}) {}

/** Accept a custom send time only when it is after `now`. */
export const validateCustom = (at: number, now: number): Result.Result<number, SendTimeInPast> =>
  at > now ? Result.succeed(at) : Result.fail(new SendTimeInPast({ at, now }))

/** The message for a custom time that is not in the future ('Choose a time in the future.'); `None` when fine. */
export const customTimeProblem = (at: number, now: number): Option.Option<string> =>
  at > now ? Option.none() : Option.some(Message.catalogue.chooseFutureTime)

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
