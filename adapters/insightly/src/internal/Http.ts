/**
 * One exchange with Insightly and what its answer means: the status and body of a failure turned into an
 * `AddOnError` (Insightly's own text kept, the API key scrubbed from it), the HTTP Basic header an API key is sent
 * in, and the bounded retry with backoff of 429 and 5xx answers and of no answer at all.
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
  /** The first wait when Insightly says nothing (no `Retry-After`); doubled each time. Default 1 s. */
  readonly baseDelayMs?: number
  /**
   * The longest wait a call sits through; a longer `Retry-After` (the daily limit spent) fails at once with
   * `retryAfterMs`, for the caller to come back then. Default 60 s.
   */
  readonly maxDelayMs?: number
}

export const defaultRetry: Required<Retry> = { times: 3, baseDelayMs: 1_000, maxDelayMs: 60_000 }

/** The `Authorization` header of an API key: HTTP Basic, the key as the user name and an empty password. */
export const basic = (apiKey: string): string => `Basic ${Buffer.from(`${apiKey}:`, "utf8").toString("base64")}`

const isRecord = (u: unknown): u is Record<string, unknown> => typeof u === "object" && u !== null

const text = (u: unknown): string | undefined => (typeof u === "string" && u.trim() !== "" ? u.trim() : undefined)

/**
 * Insightly's words for a failure: the ASP.NET shape (`Message`, with every `ModelState` message after it), a
 * lower-case `message` or `error`, or a short plain-text body.
 */
export const messageOf = (body: unknown): string | undefined => {
  if (typeof body === "string") {
    const plain = body.trim()
    return plain === "" || plain.startsWith("<") || plain.length > 300 ? undefined : plain
  }
  if (!isRecord(body)) return undefined
  const details: Array<string> = []
  const state = isRecord(body.ModelState) ? Object.values(body.ModelState) : []
  for (const messages of state)
    for (const m of Array.isArray(messages) ? messages : [messages]) {
      const said = text(m)
      if (said !== undefined && !details.includes(said)) details.push(said)
    }
  const message = text(body.Message) ?? text(body.message) ?? text(body.error_description) ?? text(body.error)
  if (message !== undefined && details.length > 0) return `${message} ${details.join(" ")}`
  return message ?? (details.length > 0 ? details.join(" ") : undefined)
}

/** `Retry-After` in milliseconds: seconds, or an HTTP date. */
export const retryAfterMs = (headers: Headers, now: number = Date.now()): number | undefined => {
  const value = headers.get("retry-after")?.trim()
  if (value === undefined || value === "") return undefined
  if (/^\d+$/.test(value)) return Number(value) * 1_000
  const at = Date.parse(value)
  return Number.isNaN(at) ? undefined : Math.max(0, at - now)
}

/** `message` with every secret in it replaced: a service may echo a key back, and messages are shown and logged. */
export const scrub = (message: string, secrets: ReadonlyArray<string>): string =>
  secrets
    .filter((s) => s.length >= 6)
    .flatMap((s) => [s, Buffer.from(`${s}:`, "utf8").toString("base64")])
    .reduce((m, s) => m.split(s).join("[redacted]"), message)

/**
 * The error a non-2xx answer of Insightly's API stands for. `unauthorized` is what a 401 says (checking a key that
 * was just pasted says it otherwise than a key that stopped working).
 */
export const errorOf = (
  status: number,
  headers: Headers,
  body: unknown,
  options: { readonly secrets?: ReadonlyArray<string>; readonly unauthorized?: string } = {}
): AddOnError => {
  const said = messageOf(body)
  const make = (kind: AddOnError["kind"], message: string, wait?: number) =>
    new AddOnError({
      kind,
      message: scrub(message, options.secrets ?? []),
      ...(wait === undefined ? {} : { retryAfterMs: wait })
    })
  if (status === 401)
    return make(
      "auth",
      options.unauthorized ?? "Insightly no longer accepts the API key; connect Insightly again with a current key."
    )
  if (status === 429) {
    const wait = retryAfterMs(headers)
    return make(
      "rate-limited",
      `Insightly's API limit was reached${wait === undefined ? "" : `; it asks to wait ${Math.ceil(wait / 1_000)} s`}.`,
      wait
    )
  }
  if (status >= 500)
    return make(
      "unavailable",
      `Insightly is unavailable (HTTP ${status}${said === undefined ? "" : `: ${said}`}).`,
      retryAfterMs(headers)
    )
  if (status === 403)
    return make(
      "rejected",
      `Insightly does not allow this to the API key's user${said === undefined ? "" : ` (${said})`}.`
    )
  if (status === 404) return make("rejected", "Insightly could not find that record: it may have been deleted.")
  return make("rejected", said ?? `Insightly refused the request (HTTP ${status}).`)
}

/** No answer: a closed port, a reset, a DNS failure, or none in time. */
export const unreachable = (cause: unknown, timeoutMs: number): AddOnError => {
  if (cause instanceof Error && (cause.name === "TimeoutError" || cause.name === "AbortError"))
    return new AddOnError({ kind: "unavailable", message: `Insightly did not answer within ${timeoutMs / 1_000} s.` })
  let reason = cause instanceof Error ? cause.message : String(cause)
  const inner = cause instanceof Error ? cause.cause : undefined
  if (inner instanceof Error) reason = `${reason}: ${inner.message}`
  return new AddOnError({ kind: "unavailable", message: `Insightly could not be reached (${reason}).` })
}

/** Read a body as JSON; its text when it is not JSON; `undefined` when it is empty. */
export const bodyOf = async (response: Response): Promise<unknown> => {
  const body = await response.text()
  if (body.trim() === "") return undefined
  try {
    return JSON.parse(body)
  } catch {
    return body
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
