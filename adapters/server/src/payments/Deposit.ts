/**
 * The customer's deposit, behind the quote link: where it stands, starting a card payment, and settling what
 * Stripe reports (from the signed webhook, or from Stripe itself when the page says the card was confirmed).
 *
 * The deposit invoice is made by the invoicing rules (`Invoicing.action`: a deposit of the quote's deposit
 * percent, created and issued by the sync worker as quotekit's own invoice), the first time the customer's page
 * asks after the quote was accepted, when the account takes card payments and issues built-in invoices. A
 * deposit staged by the team and not yet created is created then too.
 *
 * Paying: one PaymentIntent per deposit invoice, for the issued invoice's exact total in the currency's minor
 * units, with the account, quote and invoice in its metadata and an idempotency key per invoice; a second press
 * (or another device) gets the same PaymentIntent. The amount never comes from the browser.
 *
 * Settling: in one transaction, the payment row locked; a succeeded PaymentIntent whose amount received covers
 * the charge marks the invoice paid (once), with the quote's history ('Deposit INV-0003 paid by card') and the
 * `payment.received` webhook event; a failed one records Stripe's message.
 *
 * @since 0.5.0
 */
import type { AccountId, SigninId } from "@quotekit/core/Account"
import { InvalidInput, NotFound, Unavailable } from "@quotekit/core/api/ApiError"
import type { DepositView, PaymentStart } from "@quotekit/core/api/PaymentsApi"
import { ActionRefused } from "@quotekit/core/api/QuotesApi"
import type { Tenant } from "@quotekit/core/api/Security"
import * as CardMessage from "@quotekit/core/CardMessage"
import * as CardPayment from "@quotekit/core/CardPayment"
import * as Currency from "@quotekit/core/Currency"
import * as Invoice from "@quotekit/core/Invoice"
import * as Markup from "@quotekit/core/Markup"
import * as Money from "@quotekit/core/Money"
import * as SubscriptionTerm from "@quotekit/core/SubscriptionTerm"
import * as MinorUnits from "@quotekit/stripe/MinorUnits"
import { Payments } from "@quotekit/stripe/Payments"
import { Clock, Effect, Option, Result } from "effect"
import { SqlClient } from "effect/sql"
import * as CustomerQuote from "../customer/CustomerQuote.ts"
import { HistoryRepo } from "../history/Repo.ts"
import { moneyOf } from "../invoices/InvoicePdf.ts"
import * as Invoicing from "../invoices/Invoicing.ts"
import { type DocumentRecord, InvoiceRepo } from "../invoices/Repo.ts"
import type { QuoteRecord } from "../quotes/Records.ts"
import * as WebhookEvents from "../webhooks/Events.ts"
import { PaymentsRepo } from "./Repo.ts"
import * as Settings from "./Settings.ts"

/** What the deposit is, found. */
interface Found {
  readonly view: DepositView
  readonly invoice: Option.Option<Invoice.Invoice>
  readonly document: Option.Option<DocumentRecord>
}

const view = (state: DepositView["state"], doc?: DocumentRecord): DepositView => ({
  state,
  invoice_number: doc?.number ?? "",
  amount: doc === undefined ? "" : Money.toFixed(doc.total, 2),
  amount_text: doc === undefined ? "" : moneyOf(doc.total, doc.currency_id),
  currency:
    doc === undefined ? "" : Option.match(Currency.byId(doc.currency_id), { onNone: () => "", onSome: (c) => c.code }),
  paid_at: doc?.paid_at ?? 0
})

/**
 * The idempotency key of an invoice's PaymentIntent: the account, the invoice and when it was issued, so two
 * installs sharing a Stripe account (staging and production) never take each other's PaymentIntent.
 */
export const idempotencyKey = (account: number, doc: Pick<DocumentRecord, "quote_invoice_id" | "issued">) =>
  `quotekit-deposit-${account}-${doc.quote_invoice_id}-${doc.issued}`

