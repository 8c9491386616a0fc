/**
 * The quote invoice entity: one stage of invoicing an accepted quote (an invoice, a deposit, a credit note or a
 * subscription), its enumerations, per-status rules and allowed status changes.
 *
 * Lifecycle: a new invoice is `ready` (saved or not; an unsaved one has id 0 or below). Creating it queues it
 * for the accounting add-on (`queued`), and it becomes `sent` once synced. Queued and sent invoices are locked.
 * A sent (or saved but never created) invoice can be marked `removed`; that only marks it in quotekit, the user
 * removes it in the add-on by hand. An unsaved ready invoice is not removed but dropped ('do-not-create').
 *
 * Removal position: `invoice_removed_index` is the number of invoices the quote had when this one was removed,
 * i.e. the position (in the quote's invoice order) from which its usage is given back. Invoices before that
 * position keep seeing what it used, so locked invoices never change their amounts (see `InvoiceSplit`).
 *
 * @example
 * import * as Invoice from "@quotekit/core/Invoice"
 * Invoice.isLocked(Invoice.InvoiceStatus.Sent)          // true
 * Invoice.canTransition(Invoice.InvoiceStatus.Sent, Invoice.InvoiceStatus.Removed) // true
 *
 * @since 0.1.0
 */
import { Result, Schema } from "effect"
import * as Account from "./Account.ts"
import * as Message from "./Message.ts"
import * as Money from "./Money.ts"
import * as Quote from "./Quote.ts"
import type { QuoteStatus } from "./QuoteStatus.ts"
import * as SubscriptionTerm from "./SubscriptionTerm.ts"

/** Invoice types by name (`invoice_type_in` / `invoice_type_out`). */
export const InvoiceType = { Invoice: 0, Deposit: 5, Credit: 10, Subscription: 20 } as const
/** An invoice type: 0 invoice, 5 deposit, 10 credit, 20 subscription. */
export type InvoiceType = (typeof InvoiceType)[keyof typeof InvoiceType]
/** Wire schema of an invoice type. */
export const InvoiceTypeSchema = Schema.Literals([0, 5, 10, 20])

/** Invoice statuses by name (`invoice_status`). */
export const InvoiceStatus = { Ready: 0, Queued: 10, Sent: 11, Removed: 100 } as const
/** An invoice status: 0 ready, 10 queued, 11 sent, 100 removed. */
export type InvoiceStatus = (typeof InvoiceStatus)[keyof typeof InvoiceStatus]
/** Wire schema of an invoice status. */
export const InvoiceStatusSchema = Schema.Literals([0, 10, 11, 100])

/** Sync statuses by name (`invoice_sync_status`): where the add-on copy of the invoice stands. */
export const SyncStatus = { Ready: 1, Syncing: 10, Synced: 11, Error: 100 } as const
/** A sync status: 1 ready, 10 syncing, 11 synced, 100 error. */
export type SyncStatus = (typeof SyncStatus)[keyof typeof SyncStatus]
/** Wire schema of a sync status. */
export const SyncStatusSchema = Schema.Literals([1, 10, 11, 100])

/** Identifier of a quote invoice; 0 or below for one not saved yet. */
export const QuoteInvoiceId = Schema.Int.pipe(Schema.brand("QuoteInvoiceId"))
/** A `quote_invoice_id`. */
export type QuoteInvoiceId = typeof QuoteInvoiceId.Type

/** Chosen percent of an invoice: a whole number 0-100 (the spec's limit). */
export const Percent = Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 100 }))

/** Default chosen percent of a new invoice. */
export const DEFAULT_PERCENT = 100

const EpochSeconds = Schema.Int.check(Schema.isGreaterThanOrEqualTo(0))
const AdjIndex = Schema.Int.check(Schema.isGreaterThanOrEqualTo(0))

/**
 * Schema of a quote invoice as stored and sent over the API (field names from the spec). Times are epoch
 * seconds (0 = not yet); `invoice_amount` is a decimal string on the wire.
 */
