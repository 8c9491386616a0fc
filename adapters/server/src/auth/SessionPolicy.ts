/**
 * When a session is still good: it ends after `idleSeconds` without a request and `absoluteSeconds` after
 * sign-in however busy. Its last-seen time is only written when it is more than `TOUCH_EVERY_MS` old, so a
 * busy page does not write to the database on every request (idle expiry is exact to that minute).
 *
 * Pure rules over epoch milliseconds, so tests move time by passing a later `now`.
 *
 * @since 0.1.0
 */

/** Write last-seen at most this often per session. */
export const TOUCH_EVERY_MS = 60_000

/** The durations a session lives by. */
export interface Durations {
  readonly idleSeconds: number
  readonly absoluteSeconds: number
}

/** The times of a session that decide its life. */
export interface Times {
  readonly createdAt: number
  readonly lastSeenAt: number
}

/** Why a session is no longer good, or that it is. */
export type Status = "live" | "idle-expired" | "absolute-expired"

/** The status of a session at `now`. */
export const status = (session: Times, now: number, durations: Durations): Status =>
  now >= session.createdAt + durations.absoluteSeconds * 1000
    ? "absolute-expired"
    : now >= session.lastSeenAt + durations.idleSeconds * 1000
      ? "idle-expired"
      : "live"

/** Whether a live session's last-seen time should be written at `now`. */
export const needsTouch = (session: Times, now: number): boolean => now - session.lastSeenAt >= TOUCH_EVERY_MS

/** The cookie lifetime for a session created at `createdAt`: until its absolute expiry, in whole seconds. */
export const cookieMaxAgeSeconds = (createdAt: number, now: number, durations: Durations): number =>
  Math.max(0, Math.floor((createdAt + durations.absoluteSeconds * 1000 - now) / 1000))
