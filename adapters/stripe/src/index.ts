/**
 * Card payments through Stripe: `Payments` (the service the server calls: PaymentIntents, SetupIntents, key
 * checks, webhook verification), `MinorUnits` (exact amounts in a currency's smallest unit) and
 * `StripeFailure` (what a failed call came to).
 *
 * @since 0.5.0
 */
export * as MinorUnits from "./MinorUnits.ts"
export * as Payments from "./Payments.ts"
export * as StripeFailure from "./StripeFailure.ts"
