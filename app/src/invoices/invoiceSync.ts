/**
 * A real-time invoice update (`invoice-sync` on the account room) applied to the quote's invoicing picture in the
 * cache. As the spec says, it is skipped and only logged when the invoice is not on the page (no picture of the
 * quote held, or the picture has no such invoice), when the update is older than the held copy
 * (`invoice_modified`), or when the held copy is not in sent status; otherwise the update's invoice replaces the
 * held one in its row. Skipped updates are not lost: a syncing picture refetches every 2 s, and a page shown later
 * fetches afresh.
 *
 * Loaded on the first such update (`push/AccountUpdates.tsx`), so the shell does not carry the invoice schema.
 */
import type * as InvoicesApi from "@quotekit/core/api/InvoicesApi"
import * as Invoice from "@quotekit/core/Invoice"
import type { QueryClient } from "@tanstack/react-query"
import { Option, Schema } from "effect"
import { invoicingKey } from "./useInvoicing.ts"

/** What became of an update: merged into a new picture, or skipped and why. */
export type SyncOutcome =
  | { readonly _tag: "Merged"; readonly picture: InvoicesApi.Invoicing }
  | { readonly _tag: "Skipped"; readonly reason: "unreadable" | "not on the page" | "older" | "not sent" }

const decode = Schema.decodeUnknownOption(Invoice.Invoice)

/** The picture with `update` in place of its held copy, or why not (see the module header). Pure. */
export const merge = (picture: InvoicesApi.Invoicing | undefined, update: Invoice.Invoice): SyncOutcome => {
  const held = picture?.groups
    .flatMap((g) => g.invoices)
    .find((r) => r.invoice.quote_invoice_id === update.quote_invoice_id)
  if (picture === undefined || held === undefined) return { _tag: "Skipped", reason: "not on the page" }
  if (update.invoice_modified < held.invoice.invoice_modified) return { _tag: "Skipped", reason: "older" }
  if (held.invoice.invoice_status !== Invoice.InvoiceStatus.Sent) return { _tag: "Skipped", reason: "not sent" }
  return {
    _tag: "Merged",
    picture: {
      ...picture,
      groups: picture.groups.map((g) =>
        g.invoices.includes(held)
          ? { ...g, invoices: g.invoices.map((r) => (r === held ? { ...r, invoice: update } : r)) }
          : g
      )
    }
  }
}

/** Apply an `invoice-sync` (its quote and invoice as JSON) to the cached picture, or log why it was skipped. */
export const applyInvoiceSync = (queryClient: QueryClient, quoteId: number, invoiceJson: unknown): SyncOutcome => {
  const update = decode(invoiceJson)
  const key = invoicingKey(quoteId)
  const outcome = Option.isNone(update)
    ? ({ _tag: "Skipped", reason: "unreadable" } as const)
    : merge(queryClient.getQueryData<InvoicesApi.Invoicing>(key), update.value)
  if (outcome._tag === "Merged") queryClient.setQueryData(key, outcome.picture)
  else console.debug(`invoice-sync for quote ${quoteId} skipped: ${outcome.reason}`)
  return outcome
}