export const Invoice = Schema.Struct({
  quote_invoice_id: QuoteInvoiceId,
  account_id: Account.AccountId,
  quote_id: Quote.QuoteId,
  /** The highest adjustment index whose items this invoice covers (0 = the accepted quote). */
  invoice_adj_at: AdjIndex,
  addon_org_id: Schema.String,
  addon_invoice_url: Schema.String,
  addon_id: Schema.Int,
  addon_invoice_id: Schema.String,
  addon_invoice_number: Schema.String,
  invoice_sync_status: SyncStatusSchema,
  per_chosen: Percent,
  invoice_status: InvoiceStatusSchema,
  /** The type the user asked for. */
  invoice_type_in: InvoiceTypeSchema,
  /** The type as created in the add-on (a credit becomes a credit note there); equals `invoice_type_in` until created. */
  invoice_type_out: InvoiceTypeSchema,
  invoice_amount: Money.DecimalFromString,
  ...SubscriptionTerm.fields,
  invoice_removed_index: Schema.Int.check(Schema.isGreaterThanOrEqualTo(0)),
  invoice_sent_date: EpochSeconds,
  invoice_creation: EpochSeconds,
  invoice_modified: EpochSeconds,
  /** The invoice group: `"up-front"` or a subscription group key (see `SubscriptionTerm.groupKey`). */
  invoice_group: SubscriptionTerm.GroupKey,
  /** Link to the organisation in the add-on. */
  addon_url: Schema.optionalKey(Schema.String),
  /** The add-on's explanation when syncing failed (HTML from the add-on, shown under 'Show Issue'). */
  error_html: Schema.optionalKey(Schema.String)
})

/** A quote invoice. */
export type Invoice = typeof Invoice.Type

/** Whether the invoice has not been saved yet (id 0 or below, a temporary client record). */
export const isNew = (invoice: Pick<Invoice, "quote_invoice_id">): boolean => invoice.quote_invoice_id <= 0

/** Whether a ready invoice's adjustment index may still follow the quote's latest adjustment (ready only). */
export const mayUpdateAdjustmentIndex = (status: InvoiceStatus): boolean => status === InvoiceStatus.Ready

/** Whether an invoice in this status takes up percent space for the invoices that follow (ready, queued, sent). */
export const takesPercentSpace = (status: InvoiceStatus): boolean => status !== InvoiceStatus.Removed

/** Whether an invoice in this status can no longer be edited (queued, sent, removed). */
export const isLocked = (status: InvoiceStatus): boolean => status !== InvoiceStatus.Ready

/** Whether the type is invoiced by a chosen percent (invoice or deposit); credits and subscriptions take all. */
export const isPercentType = (type: InvoiceType): boolean =>
  type === InvoiceType.Invoice || type === InvoiceType.Deposit

/** Whether an invoice of this type gives back rather than charges (a credit note). */
export const isCredit = (type: InvoiceType): boolean => type === InvoiceType.Credit

/**
 * The percent an invoice of this type actually uses: the chosen one for percent types, always 100 for credits
 * and subscriptions (they take, or give back, everything they cover).
 */
export const effectivePercent = (type: InvoiceType, chosen: number): number => (isPercentType(type) ? chosen : 100)

/**
 * The percent a new invoice of a type starts with: the quote's deposit percent for a deposit (rounded to a whole
 * number and kept within 0-100, since invoice percents are integers), else 100.
 */
export const defaultPercent = (type: InvoiceType, depositPercent: Money.Decimal): number => {
  if (type !== InvoiceType.Deposit) return DEFAULT_PERCENT
  const whole = Number(Money.toFixed(Money.roundTo(depositPercent, 0), 0))
  return Math.min(100, Math.max(0, whole))
}

/** Which invoice types belong in a group: invoices, deposits and credits up front; subscriptions and credits per term. */
export const allowedTypes = (group: SubscriptionTerm.GroupKey): ReadonlyArray<InvoiceType> =>
  group === SubscriptionTerm.UP_FRONT
    ? [InvoiceType.Invoice, InvoiceType.Deposit, InvoiceType.Credit]
    : [InvoiceType.Subscription, InvoiceType.Credit]

