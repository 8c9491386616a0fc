/**
 * The quote list's address: `?search=&status=&author=&archive=&page=` holds the whole query, so back and
 * forward restore it and a list can be linked to. These functions read it into the contract's `ListQuery`
 * (ignoring values the contract would refuse) and order the team filter (the signed-in member first).
 */
import type * as AccountApi from "@quotekit/core/api/AccountApi"
import type * as QuotesApi from "@quotekit/core/api/QuotesApi"
import * as QuoteListTab from "@quotekit/core/light/QuoteListTab"

/** The list's query values as they are in the address. */
export type ListSearch = Partial<Record<"search" | "status" | "author" | "archive" | "page", string>>

const positive = (text: string | undefined): number | undefined =>
  text !== undefined && /^\d{1,9}$/.test(text) && Number(text) > 0 ? Number(text) : undefined

/** The status filter the address asks for ("any" when missing or unknown). */
export const statusOf = (search: ListSearch): QuoteListTab.StatusFilter =>
  QuoteListTab.filters.find((f) => f === search.status) ?? "any"

/** The tab the address asks for, if the status filter shows it; else All. */
export const tabOf = (search: ListSearch): QuoteListTab.Tab => {
  const tabs = QuoteListTab.tabsFor(statusOf(search))
  return tabs.find((t) => t === search.archive) ?? "all"
}

/** The contract's list query for an address (page from 1; the total only when `withCount`). */
export const listQuery = (search: ListSearch, withCount = false): QuotesApi.ListQuery => {
  const status = statusOf(search)
  const tab = tabOf(search)
  const author = positive(search.author)
  const page = positive(search.page)
  const text = (search.search ?? "").trim().slice(0, 200)
  return {
    ...(text === "" ? {} : { search: text }),
    ...(status === "any" ? {} : { status }),
    ...(author === undefined ? {} : { author }),
    ...(tab === "all" ? {} : { tab }),
    ...(page === undefined ? {} : { page }),
    ...(withCount ? { getCount: "1" as const } : {})
  }
}

/** Whether the address narrows the list at all (for the empty state: none yet, or none match). */
export const isFiltered = (search: ListSearch): boolean => {
  const q = listQuery(search)
  return q.search !== undefined || q.status !== undefined || q.author !== undefined || q.tab !== undefined
}

/** The team filter's members: the signed-in member first, then the others by name. */
export const teamOrder = <M extends Pick<typeof AccountApi.TeamMember.Encoded, "signin_id" | "name_display">>(
  signins: ReadonlyArray<M>,
  me: number
): ReadonlyArray<M> =>
  [...signins].sort((a, b) =>
    a.signin_id === me ? -1 : b.signin_id === me ? 1 : a.name_display.localeCompare(b.name_display)
  )
