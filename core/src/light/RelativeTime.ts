/**
 * Relative time wording ("just now", "5 minutes ago", "in 2 hours") against a given current time, and how
 * often it is refreshed (see `RelativeTime.ts`).
 *
 * The part of `RelativeTime.ts` that needs no effect runtime, so a bundle that must stay light (the team app's
 * first screen, which shares its modules with the screens that decode) can import it without bringing effect with
 * it. `RelativeTime.ts` re-exports all of it: elsewhere import that.
 *
 * @since 0.5.0
 */
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
