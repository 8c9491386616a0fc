/**
 * The dashboard's data and the quote overview's.
 *
 * Dashboard: quotes by status (withdrawn left out, `QuoteStatus.countsInStats`), waiting on the customer (sent
 * and not expired), accepted this calendar month in the team member's time zone, and the value of open quotes
 * (sent or being revised), each summed per currency.
 *
 * Overview: the quote as it stands (expired when its expiry passed), its statistics (opens, edits,
 * follow-ups), the action bar, whether the Active/Waiting dropdown shows, and the latest history row.
 *
 * @since 0.1.0
 */

import * as ArchiveState from "@quotekit/core/ArchiveState"
import type { AcceptanceView, CurrencyValue, Dashboard, Overview } from "@quotekit/core/api/DashboardApi"
import type { Tenant } from "@quotekit/core/api/Security"
import * as ContactChoice from "@quotekit/core/ContactChoice"
import * as Currency from "@quotekit/core/Currency"
import * as Money from "@quotekit/core/Money"
import * as Quote from "@quotekit/core/Quote"
import * as QuoteListTab from "@quotekit/core/QuoteListTab"
import * as QuoteStatus from "@quotekit/core/QuoteStatus"
import * as RelativeTime from "@quotekit/core/RelativeTime"
import * as Signature from "@quotekit/core/Signature"
import * as Wording from "@quotekit/core/Wording"
import { Effect, Option, Result } from "effect"
import { HistoryRepo } from "../history/Repo.ts"
import { InvoiceRepo } from "../invoices/Repo.ts"
import { QuoteListRepo } from "../quotes/ListRepo.ts"
import { toRow } from "../quotes/QuoteList.ts"
import { archiveOf, type QuoteRecord, toQuote } from "../quotes/Records.ts"
import { QuoteRepo } from "../quotes/Repo.ts"
import { effective, notFound, offersOf } from "../quotes/Views.ts"
import { DashboardRepo, type StatusGroup } from "./Repo.ts"

/** Rows shown under each dashboard list. */
export const LIST_ROWS = 10

const amountIn = (currencyId: number, value: Money.Decimal): CurrencyValue => {
  const c = Option.getOrUndefined(Currency.byId(currencyId))
  return { currency_id: currencyId, currencyCode: c?.code ?? "", symbol: c?.symbol ?? Currency.DEFAULT_SYMBOL, value }
}

/** Sum groups per currency. */
export const perCurrency = (groups: ReadonlyArray<StatusGroup>): ReadonlyArray<CurrencyValue> => {
  const sums = new Map<number, Money.Decimal>()
  for (const g of groups)
    sums.set(g.currency_id, Money.sum([sums.get(g.currency_id) ?? Money.zero, Money.make(g.value)]))
  return [...sums.entries()].sort(([a], [b]) => a - b).map(([id, v]) => amountIn(id, v))
}

const validZone = (tz: string): string => {
  try {
    new Intl.DateTimeFormat("en", { timeZone: tz })
    return tz
  } catch {
    return "UTC"
  }
}

/** The dashboard for the tenant. */
export const dashboard = Effect.fn("Dashboard.dashboard")(function* (tenant: Tenant) {
  const repo = yield* DashboardRepo
  const lists = yield* QuoteListRepo
  const quotes = yield* QuoteRepo
  const facts = yield* quotes.facts(tenant)
  const now = yield* RelativeTime.nowSeconds
  const account = tenant.account_id
  const groups = (yield* repo.groups(account, now)).filter((g) => QuoteStatus.countsInStats(g.status))
  const monthStart = yield* repo.monthStart(now, validZone(facts.tz))
  const accepted = (yield* repo.groups(account, now, monthStart)).filter((g) => g.status === "accepted")
  const sentFilter = {
    filter: "sent" as const,
    selection: QuoteListTab.selection("sent", "all"),
    author: null,
    search: "",
    now
  }
  const acceptedFilter = {
    filter: "accepted" as const,
    selection: QuoteListTab.selection("accepted", "all"),
    author: null,
    search: "",
    now,
    changedSince: monthStart
  }
  const sent = groups.filter((g) => g.status === "sent")
  const answer: Dashboard = {
    by_status: QuoteStatus.all.filter(QuoteStatus.countsInStats).map((status) => {
      const of = groups.filter((g) => g.status === status)
      return {
        status,
        label: Wording.apply(facts.noun, QuoteStatus.label(status)),
        count: of.reduce((n, g) => n + g.count, 0),
        values: perCurrency(of)
      }
    }),
    waiting_on_customer: {
      count: sent.reduce((n, g) => n + g.count, 0),
      values: perCurrency(sent),
      rows: (yield* lists.page(account, sentFilter, 0, LIST_ROWS)).map((r) => toRow(r, now))
    },
    accepted_this_month: {
      count: accepted.reduce((n, g) => n + g.count, 0),
      values: perCurrency(accepted),
      rows: (yield* lists.page(account, acceptedFilter, 0, LIST_ROWS)).map((r) => toRow(r, now))
    },
    open_value: perCurrency(groups.filter((g) => g.status === "sent" || g.status === "sentEditing"))
  }
  return answer
})

