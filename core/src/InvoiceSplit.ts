/**
 * Invoicing an accepted quote in stages: which part of which items each invoice, deposit, credit and subscription
 * invoice covers, what is left, and what to suggest next. Pure: the quote's items and its ordered invoices in,
 * the whole picture out, recomputed from scratch each time (nothing about usage is stored).
 *
 * The rules (spec "Invoice calculation"):
 * - Items are grouped by group key (`SubscriptionTerm.groupKey`): the up-front group and one group per term.
 *   Groups never affect one another.
 * - Within a group, invoices are processed in the order given (the quote's invoice order; the position of an
 *   invoice in that whole list is what `invoice_removed_index` refers to).
 * - An invoice at adjustment point `a` takes its percent (chosen for invoices and deposits, 100 for
 *   subscriptions) of every selected item added at or before `a` and not credited at or before `a`, capped per item
 *   by the percent of that item not yet used. So "invoice 100%" after a 40% invoice takes the other 60%, and items
 *   added by a later adjustment start at 0% used.
 * - A credit at point `a` gives back everything used of the items credited at or before `a` and added before `a`.
 * - A removed invoice still counts for the invoices before its removal position; from that position on, what it
 *   used is given back (a removed credit: what it gave back is used again). Locked invoices therefore never
 *   change when an earlier one is removed.
 *
 * Rounding: usage is kept per item as a whole percent `u` (0-100; invoice percents are integers). The amount
 * invoiced of an item is always `round2(total * u / 100)` and the quantity `round4(quantity * u / 100)`, half away
 * from zero; an invoice's line for an item is the difference between that curve after and before it, and the
 * invoice amount is the sum of its lines. Hence: 100% of an item is exactly its total, to the cent, however many
 * partial invoices it took (the last one takes the remainder); the amount invoiced never leaves [0, total]; and
 * an invoice's amount is the sum of the lines the add-on will show.
 *
 * @example
 * import * as InvoiceSplit from "@quotekit/core/InvoiceSplit"
 * const split = InvoiceSplit.compute(items, invoices, { adjIndex: 0, depositPercent: 20 })
 * split.groups[0].nextInvoice // Option of the suggested next invoice (a 20% deposit first)
 *
 * @since 0.1.0
 */
import { BigDecimal, Option } from "effect"
import * as Invoice from "./Invoice.ts"
import type * as Money from "./Money.ts"
import * as SubscriptionTerm from "./SubscriptionTerm.ts"

/** A quote item as the split sees it. Build it with `itemFrom` from a quote item. */
export interface Item {
  /** `quote_item_id` */
  readonly id: number
  /** The item's invoice group (`SubscriptionTerm.groupKey` of its term). */
  readonly group: SubscriptionTerm.GroupKey
  /** `price_total`, the line total to invoice (rounded to 2 decimals if it carries more). */
  readonly total: Money.Decimal
  /** `quantity`, split in proportion to the percent invoiced (rounded to 4 decimals). */
  readonly quantity: Money.Decimal
  /** `added_adj_at`: the adjustment that added the item, 0 for the accepted quote. */
  readonly addedAdjAt: number
  /** `credited_adj_at`: the adjustment that credited the item, 0 when not credited. */
  readonly creditedAdjAt: number
  /** Whether the customer's choice includes the item (unchosen options are never invoiced). */
  readonly selected: boolean
}

/** An invoice as the split sees it. Build it with `entryFrom` from a quote invoice. */
export interface Entry {
  /** `quote_invoice_id` (0 or below when not saved). */
  readonly id: number
  readonly group: SubscriptionTerm.GroupKey
  readonly type: Invoice.InvoiceType
  readonly status: Invoice.InvoiceStatus
  /** `per_chosen`; only invoices and deposits use it, credits and subscriptions always cover 100%. */
  readonly percent: number
  /** `invoice_adj_at`: the highest adjustment whose items it covers. */
  readonly adjAt: number
  /** `invoice_removed_index`, meaningful when removed: the position from which its usage is given back. */
  readonly removedIndex: number
}

