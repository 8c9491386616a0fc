/**
 * How sign-in slows down an account under attack without locking its owner out. Failed sign-ins to one email
 * are counted over the sign-in window (from any address); the first few cost nothing, then each further attempt
 * must wait after the last failure for a delay that doubles with every failure, up to a cap. A browser the
 * account has signed in from before (a known device, `KnownDevice`) is not held back: someone who only knows the
 * email address can slow its sign-ins down from elsewhere but cannot keep its owner out. Attempts per client
 * address have their own limit beside this (`RateLimit`).
 *
 * @since 0.1.0
 */

/** Failed sign-ins to an email before any delay. */
export const FREE_FAILURES = 5

/** The longest delay, in seconds. */
export const MAX_DELAY_SECONDS = 15 * 60

/** The delay owed after `failures` failed sign-ins, in seconds: 0, then 1, 2, 4... up to the cap. */
export const delaySeconds = (failures: number): number =>
  failures < FREE_FAILURES ? 0 : Math.min(2 ** (failures - FREE_FAILURES), MAX_DELAY_SECONDS)

/**
 * The seconds an attempt at `now` must still wait, given the times (ms, oldest first) of the email's failed
 * sign-ins in the window; 0 when it may go ahead. A known device never waits.
 */
export const waitSeconds = (failures: ReadonlyArray<number>, now: number, knownDevice: boolean): number => {
  if (knownDevice || failures.length < FREE_FAILURES) return 0
  const last = failures[failures.length - 1] ?? now
  const remaining = last + delaySeconds(failures.length) * 1000 - now
  return remaining > 0 ? Math.ceil(remaining / 1000) : 0
}
