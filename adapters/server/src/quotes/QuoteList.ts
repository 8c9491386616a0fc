/**
 * The quote list (`GET /get/quotes`): search (title, number or contact), status filter, author and archive tab,
 * 100 rows a page by most recent activity, the total only when `getCount` asks for it.
 *
 * The selection is the core's (`QuoteListTab.selection`, tabs hidden for expired, withdrawn and deleted drafts);
 * each row gets its status label, last view label, due follow-up and link (`QuoteListRow`, `QuoteRoute`).
 *
 * @since 0.1.0
 */
import type { ListPage, ListQuery, ListRow } from "@quotekit/core/api/QuotesApi"
import type { Tenant } from "@quotekit/core/api/Security"
import * as Currency from "@quotekit/core/Currency"
import * as Money from "@quotekit/core/Money"
import * as Quote from "@quotekit/core/Quote"
import * as QuoteListRow from "@quotekit/core/QuoteListRow"
import * as QuoteListTab from "@quotekit/core/QuoteListTab"
import * as QuoteRoute from "@quotekit/core/QuoteRoute"
import * as QuoteStatus from "@quotekit/core/QuoteStatus"
import * as RelativeTime from "@quotekit/core/RelativeTime"
import { Effect, Option } from "effect"
import * as Paging from "../http/Paging.ts"
import { type ListRecord, QuoteListRepo } from "./ListRepo.ts"

/** The status a row shows: a sent quote past its expiry is expired. */
export const statusAt = (r: Pick<ListRecord, "status" | "expiry_date">, now: number): QuoteStatus.QuoteStatus =>
  r.status === "sent" && r.expiry_date > 0 && r.expiry_date <= now ? "expired" : r.status

/** The wire row of a list record at `now`. */
export const toRow = (r: ListRecord, now: number): ListRow => {
  const status = statusAt(r, now)
  const follow = QuoteListRow.followUp(
    r.follow_up_id === null ? null : { follow_up_id: r.follow_up_id, due: r.follow_due },
    now
  )
  const currency = Option.getOrUndefined(Currency.byId(r.currency_id))
  return {
    quote_id: Quote.QuoteId.make(r.quote_id),
    quote_no: r.quote_no,
    title: r.title,
    status,
    status_label: QuoteStatus.label(status),
    archive_id: r.archive_id,
    from: r.from,
    _name_from: r.name_from,
    _companyOrPerson: r.company_or_person,
    price_current: Money.make(r.price_current),
    currency_id: r.currency_id,
    symbol: currency?.symbol ?? Currency.DEFAULT_SYMBOL,
    currencyCode: currency?.code ?? "",
    modified: r.modified,
    activity: r.activity,
    _quote_last_view: r.last_view,
    last_view: Option.getOrNull(QuoteListRow.lastView(r.last_view, now)),
    _new_questions: r.new_questions,
    ...follow,
    href: QuoteRoute.listRowHref({ quote_id: r.quote_id, status, followSubjectId: follow._followSubjectId })
  }
}

/** A list query with its defaults filled in and its search trimmed and lower-cased. */
export interface ListRequest {
  readonly filter: QuoteListTab.StatusFilter
  /** The tab in force (`all` when the filter hides the one asked for). */
  readonly tab: QuoteListTab.Tab
  readonly author: number | null
  readonly search: string
  readonly page: number
  readonly wantCount: boolean
}

/** The request a query makes: two queries with equal requests get the same answer (the list cache's key). */
export const request = (query: ListQuery): ListRequest => {
  const filter = query.status ?? "any"
  return {
    filter,
    tab: QuoteListTab.effectiveTab(filter, query.tab ?? "all"),
    author: query.author ?? null,
    search: (query.search ?? "").trim().toLowerCase(),
    page: query.page ?? 1,
    wantCount: query.getCount === "1" || query.getCount === "true"
  }
}

/** A page of the list for the tenant, read from the database. */
export const list = Effect.fn("QuoteList.list")(function* (tenant: Tenant, query: ListQuery) {
  const repo = yield* QuoteListRepo
  const now = yield* RelativeTime.nowSeconds
  const { filter, tab, author, search, page, wantCount } = request(query)
  const f = { filter, selection: QuoteListTab.selection(filter, tab), author, search, now }
  const found = yield* Paging.read(
    page,
    (offset, limit) => repo.page(tenant.account_id, f, offset, limit),
    (r) => toRow(r, now)
  )
  const total = wantCount ? yield* repo.count(tenant.account_id, f) : null
  const answer: ListPage = {
    ...found,
    total,
    tabs: QuoteListTab.tabsFor(filter),
    tab
  }
  return answer
})
