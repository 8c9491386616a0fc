/**
 * Script error reports from the app: kept in the server log (href and message cut to 500 characters), at
 * most two per page load (counted per `page_load_id`), and at most `PER_ADDRESS` per client address per ten
 * minutes so a changing page-load id cannot flood the log.
 *
 * @since 0.1.0
 */
import { JS_ERROR_MESSAGE_MAX, JS_ERRORS_PER_PAGE_LOAD } from "@quotekit/core/api/ServiceApi"
import { Clock, Context, Effect, Layer } from "effect"
import { RateLimiter } from "../auth/RateLimit.ts"

/** Reports kept per client address per ten minutes. */
export const PER_ADDRESS = 30
/** Page loads are forgotten after a day (a page open longer starts a fresh count). */
const PAGE_LOAD_TTL_MS = 24 * 60 * 60 * 1000

/** A report as received. */
export interface Report {
  readonly page_load_id: string
  readonly href: string
  readonly message: string
}

/** Cut a text to the spec's 500 characters (whole code points, so no half emoji). */
export const cut = (text: string): string => {
  const points = Array.from(text)
  return points.length <= JS_ERROR_MESSAGE_MAX ? text : points.slice(0, JS_ERROR_MESSAGE_MAX).join("")
}

/** The report log. */
export class JsErrorLog extends Context.Service<
  JsErrorLog,
  {
    /** Keep a report if its page load and address still may; answers whether it was kept. */
    readonly record: (report: Report, address: string) => Effect.Effect<boolean>
  }
>()("quotekit/server/JsErrorLog") {}

/** The log writing to the server's logger. */
export const layer = Layer.effect(
  JsErrorLog,
  Effect.gen(function* () {
    const limiter = yield* RateLimiter
    const pageLoads = new Map<string, { count: number; first: number }>()
    const forgetOld = (now: number) => {
      for (const [id, seen] of pageLoads) if (seen.first < now - PAGE_LOAD_TTL_MS) pageLoads.delete(id)
    }
    return JsErrorLog.of({
      record: (report, address) =>
        Effect.gen(function* () {
          const now = yield* Clock.currentTimeMillis
          if (pageLoads.size > 50_000) forgetOld(now)
          const seen = pageLoads.get(report.page_load_id) ?? { count: 0, first: now }
          if (seen.count >= JS_ERRORS_PER_PAGE_LOAD) return false
          const allowed = yield* limiter.attempt(`js-error:${address}`, { max: PER_ADDRESS, windowSeconds: 600 }).pipe(
            Effect.as(true),
            Effect.catchTag("TooManyAttempts", () => Effect.succeed(false))
          )
          if (!allowed) return false
          pageLoads.set(report.page_load_id, { count: seen.count + 1, first: seen.first })
          yield* Effect.logWarning("script error reported").pipe(
            Effect.annotateLogs({
              href: cut(report.href),
              message: cut(report.message),
              page_load: report.page_load_id
            })
          )
          return true
        })
    })
  })
)
