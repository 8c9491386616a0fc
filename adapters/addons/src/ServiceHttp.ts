/**
 * The service-independent half of one exchange with an add-on's service (Capsule, Insightly, Highrise,
 * Mailchimp, Xero, QuickBooks): a request with a deadline, tried again with backoff on `rate-limited` and
 * `unavailable` (and on no answer when it may be sent twice), how long the service asks to wait (`Retry-After`),
 * secrets kept out of messages, no answer at all, a body read as JSON, and the common failures of a 429 and a
 * 5xx. What a service's own failures say (its body's shape, its status mapping) stays in its adapter; a message
 * that names the service takes its name.
 *
 * @example
 * const contacts = ServiceHttp.request({
 *   service: "Capsule",
 *   timeoutMs: 10_000,
 *   retry: ServiceHttp.defaultRetry,
 *   send: (signal) => fetch(url, { headers, signal }),
 *   answer: ServiceHttp.readAnswer((status, headers, body) => Http.errorOf(status, headers, body))
 * })
 *
 * @since 0.5.0
 */
import { Data, Effect, Schema } from "effect"
import { AddOnError } from "./AddOnError.ts"

/** How often and how long to retry a 429 or 5xx answer (or no answer at all): an adapter's `retry` option. */
export interface Retry {
  /** Retries after the first attempt; 0 never retries. Default 3. */
  readonly times?: number
  /** The first wait when the service says nothing (no `Retry-After`); doubled each time. Default 1 s. */
  readonly baseDelayMs?: number
  /**
   * The longest wait a call sits through; a longer `Retry-After` (an hourly or daily limit spent) fails at once
   * with `retryAfterMs`, for the caller to come back then. Default 60 s.
   */
  readonly maxDelayMs?: number
}

/** Three retries, the first after about 1 s, none waiting more than 60 s: `{ ...defaultRetry, ...config.retry }`. */
export const defaultRetry: Required<Retry> = { times: 3, baseDelayMs: 1_000, maxDelayMs: 60_000 }

/**
 * No answer came (a timeout, a reset, a DNS failure): for a request that may not be sent twice (a note may have
 * been written before the answer was lost), so that `retrying` tries it again only when told it is idempotent.
 */
export class NoAnswer extends Data.TaggedError("NoAnswer")<{ readonly error: AddOnError }> {}

/**
 * `Retry-After` in milliseconds: seconds, or an HTTP date; else what `otherwise` reads (a service's own header,
 * as Capsule's `X-RateLimit-Reset`); `undefined` when nothing says.
 *
 * @example
 * ServiceHttp.retryAfterMs(new Headers({ "retry-after": "7" })) // 7_000
 */
export const retryAfterMs = (
  headers: Headers,
  now: number = Date.now(),
  otherwise?: (headers: Headers, now: number) => number | undefined
): number | undefined => {
  const value = headers.get("retry-after")?.trim()
  if (value !== undefined && value !== "") {
    if (/^\d+$/.test(value)) return Number(value) * 1_000
    const at = Date.parse(value)
    if (!Number.isNaN(at)) return Math.max(0, at - now)
  }
  return otherwise?.(headers, now)
}

/** `"; it asks to wait 7 s"` for a wait the service asked for, `""` for none: the tail of a 429's message. */
export const asksToWait = (wait: number | undefined): string =>
  wait === undefined ? "" : `; it asks to wait ${Math.ceil(wait / 1_000)} s`

/** A failure, with the wait the service asked for when it said one. */
export const failure = (kind: AddOnError["kind"], message: string, wait?: number): AddOnError =>
  new AddOnError({ kind, message, ...(wait === undefined ? {} : { retryAfterMs: wait }) })

/**
 * A 429: `service`'s API limit reached, with what it said of the limit (`limit`, e.g. `" (minute limit)"`) and
 * the wait it asked for.
 */
export const rateLimited = (service: string, wait: number | undefined, limit = ""): AddOnError =>
  failure("rate-limited", `${service}'s API limit was reached${limit}${asksToWait(wait)}.`, wait)

/** A 5xx: `service` unavailable, with its own words when it said any, and the wait it asked for. */
export const unavailable = (
  service: string,
  status: number,
  wait: number | undefined,
  said?: string | undefined
): AddOnError =>
  failure("unavailable", `${service} is unavailable (HTTP ${status}${said === undefined ? "" : `: ${said}`}).`, wait)

/**
 * `message` with every secret in it (of at least 6 characters: a shorter one would cut up words) replaced by
 * `mark`: a service may echo a token or key back, and messages are shown and logged.
 */
export const scrub = (message: string, secrets: ReadonlyArray<string>, mark = "[redacted]"): string =>
  secrets.filter((s) => s.length >= 6).reduce((m, s) => m.split(s).join(mark), message)

/** `error` with `scrub` applied to its message, its kind and wait kept; `error` itself when no secret is in it. */
export const scrubError = (error: AddOnError, secrets: ReadonlyArray<string>, mark = "[redacted]"): AddOnError => {
  const message = scrub(error.message, secrets, mark)
  return message === error.message ? error : failure(error.kind, message, error.retryAfterMs)
}

/** No answer from `service`: a closed port, a reset, a DNS failure, or none within `timeoutMs`. */
export const unreachable = (service: string, cause: unknown, timeoutMs: number): AddOnError => {
  if (cause instanceof Error && (cause.name === "TimeoutError" || cause.name === "AbortError"))
    return new AddOnError({ kind: "unavailable", message: `${service} did not answer within ${timeoutMs / 1_000} s.` })
  let reason = cause instanceof Error ? cause.message : String(cause)
  const inner = cause instanceof Error ? cause.cause : undefined
  if (inner instanceof Error) reason = `${reason}: ${inner.message}`
  return new AddOnError({ kind: "unavailable", message: `${service} could not be reached (${reason}).` })
}

