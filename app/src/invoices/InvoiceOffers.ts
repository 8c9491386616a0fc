/**
 * What the invoicing panel offers, read off the server's picture (`InvoicesApi.Invoicing`) with the core's
 * rules: whether the panel shows at all, the buttons of each invoice row and suggestion, whether a percent may be
 * split and what a Split sends, the words for types and statuses, and the Complete button's label. Pure, so the
 * choices are tested without a screen.
 */
import type * as InvoicesApi from "@quotekit/core/api/InvoicesApi"
import type * as QuotesApi from "@quotekit/core/api/QuotesApi"
import * as Invoice from "@quotekit/core/Invoice"
import * as Money from "@quotekit/core/Money"
import * as QuoteAction from "@quotekit/core/QuoteAction"
import * as QuoteSave from "@quotekit/core/QuoteSave"
import type * as QuoteStatus from "@quotekit/core/QuoteStatus"
import * as SubscriptionTerm from "@quotekit/core/SubscriptionTerm"
import type { Messages } from "../page/useMessages.ts"
import type { InvoicingText } from "./invoicingText.ts"

type Picture = InvoicesApi.Invoicing
type Row = InvoicesApi.InvoiceRow

/**
 * Whether a quote in this status may have an invoicing picture worth fetching: any quote past draft (invoices
 * exist only on quotes accepted at some point, which undoing the acceptance or editing leaves past draft).
 */
export const mayHaveInvoices = (status: QuoteStatus.QuoteStatus): boolean => status !== "draft"

/** The panel shows for an accepted quote, and for any quote that has invoices (one accepted before, say). */
export const showsPanel = (picture: Pick<Picture, "status" | "groups">): boolean =>
  picture.status === "accepted" || picture.groups.some((g) => g.invoices.length > 0)

/** Whether any invoice is on its way to its destination (the picture is fetched again until it lands). */
export const isSyncing = (picture: Pick<Picture, "groups">): boolean =>
  picture.groups.some((g) => g.invoices.some((r) => Invoice.syncDisplay(r.invoice)._tag === "Syncing"))

/** Whether invoices may be created now (accepted, and a destination connected). */
export const mayCreate = (picture: Pick<Picture, "creation_blocked">): boolean => picture.creation_blocked === null

/** Whether anything may be staged (the quote is accepted; a destination is only needed to create). */
export const mayStage = (picture: Pick<Picture, "creation_blocked">): boolean =>
  picture.creation_blocked?.reason !== "not-accepted"

/** A button of an invoice row. */
export type RowAction = "createNow" | "remove" | "doNotCreate" | "markRemoved"

/**
 * A row's buttons: a ready invoice may be created now (when creation is open), removed ('Never created') or
 * not created at all; a sent one may be marked removed (after 'Really?'); queued and removed ones offer nothing.
 */
export const rowActions = (row: Row, picture: Pick<Picture, "creation_blocked">): ReadonlyArray<RowAction> => {
  switch (row.invoice.invoice_status) {
    case Invoice.InvoiceStatus.Ready:
      return [...(mayCreate(picture) ? (["createNow"] as const) : []), "remove", "doNotCreate"]
    case Invoice.InvoiceStatus.Sent:
      return ["markRemoved"]
    default:
      return []
  }
}

/** Which suggestion of a group a line of the panel is. */
export type SuggestionKind = "next" | "credit" | "skipped"

/** A button of a suggestion. */
export type SuggestionAction = "stage" | "createNow" | "restore"

/**
 * A suggestion's buttons: the skipped one is 'Restore to Ready'; the next invoice, deposit or credit may be
 * staged, or created now when creation is open. Nothing is offered while the quote is not accepted.
 */
export const suggestionActions = (
  kind: SuggestionKind,
  picture: Pick<Picture, "creation_blocked">
): ReadonlyArray<SuggestionAction> => {
  if (!mayStage(picture)) return []
  if (kind === "skipped") return ["restore"]
  return ["stage", ...(mayCreate(picture) ? (["createNow"] as const) : [])]
}

