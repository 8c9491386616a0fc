/**
 * What Highrise's answers mean: a failed answer turned into an `AddOnError` (Highrise's own `<errors>` text kept;
 * Highrise limits requests with a `503` and `Retry-After`). The request, its retries, `Retry-After` and no answer
 * at all are `@quotekit/addons/ServiceHttp`'s.
 *
 * @internal
 */
import type { AddOnError } from "@quotekit/addons/AddOnError"
import * as ServiceHttp from "@quotekit/addons/ServiceHttp"
import * as Xml from "./Xml.ts"

/** The error a non-2xx answer stands for; `body` is the answer's text (XML, or Rails' plain text). */
export const errorOf = (status: number, headers: Headers, body: string): AddOnError => {
  const said = Xml.errorsOf(body)
  const wait = ServiceHttp.retryAfterMs(headers)
  if (status === 401)
    return ServiceHttp.failure(
      "auth",
      "Highrise no longer accepts the connection's API token; connect Highrise again with a new one."
    )
  if (status === 429) return ServiceHttp.rateLimited("Highrise", wait)
  if (status === 503)
    return ServiceHttp.failure(
      "unavailable",
      `Highrise is unavailable or limiting requests (HTTP 503)${ServiceHttp.asksToWait(wait)}.`,
      wait
    )
  if (status >= 500) return ServiceHttp.unavailable("Highrise", status, wait)
  if (status >= 300 && status < 400)
    return ServiceHttp.failure(
      "rejected",
      `Highrise sent the request elsewhere (HTTP ${status}); check the account's address.`
    )
  if (status === 404) return ServiceHttp.failure("rejected", said ?? "Highrise could not find that record.")
  if (status === 403) return ServiceHttp.failure("rejected", said ?? "Highrise does not let this user do that.")
  return ServiceHttp.failure("rejected", said ?? `Highrise refused the request (HTTP ${status}).`)
}