/**
 * Whether the invoice ever reached the add-on (queued or sent now, or removed after being sent), as opposed to a
 * ready invoice that was removed before creation ('Never created').
 */
export const wasCreated = (
  invoice: Pick<Invoice, "invoice_status" | "invoice_sent_date" | "addon_invoice_id">
): boolean =>
  invoice.invoice_status === InvoiceStatus.Queued ||
  invoice.invoice_status === InvoiceStatus.Sent ||
  (invoice.invoice_status === InvoiceStatus.Removed &&
    (invoice.invoice_sent_date > 0 || invoice.addon_invoice_id !== ""))

const TRANSITIONS: ReadonlyArray<readonly [InvoiceStatus, InvoiceStatus]> = [
  [InvoiceStatus.Ready, InvoiceStatus.Queued], // created: queued for the add-on
  [InvoiceStatus.Ready, InvoiceStatus.Sent], // created and synced in one step
  [InvoiceStatus.Ready, InvoiceStatus.Removed], // a saved ready invoice the user removes ('Never created')
  [InvoiceStatus.Queued, InvoiceStatus.Sent], // synced
  [InvoiceStatus.Queued, InvoiceStatus.Ready], // sync failed before the add-on created it: back to ready to retry
  [InvoiceStatus.Sent, InvoiceStatus.Removed] // marked removed; the user removes it in the add-on
]

/** Why invoices cannot be created on a quote: it is not accepted, or no accounting add-on is connected. */
export type CreationBlocked = "not-accepted" | "no-addon"

/**
 * Whether invoices may be created: only on an accepted quote with a connected accounting add-on (Xero or
 * QuickBooks). When blocked for want of an add-on, show `creationHint` with a link to the settings.
 */
export const creation = (status: QuoteStatus, addonConnected: boolean): Result.Result<void, CreationBlocked> =>
  status !== "accepted" ? Result.fail("not-accepted") : addonConnected ? Result.void : Result.fail("no-addon")

/** The hint shown instead of invoice creation when no accounting add-on is connected. */
export const creationHint: string = Message.catalogue.connectAccounting

/** Whether the status change is allowed (see the module header for the lifecycle). */
export const canTransition = (from: InvoiceStatus, to: InvoiceStatus): boolean =>
  TRANSITIONS.some(([f, t]) => f === from && t === to)

/** The statuses an invoice may move to next. */
export const nextStatuses = (from: InvoiceStatus): ReadonlyArray<InvoiceStatus> =>
  TRANSITIONS.filter(([f]) => f === from).map(([, t]) => t)

/** A status change that the lifecycle does not allow, or removal of an invoice that was never saved. */
export class InvalidTransition extends Schema.TaggedError<InvalidTransition>()("InvalidTransition", {
  quote_invoice_id: Schema.Int,
  from: InvoiceStatusSchema,
  to: InvoiceStatusSchema
}) {}

/**
 * Move an invoice to a new status at `now` (epoch seconds). Removing records `position`, the quote's invoice
 * count now, as `invoice_removed_index`; becoming sent stamps the sent date if the add-on gave none.
 * An unsaved invoice cannot be removed (drop it instead, see `canDrop`).
 */
export const transition = (
  invoice: Invoice,
  to: InvoiceStatus,
  context: { readonly now: number; readonly position: number }
): Result.Result<Invoice, InvalidTransition> => {
  const from = invoice.invoice_status
  const refused = !canTransition(from, to) || (to === InvoiceStatus.Removed && isNew(invoice))
  if (refused) return Result.fail(new InvalidTransition({ quote_invoice_id: invoice.quote_invoice_id, from, to }))
  return Result.succeed({
    ...invoice,
    invoice_status: to,
    invoice_modified: context.now,
    invoice_removed_index: to === InvoiceStatus.Removed ? context.position : invoice.invoice_removed_index,
    invoice_sent_date:
      to === InvoiceStatus.Sent && invoice.invoice_sent_date === 0 ? context.now : invoice.invoice_sent_date
  })
}