/** Whether a suggestion's percent may be chosen before staging (invoices and deposits; credits take all). */
export const suggestionPercentEditable = (s: InvoicesApi.Suggestion): boolean => Invoice.isPercentType(s.type)

/**
 * The adjustment index an action names: a suggestion's or invoice's own for the up-front group, 0 for a
 * subscription group (the spec's URL: 'max adjustment index, 0 for subscription').
 */
export const adjAtFor = (group: SubscriptionTerm.GroupKey, adjAt: number): number =>
  group === SubscriptionTerm.UP_FRONT ? adjAt : 0

/** A percent as a whole number (what the action URL carries), from a number field's decimal. */
export const wholePercent = (value: Money.Fixed): number => Number(Money.toFixed(value, 0))

/**
 * What Split sends for a ready row's new percent: nothing when the row's percent may not change, or when the
 * percent is the one it has (the spec: a submit with the percent unchanged does nothing); else the percent.
 */
export const splitPercent = (row: Row, percent: number): number | null =>
  !row.editable || percent === row.invoice.per_chosen ? null : percent

/** Whether 'Add or Credit Items' belongs on the panel: an accepted quote (the core's `QuoteSave.isAdjustable`). */
export const offersAdjustment = (picture: Pick<Picture, "status">): boolean => QuoteSave.isAdjustable(picture.status)

/** The name of an invoice type: Invoice, Deposit, Credit or Subscription. */
export const typeName = (m: Messages, t: InvoicingText, type: Invoice.InvoiceType): string => {
  switch (type) {
    case Invoice.InvoiceType.Invoice:
      return t.invoice
    case Invoice.InvoiceType.Deposit:
      return m.deposit
    case Invoice.InvoiceType.Credit:
      return m.credit
    case Invoice.InvoiceType.Subscription:
      return m.subscription
  }
}

/** The name of an invoice status: Ready, Creating (queued), Sent or Removed. */
export const statusName = (m: Messages, t: InvoicingText, status: Invoice.InvoiceStatus): string => {
  switch (status) {
    case Invoice.InvoiceStatus.Ready:
      return t.statusReady
    case Invoice.InvoiceStatus.Queued:
      return t.statusQueued
    case Invoice.InvoiceStatus.Sent:
      return m.sent
    case Invoice.InvoiceStatus.Removed:
      return t.statusRemoved
  }
}

/** An amount in a currency: the symbol, comma thousands and 2 decimals ("$1,234.50", "-$20.00"). */
export const money = (symbol: string, amount: Money.Fixed): string => {
  const figures = Money.format(amount)
  return figures.startsWith("-") ? `-${symbol}${figures.slice(1)}` : `${symbol}${figures}`
}

/** The ids of the picture's ready invoices, in the panel's order (what 'Complete & Invoice' creates). */
export const readyInvoiceIds = (picture: Pick<Picture, "groups">): ReadonlyArray<number> =>
  picture.groups.flatMap((g) =>
    g.invoices
      .filter((r) => r.invoice.invoice_status === Invoice.InvoiceStatus.Ready)
      .map((r) => r.invoice.quote_invoice_id)
  )

/** Whether Complete should invoice too: ready invoices exist and a destination is connected. */
export const completesAndInvoices = (picture: Pick<Picture, "ready_count" | "destination"> | undefined): boolean =>
  picture !== undefined && picture.ready_count > 0 && picture.destination.kind !== "none"

/**
 * The action bar's offers with the Complete button worded by the core (`QuoteAction.label`): 'Complete &
 * Invoice' while the picture has ready invoices and a destination, else as the server worded it.
 */
export const withCompleteLabel = (
  offers: ReadonlyArray<QuotesApi.ActionOffer>,
  picture: Pick<Picture, "ready_count" | "destination" | "status"> | undefined,
  nowSeconds: number
): ReadonlyArray<QuotesApi.ActionOffer> => {
  if (!completesAndInvoices(picture) || picture === undefined) return offers
  const ctx = QuoteAction.context(nowSeconds, { readyInvoicesExist: true, addonConnected: true })
  const label = QuoteAction.label("complete", QuoteAction.initial(picture.status), ctx)
  return offers.map((o) => (o.action === "complete" ? { ...o, label } : o))
}
