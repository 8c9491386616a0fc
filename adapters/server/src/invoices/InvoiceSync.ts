/**
 * The invoice sync worker: creates queued invoices in their destination and stores the outcome, the move from
 * `queued / syncing` to `sent / synced` (with the number and link) or back to `ready` with `error` and the reason.
 *
 * Claimed once: a round claims due invoices with `FOR UPDATE SKIP LOCKED` and a lease (`InvoiceRepo.claimDue`),
 * then settles each in its own transaction that locks the invoice row again and skips it if another worker
 * settled it meanwhile, so any number of server processes issue each invoice exactly once. A worker that dies
 * mid-way leaves the lease to run out; the transaction it did not commit left nothing behind.
 *
 * Syncing leaves the quote's edit sequence alone: what an invoice covers was settled when it was created, so a
 * picture read before the sync finished is still a sound base for the next action (no spurious conflicts).
 *
 * The destination is the one the invoice was queued for: an accounting add-on (`addon_id` 1 Xero, 7 QuickBooks:
 * `addons/Sync.ts`, whose calls to the add-on run outside any transaction, a failure it may recover from tried
 * again with backoff, and each document created once), or the built-in one (`BuiltinInvoice.issue`): a numbered
 * document, a public page and PDF, and an email to the quote's contacts. The worker wakes on `SyncSignal` and
 * polls every few seconds.
 *
 * @since 0.2.0
 */
import * as AddOn from "@quotekit/core/AddOn"
import * as Invoice from "@quotekit/core/Invoice"
import * as Markup from "@quotekit/core/Markup"
import { Clock, Duration, Effect, Layer, Option, Schedule, Schema } from "effect"
import { SqlClient } from "effect/sql"
import { AddOnsRepo } from "../addons/Repo.ts"
import * as AddOnSync from "../addons/Sync.ts"
import { HistoryRepo } from "../history/Repo.ts"
import * as QuoteEvents from "../push/QuoteEvents.ts"
import { QuoteRepo } from "../quotes/Repo.ts"
import * as WebhookEvents from "../webhooks/Events.ts"
import * as BuiltinInvoice from "./BuiltinInvoice.ts"
import { type Claimed, InvoiceRepo } from "./Repo.ts"
import { SyncSignal } from "./SyncSignal.ts"

/** How long a claim holds before another worker may take the invoice again. */
export const LEASE_MS = 2 * 60_000
/** Attempts before an invoice is left in error for the user to retry. */
export const MAX_ATTEMPTS = 3
/** Invoices taken per round. */
export const BATCH = 20
/** Poll interval when nothing wakes the worker. */
export const INTERVAL = Duration.seconds(3)

/** Settle one claimed invoice; whether it was issued. */
const settle = (c: Claimed) =>
  Effect.gen(function* () {
    const repo = yield* InvoiceRepo
    // Read without holding a lock: the claim's lease keeps other workers off it.
    const queued = yield* repo.lockQueued(c.account_id, c.quote_invoice_id)
    if (Option.isNone(queued)) return false
    if (AddOn.isAccounting(queued.value.addon_id)) return yield* settleInAddOn(c, queued.value)
    return yield* settleBuiltin(c)
  })

const kindName = (type: Invoice.InvoiceType): string =>
  type === Invoice.InvoiceType.Credit
    ? "credit note"
    : type === Invoice.InvoiceType.Deposit
      ? "deposit invoice"
      : "invoice"

/** Create a claimed invoice in its accounting add-on, then record the outcome; whether it was created. */
const settleInAddOn = (c: Claimed, invoice: Invoice.Invoice) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const repo = yield* InvoiceRepo
    const nowMs = yield* Clock.currentTimeMillis
    const now = Math.floor(nowMs / 1000)
    const outcome = yield* Effect.result(AddOnSync.push(invoice, now))
    if (outcome._tag === "Failure") {
      const e = outcome.failure
      if (e.retry && c.attempts < AddOnSync.MAX_ATTEMPTS) {
        yield* Effect.logInfo(`invoice ${c.quote_invoice_id}: the add-on will be tried again (attempt ${c.attempts})`)
        yield* (yield* AddOnsRepo).deferSync(
          c.account_id,
          c.quote_invoice_id,
          nowMs + AddOnSync.backoffMs(c.attempts, e.retryAfterMs)
        )
        return false
      }
      yield* failed(c, e.message)
      return false
    }
    const created = outcome.success
    const addon = Option.match(AddOn.byId(invoice.addon_id), { onNone: () => "the add-on", onSome: (d) => d.name })
    return yield* sql
      .withTransaction(
        Effect.gen(function* () {
          yield* (yield* QuoteRepo).record(c.account_id, c.quote_id, { forUpdate: true })
          const locked = yield* repo.lockQueued(c.account_id, c.quote_invoice_id)
          if (Option.isNone(locked)) return false
          yield* synced({
            ...locked.value,
            invoice_status: Invoice.InvoiceStatus.Sent,
            invoice_sync_status: Invoice.SyncStatus.Synced,
            invoice_sent_date: now,
            addon_invoice_id: created.id,
            addon_invoice_number: created.number,
            addon_invoice_url: created.url,
            error_html: "",
            invoice_modified: now
          })
          const text = `Created ${kindName(invoice.invoice_type_in)} <b>${Markup.escapeHtml(created.number)}</b> in ${Markup.escapeHtml(addon)}`
          yield* (yield* HistoryRepo).write({
            account_id: c.account_id,
            signin_id: null,
            table: "quote",
            category_id: c.quote_id,
            action: "quote.invoiceIssued",
            html_summary: text,
            html_full: text,
            data: {
              quote_id: c.quote_id,
              quote_invoice_id: c.quote_invoice_id,
              number: created.number,
              addon_id: invoice.addon_id
            },
            at: nowMs
          })
          yield* WebhookEvents.invoice(c.account_id, c.quote_invoice_id, "invoice.synced")
          return true
        })
      )
      .pipe(Effect.orDie)
  }).pipe(
    Effect.catchCause((cause) =>
      Effect.gen(function* () {
        yield* Effect.logWarning(
          `invoice ${c.quote_invoice_id} not created in its add-on (attempt ${c.attempts})`,
          cause
        )
        if (c.attempts >= MAX_ATTEMPTS) yield* failed(c, "The invoice could not be created. Try again in a moment.")
        return false
      })
    )
  )

