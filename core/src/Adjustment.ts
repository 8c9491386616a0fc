/**
 * Adjustments of an accepted quote: after acceptance, items can be added or credited in numbered rounds,
 * lettered A, B, C... Each item remembers the round that added it (`added_adj_at`) and the round that credited it
 * (`credited_adj_at`, 0 when not credited); 0 is the accepted quote itself.
 *
 * The quote's `nextAdjIndex` is the round new changes are stamped with: 0 before any adjustment, 1 during
 * adjustment A, and so on (a quote is an adjustment when it is above 0). A round stays editable until an invoice
 * covering it is created; after that, further changes need the next round. A quote has at most 20 rounds.
 *
 * @example
 * import * as Adjustment from "@quotekit/core/Adjustment"
 * Adjustment.letter(1)   // "A"
 * Adjustment.warning(18) // Option.some("Adjustment Limit Warning: You have 2 adjustment(s) remaining ...")
 *
 * @since 0.1.0
 */
import { BigDecimal, Option, Result, Schema } from "effect"
import * as ArchiveState from "./ArchiveState.ts"
import * as Invoice from "./Invoice.ts"
import * as Message from "./Message.ts"
import type * as Money from "./Money.ts"

/** Most adjustments a quote can have (the spec's limit). */
export const MAX = 20

/** The warning shows when this many adjustments or fewer remain. */
export const WARN_REMAINING = 3

/**
 * The letter of an adjustment index: 1 is "A", 20 is "T"; 0 (the accepted quote) has none. Beyond 26 it
 * continues "AA", "AB" (never reached within the limit, but never wrong either).
 */
export const letter = (index: number): string => {
  let n = Math.trunc(index)
  let out = ""
  while (n > 0) {
    const r = (n - 1) % 26
    out = String.fromCharCode(65 + r) + out
    n = Math.floor((n - 1) / 26)
  }
  return out
}

/** Whether the quote has been adjusted (its `nextAdjIndex` is above 0). */
export const isAdjustment = (nextAdjIndex: number): boolean => nextAdjIndex > 0

/** How many more adjustments the quote may have. */
export const remaining = (nextAdjIndex: number): number => Math.max(0, MAX - nextAdjIndex)

/** Whether no new adjustment may be started. */
export const isLimitReached = (nextAdjIndex: number): boolean => remaining(nextAdjIndex) === 0

/**
 * The limit message to show in adjustment mode: the warning while 1 to 3 adjustments remain, the limit-reached
 * message at 20; nothing otherwise.
 */
export const warning = (nextAdjIndex: number): Option.Option<string> => {
  const left = remaining(nextAdjIndex)
  if (left === 0) return Option.some(Message.catalogue.adjustmentLimitReached)
  return left <= WARN_REMAINING ? Option.some(Message.catalogue.adjustmentLimitWarning(left)) : Option.none()
}

/** The invoice fields that decide whether an adjustment is still editable. */
export type InvoiceFacts = Pick<
  Invoice.Invoice,
  "invoice_status" | "invoice_adj_at" | "invoice_sent_date" | "addon_invoice_id"
>

/**
 * Whether adjustment `index` can still be changed: it is a real adjustment (above 0) and no invoice covering it
 * has been created yet (ready invoices and ones removed before creation do not count).
 */
export const isEditable = (index: number, invoices: ReadonlyArray<InvoiceFacts>): boolean =>
  index > 0 && !invoices.some((i) => Invoice.wasCreated(i) && i.invoice_adj_at >= index)

/** Why 'Add or Credit Items' is disabled. */
export type Disabled = "finished" | "limit-reached" | "no-price"

/** The quote facts 'Add or Credit Items' depends on. */
export interface QuoteFacts {
  readonly archive: ArchiveState.ArchiveState
  readonly price_current: Money.Decimal
  readonly nextAdjIndex: number
}

/**
 * Whether 'Add or Credit Items' is enabled, and if not why: disabled when the quote is finished (complete or
 * dismissed), when price_current is 0, or when the limit is reached. The limit only bites when a new adjustment
 * would be needed: while the latest adjustment is still editable the button reopens it.
 */
export const addOrCreditItems = (
  quote: QuoteFacts,
  invoices: ReadonlyArray<InvoiceFacts>
): Result.Result<void, Disabled> => {
  if (ArchiveState.isFinished(quote.archive)) return Result.fail("finished")
  if (BigDecimal.isZero(quote.price_current)) return Result.fail("no-price")
  if (isLimitReached(quote.nextAdjIndex) && !isEditable(quote.nextAdjIndex, invoices)) {
    return Result.fail("limit-reached")
  }
  return Result.void
}