/** The quote-level facts the suggestions need. */
export interface Options {
  /** The quote's current adjustment index (`nextAdjIndex`, 0 before any adjustment); new invoices cover up to it. */
  readonly adjIndex: number
  /** Whole deposit percent (see `Invoice.defaultPercent`); above 0, the first suggestion up front is a deposit. */
  readonly depositPercent?: number
}

/** One item's part of an invoice or credit. */
export interface Line {
  readonly itemId: number
  /** Percent of the item taken (for a credit: given back), a whole number. */
  readonly percent: number
  readonly quantity: Money.Decimal
  readonly amount: Money.Decimal
}

/** The outcome for one invoice, in input order. */
export interface InvoiceResult {
  readonly id: number
  readonly group: SubscriptionTerm.GroupKey
  /** Position in the input list (what `invoice_removed_index` counts). */
  readonly position: number
  readonly type: Invoice.InvoiceType
  readonly status: Invoice.InvoiceStatus
  /** The percent it uses: chosen for invoices and deposits, 100 for credits and subscriptions. */
  readonly percent: number
  readonly adjAt: number
  /** The amount charged (for a credit: given back); the sum of `lines`. */
  readonly applied: Money.Decimal
  readonly lines: ReadonlyArray<Line>
  /** Whether it covers nothing at all (no line). */
  readonly appliesNothing: boolean
  /** Largest percent still unused among the items it could take, before and after it (0-100). */
  readonly percentLeftBefore: number
  readonly percentLeftAfter: number
  /** For a removed invoice: the amount its removal gave back; negative for a removed credit (taken again); else 0. */
  readonly restored: Money.Decimal
  /** Whether its percent may be edited (Split): ready, invoice or deposit, nothing left after it, applied > 0. */
  readonly editable: boolean
  readonly locked: boolean
  readonly takesSpace: boolean
}

/** How much of one item is invoiced once every invoice has been applied. */
export interface ItemState {
  readonly itemId: number
  readonly usedPercent: number
  readonly usedQuantity: Money.Decimal
  /** Invoiced and not given back. */
  readonly invoiced: Money.Decimal
  /** Still to invoice (0 for an item that is credited or not chosen). */
  readonly left: Money.Decimal
  /** Whether the item is part of the group now (chosen, not credited). */
  readonly live: boolean
}

/** A suggested next invoice or credit, what it would cover if created now. */
export interface Suggestion {
  readonly type: Invoice.InvoiceType
  readonly percent: number
  readonly adjAt: number
  readonly applied: Money.Decimal
  readonly lines: ReadonlyArray<Line>
}

/** The outcome for one group. */
export interface GroupResult {
  readonly key: SubscriptionTerm.GroupKey
  /** Total of the items in the group now (chosen, not credited). */
  readonly total: Money.Decimal
  /** Invoiced so far and not given back, including credited items still to be credited. */
  readonly invoiced: Money.Decimal
  /** Still to invoice of the items in the group now. */
  readonly remaining: Money.Decimal
  /** Net amount given back by removals (removed invoices minus removed credits). */
  readonly restored: Money.Decimal
  /** Largest unused percent among the items a new invoice could take. */
  readonly percentLeft: number
  readonly items: ReadonlyArray<ItemState>
  /** The next invoice (deposit first when the quote asks for one), when it would cover something. */
  readonly nextInvoice: Option.Option<Suggestion>
  /** The next credit, when credited items still have something invoiced to give back. */
  readonly nextCredit: Option.Option<Suggestion>
  /**
   * Shown when neither a new invoice nor a new credit would cover anything but the group has items and no ready
   * invoice: the next invoice is skipped for now. 'Restore to Ready' stages it anyway as a ready invoice, which
   * then follows later adjustments (`Invoice.followAdjustment`) and fills as items are added.
   */
  readonly skipped: Option.Option<Suggestion>
}

/** The whole invoicing picture of a quote. */
export interface Split {
  readonly invoices: ReadonlyArray<InvoiceResult>
  /** Up front first, then subscription groups by key. */
  readonly groups: ReadonlyArray<GroupResult>
}

