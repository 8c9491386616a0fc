/**
 * What Insightly's answers mean: the status and body of a failure turned into an `AddOnError` (Insightly's own
 * text kept, the API key and its Basic header scrubbed from it), and the HTTP Basic header an API key is sent in.
 * The retries, `Retry-After` and no answer at all are `@quotekit/addons/ServiceHttp`'s.
 *
 * @internal
 * @since 0.5.0
 */
import type { AddOnError } from "@quotekit/addons/AddOnError"
import * as ServiceHttp from "@quotekit/addons/ServiceHttp"

/** The `Authorization` header of an API key: HTTP Basic, the key as the user name and an empty password. */
export const basic = (apiKey: string): string => `Basic ${encoded(apiKey)}`

const encoded = (apiKey: string) => Buffer.from(`${apiKey}:`, "utf8").toString("base64")

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

/** The keys and the Basic credentials made of them (of a key long enough to be scrubbed): what no message carries. */
const secretsOf = (keys: ReadonlyArray<string>): ReadonlyArray<string> =>
  keys.filter((k) => k.length >= 6).flatMap((k) => [k, encoded(k)])

/** The error a status stands for, with what Insightly `said` and what a 401 says, before any key is scrubbed. */
const classify = (status: number, headers: Headers, said: string | undefined, unauthorized?: string): AddOnError => {
  if (status === 401)
    return ServiceHttp.failure(
      "auth",
      unauthorized ?? "Insightly no longer accepts the API key; connect Insightly again with a current key."
    )
  if (status === 429) return ServiceHttp.rateLimited("Insightly", ServiceHttp.retryAfterMs(headers))
  if (status >= 500) return ServiceHttp.unavailable("Insightly", status, ServiceHttp.retryAfterMs(headers), said)
  if (status === 403)
    return ServiceHttp.failure(
      "rejected",
      `Insightly does not allow this to the API key's user${said === undefined ? "" : ` (${said})`}.`
    )
  if (status === 404)
    return ServiceHttp.failure("rejected", "Insightly could not find that record: it may have been deleted.")
  return ServiceHttp.failure("rejected", said ?? `Insightly refused the request (HTTP ${status}).`)
}

/**
 * The error a non-2xx answer of Insightly's API stands for. `unauthorized` is what a 401 says (checking a key that
 * was just pasted says it otherwise than a key that stopped working).
 */
export const errorOf = (
  status: number,
  headers: Headers,
  body: unknown,
  options: { readonly secrets?: ReadonlyArray<string>; readonly unauthorized?: string } = {}
): AddOnError =>
  ServiceHttp.scrubError(
    classify(status, headers, messageOf(body), options.unauthorized),
    secretsOf(options.secrets ?? [])
  )