/**
 * The acceptance of an accepted quote (completed ones too: completion is its archive state) as the team sees it: the stored signature and its facts,
 * and what the customer settled: each optional item, chosen or not, and each quantity they could edit.
 */
const acceptanceOf = (tenant: Tenant, record: QuoteRecord) =>
  Effect.gen(function* () {
    if (record.status !== "accepted") return null
    const row = yield* (yield* DashboardRepo).acceptance(tenant.account_id, record.quote_id)
    if (row === undefined) return null
    const items = (yield* (yield* QuoteRepo).load(tenant.account_id, record)).items.map((i) => i.item)
    const selected = ContactChoice.selection(items)
    const choices = items.flatMap((item, i) =>
      item.item_type === 1 && (ContactChoice.isOptional(item.contact_choice) || !Money.isZero(item.editable_quantity))
        ? [
            {
              title: item.item_title === "" ? item.item_code : item.item_title,
              chosen: selected[i] === true,
              quantity: Money.formatTrimmed(item.quantity, 0, Money.UNIT_SCALE)
            }
          ]
        : []
    )
    const view: AcceptanceView = {
      sign_name: row.sign_name,
      sign_method: row.sign_method,
      // Stored as drawn data or as the typed name; sent in the core's single-string form either way.
      signature: row.sign_method === "text" ? `${Signature.TYPED_PREFIX}${row.sign_value}` : row.sign_value,
      accepted_at: row.accepted_at,
      on_behalf: row.on_behalf,
      terms_confirmed: row.terms_confirmed,
      ip: row.ip,
      user_agent: row.user_agent,
      choices
    }
    return view
  })

/** The quote overview for the tenant. */
export const overview = Effect.fn("Dashboard.overview")(function* (tenant: Tenant, idSegment: string) {
  const repo = yield* DashboardRepo
  const quotes = yield* QuoteRepo
  const history = yield* HistoryRepo
  const facts = yield* quotes.facts(tenant)
  const now = yield* RelativeTime.nowSeconds
  const route = Quote.parseRouteId(idSegment)
  if (Result.isFailure(route) || route.success === "new") return yield* notFound(facts)
  const found = yield* quotes.record(tenant.account_id, route.success)
  if (Option.isNone(found) || found.value.is_template) return yield* notFound(facts)
  const record = effective(found.value, now)
  const followUpInProgress = yield* quotes.followUpInProgress(tenant.account_id, record.quote_id)
  const invoicing = yield* (yield* InvoiceRepo).completeFacts(tenant.account_id, record.quote_id)
  const answer: Overview = {
    quote: toQuote(record, facts.tax_word),
    status_label: Wording.apply(facts.noun, QuoteStatus.label(record.status)),
    stats: { opens: record.stat_opens, edits: record.stat_edits, followups: record.stat_followups },
    offers: offersOf(record, facts, now, { inQuoteView: true, followUpInProgress, ...invoicing }),
    showsActiveWaiting: ArchiveState.showsActiveWaitingDropdown({
      isTemplate: false,
      archive: archiveOf(record),
      status: record.status
    }),
    recent: yield* history.latest(tenant.account_id, "quote", record.quote_id),
    acceptance: yield* acceptanceOf(tenant, record),
    decline: record.status === "declined" ? ((yield* repo.decline(tenant.account_id, record.quote_id)) ?? null) : null,
    _modifiedIn: record.edit_seq
  }
  return answer
})
