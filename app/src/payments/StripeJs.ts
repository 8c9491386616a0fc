/**
 * Stripe.js for the team app's card pages, loaded on first use from `js.stripe.com` as Stripe requires (the
 * `@stripe/stripe-js` loader, imported only by these pages). Only the billing pages' own documents allow that
 * script (their Content-Security-Policy), so they are opened with a full page load, never a client-side move.
 */
import * as CardMessage from "@quotekit/core/CardMessage"
import type { Stripe } from "@stripe/stripe-js"

/** Stripe.js for `publishableKey`; fails with 'Stripe not loaded?' when the script cannot be had. */
export const loadStripe = async (publishableKey: string): Promise<Stripe> => {
  const stripe = await import("@stripe/stripe-js/dist/pure.mjs")
    .then((m) => m.loadStripe(publishableKey))
    .catch(() => null)
  if (stripe === null) throw new Error(CardMessage.stripeNotLoaded)
  return stripe
}

/** The billing pages' paths: opened with a full load (see the module's header). */
export const BILLING_OVERVIEW = "/settings/billing-overview"
/** The card update page (the retry link of a card error). */
export const BILLING_UPDATE = "/settings/billing-update-details"
