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

/** An option or quantity the customer settled when accepting. */
export const Choice = Schema.Struct({
  title: Schema.String,
  /** Whether the option counts (always true for a quantity the customer could edit on a fixed item). */
  chosen: Schema.Boolean,
  quantity: Schema.String
})

/** The acceptance as the team sees it: who signed, how, when, from where, and what they chose. */
export const AcceptanceView = Schema.Struct({
  sign_name: Schema.String,
  sign_method: Schema.Literals(["draw", "text", "instruct"]),
  /** The signature in the core's single-string form (`Signature.toWire`), to draw. */
  signature: Schema.String,
  accepted_at: Schema.Int,
  /** The team member who accepted on the customer's behalf, or null when the customer did. */
  on_behalf: Schema.NullOr(Schema.String),
  terms_confirmed: Schema.Boolean,
  ip: Schema.NullOr(Schema.String),
  user_agent: Schema.NullOr(Schema.String),
  choices: Schema.Array(Choice)
})
/** The acceptance as the team sees it. */
export type AcceptanceView = typeof AcceptanceView.Type

/** A customer's decline: who, when and the reason they gave (empty when none). */
export const DeclineView = Schema.Struct({ by: Schema.String, declined_at: Schema.Int, reason: Schema.String })
/** A customer's decline. */
export type DeclineView = typeof DeclineView.Type

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
  /** The acceptance, while the quote is accepted (or later, complete). */
  acceptance: Schema.NullOr(AcceptanceView),
  /** The customer's decline, while the quote is declined. */
  decline: Schema.NullOr(DeclineView),
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
