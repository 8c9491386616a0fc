/**
 * Sliding-window rate limits for sign-in (per email and per client address) and the other credential
 * endpoints. An attempt is allowed while fewer than `max` attempts were let through in the last
 * `windowSeconds`; a refused attempt is not counted (so retrying while locked out does not extend the lock)
 * and answers `TooManyAttempts` with the seconds until the oldest counted attempt leaves the window.
 *
 * Counts live in this process's memory: behind several server processes each counts on its own.
 *
 * @since 0.1.0
 */
import { TooManyAttempts } from "@quotekit/core/api/ApiError"
import { Clock, Context, Effect, Layer } from "effect"
import type { Limit } from "../ServerConfig.ts"

/** The outcome of asking the window for one more attempt. */
export type Verdict =
  | { readonly allowed: true; readonly hits: ReadonlyArray<number> }
  | { readonly allowed: false; readonly retryAfterSeconds: number; readonly hits: ReadonlyArray<number> }

/**
 * Ask a window (its attempt times in ms, oldest first) for one more attempt at `now`. Pure: returns the
 * window to keep (expired hits dropped, the new one added when allowed).
 */
export const decide = (hits: ReadonlyArray<number>, now: number, limit: Limit): Verdict => {
  const windowMs = limit.windowSeconds * 1000
  const live = hits.filter((t) => t > now - windowMs)
  if (live.length < limit.max) return { allowed: true, hits: [...live, now] }
  const oldest = live[live.length - limit.max] ?? now
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + windowMs - now) / 1000)), hits: live }
}

/** The rate limiter service: one window per key (such as `email:ada@example.com` or `ip:10.0.0.1`). */
export class RateLimiter extends Context.Service<
  RateLimiter,
  {
    /** Count one attempt under `key`, or fail with `TooManyAttempts` when the window is full. */
    readonly attempt: (key: string, limit: Limit) => Effect.Effect<void, TooManyAttempts>
    /** Forget a key (after a successful sign-in, its email starts afresh). */
    readonly clear: (key: string) => Effect.Effect<void>
  }
>()("quotekit/server/RateLimiter") {}

/** Most keys kept before a sweep drops the idle ones. */
const SWEEP_AT = 10_000

/** The in-memory rate limiter. */
export const layer = Layer.sync(RateLimiter, () => {
  const windows = new Map<string, ReadonlyArray<number>>()
  const longestWindowMs = new Map<string, number>()
  const sweep = (now: number) => {
    for (const [key, hits] of windows) {
      const last = hits[hits.length - 1] ?? 0
      if (last <= now - (longestWindowMs.get(key) ?? 0)) {
        windows.delete(key)
        longestWindowMs.delete(key)
      }
    }
  }
  return RateLimiter.of({
    attempt: (key, limit) =>
      Effect.flatMap(Clock.currentTimeMillis, (now) => {
        if (windows.size >= SWEEP_AT) sweep(now)
        const verdict = decide(windows.get(key) ?? [], now, limit)
        windows.set(key, verdict.hits)
        longestWindowMs.set(key, Math.max(longestWindowMs.get(key) ?? 0, limit.windowSeconds * 1000))
        return verdict.allowed ? Effect.void : Effect.fail(TooManyAttempts.answer(verdict.retryAfterSeconds))
      }),
    clear: (key) =>
      Effect.sync(() => {
        windows.delete(key)
        longestWindowMs.delete(key)
      })
  })
})
