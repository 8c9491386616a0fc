/**
 * Invoicing one accepted quote: the bridge between a quote as stored (its rows, pricing settings and invoices)
 * and `InvoiceSplit`, and the rules of the invoicing actions the spec names (`/act-on/quote-invoice/...`):
 *
 * - `do-stage`: stage the group's next invoice, deposit, credit or subscription invoice as a ready invoice (a new
 *   one, id 0 or below), or change the percent of a ready one (Split). 'Restore to Ready' stages a skipped
 *   suggestion, which then fills as later adjustments add items.
 * - `do-create`: stage (when new) and create now: the invoice is queued for its destination.
 * - `do-not-create`: drop a staged ready invoice that was never created (a new one is simply not stored).
 * - `create-invoice`: create a staged ready invoice now.
 * - `set-removed`: mark a created invoice removed (the user removes it in the accounting add-on by hand), or a
 *   ready one 'Never created'. What it used is given back from that position on (`InvoiceSplit`).
 *
 * What an invoice covers is never stored per item: `InvoiceSplit.compute` works it out from the rows and the
 * ordered invoices each time, so the stored `invoice_amount` of every invoice is refreshed from it after any
 * change (`amounts`). An item's invoiceable total is its `iTotalDis` (`QuoteTotals`): after the item and overall
 * discounts, in the basis prices were entered in; tax is added per invoice (`InvoiceDocument`).
 *
 * @since 0.2.0
 */
import { BigDecimal, Option, Result, Schema } from "effect"
import * as ContactChoice from "./ContactChoice.ts"
import * as Invoice from "./Invoice.ts"
import * as InvoiceDocument from "./InvoiceDocument.ts"
import * as InvoiceSplit from "./InvoiceSplit.ts"
import * as Message from "./Message.ts"
import * as Money from "./Money.ts"
import type { QuoteStatus } from "./QuoteStatus.ts"
import * as QuoteTotals from "./QuoteTotals.ts"
import * as SubscriptionTerm from "./SubscriptionTerm.ts"
import type * as TaxMode from "./TaxMode.ts"

const PRICE = 1

/** A quote row as invoicing reads it (the stored row has all of these). */
export interface Row extends QuoteTotals.Row {
  readonly quantity: Money.Decimal
  readonly price_total: Money.Decimal
  readonly added_adj_at: number
  readonly credited_adj_at: number
}

/** The quote as invoicing reads it. */
export interface QuoteInput {
  readonly status: QuoteStatus
  readonly items: ReadonlyArray<Row>
  readonly amounts_entered: TaxMode.TaxMode
  readonly discount_overall: Money.Decimal
  readonly deposit_percent: Money.Decimal
  readonly taxIdToRate: ReadonlyMap<number, Money.Decimal>
  /** The quote's current adjustment (`next_adj_index`). */
  readonly next_adj_index: number
}

/**
 * The split's view of the quote's price rows: each row's invoiceable total is its discounted line total
 * (`iTotalDis`); unchosen options are not invoiced. Text, subtotal and total rows take no part.
 */
export const splitItems = (quote: QuoteInput): ReadonlyArray<InvoiceSplit.Item> => {
  const totals = QuoteTotals.compute({
    items: quote.items,
    amounts_entered: quote.amounts_entered,
    discount_overall: quote.discount_overall,
    deposit_percent: quote.deposit_percent,
    taxIdToRate: quote.taxIdToRate
  })
  const out: Array<InvoiceSplit.Item> = []
  quote.items.forEach((row, i) => {
    if (row.item_type !== PRICE) return
    const figures = totals.items[i] as QuoteTotals.ItemTotals
    out.push(
      InvoiceSplit.itemFrom(
        { ...row, price_total: figures.iTotalDis },
        ContactChoice.isSelected(row.contact_choice, row.contact_selected)
      )
    )
  })
  return out
}

/** The split's options for the quote: its current adjustment and whole deposit percent. */
export const options = (quote: Pick<QuoteInput, "next_adj_index" | "deposit_percent">): InvoiceSplit.Options => ({
  adjIndex: quote.next_adj_index,
  depositPercent: Invoice.defaultPercent(Invoice.InvoiceType.Deposit, quote.deposit_percent)
})

/** The whole invoicing picture of the quote (`invoices` in their order: creation order). */
export const compute = (quote: QuoteInput, invoices: ReadonlyArray<Invoice.Invoice>): InvoiceSplit.Split =>
  InvoiceSplit.compute(splitItems(quote), invoices.map(InvoiceSplit.entryFrom), options(quote))

/**
 * Every invoice with its `invoice_amount` as the split now works it out (a ready invoice follows the quote's
 * latest adjustment first). Only the invoices whose stored figures changed are returned.
 */