/** Issue a claimed invoice as a built-in invoice; whether it was issued. */
const settleBuiltin = (c: Claimed) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const repo = yield* InvoiceRepo
    const nowMs = yield* Clock.currentTimeMillis
    const now = Math.floor(nowMs / 1000)
    const issued = yield* sql
      .withTransaction(
        Effect.gen(function* () {
          // The quote first, as every invoicing action locks it: one lock order, and readers see the invoice
          // and the quote's edit sequence change together.
          yield* (yield* QuoteRepo).record(c.account_id, c.quote_id, { forUpdate: true })
          const locked = yield* repo.lockQueued(c.account_id, c.quote_invoice_id)
          if (Option.isNone(locked)) return false
          const result = yield* BuiltinInvoice.issue(locked.value, now)
          yield* synced({
            ...locked.value,
            invoice_status: Invoice.InvoiceStatus.Sent,
            invoice_sync_status: Invoice.SyncStatus.Synced,
            invoice_sent_date: now,
            addon_invoice_id: String(locked.value.quote_invoice_id),
            addon_invoice_number: result.number,
            addon_invoice_url: result.path,
            invoice_amount: result.amount,
            error_html: "",
            invoice_modified: now
          })
          yield* WebhookEvents.invoice(c.account_id, c.quote_invoice_id, "invoice.synced")
          return true
        })
      )
      .pipe(
        Effect.catchCause((cause) =>
          Effect.gen(function* () {
            yield* Effect.logWarning(`invoice ${c.quote_invoice_id} not created (attempt ${c.attempts})`, cause)
            if (c.attempts < MAX_ATTEMPTS) return false
            yield* failed(c, "The invoice could not be created. Try again in a moment.")
            return false
          })
        )
      )
    return issued
  })

const encodeInvoice = Schema.encodeSync(Invoice.Invoice)

/**
 * Tell the quote's open pages, once the current work is committed, that an invoice's sync state changed
 * (`invoice-sync`, carrying the invoice): queued and syncing, synced, or in error.
 */
export const announce = (invoice: Invoice.Invoice) =>
  QuoteEvents.later({
    account_id: invoice.account_id,
    topic: "invoice-sync",
    payload: {
      quote_id: invoice.quote_id,
      invoice: encodeInvoice({ ...invoice, error_html: (invoice.error_html ?? "").slice(0, 2000) }) as never
    }
  })

/** Store an invoice's sync result, and tell the quote's open pages once it is committed (`invoice-sync`). */
const synced = (invoice: Invoice.Invoice) =>
  Effect.gen(function* () {
    yield* (yield* InvoiceRepo).update(invoice)
    yield* announce(invoice)
  })

/** Store a failure the user sees under 'Show Issue'; the invoice is ready again to retry. */
const failed = (c: Claimed, reason: string) =>
  Effect.gen(function* () {
    const repo = yield* InvoiceRepo
    const sql = yield* SqlClient.SqlClient
    yield* sql.withTransaction(
      Effect.gen(function* () {
        yield* (yield* QuoteRepo).record(c.account_id, c.quote_id, { forUpdate: true })
        const locked = yield* repo.lockQueued(c.account_id, c.quote_invoice_id)
        if (Option.isNone(locked)) return
        yield* synced({
          ...locked.value,
          invoice_status: Invoice.InvoiceStatus.Ready,
          invoice_sync_status: Invoice.SyncStatus.Error,
          error_html: reason,
          invoice_modified: Math.floor((yield* Clock.currentTimeMillis) / 1000)
        })
      })
    )
  }).pipe(Effect.orDie)

/** One round: claim due invoices and settle each; how many were issued. */
export const syncDue = Effect.gen(function* () {
  const repo = yield* InvoiceRepo
  const claimed = yield* repo.claimDue(yield* Clock.currentTimeMillis, LEASE_MS, BATCH)
  let issued = 0
  for (const c of claimed) if (yield* Effect.uninterruptible(QuoteEvents.collect(settle(c)))) issued++
  return issued
})

/** Runs the worker for as long as the layer lives: a round on every wake-up, and at least every `INTERVAL`. */
export const layer = Layer.effectDiscard(
  Effect.gen(function* () {
    const signal = yield* SyncSignal
    const round = syncDue.pipe(Effect.catchCause((cause) => Effect.logWarning("invoice sync failed", cause)))
    yield* round.pipe(
      Effect.andThen(Effect.race(signal.next, Effect.sleep(INTERVAL))),
      Effect.repeat(Schedule.forever),
      Effect.forkScoped
    )
  })
)
