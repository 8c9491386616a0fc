/**
 * Where the app goes for a quote: the editor and quote page URLs, the quote list's row links, and the page a
 * save leads to. The server answers with these (`upNext`, list `href`) and the app builds the same ones, so the
 * two never disagree.
 *
 * Rules (spec):
 * - A list row of a draft or sentEditing quote opens the editor; any other quote opens the quote page, with
 *   `?do-follow-up={followSubjectId}` when a follow-up is due.
 * - After a save: save:next takes a template to the templates list and a quote to its quote page with the
 *   review-send flag; save:now stays on the edit page of the saved id; save:back returns (to the requested next
 *   url when it is a page of this site, else to the back link: the templates list for templates, the
 *   dashboard for quotes, the quote page in adjustment mode).
 *
 * @example
 * import * as QuoteRoute from "@quotekit/core/QuoteRoute"
 * QuoteRoute.editor("edit", 12)                       // "/quotes/12/is-editing"
 * QuoteRoute.listRowHref({ quote_id: 12, status: "sent", followSubjectId: 3 }) // "/quote/12?do-follow-up=3"
 *
 * @since 0.1.0
 */
import * as QuoteStatus from "./QuoteStatus.ts"

/** Which editor: a quote or a template. */
export type Kind = "edit" | "template"

/** The editor's mode: ordinary editing or adjustment (adding or crediting items after acceptance). */
export type Mode = "is-editing" | "is-adjustment"

/** The dashboard (the return target after archive actions and the quote editor's back link). */
export const dashboard = "/dashboard"

/** The templates content list. */
export const templates = "/content/templates"

/** The quote list. */
export const quotes = "/quotes"

/** The editor of a quote or template (`new` for a new one). */
export const editor = (kind: Kind, id: number | "new", mode: Mode = "is-editing"): string =>
  `${kind === "template" ? templates : quotes}/${id}/${mode}`

const query = (params: Readonly<Record<string, string | number>>): string => {
  const entries = Object.entries(params)
  return entries.length === 0
    ? ""
    : `?${entries.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`).join("&")}`
}

/** The quote page (the sent-quote view: overview, activity, settings), with optional query options. */
export const quotePage = (id: number, params: Readonly<Record<string, string | number>> = {}): string =>
  `/quote/${id}${query(params)}`

/** The versions page of a quote. */
export const versions = (id: number): string => `/quote/versions/${id}`

/** What a list row's link depends on. */
export interface RowTarget {
  readonly quote_id: number
  readonly status: QuoteStatus.QuoteStatus
  /** The follow-up that is due (0 or less: none). */
  readonly followSubjectId: number
}

/** Where a quote list row goes when clicked. */
export const listRowHref = (row: RowTarget): string =>
  QuoteStatus.opensEditor(row.status)
    ? editor("edit", row.quote_id)
    : quotePage(row.quote_id, row.followSubjectId > 0 ? { "do-follow-up": row.followSubjectId } : {})

/**
 * Whether a requested next url is a page of this site: a path starting with one "/" (never "//host" or a
 * backslash trick), so a save can never send the user to another site.
 */
export const isLocalPath = (url: string): boolean =>
  url.startsWith("/") && !url.startsWith("//") && !url.includes("\\") && [...url].every((c) => c.charCodeAt(0) >= 0x20)

/** The primary save actions. */
export type Primary = "save:next" | "save:now" | "save:back"

/** What the page after a save depends on. */
export interface AfterSave {
  readonly kind: Kind
  readonly mode: Mode
  readonly primary: Primary
  readonly quoteId: number
  /** The requested next url, when the client sent one. */
  readonly requestNext?: string | undefined
}

/** The back link of the editor: templates list, dashboard, or the quote page in adjustment mode. */
export const backLink = (kind: Kind, mode: Mode, quoteId: number): string =>
  kind === "template" ? templates : mode === "is-adjustment" ? quotePage(quoteId) : dashboard

/** The page a save leads to (see the module header). */
export const afterSave = (a: AfterSave): string => {
  switch (a.primary) {
    case "save:next":
      return a.kind === "template" ? templates : quotePage(a.quoteId, { "review-send": 1 })
    case "save:now":
      return editor(a.kind, a.quoteId, a.mode)
    case "save:back":
      return a.requestNext !== undefined && isLocalPath(a.requestNext)
        ? a.requestNext
        : backLink(a.kind, a.mode, a.quoteId)
  }
}
