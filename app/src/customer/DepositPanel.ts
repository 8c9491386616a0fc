/**
 * The customer's deposit panel (spec, "Other states"), on the page of an accepted quote with a deposit. Loaded
 * on its own (a dynamic import from `Page.ts`) only for such a quote, and Stripe.js (`@stripe/stripe-js`) only
 * once the customer presses 'Pay Deposit', so the page's own script stays within its budget.
 *
 * The states come from `CardPayment.panel`: 'Preparing deposit invoice' while the server issues the deposit
 * invoice (asked again every 2 s), 'The deposit invoice isn't ready yet, please check back here shortly.' once that
 * took more than 12 s, 'You will receive a deposit invoice shortly.' when the account takes no card payments,
 * 'Pay Deposit' with the invoice's number and amount when it can be paid, and the paid line once it is.
 *
 * Paying: the server makes the PaymentIntent for the invoice's amount (never one from the page) and answers its
 * client secret; Stripe's Payment Element takes the card; the pay button waits, disabled, while Stripe confirms;
 * then the server is told, asks Stripe itself and marks the invoice paid (as the signed webhook also does). A
 * card that needs a bank's check may leave the page: Stripe brings the customer back with `payment_intent` in the
 * address, which is settled the same way.
 */
import type { DepositView, PaymentStart } from "@quotekit/core/api/PaymentsApi"
import * as CardMessage from "@quotekit/core/CardMessage"
import * as CardPayment from "@quotekit/core/CardPayment"
import type { Stripe, StripeElements } from "@stripe/stripe-js"
import { CallFailed, call } from "./Api.ts"
import { h } from "./Dom.ts"

/** The heading of the panel (our wording). */
const HEADING = "Deposit"

/** The panel's calls behind one link token. */
const callsOf = (token: string) => {
  const base = `/api/q/${encodeURIComponent(token)}/deposit`
  return {
    deposit: () => call<DepositView>(base, {}),
    pay: () => call<PaymentStart>(`${base}/pay`, {}),
    confirmed: (intentId: string) => call<DepositView>(`${base}/confirmed`, { intent_id: intentId })
  }
}

/** Stripe.js, loaded on first use (the script from js.stripe.com, as Stripe requires). */
const loadStripe = async (publishableKey: string): Promise<Stripe> => {
  const stripe = await import("@stripe/stripe-js/dist/pure.mjs")
    .then((m) => m.loadStripe(publishableKey))
    .catch(() => null)
  if (stripe === null) throw new Error(CardMessage.stripeNotLoaded)
  return stripe
}

/**
 * The panel for the quote behind `token`: an element to put on the page, which fills itself. `now` is the
 * clock the 12 s are measured with.
 */
