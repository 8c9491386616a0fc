/**
 * What Xero's answers mean: the status and body of a failure turned into an `AccountingError` (Xero's own text
 * kept), and a body read with its numbers kept as their text. The retries, `Retry-After` and no answer at all are
 * `@quotekit/addons/ServiceHttp`'s.
 *
 * @internal
 */
import type { AccountingError } from "@quotekit/addons/Accounting"
import * as ServiceHttp from "@quotekit/addons/ServiceHttp"
import * as DecimalJson from "./DecimalJson.ts"

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

/** The error a non-2xx answer of the Accounting API (or the identity service) stands for. */
export const errorOf = (status: number, headers: Headers, body: unknown): AccountingError => {
  const said = messageOf(body)
  if (status === 401)
    return ServiceHttp.failure(
      "auth",
      `Xero refused the connection's access (${said ?? "Unauthorized"}); reconnect Xero.`
    )
  if (status === 403)
    return ServiceHttp.failure(
      "auth",
      `Xero refused access to this organisation (${said ?? "Forbidden"}); reconnect Xero.`
    )
  if (status === 429) {
    const problem = headers.get("x-rate-limit-problem")
    return ServiceHttp.rateLimited(
      "Xero",
      ServiceHttp.retryAfterMs(headers),
      problem === null ? "" : ` (${problem} limit)`
    )
  }
  if (status >= 500) return ServiceHttp.unavailable("Xero", status, ServiceHttp.retryAfterMs(headers), said)
  if (status === 404) return ServiceHttp.failure("rejected", said ?? "Xero could not find what was asked for.")
  return ServiceHttp.failure("rejected", said ?? `Xero refused the request (HTTP ${status}).`)
}

/** Read a body as JSON (numbers kept as their text); `undefined` when it is empty or not JSON. */
export const bodyOf = (response: Response): Promise<unknown> =>
  ServiceHttp.bodyOf(response, { parse: DecimalJson.parse })
