/**
 * One exchange with Xero and what its answer means: the status and body of a failure turned into an
 * `AccountingError` (Xero's own text kept), and the bounded retry with backoff of 429 and 5xx answers.
 *
 * @internal
 */
import { AccountingError } from "@quotekit/addons/Accounting"
import { Effect } from "effect"
import * as DecimalJson from "./DecimalJson.ts"

/** How often and how long to retry a 429 or 5xx answer (or no answer at all). */
export interface Retry {
  /** Retries after the first attempt; 0 never retries. Default 3. */
  readonly times?: number
  /** The first wait when Xero says nothing (no `Retry-After`); doubled each time. Default 1 s. */
  readonly baseDelayMs?: number
  /**
   * The longest wait a call sits through; a longer `Retry-After` (the daily limit: hours) fails at once with
   * `retryAfterMs`, for the sync worker to come back then. Default 60 s.
   */
  readonly maxDelayMs?: number
}

export const defaultRetry: Required<Retry> = { times: 3, baseDelayMs: 1_000, maxDelayMs: 60_000 }

const isRecord = (u: unknown): u is Record<string, unknown> => typeof u === "object" && u !== null

const strings = (u: unknown): Array<string> => (Array.isArray(u) ? u : []).filter((s) => typeof s === "string")

/**
 * Xero's words for a failure: the validation messages of every element (`Elements[].ValidationErrors[].Message`,
 * line items' too), else the error's `Message`, `Detail` or `Title` (the identity and 401/403 shape), else the
 * OAuth `error_description` / `error`.
 */
export const messageOf = (body: unknown): string | undefined => {
  if (!isRecord(body)) return undefined
  const found: Array<string> = []
  const collect = (errors: unknown) => {
    for (const e of Array.isArray(errors) ? errors : []) {
      const message = isRecord(e) ? e.Message : undefined
      if (typeof message === "string" && message.trim() !== "" && !found.includes(message.trim()))
        found.push(message.trim())
    }
  }
  for (const element of Array.isArray(body.Elements) ? body.Elements : []) {
    if (!isRecord(element)) continue
    collect(element.ValidationErrors)
    for (const line of Array.isArray(element.LineItems) ? element.LineItems : [])
      if (isRecord(line)) collect(line.ValidationErrors)
  }
  if (found.length > 0) return found.join("\n")
  for (const key of ["Message", "Detail", "Title", "error_description", "error"]) {
    const value = body[key]
    if (typeof value === "string" && value.trim() !== "") return value.trim()
  }
  const fromList = strings(body.errors)
  return fromList.length > 0 ? fromList.join("\n") : undefined
}

/** `Retry-After` in milliseconds: seconds, or an HTTP date. */
export const retryAfterMs = (headers: Headers, now: number = Date.now()): number | undefined => {
  const value = headers.get("retry-after")
  if (value === null || value.trim() === "") return undefined
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1_000
  const at = Date.parse(value)
  return Number.isNaN(at) ? undefined : Math.max(0, at - now)
}

/** The error a non-2xx answer of the Accounting API (or the identity service) stands for. */
export const errorOf = (status: number, headers: Headers, body: unknown): AccountingError => {
  const said = messageOf(body)
  if (status === 401)
    return new AccountingError({
      kind: "auth",
      message: `Xero refused the connection's access (${said ?? "Unauthorized"}); reconnect Xero.`
    })
  if (status === 403)
    return new AccountingError({
      kind: "auth",
      message: `Xero refused access to this organisation (${said ?? "Forbidden"}); reconnect Xero.`
    })
  if (status === 429) {
    const problem = headers.get("x-rate-limit-problem")
    const wait = retryAfterMs(headers)
    return new AccountingError({
      kind: "rate-limited",
      message: `Xero's API limit was reached${problem === null ? "" : ` (${problem} limit)`}${
        wait === undefined ? "" : `; it asks to wait ${Math.ceil(wait / 1_000)} s`
      }.`,
      ...(wait === undefined ? {} : { retryAfterMs: wait })
    })
  }
  if (status >= 500) {
    const wait = retryAfterMs(headers)
    return new AccountingError({
      kind: "unavailable",
      message: `Xero is unavailable (HTTP ${status}${said === undefined ? "" : `: ${said}`}).`,
      ...(wait === undefined ? {} : { retryAfterMs: wait })
    })
  }
  if (status === 404)
    return new AccountingError({ kind: "rejected", message: said ?? "Xero could not find what was asked for." })
  return new AccountingError({ kind: "rejected", message: said ?? `Xero refused the request (HTTP ${status}).` })
}

/** No answer: a closed port, a reset, a DNS failure. */
export const unreachable = (cause: unknown, timeoutMs: number): AccountingError => {
  if (cause instanceof Error && (cause.name === "TimeoutError" || cause.name === "AbortError"))
    return new AccountingError({
      kind: "unavailable",
      message: `Xero did not answer within ${timeoutMs / 1_000} s.`
    })
  let reason = cause instanceof Error ? cause.message : String(cause)
  const inner = cause instanceof Error ? cause.cause : undefined
  if (inner instanceof Error) reason = `${reason}: ${inner.message}`
  return new AccountingError({ kind: "unavailable", message: `Xero could not be reached (${reason}).` })
}

/** Read a body as JSON (numbers kept as their text); `undefined` when it is not JSON. */
export const bodyOf = async (response: Response): Promise<unknown> => {
  const text = await response.text()
  if (text.trim() === "") return undefined
  try {
    return DecimalJson.parse(text)
  } catch {
    return undefined
  }
}

/** The wait before retry number `attempt` (0-based), or `undefined`: give up now. */
export const delayBefore = (error: AccountingError, attempt: number, retry: Required<Retry>): number | undefined => {
  if (error.kind !== "rate-limited" && error.kind !== "unavailable") return undefined
  if (attempt >= retry.times) return undefined
  const backoff = retry.baseDelayMs * 2 ** attempt
  const wait = error.retryAfterMs ?? backoff + Math.floor(Math.random() * (backoff / 4))
  return wait > retry.maxDelayMs ? undefined : wait
}

/** Run `attempt` again on 429, 5xx and no answer, as `retry` allows, waiting between tries. */
export const retrying = <A>(
  attempt: Effect.Effect<A, AccountingError>,
  retry: Required<Retry>
): Effect.Effect<A, AccountingError> => {
  const loop = (n: number): Effect.Effect<A, AccountingError> =>
    Effect.catch(attempt, (error) => {
      const wait = delayBefore(error, n, retry)
      return wait === undefined ? Effect.fail(error) : Effect.andThen(Effect.sleep(wait), loop(n + 1))
    })
  return loop(0)
}
