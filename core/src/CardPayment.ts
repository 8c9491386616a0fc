/**
 * Card payments as the customer meets them: the deposit panel on the quote page and the outcomes of saving a
 * card. The texts are the spec's (kept in `Message`); the rules are here, once, for the page and the server.
 *
 * The deposit panel (spec, "Other states"): `loading` 'Preparing deposit invoice' while the deposit invoice is
 * being issued; `loaded` with 'Pay Deposit' once it is; `error` 'The deposit invoice isn't ready yet, please
 * check back here shortly.' when it is still not ready after more than 12 seconds; `never-url` 'You will
 * receive a deposit invoice shortly.' when the customer cannot pay here (payments not set up, or the account
 * issues its invoices elsewhere); `paid` once the payment is in.
 *
 * @example
 * CardPayment.panel("preparing", 13_000) // { _tag: "Error", message: "The deposit invoice isn't ready yet, ..." }
 * CardPayment.setupOutcome("processing")  // { _tag: "Show", message: "Payment processing?" }
 *
 * @since 0.5.0
 */
import { Schema } from "effect"
import * as CardMessage from "./CardMessage.ts"

/** How long the panel waits for the deposit invoice before saying it isn't ready (spec: 12 s). */
export const DEPOSIT_TIMEOUT_MS = 12_000

/** How often the panel asks again while the deposit invoice is being prepared. */
export const DEPOSIT_POLL_MS = 2_000

/**
 * Where a quote's deposit stands, as the server tells the customer page:
 * - `none`: no deposit to pay (no deposit percent, or the quote is not accepted);
 * - `never`: a deposit is due but cannot be paid here (payments not set up, or no built-in invoices);
 * - `preparing`: the deposit invoice is being created and issued;
 * - `ready`: issued and unpaid, payable by card;
 * - `paid`: paid.
 */
export const DepositState = Schema.Literals(["none", "never", "preparing", "ready", "paid"])
/** Where a quote's deposit stands. */
export type DepositState = typeof DepositState.Type

/** What the deposit panel shows. */
export type Panel =
  | { readonly _tag: "Hidden" }
  | { readonly _tag: "Loading"; readonly message: string }
  | { readonly _tag: "Loaded"; readonly button: string }
  | { readonly _tag: "Error"; readonly message: string }
  | { readonly _tag: "NeverUrl"; readonly message: string }
  | { readonly _tag: "Paid"; readonly message: string }

/** The panel for a deposit state, `elapsedMs` after the page started waiting for it. */
export const panel = (state: DepositState, elapsedMs: number): Panel => {
  switch (state) {
    case "none":
      return { _tag: "Hidden" }
    case "never":
      return { _tag: "NeverUrl", message: CardMessage.depositComing }
    case "preparing":
      return elapsedMs > DEPOSIT_TIMEOUT_MS
        ? { _tag: "Error", message: CardMessage.depositNotReady }
        : { _tag: "Loading", message: CardMessage.preparingDeposit }
    case "ready":
      return { _tag: "Loaded", button: CardMessage.payDeposit }
    case "paid":
      return { _tag: "Paid", message: depositPaid }
  }
}

/** Whether the page should ask again: only while preparing and not yet timed out. */
export const keepsPolling = (state: DepositState, elapsedMs: number): boolean =>
  state === "preparing" && elapsedMs <= DEPOSIT_TIMEOUT_MS

/** Our line once the deposit is paid (the spec has none). */
export const depositPaid = "Deposit paid. Thank you!"

/** Our line while a confirmed payment waits for the bank. */
export const depositProcessing = "Your payment is processing. This page will show it once it is confirmed."

/** The label of the button that confirms the card entered. */
export const payNow = (amount: string): string => `Pay ${amount}`

/** The retry link beside an error banner. */
export const retry = "Try again"

/** An error banner's text: the message followed by the spec's support line. */
export const banner = (message: string): string => `${message} ${CardMessage.contactSupport}`

/**
 * The outcome of a card setup by the SetupIntent's status (spec): `succeeded` leads to the save call; otherwise
 * a message: 'Payment processing?', 'Payment details required.', or 'Failed to process payment details.'.
 */
export const setupOutcome = (
  status: string
): { readonly _tag: "Save" } | { readonly _tag: "Show"; readonly message: string } =>
  status === "succeeded"
    ? { _tag: "Save" }
    : {
        _tag: "Show",
        message:
          status === "processing"
            ? CardMessage.paymentProcessing
            : status === "requires_payment_method"
              ? CardMessage.paymentDetailsRequired
              : CardMessage.paymentFailed
      }

/**
 * What a card payment's authorisation sends to the server (spec: `POST /post/billing-auth-success` with `id`
 * and `errorTxt`): the payment intent id on success, the error text on failure.
 */
export const authorisation = (
  result: { readonly id: string } | { readonly error: string }
): { readonly id: string; readonly errorTxt: string } =>
  "id" in result ? { id: result.id, errorTxt: "" } : { id: "", errorTxt: result.error }
