/**
 * Card payments with Stripe, composed for `main.ts`: `handlers` (Settings → Payments and the customer's
 * deposit), `routes` (Stripe's webhook, `POST /stripe/webhook/{account}`) and `services` (the repository and
 * the Stripe client, which calls `https://api.stripe.com` unless `STRIPE_API_URL` points it elsewhere, e.g. at
 * stripe-mock).
 *
 * @since 0.5.0
 */
import * as Payments from "@quotekit/stripe/Payments"
import { Config, Effect, Layer, Option } from "effect"
import * as PaymentsHttp from "./payments/Http.ts"
import * as PagePolicy from "./payments/PagePolicy.ts"
import * as PaymentsRepo from "./payments/Repo.ts"
import * as StripeWebhook from "./payments/StripeWebhook.ts"

/** The API group handlers. */
export const handlers = Layer.mergeAll(PaymentsHttp.settingsLayer, PaymentsHttp.customerLayer)

/** Stripe's webhook, and the customer page's policy when it pays by card. */
export const routes = Layer.mergeAll(StripeWebhook.layer, PagePolicy.layer)

/** The Stripe client, set up from the environment. */
export const stripe = Layer.unwrap(
  Effect.gen(function* () {
    const apiUrl = yield* Config.option(Config.String("STRIPE_API_URL"))
    return Payments.layer(Option.isSome(apiUrl) && apiUrl.value !== "" ? { apiUrl: apiUrl.value } : {})
  }).pipe(Effect.orDie)
)

/** The repository and the Stripe client; need a `SqlClient`. */
export const services = Layer.mergeAll(PaymentsRepo.layer, stripe)
