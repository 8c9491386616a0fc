/**
 * One exchange with Mailchimp and what its answer means: a failed answer (the Marketing API's problem+json
 * `{ type, title, status, detail, instance }`, or the OAuth service's `{ error, error_description }`) turned into
 * an `AddOnError` with Mailchimp's own words, no answer at all, and the bounded retry with backoff of 429 and 5xx.
 *
 * @internal
 */
import { AddOnError } from "@quotekit/addons/AddOnError"
import { Data, Effect } from "effect"

/** How often and how long to retry a 429 or 5xx answer. */
export interface Retry {
  /** Retries after the first attempt; 0 never retries. Default 3. */
  readonly times?: number
  /** The first wait when Mailchimp says nothing (no `Retry-After`); doubled each time. Default 1 s. */
  readonly baseDelayMs?: number
  /** The longest wait a call sits through; a longer `Retry-After` fails at once with `retryAfterMs`. Default 60 s. */
  readonly maxDelayMs?: number
}

export const defaultRetry: Required<Retry> = { times: 3, baseDelayMs: 1_000, maxDelayMs: 60_000 }

/** No answer came (a timeout, a reset, a DNS failure); retried only when the request may be sent twice. */
export class NoAnswer extends Data.TaggedError("NoAnswer")<{ readonly error: AddOnError }> {}

/** What a failed answer said, as Mailchimp puts it. */
export interface Problem {
  readonly title: string
  readonly detail: string
}

const isRecord = (u: unknown): u is Record<string, unknown> => typeof u === "object" && u !== null

const str = (u: unknown): string => (typeof u === "string" ? u.trim() : "")

/** The title and detail of a problem+json answer, or an OAuth error and its description. */
export const problemOf = (body: unknown): Problem => {
  if (!isRecord(body)) return { title: "", detail: "" }
  const title = str(body.title) || str(body.error)
  const detail = str(body.detail) || str(body.error_description)
  return { title, detail }
}

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

/** The error a non-2xx answer of the Marketing API stands for. */
export const errorOf = (status: number, headers: Headers, body: unknown): AddOnError => {
  const { title, detail } = problemOf(body)
  const said = detail || title
  const wait = retryAfterMs(headers)
  const after = wait === undefined ? {} : { retryAfterMs: wait }
  if (status === 401 || status === 403)
    return new AddOnError({
      kind: "auth",
      message: `Mailchimp refused the connection's access (${said || `HTTP ${status}`}); connect Mailchimp again.`
    })
  if (status === 429)
    return new AddOnError({
      kind: "rate-limited",
      message: `Mailchimp's API limit was reached${waitText(wait)}.`,
      ...after
    })
  if (status >= 500)
    return new AddOnError({
      kind: "unavailable",
      message: `Mailchimp is unavailable (HTTP ${status}${said === "" ? "" : `: ${said}`}).`,
      ...after
    })
  if (status === 404)
    return new AddOnError({ kind: "rejected", message: said || "Mailchimp could not find that audience or person." })
  return new AddOnError({ kind: "rejected", message: said || `Mailchimp refused the request (HTTP ${status}).` })
}

/** No answer: a timeout, a closed port, a reset, a DNS failure. */
export const unreachable = (cause: unknown, timeoutMs: number): NoAnswer => {
  if (cause instanceof Error && (cause.name === "TimeoutError" || cause.name === "AbortError"))
    return new NoAnswer({
      error: new AddOnError({ kind: "unavailable", message: `Mailchimp did not answer within ${timeoutMs / 1_000} s.` })
    })
  let reason = cause instanceof Error ? cause.message : String(cause)
  const inner = cause instanceof Error ? cause.cause : undefined
  if (inner instanceof Error) reason = `${reason}: ${inner.message}`
  return new NoAnswer({
    error: new AddOnError({ kind: "unavailable", message: `Mailchimp could not be reached (${reason}).` })
  })
}

/** Read a body as JSON; `undefined` when it is empty or not JSON. */
export const bodyOf = async (response: Response): Promise<unknown> => {
  const text = await response.text()
  if (text.trim() === "") return undefined
  try {
    return JSON.parse(text)
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

/** `message` with every secret in `secrets` replaced: an error never carries a token. */
export const scrub = (error: AddOnError, secrets: ReadonlyArray<string>): AddOnError => {
  const present = secrets.filter((s) => s !== "" && error.message.includes(s))
  if (present.length === 0) return error
  return new AddOnError({
    kind: error.kind,
    message: present.reduce((m, s) => m.replaceAll(s, "[secret]"), error.message),
    ...(error.retryAfterMs === undefined ? {} : { retryAfterMs: error.retryAfterMs })
  })
}