/** Whether the invoice can be dropped ('do-not-create'): only an unsaved ready invoice, which is simply discarded. */
export const canDrop = (invoice: Pick<Invoice, "quote_invoice_id" | "invoice_status">): boolean =>
  isNew(invoice) && invoice.invoice_status === InvoiceStatus.Ready

/**
 * Let a ready invoice follow the quote's latest adjustment, so items added since it was staged are included;
 * invoices in any other status keep the adjustment they were created at.
 */
export const followAdjustment = (invoice: Invoice, adjIndex: number): Invoice =>
  mayUpdateAdjustmentIndex(invoice.invoice_status) && invoice.invoice_adj_at !== adjIndex
    ? { ...invoice, invoice_adj_at: adjIndex }
    : invoice

/**
 * A new, unsaved ready invoice for a group, with the given temporary id (0 or below) and chosen percent.
 * The term fields are read from the group key, so subscription invoices carry their term.
 */
export const makeDraft = (input: {
  readonly quote_invoice_id: number
  readonly account_id: number
  readonly quote_id: number
  readonly group: SubscriptionTerm.GroupKey
  readonly type: InvoiceType
  readonly percent: number
  readonly adjAt: number
  readonly now: number
}): Invoice => {
  const term = SubscriptionTerm.parseGroupKey(input.group)
  const { term_every, term_type, term_duration } = term._tag === "Some" ? term.value : SubscriptionTerm.none
  return {
    quote_invoice_id: QuoteInvoiceId.make(Math.min(0, input.quote_invoice_id)),
    account_id: Account.AccountId.make(input.account_id),
    quote_id: Quote.QuoteId.make(input.quote_id),
    invoice_adj_at: input.adjAt,
    addon_org_id: "",
    addon_invoice_url: "",
    addon_id: 0,
    addon_invoice_id: "",
    addon_invoice_number: "",
    invoice_sync_status: SyncStatus.Ready,
    per_chosen: effectivePercent(input.type, input.percent),
    invoice_status: InvoiceStatus.Ready,
    invoice_type_in: input.type,
    invoice_type_out: input.type,
    invoice_amount: Money.zero,
    term_every,
    term_type,
    term_duration,
    invoice_removed_index: 0,
    invoice_sent_date: 0,
    invoice_creation: input.now,
    invoice_modified: input.now,
    invoice_group: input.group
  }
}

/**
 * What the invoice row shows about its add-on copy: still ready, 'Syncing' (pulse), synced (sent date, number
 * and link), an issue to show, or 'Never created' for a removed invoice that never reached the add-on.
 */
export type SyncDisplay =
  | { readonly _tag: "Ready" }
  | { readonly _tag: "Syncing" }
  | { readonly _tag: "Synced"; readonly sentDate: number; readonly number: string; readonly url: string }
  | { readonly _tag: "Issue"; readonly html: string }
  | { readonly _tag: "Removed"; readonly neverCreated: boolean }

/** Decide what the sync area of an invoice row shows (see `SyncDisplay`). */
export const syncDisplay = (invoice: Invoice): SyncDisplay => {
  if (invoice.invoice_status === InvoiceStatus.Removed) return { _tag: "Removed", neverCreated: !wasCreated(invoice) }
  switch (invoice.invoice_sync_status) {
    case SyncStatus.Syncing:
      return { _tag: "Syncing" }
    case SyncStatus.Synced:
      return {
        _tag: "Synced",
        sentDate: invoice.invoice_sent_date,
        number: invoice.addon_invoice_number,
        url: invoice.addon_invoice_url
      }
    case SyncStatus.Error:
      return { _tag: "Issue", html: invoice.error_html ?? "" }
    default:
      return invoice.invoice_status === InvoiceStatus.Ready ? { _tag: "Ready" } : { _tag: "Syncing" }
  }
}