/** The quote's current deposit invoice (the newest not removed). */
const depositInvoice = (account: number, quoteId: number) =>
  Effect.gen(function* () {
    const stored = yield* (yield* InvoiceRepo).list(account as AccountId, quoteId)
    const deposits = stored
      .map((s) => s.invoice)
      .filter(
        (i) => i.invoice_type_in === Invoice.InvoiceType.Deposit && i.invoice_status !== Invoice.InvoiceStatus.Removed
      )
    return Option.fromUndefinedOr(deposits[deposits.length - 1])
  })

/** Whether the account issues built-in invoices (the only ones the customer can pay here). */
const issuesBuiltin = (account: number) =>
  Effect.map(InvoiceRepo, (r) => r.settings(account as AccountId)).pipe(
    Effect.flatten,
    Effect.map((s) => s.builtin_enabled)
  )

/** The team member the customer's request acts as inside the invoicing rules: the quote's owner. */
const ownerOf = (account: number, record: QuoteRecord): Tenant => ({
  account_id: account as AccountId,
  signin_id: (record.modified_by ?? record.from) as SigninId,
  is_admin: false
})

/** Have the deposit invoice created (staged if needed); refusals are logged and leave it to the team. */
const create = (account: number, record: QuoteRecord, invoice: Option.Option<Invoice.Invoice>) =>
  Effect.gen(function* () {
    const tenant = ownerOf(account, record)
    const percent = Invoice.defaultPercent(Invoice.InvoiceType.Deposit, record.deposit_percent)
    const attempt = (editSeq: number) =>
      Option.isSome(invoice)
        ? Invoicing.createInvoice(tenant, record.quote_id, invoice.value.quote_invoice_id, editSeq)
        : Invoicing.action(
            tenant,
            {
              action: "do-create",
              type: Invoice.InvoiceType.Deposit,
              quote_id: record.quote_id,
              group: SubscriptionTerm.upFrontKey,
              adj_at: record.next_adj_index,
              percent,
              invoice_id: 0
            },
            editSeq
          )
    yield* attempt(record.edit_seq).pipe(
      Effect.asVoid,
      Effect.catch((e) => Effect.logWarning(`quote ${record.quote_id}: the deposit invoice was not created`, e))
    )
  })

/** Where the deposit of the quote behind `token` stands, creating its invoice when the rules allow. */
const find = (token: string, prepare: boolean) =>
  Effect.gen(function* () {
    const o = yield* CustomerQuote.opened(token)
    const account = o.link.account_id
    const none: Found = { view: view("none"), invoice: Option.none(), document: Option.none() }
    if (o.record.status !== "accepted") return none
    // A deposit of less than 1% rounds to none: invoice percents are whole numbers.
    if (Invoice.defaultPercent(Invoice.InvoiceType.Deposit, o.record.deposit_percent) === 0) return none
    const invoice = yield* depositInvoice(account, o.record.quote_id)
    const docs = yield* (yield* InvoiceRepo).documents(account as AccountId, o.record.quote_id)
    const doc = Option.flatMap(invoice, (i) =>
      Option.fromUndefinedOr(docs.find((d) => d.quote_invoice_id === i.quote_invoice_id))
    )
    if (Option.isSome(doc) && doc.value.paid_at > 0)
      return { view: view("paid", doc.value), invoice, document: doc } satisfies Found
    const keys = yield* Settings.keys(account)
    if (Option.isNone(keys) || !(yield* issuesBuiltin(account)))
      return { view: view("never", Option.getOrUndefined(doc)), invoice, document: doc } satisfies Found
    if (Option.isSome(doc)) return { view: view("ready", doc.value), invoice, document: doc } satisfies Found
    const waiting =
      Option.isSome(invoice) &&
      (invoice.value.invoice_status === Invoice.InvoiceStatus.Queued ||
        invoice.value.invoice_sync_status === Invoice.SyncStatus.Error)
    if (prepare && !waiting) yield* create(account, o.record, invoice)
    return { view: view("preparing"), invoice, document: doc } satisfies Found
  })

/** `POST /api/q/{token}/deposit`: where the deposit stands (its invoice made when due). */
export const deposit = Effect.fn("Deposit.deposit")(function* (token: string) {
  return (yield* find(token, true)).view
})

const connectFailed = () => Unavailable.answer(CardMessage.stripeConnectFailed)

