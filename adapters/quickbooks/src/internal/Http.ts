/**
 * One exchange with Intuit and what its answer means. Every call of the add-on goes through `send`: the
 * request is made with the global `fetch` (so msw answers it in tests), 429 and 5xx answers and network
 * failures are tried again with exponential backoff (honouring `Retry-After`), and the answer is classified:
 * a QuickBooks `Fault` (`Fault.Error[]` with `Message`, `Detail`, `code`; the authentication faults come as
 * lower-case `fault.error[]`) becomes a `QuickBooksFault` carrying Intuit's own text and codes. `Retry-After` and
 * reading a body are `@quotekit/addons/ServiceHttp`'s; the retry policy is QuickBooks' own (a `Retry-After`
 * lengthens the backoff rather than replacing it).
 */

import { AccountingError } from "@quotekit/addons/Accounting"
import * as ServiceHttp from "@quotekit/addons/ServiceHttp"
import { Effect, Schema } from "effect"
import * as Json from "./Json.ts"

/** How hard a call is tried before it gives up with `rate-limited` or `unavailable`. */
export interface RetryPolicy {
  /** Tries after the first; 0: no retry. */
  readonly retries: number
  /** The first wait; each next one doubles (with up to 25% jitter). */
  readonly baseDelayMs: number
  /** No wait is longer; a `Retry-After` beyond it ends the tries at once (the sync worker waits instead). */
  readonly maxDelayMs: number
  /** How long one try may take, answer included, before it counts as `unavailable` (and is tried again). */
  readonly timeoutMs: number
}

/** Four more tries over about 7.5 s, none waiting more than 30 s; 30 s for each try. */
export const defaultRetry: RetryPolicy = { retries: 4, baseDelayMs: 500, maxDelayMs: 30_000, timeoutMs: 30_000 }

/**
 * A failure in this package's terms, before it becomes an `AccountingError` at the public boundary: `codes`
 * are Intuit's error codes (`6240` duplicate name, `2500` invalid reference, ...) so a caller can react to one.
 */
export class QuickBooksFault extends Schema.TaggedError<QuickBooksFault>()("QuickBooksFault", {
  kind: Schema.Literals(["auth", "rate-limited", "unavailable", "rejected"]),
  message: Schema.String,
  codes: Schema.Array(Schema.String),
  retryAfterMs: Schema.optional(Schema.Number)
}) {}

/** The public error of a fault. */
export const toAccountingError = (fault: QuickBooksFault): AccountingError =>
  new AccountingError({
    kind: fault.kind,
    message: fault.message,
    ...(fault.retryAfterMs === undefined ? {} : { retryAfterMs: fault.retryAfterMs })
  })

/** An answer as read: status, headers and the body text. */
export interface Answer {
  readonly status: number
  readonly headers: Headers
  readonly text: string
}

interface FaultError {
  readonly message: string
  readonly detail: string
  readonly code: string
}

const text = (value: unknown): string => (typeof value === "string" ? value : "")

/** The errors of a `Fault` (or `fault`) in a parsed body; empty when the body has none. */
export const faultErrors = (body: unknown): ReadonlyArray<FaultError> => {
  if (typeof body !== "object" || body === null) return []
  const record = body as Record<string, unknown>
  const fault = (record.Fault ?? record.fault) as Record<string, unknown> | undefined
  if (typeof fault !== "object" || fault === null) return []
  const errors = fault.Error ?? fault.error
  if (!Array.isArray(errors)) return []
  return errors.map((e: Record<string, unknown>) => ({
    message: text(e.Message ?? e.message),
    detail: text(e.Detail ?? e.detail),
    code: text(e.code ?? e.Code)
  }))
}

/** The `type` of a fault (`ValidationFault`, `AUTHENTICATION`, ...), upper-cased. */
const faultType = (body: unknown): string => {
  const record = body as Record<string, Record<string, unknown> | undefined>
  const type = (record.Fault ?? record.fault)?.type
  return typeof type === "string" ? type.toUpperCase() : ""
}

/**
 * Intuit's authentication faults may quote the token they refused (`Token expired: eyJlbmMi...`); a token must
 * never reach a message that is stored, shown or logged, so any long token-like run of characters is cut out.
 */
export const redactTokens = (text: string): string => text.replace(/[A-Za-z0-9._~+/=-]{40,}/g, "[token]")

/** Intuit's text for a list of errors, one per line: `Message: Detail (code N)`, without repeating itself. */
export const faultText = (errors: ReadonlyArray<FaultError>): string =>
  errors
    .map(({ message, detail, code }) => {
      const said =
        detail === ""
          ? message
          : message === "" || detail.startsWith(message) || message.startsWith("message=")
            ? detail
            : `${message}: ${detail}`
      return code === "" ? said : `${said} (code ${code})`
    })
    .join("\n")

