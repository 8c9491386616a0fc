/**
 * Card payments with Stripe.
 *
 * - Settings → Payments (admins): the account's own Stripe keys. The publishable key is shown back; the secret
 *   key and the webhook signing secret are stored sealed and only ever shown as "set" with their last 4
 *   characters. A key is checked with Stripe when saved; a blank secret field keeps the one stored.
 * - The customer's deposit (through the quote link, no session): where the deposit stands (asking for it also
 *   has the deposit invoice created when the accepted quote has a deposit and none exists yet), starting a
 *   payment (a PaymentIntent for the deposit invoice's exact amount; the amount always comes from the server),
 *   and the page's word that Stripe confirmed it (the server asks Stripe, never trusts the page).
 * - The account's saved card (the spec's billing calls): a SetupIntent to save a card, `billing-update-save`
 *   with the payment method once saved, `billing-auth-success` with a payment's intent id or its error text.
 *
 * Stripe's own events arrive at `POST /stripe/webhook/{account id}` (a plain route, outside this contract: it is
 * authenticated by its `Stripe-Signature`, not by a session or the anti-forgery token).
 *
 * @since 0.5.0
 */
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import * as CardPayment from "../CardPayment.ts"
import { AccessDenied, InvalidInput, NotFound, Unavailable } from "./ApiError.ts"
import { LinkToken } from "./CustomerApi.ts"
import { ActionRefused } from "./QuotesApi.ts"
import { AccountChosen, SignedIn } from "./Security.ts"

/** The payments settings as the page shows them: never a secret, only whether it is set and its last 4. */
export const PaymentSettingsView = Schema.Struct({
  /** Whether card payments are on (a publishable and a secret key are stored). */
  enabled: Schema.Boolean,
  publishable_key: Schema.String,
  secret_key_set: Schema.Boolean,
  secret_key_last4: Schema.String,
  webhook_secret_set: Schema.Boolean,
  webhook_secret_last4: Schema.String,
  /** The Stripe account the secret key belongs to, as Stripe names it. */
  stripe_account: Schema.String,
  livemode: Schema.Boolean,
  /** Where to point the Stripe webhook endpoint (Developers → Webhooks). */
  webhook_url: Schema.String,
  /** The events to select there. */
  webhook_events: Schema.Array(Schema.String)
})
/** The payments settings as shown. */
export type PaymentSettingsView = typeof PaymentSettingsView.Type

/** What an admin saves. An empty secret field keeps the stored one. */
export const PaymentSettingsInput = Schema.Struct({
  publishable_key: Schema.String.check(Schema.isMaxLength(300)),
  secret_key: Schema.String.check(Schema.isMaxLength(300)),
  webhook_secret: Schema.String.check(Schema.isMaxLength(300))
})
/** What an admin saves. */
export type PaymentSettingsInput = typeof PaymentSettingsInput.Type

/** The customer's deposit: its state, and when there is an invoice its number, amount and currency. */
export const DepositView = Schema.Struct({
  state: CardPayment.DepositState,
  invoice_number: Schema.String,
  /** The deposit invoice's total (2 decimals), empty before it is issued. */
  amount: Schema.String,
  /** The amount as the page shows it ("$1,234.50"). */
  amount_text: Schema.String,
  currency: Schema.String,
  /** Epoch seconds it was paid, 0 while unpaid. */
  paid_at: Schema.Int
})
/** The customer's deposit. */
export type DepositView = typeof DepositView.Type

/** A payment started: what Stripe.js needs to take the card. */
export const PaymentStart = Schema.Struct({
  publishable_key: Schema.String,
  client_secret: Schema.String,
  intent_id: Schema.String,
  /** The charge in minor units as Stripe takes it (decimal digits). */
  amount_minor: Schema.String,
  currency: Schema.String,
  amount_text: Schema.String
})
/** A payment started. */
export type PaymentStart = typeof PaymentStart.Type

/** A Stripe object id (`pi_…`, `seti_…`, `pm_…`). */
export const StripeId = Schema.String.check(Schema.isMaxLength(255), Schema.isPattern(/^[A-Za-z0-9_]*$/))

/** The page's word that Stripe confirmed a payment. */
export const PaymentConfirmed = Schema.Struct({ intent_id: StripeId })

/** A card setup started (the account's saved card). */
export const SetupStart = Schema.Struct({ publishable_key: Schema.String, client_secret: Schema.String })

/** The account's saved card. */
export const SavedCard = Schema.Struct({
  /** The saved payment method, empty when none. */
  payment_method: Schema.String,
  saved_at: Schema.Int,
  /** The last authorisation's outcome: its intent id, or its error text. */
  last_intent: Schema.String,
  last_error: Schema.String
})
/** The account's saved card. */
export type SavedCard = typeof SavedCard.Type

const token = { token: LinkToken }

/** Settings → Payments (admins only). */
export class PaymentSettingsApi extends HttpApiGroup.make("paymentSettings")
  .add(
    HttpApiEndpoint.get("get", "/get/payment-settings", { success: PaymentSettingsView, error: AccessDenied }),
    HttpApiEndpoint.post("save", "/post/payment-settings", {
      payload: PaymentSettingsInput,
      success: PaymentSettingsView,
      error: [AccessDenied, InvalidInput, Unavailable]
    }),
    HttpApiEndpoint.post("remove", "/post/payment-settings-remove", {
      success: PaymentSettingsView,
      error: AccessDenied
    }),
    HttpApiEndpoint.get("card", "/get/billing-card", { success: SavedCard, error: [AccessDenied] }),
    HttpApiEndpoint.post("cardSetup", "/post/billing-card-setup", {
      success: SetupStart,
      error: [AccessDenied, ActionRefused, Unavailable]
    }),
    HttpApiEndpoint.post("cardSave", "/post/billing-update-save", {
      payload: Schema.Struct({ id: StripeId }),
      success: SavedCard,
      error: [AccessDenied, InvalidInput, ActionRefused, Unavailable]
    }),
    HttpApiEndpoint.post("authResult", "/post/billing-auth-success", {
      payload: Schema.Struct({ id: StripeId, errorTxt: Schema.String.check(Schema.isMaxLength(2000)) }),
      success: SavedCard,
      error: [AccessDenied, InvalidInput]
    })
  )
  .middleware(AccountChosen)
  .middleware(SignedIn)
  .annotateMerge(
    OpenApi.annotations({
      title: "Payments settings",
      description: "The account's Stripe keys (secrets never answered) and its saved card. Admins only."
    })
  ) {}

/** The customer's deposit through the quote link (no session: the link token is the credential). */
export class CustomerPaymentsApi extends HttpApiGroup.make("customerPayments")
  .add(
    HttpApiEndpoint.post("deposit", "/api/q/:token/deposit", {
      params: token,
      success: DepositView,
      error: NotFound
    }),
    HttpApiEndpoint.post("pay", "/api/q/:token/deposit/pay", {
      params: token,
      success: PaymentStart,
      error: [NotFound, ActionRefused, Unavailable]
    }),
    HttpApiEndpoint.post("confirmed", "/api/q/:token/deposit/confirmed", {
      params: token,
      payload: PaymentConfirmed,
      success: DepositView,
      error: [NotFound, InvalidInput, Unavailable]
    })
  )
  .annotateMerge(
    OpenApi.annotations({
      title: "Customer deposit",
      description: "The deposit of an accepted quote, paid by card with Stripe through the quote link."
    })
  ) {}