/** Build the split's view of a quote item (wire field names), given whether the customer's choice includes it. */
export const itemFrom = (
  item: {
    readonly quote_item_id: number
    readonly price_total: Money.Decimal
    readonly quantity: Money.Decimal
    readonly added_adj_at: number
    readonly credited_adj_at: number
  } & SubscriptionTerm.Term,
  selected: boolean
): Item => ({
  id: item.quote_item_id,
  group: SubscriptionTerm.groupKey(item),
  total: item.price_total,
  quantity: item.quantity,
  addedAdjAt: item.added_adj_at,
  creditedAdjAt: item.credited_adj_at,
  selected
})

/** Build the split's view of a quote invoice. */
export const entryFrom = (invoice: Invoice.Invoice): Entry => ({
  id: invoice.quote_invoice_id,
  group: invoice.invoice_group,
  type: invoice.invoice_type_in,
  status: invoice.invoice_status,
  percent: invoice.per_chosen,
  adjAt: invoice.invoice_adj_at,
  removedIndex: invoice.invoice_removed_index
})

// ---------------------------------------------------------------------------------------------------------------
// Internal state. Amounts are bigint cents and quantities bigint ten-thousandths, so the hot loop does integer
// arithmetic only; decimals are built once per reported line.

const BIG_PERCENT: ReadonlyArray<bigint> = Array.from({ length: 101 }, (_, i) => BigInt(i))

/** `round(whole * u / 100)`, half away from zero, exact in integers. */
const along = (whole: bigint, u: number): bigint => {
  if (u === 100) return whole
  if (u === 0) return 0n
  const n = whole * (BIG_PERCENT[u] as bigint)
  const q = n / 100n
  const r = n - q * 100n
  return r >= 50n ? q + 1n : r <= -50n ? q - 1n : q
}

const atScale = (d: Money.Decimal, scale: number): bigint => {
  if (d.scale === scale) return d.value
  if (d.scale < scale) return d.value * 10n ** BigInt(scale - d.scale)
  return BigDecimal.scale(BigDecimal.round(d, { scale, mode: "half-from-zero" }), scale).value
}

const cents = (v: bigint): Money.Decimal => BigDecimal.make(v, 2)
const units = (v: bigint): Money.Decimal => BigDecimal.make(v, 4)
const ZERO = cents(0n)

interface ItemRow {
  readonly item: Item
  readonly whole: bigint
  readonly wholeQty: bigint
  used: number
  amount: bigint
  qty: bigint
  /** Who holds the usage: parallel arrays of entry position and percent. */
  owners: Array<number>
  shares: Array<number>
}

interface RawLine {
  readonly row: number
  readonly percent: number
  readonly qty: bigint
  readonly amount: bigint
}

interface Processed {
  readonly entry: Entry
  readonly position: number
  readonly percent: number
  lines: Array<RawLine>
  applied: bigint
  before: number
  after: number
  restored: bigint
  /** For credits: the holders of what each returned item had used, so a removal can put it back. */
  returned: Map<number, { owners: Array<number>; shares: Array<number> }>
}

const setUsed = (row: ItemRow, used: number): void => {
  row.used = used
  row.amount = along(row.whole, used)
  row.qty = along(row.wholeQty, used)
}

const invoiceable = (item: Item, adjAt: number): boolean =>
  item.selected && item.addedAdjAt <= adjAt && (item.creditedAdjAt === 0 || item.creditedAdjAt > adjAt)

const creditable = (item: Item, adjAt: number): boolean =>
  item.creditedAdjAt > 0 && item.creditedAdjAt <= adjAt && item.addedAdjAt < adjAt

const percentLeft = (rows: ReadonlyArray<ItemRow>, adjAt: number): number => {
  let left = 0
  for (const row of rows) if (invoiceable(row.item, adjAt) && 100 - row.used > left) left = 100 - row.used
  return left
}

const clampPercent = (p: number): number => (Number.isFinite(p) ? Math.min(100, Math.max(0, Math.trunc(p))) : 0)