export const depositPanel = (token: string, now: () => number = Date.now): HTMLElement => {
  const calls = callsOf(token)
  const status = h("p", { class: "qk-deposit-status", role: "status" })
  const invoice = h("p", { class: "qk-deposit-invoice", hidden: true })
  const alert = h("p", { class: "qk-hint", role: "alert" })
  const retry = h("button", { type: "button", class: "qk-link", hidden: true }, CardPayment.retry)
  const form = h("div", { class: "qk-card-form", id: "qk-card-form", hidden: true })
  const pay = h("button", { type: "button", class: "qk-primary", hidden: true }, CardMessage.payDeposit)
  const errorLine = h("p", { hidden: true }, alert, " ", retry)
  const panel = h(
    "section",
    { class: "qk-card qk-deposit", "aria-labelledby": "qk-deposit-heading", hidden: true },
    h("h2", { id: "qk-deposit-heading" }, HEADING),
    status,
    invoice,
    form,
    h("div", { class: "qk-actions" }, pay),
    errorLine
  )

  let started = now()
  let timer: ReturnType<typeof setTimeout> | undefined
  let start: PaymentStart | undefined
  let stripe: Stripe | undefined
  let elements: StripeElements | undefined

  const fail = (message: string, withRetry = true) => {
    alert.textContent = withRetry ? CardPayment.banner(message) : message
    errorLine.hidden = false
    retry.hidden = !withRetry
  }
  const clear = () => {
    alert.textContent = ""
    retry.hidden = true
    errorLine.hidden = true
  }
  const waiting = (on: boolean) => {
    pay.disabled = on
    pay.classList.toggle("qk-waiting", on)
    if (on) pay.setAttribute("aria-busy", "true")
    else pay.removeAttribute("aria-busy")
  }

  /** Show the deposit as the server sees it. */
  const show = (view: DepositView) => {
    const shown = CardPayment.panel(view.state, now() - started)
    panel.hidden = shown._tag === "Hidden"
    invoice.hidden = view.invoice_number === ""
    invoice.textContent = view.invoice_number === "" ? "" : `${view.invoice_number}: ${view.amount_text}`
    const payable = shown._tag === "Loaded"
    pay.hidden = !payable
    if (!payable) form.hidden = true
    status.textContent = shown._tag === "Loaded" ? "" : shown._tag === "Hidden" ? "" : shown.message
    status.classList.toggle("qk-hint", shown._tag === "Error")
    panel.setAttribute("aria-busy", String(shown._tag === "Loading"))
    // Asked again every 2 s, and once more just after the 12 s, so the timeout is told on time.
    const elapsed = now() - started
    if (CardPayment.keepsPolling(view.state, elapsed))
      timer = setTimeout(
        () => void refresh(),
        Math.max(1, Math.min(CardPayment.DEPOSIT_POLL_MS, CardPayment.DEPOSIT_TIMEOUT_MS + 1 - elapsed))
      )
  }

  const refresh = async () => {
    clearTimeout(timer)
    try {
      show(await calls.deposit())
    } catch (e) {
      fail((e as Error).message)
    }
  }

  /** Settle a payment Stripe confirmed (or brought the customer back from). */
  const settle = async (intentId: string) => {
    const view = await calls.confirmed(intentId)
    show(view)
    if (view.state !== "paid") status.textContent = CardPayment.depositProcessing
  }

  /** First press: the PaymentIntent from the server and Stripe's card form. */
  const open = async () => {
    start = await calls.pay()
    stripe = await loadStripe(start.publishable_key)
    elements = stripe.elements({ clientSecret: start.client_secret, appearance: { theme: "stripe" } })
    if (!form.isConnected) throw new Error(CardMessage.paymentFormMissing)
    form.hidden = false
    elements.create("payment").mount(form)
    pay.textContent = CardPayment.payNow(start.amount_text)
  }

  /** Second press: Stripe confirms the card; the server is told. */
  const confirm = async () => {
    if (stripe === undefined || elements === undefined || start === undefined)
      throw new Error(CardMessage.unknownAction)
    const url = new URL(location.href)
    url.search = ""
    const result = await stripe.confirmPayment({
      elements,
      redirect: "if_required",
      confirmParams: { return_url: url.toString() }
    })
    if (result.error !== undefined) {
      fail(result.error.message ?? CardMessage.paymentFailed, false)
      return
    }
    await settle(result.paymentIntent.id)
  }

  pay.addEventListener("click", async () => {
    if (pay.disabled) return
    clear()
    waiting(true)
    try {
      if (start === undefined) await open()
      else await confirm()
    } catch (e) {
      start = undefined
      form.hidden = true
      pay.textContent = CardMessage.payDeposit
      // Refused as it stands (paid meanwhile, or no longer payable here): show where it stands now.
      if (e instanceof CallFailed && e.status === 409) void refresh()
      else fail((e as Error).message)
    } finally {
      waiting(false)
    }
  })
  retry.addEventListener("click", () => {
    clear()
    started = now()
    void refresh()
  })

  // Back from a bank's check: Stripe adds the PaymentIntent to the address.
  const back = new URLSearchParams(location.search).get("payment_intent")
  if (back !== null && /^pi_[A-Za-z0-9_]+$/.test(back)) {
    history.replaceState(history.state, "", location.pathname)
    settle(back).catch((e: Error) => fail(e.message))
  } else void refresh()
  return panel
}