export const refreshed = (
  quote: QuoteInput,
  invoices: ReadonlyArray<Invoice.Invoice>
): ReadonlyArray<Invoice.Invoice> => {
  const followed = invoices.map((i) => Invoice.followAdjustment(i, quote.next_adj_index))
  const split = compute(quote, followed)
  const changed: Array<Invoice.Invoice> = []
  followed.forEach((invoice, i) => {
    const result = split.invoices[i] as InvoiceSplit.InvoiceResult
    // Locked invoices keep the amount they were created with (the split never changes them anyway).
    const amount = Invoice.isLocked(invoice.invoice_status) ? invoice.invoice_amount : result.applied
    const original = invoices[i] as Invoice.Invoice
    if (!BigDecimal.equals(amount, original.invoice_amount) || invoice.invoice_adj_at !== original.invoice_adj_at) {
      changed.push({ ...invoice, invoice_amount: amount })
    }
  })
  return changed
}

// --- what invoices charge ------------------------------------------------------------------------------------

const taxFacts = (quote: QuoteInput): ReadonlyMap<number, InvoiceDocument.ItemFacts> =>
  new Map(
    quote.items.map((r) => [
      r.quote_item_id,
      {
        quote_item_id: r.quote_item_id,
        item_code: "",
        item_title: "",
        price_unit: Money.zero,
        item_tax_id: r.item_tax_id
      }
    ])
  )

/**
 * What an invoice (or suggestion) covering `lines` charges, tax included as its document will show it
 * (`InvoiceDocument`): the split works in the quote's entry basis, the customer pays this.
 */
export const charged = (
  quote: QuoteInput,
  type: Invoice.InvoiceType,
  lines: ReadonlyArray<InvoiceSplit.Line>
): Money.Decimal =>
  InvoiceDocument.build({ type, lines }, taxFacts(quote), quote.amounts_entered, quote.taxIdToRate).total

/**
 * A group's figures as charged: its total (every live item whole, tax per rate as on the quote), what the
 * invoices standing charge (credits count against), and what is left (the live items' uninvoiced parts, as an
 * invoice of them would charge; nothing when nothing is left in the split's basis). Tax is rounded per invoice,
 * so `invoiced + remaining` can differ from `total` by a cent.
 */
export const chargedGroup = (
  quote: QuoteInput,
  group: InvoiceSplit.GroupResult,
  invoices: ReadonlyArray<InvoiceSplit.InvoiceResult>
): { readonly total: Money.Decimal; readonly invoiced: Money.Decimal; readonly remaining: Money.Decimal } => {
  const items = new Map(splitItems(quote).map((i) => [i.id, i]))
  const whole = group.items.flatMap((state): Array<InvoiceSplit.Line> => {
    const item = items.get(state.itemId)
    return state.live && item !== undefined
      ? [{ itemId: state.itemId, percent: 100, quantity: item.quantity, amount: Money.roundAmount(item.total) }]
      : []
  })
  const total = charged(quote, Invoice.InvoiceType.Invoice, whole)
  let invoiced = Money.zero
  for (const r of invoices) {
    if (r.group !== group.key || r.status === Invoice.InvoiceStatus.Removed) continue
    const c = charged(quote, r.type, r.lines)
    invoiced = Invoice.isCredit(r.type) ? BigDecimal.subtract(invoiced, c) : BigDecimal.sum(invoiced, c)
  }
  // What is left: the live items' uninvoiced parts, charged as an invoice of them would be.
  const left = group.items.flatMap(
    (state): Array<InvoiceSplit.Line> =>
      state.live && !BigDecimal.isZero(state.left)
        ? [{ itemId: state.itemId, percent: 100 - state.usedPercent, quantity: Money.zero, amount: state.left }]
        : []
  )
  const remaining = charged(quote, Invoice.InvoiceType.Invoice, left)
  return { total, invoiced, remaining }
}

// --- actions -----------------------------------------------------------------------------------------------

/** The invoicing actions of `/act-on/quote-invoice/action/{action}/...`. */
export const Action = Schema.Literals(["do-stage", "do-create", "do-not-create"])
/** An invoicing action. */
export type Action = typeof Action.Type

/** Why an invoicing action was refused. */
export const RefusalReason = Schema.Literals([
  "not-accepted",
  "no-destination",
  "wrong-type",
  "adjustment-ahead",
  "nothing-to-invoice",
  "nothing-to-credit",
  "zero-percent",
  "over-remaining",
  "below-zero",
  "not-editable",
  "locked",
  "not-ready",
  "not-saved",
  "wrong-group",
  "not-found"
])
/** A refusal reason. */
export type RefusalReason = typeof RefusalReason.Type

