/**
 * The account cache (`GET /get/cache-account`): what every screen of the team app needs about the chosen
 * account up front: the account sign-in (settings that pre-fill new quotes, flags, the accounts of the
 * sign-in), the item taxes, the item categories, the team's sign-ins and the template dropdown.
 *
 * Field names are the spec's ("Account sign-in settings" and "Account signin").
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import * as Account from "../Account.ts"
import * as Country from "../Country.ts"
import * as DateFormat from "../DateFormat.ts"
import * as Money from "../Money.ts"
import * as PrivatePricing from "../PrivatePricing.ts"
import * as TaxMode from "../TaxMode.ts"
import * as TaxRate from "../TaxRate.ts"
import * as Wording from "../Wording.ts"
import { NotFound } from "./ApiError.ts"
import { AccountChoice } from "./AuthApi.ts"
import { AccountChosen, SignedIn } from "./Security.ts"

/** The account sign-in: the chosen account's settings as seen by the signed-in team member. */
export const AccountSignin = Schema.Struct({
  account_id: Account.AccountId,
  account_name: Schema.String,
  image: Schema.NullOr(Schema.String),
  signin_id: Account.SigninId,
  is_admin: Schema.Boolean,
  /** Always show the cost column when editing items. */
  defCostAlways: Schema.Boolean,
  /** Default margin percent for items priced from cost. */
  defMargin: Money.DecimalFromString,
  /** Default `item_tax_id` of new items (0: no tax). */
  defTaxId: Schema.Int,
  /** Default `item_cat_id` of new items (0: none). */
  defCategoryId: Schema.Int,
  /** Default `currency_id` of new quotes (156 is USD). */
  defaultCurrency: Schema.Int,
  /** Default tax mode (`amounts_entered`) of new quotes. */
  defaultAmounts: TaxMode.TaxModeSchema,
  /** Default private pricing bits of new quotes. */
  defPrivatePricing: PrivatePricing.PrivatePricing,
  /** Template new quotes start from (`quote_id`, 0: none). */
  defaultTemplate: Schema.Int,
  showCode: Schema.Boolean,
  showSymbol: Schema.Boolean,
  /** The word for tax on quotes ('tax' by default). */
  taxWord: Schema.String,
  /** The real-time room of the account. */
  roomAccount: Schema.String,
  country_id: Country.CountryId,
  /** The account's date style, one of the six patterns. */
  dateFormat: DateFormat.Style,
  /** What the account calls its documents (Quote, Proposal or Estimate); every screen words its texts with it. */
  productNoun: Wording.Noun,
  /** The billing plan state (trial, active, past_due, cancelled). */
  planState: Schema.String,
  trial: Schema.Boolean,
  hasLeads: Schema.Boolean,
  hasReviews: Schema.Boolean,
  /** The current reviews nobody has seen yet (the count beside Reviews in the account menu). */
  reviewCount: Schema.Int,
  /** The accounts the signed-in person belongs to (the account switcher). */
  accounts: Schema.Array(AccountChoice)
})
/** The account sign-in. */
export type AccountSignin = typeof AccountSignin.Type

/** An item category (`item_cat_id`), with the tax its items default to. */
export const ItemCategory = Schema.Struct({
  item_cat_id: Schema.Int,
  name: Schema.String,
  description: Schema.String,
  archive_id: Schema.Int,
  tax_id_default: Schema.Int
})
/** An item category. */
export type ItemCategory = typeof ItemCategory.Type

/** A team member (sign-in) of the account, as the 'From' selector and the team filter show them. */
export const TeamMember = Schema.Struct({
  signin_id: Account.SigninId,
  account_id: Account.AccountId,
  name_display: Schema.String,
  name_first: Schema.String,
  name_last: Schema.String,
  image: Schema.NullOr(Schema.String),
  is_admin: Schema.Boolean,
  defaultCurrency: Schema.Int,
  defaultTemplate: Schema.Int
})
/** A team member. */
export type TeamMember = typeof TeamMember.Type

/** One entry of the template dropdown. */
export const TemplateOption = Schema.Struct({ quote_id: Schema.Int, title: Schema.String })
/** A template dropdown entry. */
export type TemplateOption = typeof TemplateOption.Type

/** The whole account cache answer. */
export const CacheAccount = Schema.Struct({
  account_signin: AccountSignin,
  item_taxes: Schema.Array(TaxRate.TaxRate),
  item_categories: Schema.Array(ItemCategory),
  signins: Schema.Array(TeamMember),
  templates: Schema.Array(TemplateOption)
})
/** The account cache. */
export type CacheAccount = typeof CacheAccount.Type

/** The account group; every endpoint needs a session with a chosen account. */
export class AccountApi extends HttpApiGroup.make("account")
  .add(HttpApiEndpoint.get("cacheAccount", "/get/cache-account", { success: CacheAccount, error: NotFound }))
  .middleware(AccountChosen)
  .middleware(SignedIn)
  .annotateMerge(OpenApi.annotations({ title: "Account", description: "The chosen account's cached settings." })) {}
