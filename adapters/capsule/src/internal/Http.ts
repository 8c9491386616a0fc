/**
 * One exchange with Capsule and what its answer means: the status and body of a failure turned into an
 * `AddOnError` (Capsule's own text kept, any token scrubbed from it), and the bounded retry with backoff of 429
 * and 5xx answers and of no answer at all.
 *
 * @internal
 * @since 0.5.0
 */
import { AddOnError } from "@quotekit/addons/AddOnError"
import { Effect } from "effect"

/** How often and how long to retry a 429 or 5xx answer (or no answer at all). */
export interface Retry {
  /** Retries after the first attempt; 0 never retries. Default 3. */
  readonly times?: number
  /** The first wait when Capsule says nothing (no `Retry-After`); doubled each time. Default 1 s. */
  readonly baseDelayMs?: number
  /**
   * The longest wait a call sits through; a longer `Retry-After` (the hourly limit spent: up to an hour) fails at
   * once with `retryAfterMs`, for the caller to come back then. Default 60 s.
   */
  readonly maxDelayMs?: number
}

export const defaultRetry: Required<Retry> = { times: 3, baseDelayMs: 1_000, maxDelayMs: 60_000 }

const isRecord = (u: unknown): u is Record<string, unknown> => typeof u === "object" && u !== null

const text = (u: unknown): string | undefined => (typeof u === "string" && u.trim() !== "" ? u.trim() : undefined)

/**
 * Capsule's words for a failure: its `message` with every `errors[].message` after it (the 422 validation
 * shape), else the OAuth `error_description` / `error`.
 */
export const messageOf = (body: unknown): string | undefined => {
  if (!isRecord(body)) return undefined
  const details: Array<string> = []
  for (const e of Array.isArray(body.errors) ? body.errors : []) {
    const said = isRecord(e) ? text(e.message) : text(e)
    if (said !== undefined && !details.includes(said)) details.push(said)
  }
  const message = text(body.message)
  if (message !== undefined && details.length > 0) return `${message}: ${details.join("; ")}`
  if (message !== undefined) return message
  if (details.length > 0) return details.join("; ")
  const description = text(body.error_description)
  const error = text(body.error)
  if (error !== undefined) return description === undefined ? error : `${error}: ${description}`
  return description
}

/** `Retry-After` in milliseconds (seconds, or an HTTP date); else Capsule's `X-RateLimit-Reset` (epoch seconds). */
export const retryAfterMs = (headers: Headers, now: number = Date.now()): number | undefined => {
  const value = headers.get("retry-after")?.trim()
  if (value !== undefined && value !== "") {
    if (/^\d+$/.test(value)) return Number(value) * 1_000
    const at = Date.parse(value)
    if (!Number.isNaN(at)) return Math.max(0, at - now)
  }
  const reset = headers.get("x-ratelimit-reset")?.trim()
  if (reset !== undefined && /^\d{9,}$/.test(reset)) return Math.max(0, Number(reset) * 1_000 - now)
  return undefined
}

/** `message` with every secret in it replaced: a service may echo a token back, and messages are shown and logged. */
export const scrub = (message: string, secrets: ReadonlyArray<string>): string =>
  secrets.filter((s) => s.length >= 6).reduce((m, s) => m.split(s).join("[redacted]"), message)

/** The error a non-2xx answer of Capsule's API (or its token endpoint) stands for. */
export const errorOf = (
  status: number,
  headers: Headers,
  body: unknown,
  secrets: ReadonlyArray<string> = []
): AddOnError => {
  const said = messageOf(body)
  const make = (kind: AddOnError["kind"], message: string, wait?: number) =>
    new AddOnError({ kind, message: scrub(message, secrets), ...(wait === undefined ? {} : { retryAfterMs: wait }) })
  if (status === 401)
    return make("auth", `Capsule refused the connection's access (${said ?? "Unauthorized"}); reconnect Capsule.`)
  if (status === 403)
    return make("auth", `Capsule refused this for the connection (${said ?? "Forbidden"}); reconnect Capsule.`)
  if (status === 429) {
    const wait = retryAfterMs(headers)
    const limit = headers.get("x-ratelimit-limit")
    return make(
      "rate-limited",
      `Capsule's API limit was reached${limit === null ? "" : ` (${limit} requests an hour)`}${
        wait === undefined ? "" : `; it asks to wait ${Math.ceil(wait / 1_000)} s`
      }.`,
      wait
    )
  }
  if (status >= 500)
    return make(
      "unavailable",
      `Capsule is unavailable (HTTP ${status}${said === undefined ? "" : `: ${said}`}).`,
      retryAfterMs(headers)
    )
  if (status === 404) return make("rejected", said ?? "Capsule could not find that record: it may have been deleted.")
  return make("rejected", said ?? `Capsule refused the request (HTTP ${status}).`)
}

/** No answer: a closed port, a reset, a DNS failure, or none in time. */
export const unreachable = (cause: unknown, timeoutMs: number): AddOnError => {
  if (cause instanceof Error && (cause.name === "TimeoutError" || cause.name === "AbortError"))
    return new AddOnError({ kind: "unavailable", message: `Capsule did not answer within ${timeoutMs / 1_000} s.` })
  let reason = cause instanceof Error ? cause.message : String(cause)
  const inner = cause instanceof Error ? cause.cause : undefined
  if (inner instanceof Error) reason = `${reason}: ${inner.message}`
  return new AddOnError({ kind: "unavailable", message: `Capsule could not be reached (${reason}).` })
}

/** Read a body as JSON; `undefined` when it is empty or not JSON. */
export const bodyOf = async (response: Response): Promise<unknown> => {
  const body = await response.text()
  if (body.trim() === "") return undefined
  try {
    return JSON.parse(body)
  } catch {
    return undefined
  }
}

/** The wait before retry number `attempt` (0-based), or `undefined`: give up now. */
export const delayBefore = (error: AddOnError, attempt: number, retry: Required<Retry>): number | undefined => {
  if (error.kind !== "rate-limited" && error.kind !== "unavailable") return undefined
  if (attempt >= retry.times) return undefined
  const backoff = retry.baseDelayMs * 2 ** attempt
  const wait = error.retryAfterMs ?? backoff + Math.floor(Math.random() * (backoff / 4))
  return wait > retry.maxDelayMs ? undefined : wait
}

/** Run `attempt` again on 429, 5xx and no answer, as `retry` allows, waiting between tries. */
export const retrying = <A>(
  attempt: Effect.Effect<A, AddOnError>,
  retry: Required<Retry>
): Effect.Effect<A, AddOnError> => {
  const loop = (n: number): Effect.Effect<A, AddOnError> =>
    Effect.catch(attempt, (error) => {
      const wait = delayBefore(error, n, retry)
      return wait === undefined ? Effect.fail(error) : Effect.andThen(Effect.sleep(wait), loop(n + 1))
    })
  return loop(0)
}