/** An invoicing action the rules do not allow; `message` is what the user reads. */
export class InvoiceRefused extends Schema.TaggedError<InvoiceRefused>()("InvoiceRefused", {
  reason: RefusalReason,
  message: Schema.String
}) {
  /** Whether the request itself is malformed (400) rather than refused in the quote's current state (409). */
  get isBadInput(): boolean {
    return this.reason === "wrong-type" || this.reason === "adjustment-ahead" || this.reason === "wrong-group"
  }
}

const refuse = (reason: RefusalReason, message: string): Result.Result<never, InvoiceRefused> =>
  Result.fail(new InvoiceRefused({ reason, message }))

const m = Message.catalogue

/** A stage request: what the URL of `do-stage` / `do-create` names. */
export interface StageRequest {
  readonly type: Invoice.InvoiceType
  readonly group: SubscriptionTerm.GroupKey
  /** Highest adjustment index it covers; 0 for subscriptions, which always cover the quote as it is now. */
  readonly adjAt: number
  readonly percent: number
  /** A ready invoice to change (Split), or 0 or below for a new one. */
  readonly invoiceId: number
}

/** What a stage request changes. */
export type StageChange =
  | { readonly _tag: "Insert"; readonly invoice: Invoice.Invoice }
  | { readonly _tag: "SetPercent"; readonly invoice: Invoice.Invoice }
  | { readonly _tag: "Unchanged"; readonly invoice: Invoice.Invoice }

/** Refused unless the quote is accepted. */
export const requireAccepted = (status: QuoteStatus): Result.Result<void, InvoiceRefused> =>
  status === "accepted" ? Result.void : refuse("not-accepted", m.invoiceNotAccepted)

/**
 * Check a stage request against the quote and its invoices (in order) and say what it changes. A new invoice
 * must cover something (an invoice or deposit: its percent, capped by what is left; a credit: the credited
 * items' invoiced part), except the group's skipped suggestion ('Restore to Ready'). A ready invoice's percent
 * changes only as the Split rules allow (`InvoiceSplit.checkPercent`).
 */
export const stage = (
  quote: QuoteInput,
  invoices: ReadonlyArray<Invoice.Invoice>,
  request: StageRequest,
  context: { readonly account_id: number; readonly quote_id: number; readonly now: number }
): Result.Result<StageChange, InvoiceRefused> => {
  const accepted = requireAccepted(quote.status)
  if (Result.isFailure(accepted)) return Result.fail(accepted.failure)
  const { type, group } = request
  if (!Invoice.allowedTypes(group).includes(type)) return refuse("wrong-type", m.invoiceWrongType)
  const upFront = group === SubscriptionTerm.UP_FRONT
  if (upFront && request.adjAt > quote.next_adj_index) return refuse("adjustment-ahead", m.invoiceAdjustmentAhead)
  const items = splitItems(quote)
  const entries = invoices.map(InvoiceSplit.entryFrom)
  const opts = options(quote)

  if (request.invoiceId > 0) {
    const position = invoices.findIndex((i) => i.quote_invoice_id === request.invoiceId)
    const invoice = invoices[position]
    if (invoice === undefined) return refuse("not-found", m.invoiceNotFound)
    if (invoice.invoice_group !== group || invoice.invoice_type_in !== type)
      return refuse("wrong-group", m.invoiceWrongGroup)
    if (Invoice.isLocked(invoice.invoice_status)) return refuse("locked", m.invoiceLocked)
    const check = InvoiceSplit.checkPercent(items, entries, opts, position, request.percent)
    switch (check._tag) {
      case "Unchanged":
        return Result.succeed({ _tag: "Unchanged", invoice })
      case "NotEditable":
        return Invoice.effectivePercent(type, request.percent) === invoice.per_chosen
          ? Result.succeed({ _tag: "Unchanged", invoice })
          : refuse("not-editable", m.invoicePercentFixed)
      case "Ignored":
        return check.reason === "zero"
          ? refuse("zero-percent", m.invoiceZeroPercent)
          : refuse("over-remaining", m.invoiceOverRemaining(leftBefore(items, entries, opts, position)))
      case "Disabled":
        return refuse("below-zero", m.invoiceBelowZero)
      case "Apply":
        return Result.succeed({
          _tag: "SetPercent",
          invoice: {
            ...invoice,
            per_chosen: check.percent,
            invoice_amount: check.applied,
            invoice_modified: context.now
          }
        })
    }
  }

  const percent = Invoice.effectivePercent(type, request.percent)
  if (Invoice.isPercentType(type) && percent === 0) return refuse("zero-percent", m.invoiceZeroPercent)
  const adjAt = upFront ? request.adjAt : quote.next_adj_index
  const draft = Invoice.makeDraft({
    quote_invoice_id: 0,
    account_id: context.account_id,
    quote_id: context.quote_id,
    group,
    type,
    percent,
    adjAt,
    now: context.now
  })
  const before = InvoiceSplit.compute(items, entries, opts)
  const groupBefore = InvoiceSplit.group(before, group)
  const skipped = Option.flatMap(groupBefore, (g) => g.skipped)
  const restoring = Option.isSome(skipped) && skipped.value.type === type
  if (Invoice.isPercentType(type) && !restoring) {
    const left = Option.match(groupBefore, { onNone: () => 0, onSome: (g) => g.percentLeft })
    if (percent > left && left > 0) return refuse("over-remaining", m.invoiceOverRemaining(left))
  }
  const after = InvoiceSplit.compute(items, [...entries, InvoiceSplit.entryFrom(draft)], opts)
  const result = after.invoices[entries.length] as InvoiceSplit.InvoiceResult
  if (result.appliesNothing && !restoring) {
    return Invoice.isCredit(type)
      ? refuse("nothing-to-credit", m.invoiceNothingToCredit)
      : refuse("nothing-to-invoice", m.invoiceNothingLeft)
  }
  return Result.succeed({ _tag: "Insert", invoice: { ...draft, invoice_amount: result.applied } })
}