/** `POST /api/q/{token}/deposit/pay`: the PaymentIntent for the deposit invoice, made once. */
export const pay = Effect.fn("Deposit.pay")(
  function* (token: string) {
    const o = yield* CustomerQuote.opened(token)
    const account = o.link.account_id
    const found = yield* find(token, false)
    if (found.view.state === "paid") return yield* ActionRefused.answer("pay", "paid", CardPayment.depositPaid)
    if (found.view.state !== "ready" || Option.isNone(found.document) || Option.isNone(found.invoice))
      return yield* ActionRefused.answer(
        "pay",
        found.view.state,
        found.view.state === "preparing" ? CardMessage.depositNotReady : CardMessage.depositComing
      )
    const keys = yield* Settings.keys(account)
    if (Option.isNone(keys)) return yield* ActionRefused.answer("pay", "never", CardMessage.depositComing)
    const doc = found.document.value
    const code = found.view.currency
    const minor = MinorUnits.toMinor(doc.total, code)
    if (Result.isFailure(minor)) return yield* ActionRefused.answer("pay", minor.failure.reason, minor.failure.message)
    const stripe = yield* Payments
    const repo = yield* PaymentsRepo
    const existing = yield* repo.payment(account, doc.quote_invoice_id)
    // The intent made before answers again while its amount is still the invoice's; its secret is never stored.
    const reuse =
      Option.isSome(existing) &&
      existing.value.amount_minor === minor.success &&
      existing.value.currency === code.toLowerCase() &&
      existing.value.status !== "canceled"
    const intent = reuse
      ? yield* stripe.retrievePaymentIntent(
          keys.value.secret,
          (existing as Option.Some<{ intent_id: string }>).value.intent_id
        )
      : yield* stripe.createPaymentIntent(keys.value.secret, {
          amount: minor.success,
          currency: code.toLowerCase(),
          description: `Deposit ${doc.number} for quote #${o.record.quote_no}`,
          metadata: {
            account_id: String(account),
            quote_id: String(o.record.quote_id),
            quote_invoice_id: String(doc.quote_invoice_id),
            invoice_number: doc.number
          },
          idempotencyKey: `${idempotencyKey(account, doc)}-${minor.success}-${code.toLowerCase()}`
        })
    // Stripe has it already (the page closed before the server heard): settle it now and take no second payment.
    if (intent.status === "succeeded") {
      const sql = yield* SqlClient.SqlClient
      yield* sql
        .withTransaction(
          settle(account, {
            id: intent.id,
            status: intent.status,
            amount_received: intent.amount_received,
            currency: intent.currency,
            last_error: intent.last_error
          })
        )
        .pipe(Effect.orDie)
      return yield* ActionRefused.answer("pay", "paid", CardPayment.depositPaid)
    }
    if (!reuse)
      yield* repo.insertPayment({
        account_id: account,
        quote_invoice_id: doc.quote_invoice_id,
        quote_id: o.record.quote_id,
        intent_id: intent.id,
        amount_minor: intent.amount,
        currency: intent.currency,
        status: intent.status
      })
    const start: PaymentStart = {
      publishable_key: keys.value.publishable,
      client_secret: intent.client_secret,
      intent_id: intent.id,
      amount_minor: String(intent.amount),
      currency: intent.currency,
      amount_text: found.view.amount_text
    }
    return start
  },
  Effect.catchTag("StripeFailure", (e) =>
    Effect.gen(function* () {
      yield* Effect.logWarning(`Stripe refused a deposit payment (${e.kind} ${e.status})`)
      return yield* connectFailed()
    })
  )
)

/** What Stripe says of a PaymentIntent, from a verified event or from Stripe itself. */
export interface Reported {
  readonly id: string
  readonly status: string
  readonly amount_received: bigint
  readonly currency: string
  readonly last_error: string
}

/**
 * Settle what Stripe reported of an account's PaymentIntent: paid, failed, or in between. Runs in the caller's
 * transaction or its own; an intent the account did not make here is ignored. Whether the invoice was marked
 * paid now.
 */