/** What an answer of the Accounting API means: its parsed body, or the fault it is. */
export const classify = (answer: Answer, now: number): unknown => {
  const body = ServiceHttp.parseBody(answer.text, { parse: Json.parse })
  const errors = faultErrors(body)
  const said = faultText(errors)
  const codes = errors.map((e) => e.code)
  const fail = (kind: QuickBooksFault["kind"], fallback: string, extra: { retryAfterMs?: number } = {}) => {
    throw new QuickBooksFault({ kind, message: said === "" ? fallback : said, codes, ...extra })
  }
  const { status } = answer
  const refuse = (fallback: string) => {
    throw new QuickBooksFault({ kind: "auth", message: said === "" ? fallback : redactTokens(said), codes })
  }
  if (status === 401) return refuse("QuickBooks refused the access token (401); reconnect QuickBooks.")
  if (status === 403) return refuse("QuickBooks refused access to this company (403).")
  if (status === 429) {
    const after = ServiceHttp.retryAfterMs(answer.headers, now)
    return fail(
      "rate-limited",
      "QuickBooks says too many requests (429).",
      after === undefined ? {} : { retryAfterMs: after }
    )
  }
  if (status >= 500) return fail("unavailable", `QuickBooks is unavailable (${status}).`)
  if (status >= 400) return fail("rejected", `QuickBooks refused the request (${status}).`)
  if (errors.length > 0) {
    return faultType(body) === "AUTHENTICATION" ? refuse(said) : fail("rejected", said)
  }
  if (body === undefined) return fail("unavailable", `QuickBooks answered ${status} without a JSON body.`)
  return body
}

const retryable = (fault: QuickBooksFault) => fault.kind === "rate-limited" || fault.kind === "unavailable"

/** The wait before try `attempt` (1-based): exponential with jitter, or `Retry-After` when longer. */
const delayOf = (policy: RetryPolicy, attempt: number, fault: QuickBooksFault): number => {
  const exponential = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1))
  const jittered = exponential + Math.floor(Math.random() * exponential * 0.25)
  return Math.min(policy.maxDelayMs, Math.max(jittered, fault.retryAfterMs ?? 0))
}

/**
 * Run `attempt` until it succeeds, fails with something not worth retrying, runs out of tries, or is told by
 * `Retry-After` to wait longer than the policy allows.
 */
export const withRetry = <A>(
  policy: RetryPolicy,
  attempt: Effect.Effect<A, QuickBooksFault>
): Effect.Effect<A, QuickBooksFault> => {
  const loop = (tried: number): Effect.Effect<A, QuickBooksFault> =>
    attempt.pipe(
      Effect.catchTag("QuickBooksFault", (fault) => {
        if (!retryable(fault) || tried > policy.retries) return Effect.fail(fault)
        if (fault.retryAfterMs !== undefined && fault.retryAfterMs > policy.maxDelayMs) return Effect.fail(fault)
        return Effect.sleep(delayOf(policy, tried, fault)).pipe(Effect.andThen(loop(tried + 1)))
      })
    )
  return loop(1)
}

/** Make a request and read its answer; a network failure or a timeout is `unavailable`. */
export const exchange = (url: URL, init: RequestInit, timeoutMs: number): Effect.Effect<Answer, QuickBooksFault> =>
  Effect.tryPromise({
    try: async (signal) => {
      const response = await fetch(url, { ...init, signal: AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]) })
      return { status: response.status, headers: response.headers, text: await response.text() }
    },
    catch: (cause) =>
      new QuickBooksFault({
        kind: "unavailable",
        message:
          cause instanceof Error && cause.name === "TimeoutError"
            ? `QuickBooks did not answer within ${timeoutMs / 1000} s.`
            : `QuickBooks could not be reached: ${cause instanceof Error ? cause.message : String(cause)}`,
        codes: []
      })
  })

/** One Accounting API call with retries: the parsed body of a successful answer, or the fault. */
export const send = (policy: RetryPolicy, url: URL, init: RequestInit): Effect.Effect<unknown, QuickBooksFault> =>
  withRetry(
    policy,
    exchange(url, init, policy.timeoutMs).pipe(
      Effect.flatMap((answer) =>
        Effect.try({
          try: () => classify(answer, Date.now()),
          catch: (error) =>
            error instanceof QuickBooksFault
              ? error
              : new QuickBooksFault({ kind: "unavailable", message: String(error), codes: [] })
        })
      )
    )
  )