/** Why an adjustment step was refused. */
export const RefusalReason = Schema.Literals([
  "limit-reached",
  "not-adjusting",
  "adjustment-locked",
  "already-credited",
  "added-in-this-adjustment",
  "not-credited",
  "credited-earlier"
])

/** An adjustment step the rules do not allow (see `reason`). */
export class AdjustmentRefused extends Schema.TaggedError<AdjustmentRefused>()("AdjustmentRefused", {
  reason: RefusalReason,
  quote_item_id: Schema.optionalKey(Schema.Int)
}) {}

/**
 * The adjustment index changes are stamped with when the user starts adjusting ('make-adjustment'): the current
 * one while it is still editable, else the next one; refused when the limit is reached.
 */
export const begin = (
  nextAdjIndex: number,
  invoices: ReadonlyArray<InvoiceFacts>
): Result.Result<number, AdjustmentRefused> => {
  if (isEditable(nextAdjIndex, invoices)) return Result.succeed(nextAdjIndex)
  return isLimitReached(nextAdjIndex)
    ? Result.fail(new AdjustmentRefused({ reason: "limit-reached" }))
    : Result.succeed(nextAdjIndex + 1)
}

/** The item fields adjustments read and write; any quote item type with them works. */
export interface Adjustable {
  readonly quote_item_id: number
  readonly added_adj_at: number
  readonly credited_adj_at: number
}

/**
 * Credit an item in the current adjustment `adjIndex` (which must be editable): it leaves the quote from that
 * adjustment on and the next credit gives back what was invoiced of it. An item added in this same adjustment is
 * refused: it was never invoiced, so it should simply be deleted.
 */
export const credit = <I extends Adjustable>(
  item: I,
  adjIndex: number,
  editable: boolean
): Result.Result<I, AdjustmentRefused> => {
  const refuse = (reason: typeof RefusalReason.Type) =>
    Result.fail(new AdjustmentRefused({ reason, quote_item_id: item.quote_item_id }))
  if (!isAdjustment(adjIndex)) return refuse("not-adjusting")
  if (!editable) return refuse("adjustment-locked")
  if (item.credited_adj_at > 0) return refuse("already-credited")
  if (item.added_adj_at >= adjIndex) return refuse("added-in-this-adjustment")
  return Result.succeed({ ...item, credited_adj_at: adjIndex })
}

/**
 * Undo a credit: only one made in the current, still editable adjustment; a credit of an earlier adjustment is
 * settled (an invoice covering it exists), so it is refused.
 */
export const uncredit = <I extends Adjustable>(
  item: I,
  adjIndex: number,
  editable: boolean
): Result.Result<I, AdjustmentRefused> => {
  const refuse = (reason: typeof RefusalReason.Type) =>
    Result.fail(new AdjustmentRefused({ reason, quote_item_id: item.quote_item_id }))
  if (!isAdjustment(adjIndex)) return refuse("not-adjusting")
  if (item.credited_adj_at === 0) return refuse("not-credited")
  if (item.credited_adj_at !== adjIndex) return refuse("credited-earlier")
  if (!editable) return refuse("adjustment-locked")
  return Result.succeed({ ...item, credited_adj_at: 0 })
}

/** Whether the item is part of the quote at adjustment `adjIndex` (added by then and not credited by then). */
export const isPresentAt = (item: Adjustable, adjIndex: number): boolean =>
  item.added_adj_at <= adjIndex && (item.credited_adj_at === 0 || item.credited_adj_at > adjIndex)

/**
 * Fold all adjustments into the quote, for 'Undo Acceptance': added items become ordinary items, credited items
 * are removed, and the quote starts again with no adjustment (`nextAdjIndex` 0). Order is kept.
 */
export const mergeOnUndoAcceptance = <I extends Adjustable>(
  items: ReadonlyArray<I>
): { readonly items: ReadonlyArray<I>; readonly nextAdjIndex: 0 } => ({
  items: items
    .filter((item) => item.credited_adj_at === 0)
    .map((item) => (item.added_adj_at === 0 ? item : { ...item, added_adj_at: 0 })),
  nextAdjIndex: 0
})