/** Lines an invoice taking `percent` at `adjAt` would have, without changing anything. */
const takeLines = (rows: ReadonlyArray<ItemRow>, percent: number, adjAt: number): Array<RawLine> => {
  const lines: Array<RawLine> = []
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i] as ItemRow
    if (!invoiceable(row.item, adjAt)) continue
    const take = Math.min(percent, 100 - row.used)
    if (take <= 0) continue
    const u = row.used + take
    lines.push({
      row: i,
      percent: take,
      qty: along(row.wholeQty, u) - row.qty,
      amount: along(row.whole, u) - row.amount
    })
  }
  return lines
}

/** Lines a credit at `adjAt` would have, without changing anything. */
const creditLines = (rows: ReadonlyArray<ItemRow>, adjAt: number): Array<RawLine> => {
  const lines: Array<RawLine> = []
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i] as ItemRow
    if (row.used > 0 && creditable(row.item, adjAt)) {
      lines.push({ row: i, percent: row.used, qty: row.qty, amount: row.amount })
    }
  }
  return lines
}

const sumAmounts = (lines: ReadonlyArray<RawLine>): bigint => {
  let s = 0n
  for (const l of lines) s += l.amount
  return s
}

const apply = (rows: Array<ItemRow>, p: Processed): void => {
  const { entry, position } = p
  p.before = percentLeft(rows, entry.adjAt)
  if (Invoice.isCredit(entry.type)) {
    p.lines = creditLines(rows, entry.adjAt)
    for (const line of p.lines) {
      const row = rows[line.row] as ItemRow
      p.returned.set(line.row, { owners: row.owners, shares: row.shares })
      row.owners = []
      row.shares = []
      setUsed(row, 0)
    }
  } else {
    p.lines = takeLines(rows, p.percent, entry.adjAt)
    for (const line of p.lines) {
      const row = rows[line.row] as ItemRow
      row.owners.push(position)
      row.shares.push(line.percent)
      setUsed(row, row.used + line.percent)
    }
  }
  p.applied = sumAmounts(p.lines)
  p.after = percentLeft(rows, entry.adjAt)
}

/** Give back what a removed invoice still holds, or take again what a removed credit gave back. */
const restore = (rows: Array<ItemRow>, p: Processed, restoredPositions: Set<number>): bigint => {
  let net = 0n
  if (Invoice.isCredit(p.entry.type)) {
    for (const [index, held] of p.returned) {
      const row = rows[index] as ItemRow
      const before = row.amount
      let used = row.used
      for (let k = 0; k < held.owners.length; k++) {
        const owner = held.owners[k] as number
        const add = Math.min(held.shares[k] as number, 100 - used)
        if (restoredPositions.has(owner) || add <= 0) continue
        row.owners.push(owner)
        row.shares.push(add)
        used += add
      }
      setUsed(row, used)
      net -= row.amount - before
    }
  } else {
    for (const line of p.lines) {
      const row = rows[line.row] as ItemRow
      const k = row.owners.indexOf(p.position)
      if (k < 0) continue
      const before = row.amount
      const share = row.shares[k] as number
      row.owners.splice(k, 1)
      row.shares.splice(k, 1)
      setUsed(row, row.used - share)
      net += before - row.amount
    }
  }
  restoredPositions.add(p.position)
  return net
}

const toLines = (rows: ReadonlyArray<ItemRow>, lines: ReadonlyArray<RawLine>): ReadonlyArray<Line> =>
  lines.map((l) => ({
    itemId: (rows[l.row] as ItemRow).item.id,
    percent: l.percent,
    quantity: units(l.qty),
    amount: cents(l.amount)
  }))

const compareGroups = (a: string, b: string): number =>
  a === b ? 0 : a === SubscriptionTerm.UP_FRONT ? -1 : b === SubscriptionTerm.UP_FRONT ? 1 : a < b ? -1 : 1

interface GroupInput {
  readonly items: Array<Item>
  readonly positions: Array<number>
}

/**
 * Work out the whole invoicing picture: per invoice what it covers, per group what is invoiced, what is left and
 * what to suggest next. `invoices` must be in the quote's invoice order (creation order).
 */
