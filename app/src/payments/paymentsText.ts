/**
 * The texts of Settings → Payments (our wording; the spec has none for this page). The customer's deposit panel
 * and the card messages come from the core (`Message`, `CardPayment`).
 */
export const paymentsText = {
  payments: "Payments",
  hint:
    "Let customers pay a quote's deposit by card with your own Stripe account. Paste your keys from the Stripe " +
    "Dashboard (Developers → API keys); the secret key and the webhook signing secret are stored encrypted and " +
    "never shown again.",
  keys: "Stripe keys",
  publishableKey: "Publishable key",
  publishableHint: "Starts with pk_live_ (or pk_test_ while you try it out).",
  secretKey: "Secret key",
  secretHint:
    "Starts with sk_live_ or sk_test_; a restricted key (rk_) with PaymentIntents and SetupIntents works too.",
  secretSet: (last4: string) => `Set, ending in ${last4}. Leave blank to keep it.`,
  webhookSecret: "Webhook signing secret",
  webhookHint: "Starts with whsec_, from the webhook endpoint you add in Stripe (see below).",
  save: "Save",
  saving: "Checking with Stripe…",
  saved: "Saved. Customers can now pay deposits by card.",
  status: "Status",
  on: (account: string, live: boolean) => `On: ${account} (${live ? "live" : "test"} mode)`,
  off: "Off: customers are told they will receive a deposit invoice.",
  webhook: "Stripe webhook",
  webhookHow:
    "In the Stripe Dashboard (Developers → Webhooks) add an endpoint with this URL and these events, then paste its signing secret above. Payments are confirmed by these events.",
  webhookUrl: "Endpoint URL",
  webhookEvents: "Events",
  copyUrl: "Copy URL",
  copied: "Copied!",
  turnOff: "Turn off card payments",
  turnOffHint: "Your keys are forgotten; payments already made stay recorded.",
  billing: "Billing details",
  billingHint:
    "The card saved on your Stripe account for the account's own payments. Stripe keeps the card; quotekit keeps only a reference to it.",
  card: "Saved card",
  cardDetails: "Card details",
  noCard: "No card is saved yet.",
  cardOnFile: (date: string) => `A card is saved (since ${date}).`,
  lastAuthorisation: (error: string) => `The last payment needing your authorisation failed: ${error}`,
  addCard: "Add a card",
  updateCard: "Update card details",
  saveCard: "Save card",
  savingCard: "Saving…",
  cancel: "Cancel",
  cardSaved: "Your card is saved.",
  authorised: "Payment authorised.",
  billingLink: "Billing details (the saved card)"
} as const
