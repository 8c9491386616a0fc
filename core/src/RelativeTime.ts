/**
 * Relative time wording ("just now", "5 minutes ago", "in 2 hours") for activity, views and schedules, and
 * how often it is refreshed.
 *
 * The pure functions take the current time as epoch seconds; the `...Now` wrappers read Effect's `Clock`, so
 * tests can drive them with `TestClock`.
 *
 * @example
 * import * as RelativeTime from "@quotekit/core/RelativeTime"
 * RelativeTime.describe(1_000, 1_030)   // "just now"
 * RelativeTime.describe(1_000, 1_300)   // "5 minutes ago"
 * RelativeTime.describe(8_200, 1_000)   // "in 2 hours"
 *
 * @since 0.1.0
 */
import { Clock, Effect } from "effect"

/** How often relative times on screen are recomputed. */
export const refreshIntervalSeconds = 15
/** How often absolute dates on screen are recomputed (they change only at midnight). */
export const dateRefreshIntervalSeconds = 30

const MINUTE = 60
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

const count = (n: number, unit: string): string => `${n} ${unit}${n === 1 ? "" : "s"}`

/**
 * Word the distance from `now` to `then` (both epoch seconds): under a minute either way is "just now"; then
 * whole minutes, hours and days, rounded down, as "N units ago" or "in N units".
 */
export const describe = (then: number, now: number): string => {
  const diff = now - then
  const abs = Math.abs(diff)
  if (abs < MINUTE) return "just now"
  const amount =
    abs < HOUR
      ? count(Math.floor(abs / MINUTE), "minute")
      : abs < DAY
        ? count(Math.floor(abs / HOUR), "hour")
        : count(Math.floor(abs / DAY), "day")
  return diff > 0 ? `${amount} ago` : `in ${amount}`
}

/** The current time in epoch seconds, from Effect's `Clock`. */
export const nowSeconds: Effect.Effect<number> = Effect.map(Clock.currentTimeMillis, (ms) => Math.floor(ms / 1000))

/** `describe` against the current time from the `Clock`. */
export const describeNow = (then: number): Effect.Effect<string> => Effect.map(nowSeconds, (now) => describe(then, now))
