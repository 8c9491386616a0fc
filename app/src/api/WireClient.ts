/**
 * The reads the shell and the quote list make as they open (the account cache, a page of the quote list, the
 * member's notifications), by `fetch`: the contract-derived client (`ContractClient.ts`) brings the HTTP API and
 * Schema runtimes, which these screens then never load. The shapes are the contract's own wire types
 * (`typeof X.Encoded`, imported as types only); an answer is checked by hand where a wrong one would mislead (the
 * list's amounts are read as decimals, the account's noun must be one the app words). Requests carry what the
 * derived client sends on a read (`X-Requested-With`, and the anti-forgery cookie as a header when there is one),
 * and failures reject with the `RequestFailure` the derived client would give (`Failure.toFailure`).
 *
 * @example
 * const wire = useWire()
 * useQuery({ queryKey: ["notifications", "list"], queryFn: wire.notifications })
 *
 * @since 0.5.0
 */
import type * as AccountApi from "@quotekit/core/api/AccountApi"
import type * as NotificationsApi from "@quotekit/core/api/NotificationsApi"
import type * as QuotesApi from "@quotekit/core/api/QuotesApi"
import * as Money from "@quotekit/core/light/Money"
import * as Wording from "@quotekit/core/light/Wording"
import * as Message from "@quotekit/core/Message"
import { createContext, useContext } from "react"
import { RequestFailure } from "./client.ts"

/** The account cache as the wire carries it (decimals as text): what the shell and the quote list read. */
export type AccountCache = typeof AccountApi.CacheAccount.Encoded

/** The signed-in member and account of the account cache, as the wire carries it. */
export type Signin = AccountCache["account_signin"]

/** A row of the quote list, its amount read as a decimal. */
export type ListRow = Omit<typeof QuotesApi.ListRow.Encoded, "price_current"> & {
  readonly price_current: Money.Fixed
}

/** A page of the quote list, its rows' amounts read as decimals. */
export type ListPage = Omit<typeof QuotesApi.ListPage.Encoded, "rows"> & { readonly rows: ReadonlyArray<ListRow> }

/** The member's latest notifications (the wire shape is the decoded one: no field is transformed). */
export type Notifications = typeof NotificationsApi.List.Encoded

/** The reads a fresh page of the shell and the quote list makes. */
export interface WireClient {
  readonly cacheAccount: () => Promise<AccountCache>
  readonly listQuotes: (query: QuotesApi.ListQuery) => Promise<ListPage>
  readonly notifications: () => Promise<Notifications>
}

// The values of `Security.CSRF_COOKIE`, `CSRF_HEADER`, `REQUESTED_WITH_HEADER` and `REQUESTED_WITH`: that module
// declares the API's middleware too, which would bring the HTTP API runtime with it.
const CSRF_COOKIE = "qk_csrf"
const CSRF_HEADER = "x-csrf-token"

const csrfCookie = (): string | undefined => {
  for (const part of document.cookie.split(";")) {
    const [key, ...rest] = part.trim().split("=")
    if (key === CSRF_COOKIE) return decodeURIComponent(rest.join("="))
  }
  return undefined
}

type Json = { readonly [key: string]: unknown }
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v)

const unexpected = () => new RequestFailure("server", Message.unexpectedResponse)

/**
 * The failure of a refused answer: its tagged error as the derived client reads it (`Failure.toFailure`, loaded
 * with the first such answer: a page that loads fine never needs it), else by status.
 */
const failureOf = async (status: number, body: unknown): Promise<RequestFailure> => {
  if (isObject(body) && typeof body._tag === "string") {
    const Failure = await import("./Failure.ts").catch(() => undefined)
    return Failure === undefined ? unexpected() : Failure.toFailure(body)
  }
  return status === 404 ? new RequestFailure("notFound", Message.pageNotFound) : unexpected()
}

/** GET a path of the API at `baseUrl`: its JSON answer, or a `RequestFailure`. */
const get = async (baseUrl: string, path: string): Promise<unknown> => {
  const cookie = csrfCookie()
  let response: Response
  try {
    response = await fetch(new URL(path, baseUrl), {
      headers: { "x-requested-with": "XMLHttpRequest", ...(cookie === undefined ? {} : { [CSRF_HEADER]: cookie }) }
    })
  } catch {
    throw new RequestFailure("network", Message.checkConnection)
  }
  const body: unknown = await response.json().catch(() => undefined)
  if (!response.ok) throw await failureOf(response.status, body)
  if (body === undefined) throw unexpected()
  return body
}

/** The list's query as the address carries it (every value as text). */
const listSearch = (query: QuotesApi.ListQuery): string => {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value))
  const text = params.toString()
  return text === "" ? "" : `?${text}`
}

const readAccount = (body: unknown): AccountCache => {
  const signin = isObject(body) ? body.account_signin : undefined
  if (!isObject(body) || !isObject(signin) || !Array.isArray(body.signins)) throw unexpected()
  if (!Wording.nouns.some((n) => n === signin.productNoun)) throw unexpected()
  return body as unknown as AccountCache
}

const readList = (body: unknown): ListPage => {
  if (!isObject(body) || !Array.isArray(body.rows) || !Array.isArray(body.tabs)) throw unexpected()
  const rows = body.rows.map((row: unknown): ListRow => {
    const price =
      isObject(row) && typeof row.price_current === "string" ? Money.parseFixed(row.price_current) : undefined
    if (price === undefined) throw unexpected()
    return { ...(row as typeof QuotesApi.ListRow.Encoded), price_current: price }
  })
  return { ...(body as unknown as ListPage), rows }
}

const readNotifications = (body: unknown): Notifications => {
  if (!isObject(body) || !Array.isArray(body.items) || typeof body.unread !== "number") throw unexpected()
  return body as unknown as Notifications
}

/** The reads for an origin (the page's own by default). */
export const make = (baseUrl: string = window.location.origin): WireClient => ({
  cacheAccount: () => get(baseUrl, "/get/cache-account").then(readAccount),
  listQuotes: (query) => get(baseUrl, `/get/quotes${listSearch(query)}`).then(readList),
  notifications: () => get(baseUrl, "/notifications").then(readNotifications)
})

const WireContext = createContext<WireClient | null>(null)

/** Provides the reads to the shell and the quote list (the entry passes `make()`). */
export const WireProvider = WireContext.Provider

/** The reads of the nearest `WireProvider`; fails loudly when there is none. */
export const useWire = (): WireClient => {
  const wire = useContext(WireContext)
  if (wire === null) throw new Error("useWire: no WireProvider above this component")
  return wire
}