export const compute = (items: ReadonlyArray<Item>, invoices: ReadonlyArray<Entry>, options: Options): Split => {
  const groups = new Map<string, GroupInput>()
  const groupOf = (key: string): GroupInput => {
    let g = groups.get(key)
    if (g === undefined) {
      g = { items: [], positions: [] }
      groups.set(key, g)
    }
    return g
  }
  for (const item of items) groupOf(item.group).items.push(item)
  invoices.forEach((entry, position) => {
    groupOf(entry.group).positions.push(position)
  })

  const count = invoices.length
  const results: Array<InvoiceResult | undefined> = new Array(count)
  const groupResults: Array<GroupResult> = []
  const adjIndex = options.adjIndex
  const depositPercent = clampPercent(options.depositPercent ?? 0)

  for (const key of [...groups.keys()].sort(compareGroups)) {
    const input = groups.get(key) as GroupInput
    const rows: Array<ItemRow> = input.items.map((item) => ({
      item,
      whole: atScale(item.total, 2),
      wholeQty: atScale(item.quantity, 4),
      used: 0,
      amount: 0n,
      qty: 0n,
      owners: [],
      shares: []
    }))
    const processed: Array<Processed> = input.positions.map((position) => {
      const entry = invoices[position] as Entry
      return {
        entry,
        position,
        percent: clampPercent(Invoice.effectivePercent(entry.type, entry.percent)),
        lines: [],
        applied: 0n,
        before: 0,
        after: 0,
        restored: 0n,
        returned: new Map()
      }
    })
    // Removals in the order they take effect: from their removal position, never before the invoice itself.
    const removals = processed
      .filter((p) => p.entry.status === Invoice.InvoiceStatus.Removed)
      .map((p) => ({ p, at: Math.min(count, Math.max(p.entry.removedIndex, p.position + 1)) }))
      .sort((a, b) => a.at - b.at || a.p.position - b.p.position)
    const restoredPositions = new Set<number>()
    let restoredNet = 0n
    let next = 0
    const restoreUntil = (position: number): void => {
      while (next < removals.length && (removals[next] as { at: number }).at <= position) {
        const { p } = removals[next] as { p: Processed }
        p.restored = restore(rows, p, restoredPositions)
        restoredNet += p.restored
        next++
      }
    }
    for (const p of processed) {
      restoreUntil(p.position)
      apply(rows, p)
    }
    restoreUntil(count)

    for (const p of processed) {
      const { entry } = p
      const applied = cents(p.applied)
      results[p.position] = {
        id: entry.id,
        group: entry.group,
        position: p.position,
        type: entry.type,
        status: entry.status,
        percent: p.percent,
        adjAt: entry.adjAt,
        applied,
        lines: toLines(rows, p.lines),
        appliesNothing: p.lines.length === 0,
        percentLeftBefore: p.before,
        percentLeftAfter: p.after,
        restored: p.restored === 0n ? ZERO : cents(p.restored),
        editable:
          entry.status === Invoice.InvoiceStatus.Ready &&
          Invoice.isPercentType(entry.type) &&
          p.after === 0 &&
          p.applied > 0n,
        locked: Invoice.isLocked(entry.status),
        takesSpace: Invoice.takesPercentSpace(entry.status)
      }
    }

    // Suggestions, at the end of the list and the quote's current adjustment.
    const upFront = key === SubscriptionTerm.UP_FRONT
    const invoicedBefore = processed.some(
      (p) => !Invoice.isCredit(p.entry.type) && p.entry.status !== Invoice.InvoiceStatus.Removed
    )
    const nextType: Invoice.InvoiceType = !upFront
      ? Invoice.InvoiceType.Subscription
      : depositPercent > 0 && !invoicedBefore
        ? Invoice.InvoiceType.Deposit
        : Invoice.InvoiceType.Invoice
    const left = percentLeft(rows, adjIndex)
    const nextPercent = nextType === Invoice.InvoiceType.Deposit ? depositPercent : left
    const invoiceLines = takeLines(rows, nextPercent, adjIndex)
    const creditRaw = creditLines(rows, adjIndex)
    const suggestion = (type: Invoice.InvoiceType, percent: number, lines: ReadonlyArray<RawLine>): Suggestion => ({
      type,
      percent,
      adjAt: adjIndex,
      applied: cents(sumAmounts(lines)),
      lines: toLines(rows, lines)
    })
    const hasItems = rows.some((r) => r.item.selected && r.item.addedAdjAt <= adjIndex)
    const hasReady = processed.some((p) => p.entry.status === Invoice.InvoiceStatus.Ready)
    const skip = invoiceLines.length === 0 && creditRaw.length === 0 && hasItems && !hasReady

    let total = 0n
    let invoiced = 0n
    let remaining = 0n
    const states: Array<ItemState> = rows.map((row) => {
      const live = invoiceable(row.item, adjIndex)
      invoiced += row.amount
      if (live) {
        total += row.whole
        remaining += row.whole - row.amount
      }
      return {
        itemId: row.item.id,
        usedPercent: row.used,
        usedQuantity: units(row.qty),
        invoiced: cents(row.amount),
        left: live ? cents(row.whole - row.amount) : ZERO,
        live
      }
    })

    groupResults.push({
      key: key as SubscriptionTerm.GroupKey,
      total: cents(total),
      invoiced: cents(invoiced),
      remaining: cents(remaining),
      restored: cents(restoredNet),
      percentLeft: left,
      items: states,
      nextInvoice:
        invoiceLines.length > 0 ? Option.some(suggestion(nextType, nextPercent, invoiceLines)) : Option.none(),
      nextCredit:
        creditRaw.length > 0 ? Option.some(suggestion(Invoice.InvoiceType.Credit, 100, creditRaw)) : Option.none(),
      skipped: skip
        ? Option.some(suggestion(nextType, nextType === Invoice.InvoiceType.Deposit ? depositPercent : 100, []))
        : Option.none()
    })
  }

  return { invoices: results as Array<InvoiceResult>, groups: groupResults }
}

