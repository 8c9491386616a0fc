/**
 * The dashboard's data (`GET /get/dashboard`) and the quote overview's (`GET /get/quote-overview/{id}`).
 *
 * Dashboard: quotes by status, those waiting on the customer, those accepted this month and the value of open
 * quotes. Withdrawn quotes are left out of every figure (`QuoteStatus.countsInStats`); deleted drafts and
 * templates too. Values are summed per currency, never across currencies.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import * as Money from "../Money.ts"
import * as Quote from "../Quote.ts"
import * as QuoteStatus from "../QuoteStatus.ts"
import { NotFound } from "./ApiError.ts"
import { HistoryRow } from "./HistoryApi.ts"
import { ActionOffer, ListRow } from "./QuotesApi.ts"
import { AccountChosen, SignedIn } from "./Security.ts"

/** An amount in one currency. */
export const CurrencyValue = Schema.Struct({
  currency_id: Schema.Int,
  currencyCode: Schema.String,
  symbol: Schema.String,
  value: Money.DecimalFromString
})
/** An amount in one currency. */
export type CurrencyValue = typeof CurrencyValue.Type

/** How many quotes have a status, and their value per currency. */
export const StatusCount = Schema.Struct({
  status: QuoteStatus.QuoteStatus,
  label: Schema.String,
  count: Schema.Int,
  values: Schema.Array(CurrencyValue)
})

/** A count with a short list of the most recent quotes behind it. */
export const CountedList = Schema.Struct({
  count: Schema.Int,
  values: Schema.Array(CurrencyValue),
  rows: Schema.Array(ListRow)
})

/**
 * The dashboard: counts by status (withdrawn left out), quotes waiting on the customer (sent, not yet
 * answered), quotes accepted this calendar month (in the team member's time zone), and the value of open quotes
 * (sent or being revised).
 */
export const Dashboard = Schema.Struct({
  by_status: Schema.Array(StatusCount),
  waiting_on_customer: CountedList,
  accepted_this_month: CountedList,
  open_value: Schema.Array(CurrencyValue)
})
/** The dashboard's data. */
export type Dashboard = typeof Dashboard.Type

/** A quote's statistics (spec "Stats"). */
export const Stats = Schema.Struct({ opens: Schema.Int, edits: Schema.Int, followups: Schema.Int })

/**
 * The quote overview: the quote, its statistics, the action bar, whether the Active/Waiting dropdown shows,
 * and the latest history row for the recent-activity panel.
 */
export const Overview = Schema.Struct({
  quote: Quote.Quote,
  status_label: Schema.String,
  stats: Stats,
  offers: Schema.Array(ActionOffer),
  showsActiveWaiting: Schema.Boolean,
  recent: Schema.NullOr(HistoryRow),
  _modifiedIn: Schema.Int
})
/** The quote overview's data. */
export type Overview = typeof Overview.Type

/** The dashboard group; every endpoint needs a session with a chosen account. */
export class DashboardApi extends HttpApiGroup.make("dashboard")
  .add(
    HttpApiEndpoint.get("dashboard", "/get/dashboard", { success: Dashboard }),
    HttpApiEndpoint.get("overview", "/get/quote-overview/:id", {
      params: { id: Schema.String.check(Schema.isMaxLength(30)) },
      success: Overview,
      error: NotFound
    })
  )
  .middleware(AccountChosen)
  .middleware(SignedIn)
  .annotateMerge(OpenApi.annotations({ title: "Dashboard", description: "Dashboard counts and quote overview." })) {}
