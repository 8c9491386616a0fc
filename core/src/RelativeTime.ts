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
import { describe } from "./light/RelativeTime.ts"

export * from "./light/RelativeTime.ts"

/** The current time in epoch seconds, from Effect's `Clock`. */
export const nowSeconds: Effect.Effect<number> = Effect.map(Clock.currentTimeMillis, (ms) => Math.floor(ms / 1000))

/** `describe` against the current time from the `Clock`. */
export const describeNow = (then: number): Effect.Effect<string> => Effect.map(nowSeconds, (now) => describe(then, now))