const leftBefore = (
  items: ReadonlyArray<InvoiceSplit.Item>,
  entries: ReadonlyArray<InvoiceSplit.Entry>,
  opts: InvoiceSplit.Options,
  position: number
): number => InvoiceSplit.compute(items, entries, opts).invoices[position]?.percentLeftBefore ?? 0

/** Find an invoice of the quote by id, refusing an id it does not have. */
export const find = (
  invoices: ReadonlyArray<Invoice.Invoice>,
  id: number
): Result.Result<{ readonly invoice: Invoice.Invoice; readonly position: number }, InvoiceRefused> => {
  const position = invoices.findIndex((i) => i.quote_invoice_id === id)
  const invoice = invoices[position]
  return invoice === undefined ? refuse("not-found", m.invoiceNotFound) : Result.succeed({ invoice, position })
}

/**
 * Create a ready invoice now: it is queued for its destination, syncing. Refused unless the quote is accepted and
 * invoices have a destination. Creating one already created is not a change (a double submit).
 */
export const create = (
  status: QuoteStatus,
  destination: boolean,
  invoice: Invoice.Invoice,
  now: number
): Result.Result<Option.Option<Invoice.Invoice>, InvoiceRefused> => {
  const accepted = requireAccepted(status)
  if (Result.isFailure(accepted)) return Result.fail(accepted.failure)
  if (!destination) return refuse("no-destination", m.connectAccounting)
  if (
    invoice.invoice_status === Invoice.InvoiceStatus.Queued ||
    invoice.invoice_status === Invoice.InvoiceStatus.Sent
  ) {
    return Result.succeed(Option.none())
  }
  if (invoice.invoice_status !== Invoice.InvoiceStatus.Ready) return refuse("not-ready", m.invoiceNotReady)
  if (BigDecimal.isZero(invoice.invoice_amount)) return refuse("nothing-to-invoice", m.invoiceNothingLeft)
  return Result.succeed(
    Option.some({
      ...invoice,
      invoice_status: Invoice.InvoiceStatus.Queued,
      invoice_sync_status: Invoice.SyncStatus.Syncing,
      invoice_modified: now,
      error_html: ""
    })
  )
}

/**
 * Mark an invoice removed at `position` (the quote's invoice count now): a created one stays in the add-on until
 * the user removes it there; a ready one is 'Never created'. Removing one already removed is not a change.
 */
export const remove = (
  invoice: Invoice.Invoice,
  group: string,
  context: { readonly now: number; readonly position: number }
): Result.Result<Option.Option<Invoice.Invoice>, InvoiceRefused> => {
  if (invoice.invoice_group !== group) return refuse("wrong-group", m.invoiceWrongGroup)
  if (invoice.invoice_status === Invoice.InvoiceStatus.Removed) return Result.succeed(Option.none())
  if (invoice.invoice_status === Invoice.InvoiceStatus.Queued) return refuse("locked", m.invoiceSyncing)
  const moved = Invoice.transition(invoice, Invoice.InvoiceStatus.Removed, context)
  return Result.isFailure(moved) ? refuse("locked", m.invoiceLocked) : Result.succeed(Option.some(moved.success))
}

/** 'Do not create': drop a staged ready invoice (never created). Locked invoices are refused. */
export const drop = (invoice: Invoice.Invoice): Result.Result<void, InvoiceRefused> =>
  invoice.invoice_status === Invoice.InvoiceStatus.Ready ? Result.void : refuse("locked", m.invoiceLocked)
