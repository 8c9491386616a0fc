/**
 * What Capsule's answers mean: the status and body of a failure turned into an `AddOnError` (Capsule's own text
 * kept, any token scrubbed from it), and the wait its `X-RateLimit-Reset` asks for. The retries, `Retry-After`
 * and no answer at all are `@quotekit/addons/ServiceHttp`'s.
 *
 * @internal
 * @since 0.5.0
 */
import type { AddOnError } from "@quotekit/addons/AddOnError"
import * as ServiceHttp from "@quotekit/addons/ServiceHttp"

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

/** Capsule's `X-RateLimit-Reset` (epoch seconds) as a wait in milliseconds. */
const rateLimitReset = (headers: Headers, now: number): number | undefined => {
  const reset = headers.get("x-ratelimit-reset")?.trim()
  return reset !== undefined && /^\d{9,}$/.test(reset) ? Math.max(0, Number(reset) * 1_000 - now) : undefined
}

/** `Retry-After` in milliseconds (seconds, or an HTTP date); else Capsule's `X-RateLimit-Reset` (epoch seconds). */
export const retryAfterMs = (headers: Headers, now: number = Date.now()): number | undefined =>
  ServiceHttp.retryAfterMs(headers, now, rateLimitReset)

/** The error a status stands for, with what Capsule `said`, before any secret is scrubbed from it. */
const classify = (status: number, headers: Headers, said: string | undefined): AddOnError => {
  if (status === 401)
    return ServiceHttp.failure(
      "auth",
      `Capsule refused the connection's access (${said ?? "Unauthorized"}); reconnect Capsule.`
    )
  if (status === 403)
    return ServiceHttp.failure(
      "auth",
      `Capsule refused this for the connection (${said ?? "Forbidden"}); reconnect Capsule.`
    )
  if (status === 429) {
    const limit = headers.get("x-ratelimit-limit")
    return ServiceHttp.rateLimited(
      "Capsule",
      retryAfterMs(headers),
      limit === null ? "" : ` (${limit} requests an hour)`
    )
  }
  if (status >= 500) return ServiceHttp.unavailable("Capsule", status, retryAfterMs(headers), said)
  if (status === 404)
    return ServiceHttp.failure("rejected", said ?? "Capsule could not find that record: it may have been deleted.")
  return ServiceHttp.failure("rejected", said ?? `Capsule refused the request (HTTP ${status}).`)
}

/** The error a non-2xx answer of Capsule's API (or its token endpoint) stands for. */
export const errorOf = (
  status: number,
  headers: Headers,
  body: unknown,
  secrets: ReadonlyArray<string> = []
): AddOnError => ServiceHttp.scrubError(classify(status, headers, messageOf(body)), secrets)