/** The group result for a key, if the quote has items or invoices in it. */
export const group = (split: Split, key: SubscriptionTerm.GroupKey): Option.Option<GroupResult> =>
  Option.fromNullishOr(split.groups.find((g) => g.key === key))

/**
 * What the Split dialog may do with a new percent for the invoice at `position`:
 * - `NotEditable`: the invoice's percent cannot be edited (see `InvoiceResult.editable`).
 * - `Unchanged`: the percent is the current one; submitting does nothing.
 * - `Ignored`: 0, not a whole number 0-100, or more than the percent left before it (non-credit invoices); does nothing.
 * - `Disabled`: the applied amount would drop below 0; the Split button is disabled.
 * - `Apply`: allowed; carries the recomputed picture.
 */
export type PercentCheck =
  | { readonly _tag: "NotEditable" }
  | { readonly _tag: "Unchanged" }
  | { readonly _tag: "Ignored"; readonly reason: "zero" | "not-whole" | "over-remaining" }
  | { readonly _tag: "Disabled"; readonly applied: Money.Decimal }
  | {
      readonly _tag: "Apply"
      readonly percent: number
      readonly applied: Money.Decimal
      /** Percent left for a next invoice after the split (what the new remainder suggestion takes). */
      readonly remainder: number
      readonly split: Split
    }

/** Check a new percent for the invoice at `position` (see `PercentCheck`). */
export const checkPercent = (
  items: ReadonlyArray<Item>,
  invoices: ReadonlyArray<Entry>,
  options: Options,
  position: number,
  percent: number
): PercentCheck => {
  const current = compute(items, invoices, options).invoices[position]
  if (current === undefined || !current.editable) return { _tag: "NotEditable" }
  if (percent === current.percent) return { _tag: "Unchanged" }
  if (!Number.isInteger(percent) || percent < 0 || percent > 100) return { _tag: "Ignored", reason: "not-whole" }
  if (percent === 0) return { _tag: "Ignored", reason: "zero" }
  if (!Invoice.isCredit(current.type) && current.percentLeftBefore - percent < 0) {
    return { _tag: "Ignored", reason: "over-remaining" }
  }
  const changed = invoices.map((e, i) => (i === position ? { ...e, percent } : e))
  const split = compute(items, changed, options)
  const after = split.invoices[position] as InvoiceResult
  if (BigDecimal.isNegative(after.applied)) return { _tag: "Disabled", applied: after.applied }
  return { _tag: "Apply", percent, applied: after.applied, remainder: after.percentLeftAfter, split }
}
