/**
 * The texts of the customer's deposit panel and of card payments and card setup (invoicing-and-platform.md),
 * apart from `Message` so the customer page loads them only with the deposit panel, when a quote has a deposit
 * to pay; the team's billing pages and the server use them too.
 *
 * @since 0.4.0
 */

// --- deposit panel ---
export const preparingDeposit = "Preparing deposit invoice"
export const payDeposit = "Pay Deposit"
export const depositNotReady = "The deposit invoice isn't ready yet, please check back here shortly."
export const depositComing = "You will receive a deposit invoice shortly."

// --- card setup and payment ---
export const paymentProcessing = "Payment processing?"
export const paymentDetailsRequired = "Payment details required."
export const paymentFailed = "Failed to process payment details."
export const stripeConnectFailed = "Failed to connect to Stripe."
export const unknownAction = "Unknown action."
export const stripeNotLoaded = "Stripe not loaded?"
export const setupIntentMissing = "Setup intent missing?"
export const paymentFormMissing = "Could not find payment form"
export const contactSupport = "Please try again or contact Support if this message persists."
