/**
 * The account's saved card (the spec's billing details: `/settings/billing-overview`,
 * `/settings/billing-update-details`, `POST /post/billing-update-save`, `POST /post/billing-auth-success`):
 * a SetupIntent on the account's Stripe account saves a card for later payments (subscription invoices). Only
 * a SetupIntent that Stripe says succeeded is saved, with the payment method Stripe holds (never what the
 * browser claims). An authorisation's outcome (its intent id, or the error text) is recorded as it came.
 *
 * @since 0.5.0
 */
import { AccessDenied, InvalidInput, Unavailable } from "@quotekit/core/api/ApiError"
import type { SavedCard } from "@quotekit/core/api/PaymentsApi"
import { ActionRefused } from "@quotekit/core/api/QuotesApi"
import type { Tenant } from "@quotekit/core/api/Security"
import * as CardMessage from "@quotekit/core/CardMessage"
import * as CardPayment from "@quotekit/core/CardPayment"
import { Payments } from "@quotekit/stripe/Payments"
import { Clock, Effect, Option } from "effect"
import { PaymentsRepo } from "./Repo.ts"
import * as Settings from "./Settings.ts"

const adminOnly = "Only an admin can change the account's card."

const admin = (tenant: Tenant) => (tenant.is_admin ? Effect.void : Effect.fail(AccessDenied.answer(adminOnly)))

const cardOf = (account: number) =>
  Effect.gen(function* () {
    const s = Option.getOrUndefined(yield* (yield* PaymentsRepo).settings(account))
    const card: SavedCard = {
      payment_method: s?.card_payment_method ?? "",
      saved_at: s?.card_saved_at ?? 0,
      last_intent: s?.card_last_intent ?? "",
      last_error: s?.card_last_error ?? ""
    }
    return card
  })

const keysOf = (account: number) =>
  Effect.gen(function* () {
    const keys = yield* Settings.keys(account)
    if (Option.isNone(keys)) return yield* ActionRefused.answer("card", "no-keys", CardMessage.stripeConnectFailed)
    return keys.value
  })

const unreachable = () => Unavailable.answer(CardMessage.stripeConnectFailed)

/** The saved card. */
export const card = Effect.fn("BillingCard.card")(function* (tenant: Tenant) {
  yield* admin(tenant)
  return yield* cardOf(tenant.account_id)
})

/** Start saving a card: a SetupIntent whose client secret Stripe.js confirms. */
export const setup = Effect.fn("BillingCard.setup")(function* (tenant: Tenant) {
  yield* admin(tenant)
  const keys = yield* keysOf(tenant.account_id)
  const now = yield* Clock.currentTimeMillis
  const intent = yield* (yield* Payments)
    .createSetupIntent(keys.secret, {
      metadata: { account_id: String(tenant.account_id), signin_id: String(tenant.signin_id) },
      idempotencyKey: `quotekit-card-${tenant.account_id}-${tenant.signin_id}-${now}`
    })
    .pipe(Effect.catchTag("StripeFailure", () => Effect.fail(unreachable())))
  return { publishable_key: keys.publishable, client_secret: intent.client_secret }
})

/** `POST /post/billing-update-save`: save the card of a SetupIntent Stripe says succeeded. */
export const save = Effect.fn("BillingCard.save")(function* (tenant: Tenant, setupIntentId: string) {
  yield* admin(tenant)
  if (!setupIntentId.startsWith("seti_")) return yield* InvalidInput.field("id", CardMessage.setupIntentMissing)
  const keys = yield* keysOf(tenant.account_id)
  const intent = yield* (yield* Payments)
    .retrieveSetupIntent(keys.secret, setupIntentId)
    .pipe(
      Effect.catchTag("StripeFailure", (e) =>
        Effect.fail<InvalidInput | Unavailable>(
          e.kind === "invalid" ? InvalidInput.field("id", CardMessage.setupIntentMissing) : unreachable()
        )
      )
    )
  const outcome = CardPayment.setupOutcome(intent.status)
  if (outcome._tag === "Show" || intent.payment_method === null)
    return yield* ActionRefused.answer(
      "card",
      intent.status,
      outcome._tag === "Show" ? outcome.message : CardMessage.paymentFailed
    )
  const repo = yield* PaymentsRepo
  yield* repo.saveCard(tenant.account_id, intent.payment_method, Math.floor((yield* Clock.currentTimeMillis) / 1000))
  return yield* cardOf(tenant.account_id)
})

/** `POST /post/billing-auth-success`: a card payment's authorisation, its intent id or its error text. */
export const authorised = Effect.fn("BillingCard.authorised")(function* (
  tenant: Tenant,
  intentId: string,
  errorTxt: string
) {
  yield* admin(tenant)
  if (intentId === "" && errorTxt.trim() === "")
    return yield* InvalidInput.field("id", "Send the payment intent id or the error text.")
  yield* (yield* PaymentsRepo).recordAuthorisation(tenant.account_id, intentId, errorTxt.trim())
  return yield* cardOf(tenant.account_id)
})