/** How to read a body: `parse` (default `JSON.parse`; Xero keeps numbers as text), and a body it cannot read. */
export interface Reading {
  readonly parse?: (text: string) => unknown
  /** The text itself when `parse` fails (a plain-text error), instead of `undefined`. */
  readonly keepText?: boolean
}

/** A body's text parsed; `undefined` when it is empty, or when it does not parse (its text with `keepText`). */
export const parseBody = (text: string, reading: Reading = {}): unknown => {
  if (text.trim() === "") return undefined
  try {
    return (reading.parse ?? JSON.parse)(text)
  } catch {
    return reading.keepText === true ? text : undefined
  }
}

/** Read an answer's body as `parseBody` does. */
export const bodyOf = async (response: Response, reading: Reading = {}): Promise<unknown> =>
  parseBody(await response.text(), reading)

/**
 * An answer decoded with `schema`, for `Effect.flatMap` after a request; one that does not fit is `unavailable`
 * (`service`'s `what` answer was not understood), as the service answered what it should not.
 */
export const decode =
  <S extends Schema.Top>(service: string, schema: S, what: string) =>
  (answer: unknown): Effect.Effect<S["Type"], AddOnError> =>
    Schema.decodeUnknownEffect(schema)(answer).pipe(
      Effect.mapError(
        (e) =>
          new AddOnError({
            kind: "unavailable",
            message: `${service}'s ${what} answer was not understood: ${e.message}`
          })
      )
    ) as Effect.Effect<S["Type"], AddOnError>

/** The wait before retry number `attempt` (0-based), or `undefined`: give up now. */
export const delayBefore = (error: AddOnError, attempt: number, retry: Required<Retry>): number | undefined => {
  if (error.kind !== "rate-limited" && error.kind !== "unavailable") return undefined
  if (attempt >= retry.times) return undefined
  const backoff = retry.baseDelayMs * 2 ** attempt
  const wait = error.retryAfterMs ?? backoff + Math.floor(Math.random() * (backoff / 4))
  return wait > retry.maxDelayMs ? undefined : wait
}

/**
 * Run `attempt` again on `rate-limited` and `unavailable` as `retry` allows, waiting between tries; on a
 * `NoAnswer` too unless the request is not `idempotent` (then its error fails at once).
 */
export const retrying = <A>(
  attempt: Effect.Effect<A, AddOnError | NoAnswer>,
  retry: Required<Retry>,
  idempotent = true
): Effect.Effect<A, AddOnError> => {
  const loop = (n: number): Effect.Effect<A, AddOnError> =>
    Effect.catch(attempt, (failed) => {
      const error = failed instanceof NoAnswer ? failed.error : failed
      const wait = failed instanceof NoAnswer && !idempotent ? undefined : delayBefore(error, n, retry)
      return wait === undefined ? Effect.fail(error) : Effect.andThen(Effect.sleep(wait), loop(n + 1))
    })
  return loop(0)
}

/** One request to a service, as `request` makes it. */
export interface Request<A> {
  /** The service's name, for the messages of no answer. */
  readonly service: string
  /** How long one try may take before it counts as no answer. */
  readonly timeoutMs: number
  readonly retry: Required<Retry>
  /** Whether the request may be sent twice: when not, no answer is not tried again (default `true`). */
  readonly idempotent?: boolean
  /** Send one try; `signal` ends with the fiber or after `timeoutMs`. */
  readonly send: (signal: AbortSignal) => Promise<Response>
  /** What an answer means; it throws the `AddOnError` a failed answer stands for (see `readAnswer`). */
  readonly answer: (response: Response) => Promise<A>
  /** What a thrown cause other than an `AddOnError` means (an OAuth library's refusal); `undefined`: no answer. */
  readonly failed?: (cause: unknown) => AddOnError | undefined
}

/**
 * Make a request to a service, tried again as `retry` allows on 429, 5xx and no answer (for an idempotent one):
 * the answer as `answer` reads it, or the error it threw; no answer at all is `unreachable`.
 *
 * @example
 * ServiceHttp.request({
 *   service: "Capsule", timeoutMs: 10_000, retry: ServiceHttp.defaultRetry,
 *   send: (signal) => fetch(url, { headers, signal }),
 *   answer: ServiceHttp.readAnswer(Http.errorOf)
 * })
 */
export const request = <A>(options: Request<A>): Effect.Effect<A, AddOnError> =>
  retrying(
    Effect.tryPromise({
      try: async (signal) =>
        options.answer(await options.send(AbortSignal.any([signal, AbortSignal.timeout(options.timeoutMs)]))),
      catch: (cause) =>
        cause instanceof AddOnError
          ? cause
          : (options.failed?.(cause) ?? new NoAnswer({ error: unreachable(options.service, cause, options.timeoutMs) }))
    }),
    options.retry,
    options.idempotent ?? true
  )

/**
 * An `answer` for `request`: the body of a 2xx answer read as `reading` says; for any other status, the error
 * `errorOf` makes of its status, headers and body, thrown.
 */
export const readAnswer =
  (errorOf: (status: number, headers: Headers, body: unknown) => AddOnError, reading: Reading = {}) =>
  async (response: Response): Promise<unknown> => {
    const body = await bodyOf(response, reading)
    if (!response.ok) throw errorOf(response.status, response.headers, body)
    return body
  }
