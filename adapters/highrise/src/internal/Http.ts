/**
 * One exchange with Highrise and what its answer means: a failed answer turned into an `AddOnError` (Highrise's
 * own `<errors>` text kept), no answer at all, and the bounded retry with backoff of 429 and 5xx answers
 * (Highrise limits requests with a `503` and `Retry-After`).
 *
 * @internal
 */
import { AddOnError } from "@quotekit/addons/AddOnError"
import { Data, Effect } from "effect"
import * as Xml from "./Xml.ts"

/** How often and how long to retry a 429 or 5xx answer. */
export interface Retry {
  /** Retries after the first attempt; 0 never retries. Default 3. */
  readonly times?: number
  /** The first wait when Highrise says nothing (no `Retry-After`); doubled each time. Default 1 s. */
  readonly baseDelayMs?: number
  /** The longest wait a call sits through; a longer `Retry-After` fails at once with `retryAfterMs`. Default 60 s. */
  readonly maxDelayMs?: number
}

export const defaultRetry: Required<Retry> = { times: 3, baseDelayMs: 1_000, maxDelayMs: 60_000 }

/**
 * No answer came (a timeout, a reset, a DNS failure): retried only when the request may be sent twice, since a
 * note may have been written before the answer was lost.
 */
export class NoAnswer extends Data.TaggedError("NoAnswer")<{ readonly error: AddOnError }> {}

/** `Retry-After` in milliseconds: seconds, or an HTTP date. */
export const retryAfterMs = (headers: Headers, now: number = Date.now()): number | undefined => {
  const value = headers.get("retry-after")?.trim()
  if (value === undefined || value === "") return undefined
  if (/^\d+$/.test(value)) return Number(value) * 1_000
  const at = Date.parse(value)
  return Number.isNaN(at) ? undefined : Math.max(0, at - now)
}

const waitText = (wait: number | undefined) =>
  wait === undefined ? "" : `; it asks to wait ${Math.ceil(wait / 1_000)} s`

/** The error a non-2xx answer stands for; `body` is the answer's text (XML, or Rails' plain text). */
export const errorOf = (status: number, headers: Headers, body: string): AddOnError => {
  const said = Xml.errorsOf(body)
  const wait = retryAfterMs(headers)
  const after = wait === undefined ? {} : { retryAfterMs: wait }
  if (status === 401)
    return new AddOnError({
      kind: "auth",
      message: "Highrise no longer accepts the connection's API token; connect Highrise again with a new one."
    })
  if (status === 429)
    return new AddOnError({
      kind: "rate-limited",
      message: `Highrise's API limit was reached${waitText(wait)}.`,
      ...after
    })
  if (status === 503)
    return new AddOnError({
      kind: "unavailable",
      message: `Highrise is unavailable or limiting requests (HTTP 503)${waitText(wait)}.`,
      ...after
    })
  if (status >= 500)
    return new AddOnError({ kind: "unavailable", message: `Highrise is unavailable (HTTP ${status}).`, ...after })
  if (status >= 300 && status < 400)
    return new AddOnError({
      kind: "rejected",
      message: `Highrise sent the request elsewhere (HTTP ${status}); check the account's address.`
    })
  if (status === 404)
    return new AddOnError({ kind: "rejected", message: said ?? "Highrise could not find that record." })
  if (status === 403)
    return new AddOnError({ kind: "rejected", message: said ?? "Highrise does not let this user do that." })
  return new AddOnError({ kind: "rejected", message: said ?? `Highrise refused the request (HTTP ${status}).` })
}

/** No answer: a timeout, a closed port, a reset, a DNS failure. */
export const unreachable = (cause: unknown, timeoutMs: number): NoAnswer => {
  if (cause instanceof Error && (cause.name === "TimeoutError" || cause.name === "AbortError"))
    return new NoAnswer({
      error: new AddOnError({ kind: "unavailable", message: `Highrise did not answer within ${timeoutMs / 1_000} s.` })
    })
  let reason = cause instanceof Error ? cause.message : String(cause)
  const inner = cause instanceof Error ? cause.cause : undefined
  if (inner instanceof Error) reason = `${reason}: ${inner.message}`
  return new NoAnswer({
    error: new AddOnError({ kind: "unavailable", message: `Highrise could not be reached (${reason}).` })
  })
}

/** The wait before retry number `attempt` (0-based), or `undefined`: give up now. */
export const delayBefore = (error: AddOnError, attempt: number, retry: Required<Retry>): number | undefined => {
  if (error.kind !== "rate-limited" && error.kind !== "unavailable") return undefined
  if (attempt >= retry.times) return undefined
  const backoff = retry.baseDelayMs * 2 ** attempt
  const wait = error.retryAfterMs ?? backoff + Math.floor(Math.random() * (backoff / 4))
  return wait > retry.maxDelayMs ? undefined : wait
}

/**
 * Run `attempt` again on 429 and 5xx answers as `retry` allows, waiting between tries; on no answer too when
 * the request is `idempotent`.
 */
export const retrying = <A>(
  attempt: Effect.Effect<A, AddOnError | NoAnswer>,
  retry: Required<Retry>,
  idempotent: boolean
): Effect.Effect<A, AddOnError> => {
  const loop = (n: number): Effect.Effect<A, AddOnError> =>
    Effect.catch(attempt, (failure) => {
      const error = failure instanceof NoAnswer ? failure.error : failure
      const wait = failure instanceof NoAnswer && !idempotent ? undefined : delayBefore(error, n, retry)
      return wait === undefined ? Effect.fail(error) : Effect.andThen(Effect.sleep(wait), loop(n + 1))
    })
  return loop(0)
}
