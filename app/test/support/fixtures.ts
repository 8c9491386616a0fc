/**
 * Wire fixtures for browser tests and benchmarks: an account cache as `GET /get/cache-account` answers it, and the
 * error answers of the contract, encoded through the core's own schemas so they cannot drift from the contract.
 */

import { Schema } from "effect"
import * as AccountApi from "../../../core/src/api/AccountApi.ts"
import * as ApiError from "../../../core/src/api/ApiError.ts"
import * as AuthApi from "../../../core/src/api/AuthApi.ts"
import * as QuotesApi from "../../../core/src/api/QuotesApi.ts"
import * as Currency from "../../../core/src/Currency.ts"
import * as Money from "../../../core/src/Money.ts"
import * as PrivatePricing from "../../../core/src/PrivatePricing.ts"
import * as Quote from "../../../core/src/Quote.ts"
import * as QuoteMeta from "../../../core/src/QuoteMeta.ts"

/** A demo account: GST 15 %, USD, exclusive of tax, two team members, one other account to switch to. */
export const cacheAccountJson = (): unknown => {
  const decode = Schema.decodeUnknownSync(AccountApi.CacheAccount)
  // `dateFormat` is moving from a style index (0-5) to the style's pattern: take whichever the contract holds.
  let decoded: AccountApi.CacheAccount
  try {
    decoded = decode(demo("d MMM yyyy"))
  } catch {
    decoded = decode(demo(0))
  }
  return Schema.encodeUnknownSync(AccountApi.CacheAccount)(decoded)
}

const demo = (dateFormat: unknown) => ({
  account_signin: {
    account_id: 1,
    account_name: "Harbour Joinery",
    image: null,
    signin_id: 10,
    is_admin: true,
    defCostAlways: false,
    defMargin: "30",
    defTaxId: 0,
    defCategoryId: 0,
    defaultCurrency: 156,
    defaultAmounts: "exclusive_including",
    defPrivatePricing: 7,
    defaultTemplate: 0,
    showCode: false,
    showSymbol: true,
    taxWord: "GST",
    roomAccount: "acc-1",
    country_id: 1,
    dateFormat,
    productNoun: "quote",
    planState: "active",
    trial: false,
    hasLeads: true,
    hasReviews: false,
    reviewCount: 0,
    accounts: [
      { account_id: 1, account_name: "Harbour Joinery", image: null, is_admin: true },
      { account_id: 2, account_name: "Harbour Kitchens", image: null, is_admin: false }
    ]
  },
  item_taxes: [{ item_tax_id: 1, tax_rate: "15", description: "GST", archive_id: 1 }],
  item_categories: [],
  signins: [
    {
      signin_id: 10,
      account_id: 1,
      name_display: "Ann Smith",
      name_first: "Ann",
      name_last: "Smith",
      image: null,
      is_admin: true,
      defaultCurrency: 156,
      defaultTemplate: 0
    },
    {
      signin_id: 11,
      account_id: 1,
      name_display: "Bo Chen",
      name_first: "Bo",
      name_last: "Chen",
      image: null,
      is_admin: false,
      defaultCurrency: 156,
      defaultTemplate: 0
    }
  ],
  templates: []
})

/** The answer to a refused sign-in: 400 with both inputs highlighted. */
export const signinRefusedJson = (message: string): unknown =>
  Schema.encodeUnknownSync(ApiError.InvalidInput)(
    ApiError.InvalidInput.answer(message, [
      { input_id: "email", highlight: true, message },
      { input_id: "password", highlight: true, message }
    ])
  )

/** The answer of any signed-in endpoint once the session is gone: 401 `_signinAgain`. */
export const signinAgainJson = (): unknown =>
  Schema.encodeUnknownSync(ApiError.SigninAgain)(ApiError.SigninAgain.answer())

/** A sign-in state with the demo account chosen. */
export const signedInJson = (): unknown =>
  Schema.encodeUnknownSync(AuthApi.SigninState)(
    Schema.decodeUnknownSync(AuthApi.SigninState)({
      signin_id: 10,
      name_display: "Ann Smith",
      email: "ann@example.com",
      accounts: [{ account_id: 1, account_name: "Harbour Joinery", image: null, is_admin: true }],
      account_id: 1
    })
  )

/**
 * The editor's data for a new quote of the demo account (`GET /get/quote-edit/edit/new/is-editing`): the account's
 * defaults, a price item, the total and a closing text, as the server answers it.
 */
export const newEditorJson = (): unknown => {
  const account = Schema.decodeUnknownSync(AccountApi.CacheAccount)(cacheAccountJson())
  const s = account.account_signin
  const defaults = { item_tax_id: s.defTaxId, item_cat_id: s.defCategoryId }
  const editor: QuotesApi.Editor = {
    is_template: false,
    edit_action: "is-editing",
    quote: new Quote.Quote({
      quote_id: Quote.QuoteId.make(0),
      title: "",
      status: "draft",
      quote_no: 0,
      sent_when: 0,
      expiry_date: 0,
      deposit_percent: Money.zero,
      discount_overall: Money.zero,
      currency_id: Currency.CurrencyId.make(s.defaultCurrency),
      amounts_entered: s.defaultAmounts,
      private_pricing: PrivatePricing.make(s.defPrivatePricing),
      archive_id: 1,
      from: s.signin_id,
      modified: 0,
      price_current: Money.zero
    }),
    meta: new QuoteMeta.QuoteMeta({
      reviewsEnabled: false,
      reviewsOn: false,
      reviewsOnDefault: false,
      reviewCount: 0,
      reviewsChanged: false,
      expiryUpdated: false,
      expiryDisplay: "",
      emailsScheduled: 0,
      nextAdjIndex: 0,
      matchCount: 0,
      isAdjustment: false,
      afterSaveUrl: ""
    }),
    items: Quote.normalise([], defaults),
    contacts: [],
    contact_details: [],
    _modifiedIn: 0,
    defaults: {
      currency_id: Currency.CurrencyId.make(s.defaultCurrency),
      amounts_entered: s.defaultAmounts,
      private_pricing: PrivatePricing.make(s.defPrivatePricing),
      defaultTemplate: 0,
      ...defaults
    },
    banners: { newTemplate: false, copyOf: null, matchCount: 0, example: false },
    lead: null,
    sharedLock: false,
    offers: []
  }
  return Schema.encodeSync(QuotesApi.Editor)(editor)
}
