/**
 * The customer page's calls to the contract's customer endpoints (`CustomerApi`: `/api/q/{token}/...`). The page
 * is kept light (a budget of 35 KB of script), so it calls with `fetch` rather than the derived client, which
 * would bring the HTTP API and Schema runtimes; the shapes are the contract's own types. Every post carries the
 * anti-forgery header (the `qk_csrf` cookie the page received on load) and `X-Requested-With`.
 */
import type { AcceptAnswer, AcceptRequest, CustomerQuote, PublicComment } from "@quotekit/core/api/CustomerApi"
import * as Message from "@quotekit/core/Message"

/** A failed call: the server's message (`_serveError.message`) and the status. */
export class CallFailed extends Error {
  readonly status: number
  constructor(status: number, message: string) {
    super(message)
    this.status = status
  }
}

const csrf = (): string => /(?:^|; )qk_csrf=([^;]+)/.exec(document.cookie)?.[1] ?? ""

/** A call to the customer endpoints: GET without a body, else a POST with the anti-forgery header. */
export const call = async <A>(path: string, body?: unknown): Promise<A> => {
  let response: Response
  try {
    response = await fetch(
      path,
      body === undefined
        ? { credentials: "same-origin", headers: { "x-requested-with": "XMLHttpRequest" } }
        : {
            method: "POST",
            credentials: "same-origin",
            headers: {
              "content-type": "application/json",
              "x-csrf-token": decodeURIComponent(csrf()),
              "x-requested-with": "XMLHttpRequest"
            },
            body: JSON.stringify(body)
          }
    )
  } catch {
    throw new CallFailed(2, Message.unexpectedResponse)
  }
  const json = (await response.json().catch(() => ({}))) as { _serveError?: { message?: string } }
  if (!response.ok) throw new CallFailed(response.status, json._serveError?.message ?? Message.unexpectedResponse)
  return json as A
}

/** The calls behind one link token. */
export const make = (token: string) => {
  const base = `/api/q/${encodeURIComponent(token)}`
  return {
    /** The page's data afresh (for the refresh rules; the server counts it as a view, as a reload would be). */
    quote: () => call<typeof CustomerQuote.Encoded>(base),
    accept: (body: typeof AcceptRequest.Encoded) => call<typeof AcceptAnswer.Encoded>(`${base}/accept`, body),
    decline: (reason: string) => call<{ status: string }>(`${base}/decline`, reason === "" ? {} : { reason }),
    ask: (text: string) =>
      call<typeof PublicComment.Encoded>(`${base}/discuss-update`, { discuss_body: text, files: [] })
  }
}

/** The calls of a page. */
export type Calls = ReturnType<typeof make>
