/**
 * What Mailchimp's answers mean: a failed answer (the Marketing API's problem+json
 * `{ type, title, status, detail, instance }`, or the OAuth service's `{ error, error_description }`) turned into
 * an `AddOnError` with Mailchimp's own words. The request, its retries, `Retry-After` and no answer at all are
 * `@quotekit/addons/ServiceHttp`'s.
 *
 * @internal
 */
import type { AddOnError } from "@quotekit/addons/AddOnError"
import * as ServiceHttp from "@quotekit/addons/ServiceHttp"

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

/** The error a non-2xx answer of the Marketing API stands for. */
export const errorOf = (status: number, headers: Headers, body: unknown): AddOnError => {
  const { title, detail } = problemOf(body)
  const said = detail || title
  const wait = ServiceHttp.retryAfterMs(headers)
  if (status === 401 || status === 403)
    return ServiceHttp.failure(
      "auth",
      `Mailchimp refused the connection's access (${said || `HTTP ${status}`}); connect Mailchimp again.`
    )
  if (status === 429) return ServiceHttp.rateLimited("Mailchimp", wait)
  if (status >= 500) return ServiceHttp.unavailable("Mailchimp", status, wait, said || undefined)
  if (status === 404)
    return ServiceHttp.failure("rejected", said || "Mailchimp could not find that audience or person.")
  return ServiceHttp.failure("rejected", said || `Mailchimp refused the request (HTTP ${status}).`)
}
