/**
 * Invoicing a quote in stages with `@quotekit/sdk`: accept it (on the customer's behalf), switch on the built-in
 * invoices if they are off, create a 30% deposit, wait for it to be issued, then invoice whatever is left.
 * Every call answers the quote's whole invoicing picture, and each action sends back the `_modifiedIn` of the
 * picture it was decided on, so a change made meanwhile by someone else is refused rather than overwritten.
 */
import type { Invoicing } from "@quotekit/core/api/InvoicesApi"
import * as Invoice from "@quotekit/core/Invoice"
import * as Money from "@quotekit/core/Money"
import * as SubscriptionTerm from "@quotekit/core/SubscriptionTerm"
import type * as Quotekit from "@quotekit/sdk"
import { Effect, Schedule } from "effect"

/** An invoice as the example reports it. */
export interface Issued {
  readonly number: string
  readonly kind: "deposit" | "invoice"
  readonly amount: string
  readonly url: string
  readonly pdf: string
}

const upFront = (view: Invoicing) => view.groups.find((g) => g.key === SubscriptionTerm.UP_FRONT)

/** Read the picture again until no invoice is syncing any more (the server issues them in the background). */
const settled = (api: Quotekit.Client, quoteId: number) =>
  api.quoteInvoices.invoicing({ params: { id: quoteId } }).pipe(
    Effect.flatMap((view) =>
      view.groups.some((g) => g.invoices.some((r) => r.invoice.invoice_sync_status === Invoice.SyncStatus.Syncing))
        ? Effect.fail("still syncing" as const)
        : Effect.succeed(view)
    ),
    Effect.retry({ schedule: Schedule.spaced("200 millis"), times: 100 })
  )

/**
 * Create the group's next invoice of `type` for `percent` now, and wait until it is issued. When the quote
 * changed since `view` was read (an email delivered, a colleague's edit), the server refuses with
 * `ChangeWarning`: read the picture again and decide again, once.
 */
const createNow = (api: Quotekit.Client, view: Invoicing, type: Invoice.InvoiceType, percent: number) =>
  Effect.gen(function* () {
    const create = (v: Invoicing) =>
      api.quoteInvoices.action({
        params: {
          action: "do-create",
          type,
          quote_id: v.quote_id,
          group: SubscriptionTerm.upFrontKey,
          adj_at: v.adjustment.next_adj_index,
          percent,
          invoice_id: 0
        },
        payload: { _modifiedIn: v._modifiedIn }
      })
    yield* create(view).pipe(
      Effect.catchTag("ChangeWarning", () =>
        Effect.flatMap(api.quoteInvoices.invoicing({ params: { id: view.quote_id } }), create)
      )
    )
    return yield* settled(api, view.quote_id)
  })

/** Accept the quote, invoice a 30% deposit, then the rest; the issued invoices in order. */
export const invoiceInStages = (api: Quotekit.Client, quoteId: number) =>
  Effect.gen(function* () {
    yield* api.quotes.acceptOnBehalf({ params: { id: String(quoteId) }, payload: null })
    const settings = yield* api.invoices.settings()
    if (!settings.builtin_enabled) yield* api.invoices.saveSettings({ payload: { ...settings, builtin_enabled: true } })

    let view = yield* api.quoteInvoices.invoicing({ params: { id: quoteId } })
    view = yield* createNow(api, view, Invoice.InvoiceType.Deposit, 30)
    const left = upFront(view)?.percent_left ?? 0
    if (left > 0) view = yield* createNow(api, view, Invoice.InvoiceType.Invoice, left)

    return (upFront(view)?.invoices ?? [])
      .filter((r) => r.document !== null && r.invoice.invoice_status === Invoice.InvoiceStatus.Sent)
      .map(
        (r): Issued => ({
          number: r.document!.number,
          kind: r.invoice.invoice_type_in === Invoice.InvoiceType.Deposit ? "deposit" : "invoice",
          amount: Money.toFixed(r.document!.total, 2),
          url: r.document!.url,
          pdf: r.document!.pdf_url
        })
      )
  })