export const settle = (account: number, reported: Reported) =>
  Effect.gen(function* () {
    const repo = yield* PaymentsRepo
    const payment = yield* repo.paymentByIntent(account, reported.id)
    if (Option.isNone(payment)) {
      yield* Effect.logInfo(`account ${account}: Stripe reported ${reported.id}, which was not made here`)
      return false
    }
    const p = payment.value
    const nowMs = yield* Clock.currentTimeMillis
    const now = Math.floor(nowMs / 1000)
    const covers =
      reported.status === "succeeded" &&
      reported.currency.toLowerCase() === p.currency &&
      reported.amount_received >= p.amount_minor
    yield* repo.updatePayment(account, p.intent_id, {
      status: reported.status,
      amount_received: reported.amount_received,
      last_error: reported.last_error,
      paid_at: covers ? now : 0
    })
    const history = yield* HistoryRepo
    const invoices = yield* InvoiceRepo
    const doc = yield* invoices.document(account as AccountId, p.quote_invoice_id)
    const number = Option.match(doc, { onNone: () => "", onSome: (d) => d.number })
    const amount = moneyOf(
      MinorUnits.fromMinor(reported.amount_received || p.amount_minor, p.currency),
      Option.match(doc, { onNone: () => 0, onSome: (d) => d.currency_id })
    )
    if (reported.status === "succeeded" && !covers) {
      yield* Effect.logWarning(`account ${account}: ${p.intent_id} succeeded for less than the charge; not marked paid`)
      return false
    }
    if (covers) {
      const marked = yield* repo.markInvoicePaid(account, p.quote_invoice_id, now)
      if (!marked) return false
      const text = `Deposit <b>${Markup.escapeHtml(number)}</b> paid by card: ${Markup.escapeHtml(amount)} (Stripe ${Markup.escapeHtml(p.intent_id)})`
      yield* history.write({
        account_id: account as AccountId,
        signin_id: null,
        table: "quote",
        category_id: p.quote_id,
        action: "quote.paymentReceived",
        html_summary: text,
        html_full: text,
        data: { quote_id: p.quote_id, quote_invoice_id: p.quote_invoice_id, intent_id: p.intent_id, number },
        at: nowMs
      })
      yield* WebhookEvents.invoice(account, p.quote_invoice_id, "payment.received")
      return true
    }
    if (reported.last_error !== "" && reported.last_error !== p.last_error) {
      const text = `Card payment for deposit <b>${Markup.escapeHtml(number)}</b> failed: ${Markup.escapeHtml(reported.last_error)}`
      yield* history.write({
        account_id: account as AccountId,
        signin_id: null,
        table: "quote",
        category_id: p.quote_id,
        action: "quote.paymentFailed",
        html_summary: text,
        html_full: text,
        data: { quote_id: p.quote_id, quote_invoice_id: p.quote_invoice_id, intent_id: p.intent_id },
        at: nowMs
      })
    }
    return false
  })

/** `POST /api/q/{token}/deposit/confirmed`: the page says Stripe confirmed; Stripe is asked, then settled. */
export const confirmed = Effect.fn("Deposit.confirmed")(function* (token: string, intentId: string) {
  const o = yield* CustomerQuote.opened(token)
  const account = o.link.account_id
  const repo = yield* PaymentsRepo
  const sql = yield* SqlClient.SqlClient
  const payment = yield* sql.withTransaction(repo.paymentByIntent(account, intentId)).pipe(Effect.orDie)
  if (Option.isNone(payment) || payment.value.quote_id !== o.record.quote_id)
    return yield* InvalidInput.field("intent_id", "That payment is not this quote's.")
  const keys = yield* Settings.keys(account)
  if (Option.isNone(keys)) return yield* NotFound.answer(CardMessage.depositComing)
  const intent = yield* (yield* Payments)
    .retrievePaymentIntent(keys.value.secret, intentId)
    .pipe(Effect.catchTag("StripeFailure", () => Effect.fail(connectFailed())))
  yield* sql
    .withTransaction(
      settle(account, {
        id: intent.id,
        status: intent.status,
        amount_received: intent.amount_received,
        currency: intent.currency,
        last_error: intent.last_error
      })
    )
    .pipe(Effect.orDie)
  return (yield* find(token, false)).view
})
