/**
 * The rules a quote save must pass, and what the server computes rather than trusts: the form errors of a save
 * (contacts, expiry, structure, item codes, the shared lock, read-only shared items, adjustments), the linked
 * items' content, and every row's `price_total` with the quote's `price_current`.
 *
 * Pure functions over plain data: the server feeds them the request and the stored quote and writes what they
 * return; the editor can run the same checks before sending. Rows are any objects with the quote item fields;
 * changed rows come back as plain copies (no `QuoteItem` is constructed, which a save of many rows would pay
 * for in validation).
 *
 * Decisions where the spec is silent:
 * - A linked row (`item_id > 0`) in the `locked` state always carries its reusable item's current content
 *   (code, title, body, category, tax, prices, discount). How the quote offers it stays the quote's own, as the
 *   editor lets the team set it on a linked row: its quantity, whether it is optional or a multiple choice (and
 *   selected by default), whether the customer may edit its quantity, and its subscription term. A new linked
 *   row starts with the item's settings for those (`insertLinked`). A `copied` row keeps its edits and its link, so 'Revert to Linked Item' can restore it. A
 *   row whose reusable item is gone (or changed type) is unlinked.
 * - A row shared from another account must come back unchanged; removing or editing it is refused.
 * - `price_current` is the up-front total of the selected items, as the quote shows it.
 *
 * @since 0.1.0
 */
import { BigDecimal, Result } from "effect"
import * as Adjustment from "./Adjustment.ts"
import * as ContactChoice from "./ContactChoice.ts"
import * as Expiry from "./Expiry.ts"
import * as Limits from "./Limits.ts"
import * as LineItem from "./LineItem.ts"
import * as Message from "./Message.ts"
import * as Money from "./Money.ts"
import * as Quote from "./Quote.ts"
import * as QuoteStatus from "./QuoteStatus.ts"
import * as QuoteTotals from "./QuoteTotals.ts"
import type * as TaxMode from "./TaxMode.ts"
import type * as TaxRate from "./TaxRate.ts"

/** A row of a quote as the save rules read and return it: the fields of a `QuoteItem`, as any plain object. */
export type Row = { readonly [K in keyof LineItem.QuoteItem]: LineItem.QuoteItem[K] }

/** A refused input: the wire name of the field (`quote.expiry_date`, `items.-3.item_code`) and why. */
export interface Problem {
  readonly input_id: string
  readonly message: string
}

/** The quote fields the lock and the checks read. */
export interface QuoteInput {
  readonly title: string
  readonly sent_when: number
  readonly expiry_date: number
  readonly deposit_percent: Money.Decimal
  readonly discount_overall: Money.Decimal
  readonly currency_id: number
  readonly amounts_entered: TaxMode.TaxMode
  readonly private_pricing: number
}

/** The stored quote a save changes. */
export interface StoredQuote extends QuoteInput {
  readonly status: QuoteStatus.QuoteStatus
  readonly _shared_quote_id: number
}

/** The fields a shared lock makes read-only (spec: title, deposit, discount, currency, amounts, private pricing). */
export const lockedFields = [
  "title",
  "deposit_percent",
  "discount_overall",
  "currency_id",
  "amounts_entered",
  "private_pricing"
] as const

const same = (a: unknown, b: unknown): boolean =>
  BigDecimal.isBigDecimal(a) && BigDecimal.isBigDecimal(b) ? BigDecimal.equals(a, b) : a === b

/** Changes to locked fields of a shared quote (`Quote.isSharedLocked`); none when not locked or nothing changed. */
export const sharedLockProblems = (input: QuoteInput, stored: StoredQuote | null): ReadonlyArray<Problem> =>
  stored === null || !Quote.isSharedLocked(stored)
    ? []
    : lockedFields
        .filter((field) => !same(input[field], stored[field]))
        .map((field) => ({ input_id: `quote.${field}`, message: Message.catalogue.sharedContentLocked }))

/** The fields an adjustment keeps as accepted: what the customer agreed to pay under, beyond the items. */
export const adjustmentLockedFields = [
  "deposit_percent",
  "discount_overall",
  "currency_id",
  "amounts_entered",
  "private_pricing"
] as const

/** Changes an adjustment save makes to the quote's accepted pricing (`adjustmentLockedFields`); none if unchanged. */
export const adjustmentPricingProblems = (input: QuoteInput, stored: StoredQuote): ReadonlyArray<Problem> =>
  adjustmentLockedFields
    .filter((field) => !same(input[field], stored[field]))
    .map((field) => ({ input_id: `quote.${field}`, message: Message.catalogue.adjustmentPricingLocked }))

/** At most 10 contacts, each once ('You've reached the limit of 10 contacts'). */
export const contactProblems = (contacts: ReadonlyArray<{ readonly contact_id: number }>): ReadonlyArray<Problem> => {
  const problems: Array<Problem> = []
  if (contacts.length > Limits.contactsPerQuote)
    problems.push({ input_id: "contacts", message: Message.catalogue.contactsLimit })
  const seen = new Set<number>()
  contacts.forEach((c, i) => {
    if (seen.has(c.contact_id)) problems.push({ input_id: `contacts.${i}`, message: Message.catalogue.invalidInput })
    seen.add(c.contact_id)
  })
  return problems
}

/**
 * The expiry must be in the future on a quote still being written (draft) or revised (sentEditing); templates
 * and answered quotes are not checked.
 */
export const expiryProblems = (
  quote: Pick<QuoteInput, "expiry_date">,
  status: QuoteStatus.QuoteStatus,
  isTemplate: boolean,
  nowSeconds: number
): ReadonlyArray<Problem> => {
  if (isTemplate || (status !== "draft" && status !== "sentEditing")) return []
  const check = Expiry.check({ status, expiry_date: quote.expiry_date }, nowSeconds)
  return check._tag === "InPast" ? [{ input_id: "quote.expiry_date", message: check.message }] : []
}

/**
 * A multiple-choice group of one option: the customer could never turn it off, so it is refused on the row
 * (make it optional or always included, or put another option of the group next to it).
 */
export const choiceProblems = (
  rows: ReadonlyArray<ContactChoice.Choosable & { readonly quote_item_id: number; readonly order_index: number }>
): ReadonlyArray<Problem> => {
  const ordered = [...rows].sort((a, b) => a.order_index - b.order_index)
  return ContactChoice.radioGroups(ordered)
    .filter((g) => g.end - g.start === 1)
    .map((g) => ({
      input_id: `items.${ordered[g.start]!.quote_item_id}.contact_choice`,
      message: Message.catalogue.multipleChoiceAlone
    }))
}

/** Structure problems of the rows (`Quote.validateStructure`), each pointing at its row where it has one. */
export const structureProblems = (rows: ReadonlyArray<Quote.StructureRow>): ReadonlyArray<Problem> =>
  Quote.validateStructure(rows).map((e): Problem => {
    switch (e._tag) {
      case "ItemCodeTooLong":
        return { input_id: `items.${e.quote_item_id}.item_code`, message: Message.catalogue.itemCodeTooLong }
      case "DuplicateItemId":
      case "ExtraTotalRow":
      case "RowAfterTotal":
      case "OrderIndexOutOfSequence":
        return { input_id: `items.${e.quote_item_id}`, message: Message.catalogue.quoteStructureInvalid }
      default:
        return { input_id: "items", message: Message.catalogue.quoteStructureInvalid }
    }
  })

/** The content fields of a row: what a link supplies and what a shared row must keep. */
export const contentFields = [
  "item_type",
  "item_code",
  "item_title",
  "item_body",
  "item_cat_id",
  "item_tax_id",
  "price_unit",
  "price_cost",
  "quantity",
  "editable_quantity",
  "discount_item",
  "contact_choice",
  "term_every",
  "term_type",
  "term_duration"
] as const

/** Whether two rows have the same content (decimals compared by value). */
export const sameContent = (a: LineItem.QuoteItemFields, b: LineItem.QuoteItemFields): boolean =>
  contentFields.every((field) => same(a[field], b[field]))

/** A stored row as the save rules need it. */
export interface StoredItem extends LineItem.QuoteItemFields {
  /** The account the row is shared from; `null` for the account's own rows. */
  readonly shared_account_id: number | null
}

/** Shared rows (from another account) that the save removes or changes: they are read-only here. */
export const sharedItemProblems = (
  items: ReadonlyArray<LineItem.QuoteItemFields>,
  stored: ReadonlyArray<StoredItem>
): ReadonlyArray<Problem> => {
  const byId = new Map(items.map((i) => [i.quote_item_id as number, i]))
  return stored
    .filter((s) => s.shared_account_id !== null)
    .flatMap((s) => {
      const incoming = byId.get(s.quote_item_id)
      return incoming === undefined || !sameContent(incoming, s)
        ? [{ input_id: `items.${s.quote_item_id}`, message: Message.catalogue.sharedContentLocked }]
        : []
    })
}

/** Item files must name a row of the save. */
export const fileProblems = (
  files: ReadonlyArray<{ readonly parent_id: number }>,
  items: ReadonlyArray<{ readonly quote_item_id: number }>
): ReadonlyArray<Problem> => {
  const ids = new Set(items.map((i) => i.quote_item_id))
  return files.flatMap((f, i) =>
    ids.has(f.parent_id) ? [] : [{ input_id: `item_files.${i}`, message: Message.catalogue.invalidInput }]
  )
}

// --- linked items --------------------------------------------------------------------------------------------

/** A reusable item's content, as a linked row takes it. */
export interface LinkedContent {
  readonly item_id: number
  readonly item_type: number
  readonly item_code: string
  readonly item_title: string
  readonly item_body: string
  readonly item_cat_id: number
  readonly item_tax_id: number
  readonly price_unit: Money.Decimal
  readonly price_cost: Money.Decimal
  readonly editable_quantity: Money.Decimal
  readonly discount_item: Money.Decimal
  readonly contact_choice: number
  readonly term_every: number
  readonly term_type: 1 | 2 | 3
  readonly term_duration: number
}

/**
 * Apply links to rows: locked rows take their reusable item's content, copied rows keep theirs, rows whose
 * item is gone are unlinked; a new linked row (no editing state yet) starts locked. `matched` counts the rows
 * whose reusable item was found ('N Linked Items were matched.').
 */
export const applyLinks = <R extends Row>(
  rows: ReadonlyArray<R>,
  linked: ReadonlyMap<number, LinkedContent>
): { readonly items: ReadonlyArray<R>; readonly matched: number } => {
  let matched = 0
  const items = rows.map((row): R => {
    if (row.item_id <= 0) return row.editing === "normal" ? row : { ...row, editing: "normal" }
    const link = linked.get(row.item_id)
    if (link === undefined || link.item_type !== row.item_type) return { ...row, item_id: 0, editing: "normal" }
    matched++
    if (row.editing === "copied") return row
    return {
      ...row,
      editing: "locked",
      item_code: link.item_code.slice(0, LineItem.ITEM_CODE_MAX),
      item_title: link.item_title,
      item_body: link.item_body,
      item_cat_id: link.item_cat_id,
      item_tax_id: link.item_tax_id as TaxRate.ItemTaxId,
      price_unit: link.price_unit,
      price_cost: link.price_cost,
      discount_item: link.discount_item
    }
  })
  return { items, matched }
}

// --- adjustments ---------------------------------------------------------------------------------------------

/**
 * Apply an adjustment-mode save to the stored rows. Rows from before adjustment `adjIndex` keep their stored
 * content: they may only be credited or uncredited (`Adjustment.credit` / `uncredit`) and never removed; rows
 * added in this adjustment (and new rows) are free and are stamped `added_adj_at = adjIndex`.
 */
export const adjust = <R extends Row>(
  rows: ReadonlyArray<R>,
  stored: ReadonlyArray<R>,
  adjIndex: number,
  editable: boolean
): Result.Result<ReadonlyArray<R>, ReadonlyArray<Problem>> => {
  const problems: Array<Problem> = []
  const incoming = new Map(rows.map((r) => [r.quote_item_id as number, r]))
  const storedById = new Map(stored.map((s) => [s.quote_item_id as number, s]))
  if (!editable) return Result.fail([{ input_id: "items", message: Message.catalogue.adjustmentItemLocked }])
  for (const s of stored) {
    if (s.added_adj_at < adjIndex && !incoming.has(s.quote_item_id))
      problems.push({ input_id: `items.${s.quote_item_id}`, message: Message.catalogue.adjustmentItemLocked })
  }
  const out = rows.map((row): R => {
    const s = storedById.get(row.quote_item_id)
    if (s === undefined || s.added_adj_at >= adjIndex) return { ...row, added_adj_at: adjIndex, credited_adj_at: 0 }
    const kept: R = { ...s, order_index: row.order_index }
    if (row.credited_adj_at === s.credited_adj_at) return kept
    const step =
      row.credited_adj_at === 0
        ? Adjustment.uncredit(kept, adjIndex, editable)
        : Adjustment.credit(kept, adjIndex, editable)
    if (Result.isSuccess(step)) return step.success
    problems.push({ input_id: `items.${row.quote_item_id}`, message: Message.catalogue.adjustmentItemLocked })
    return kept
  })
  return problems.length > 0 ? Result.fail(problems) : Result.succeed(out)
}

// --- totals --------------------------------------------------------------------------------------------------

/** The pricing settings of a quote. */
export interface Pricing {
  readonly amounts_entered: TaxMode.TaxMode
  readonly discount_overall: Money.Decimal
  readonly deposit_percent: Money.Decimal
}

/**
 * Every row with the `price_total` the server stores (price rows: `LineItem.total`; subtotal and total rows:
 * what they show; text rows: 0) and the quote's `price_current` (the up-front total). Rows credited in an
 * adjustment leave the total.
 */
export const priced = <R extends Row>(
  rows: ReadonlyArray<R>,
  pricing: Pricing,
  taxIdToRate: TaxRate.Table
): { readonly items: ReadonlyArray<R>; readonly price_current: Money.Decimal } => {
  const counted = rows.filter((r) => r.credited_adj_at === 0)
  const totals = QuoteTotals.compute({ items: counted, ...pricing, taxIdToRate })
  const shown = new Map(totals.items.map((t) => [t.quote_item_id, t]))
  const items = rows.map((row): R => {
    const price_total =
      row.item_type === LineItem.ItemType.price
        ? LineItem.total(row)
        : row.item_type === LineItem.ItemType.text
          ? Money.zero
          : (shown.get(row.quote_item_id)?.iTotalTotal ?? Money.zero)
    return Money.equals(price_total, row.price_total) ? row : { ...row, price_total }
  })
  return { items, price_current: totals.upFront.total }
}

/** Whether a quote in this status can be saved from the editor: drafts, revisions, and templates. */
export const isEditable = (status: QuoteStatus.QuoteStatus, isTemplate: boolean): boolean =>
  isTemplate || QuoteStatus.opensEditor(status)

/** Whether a quote in this status can be adjusted (items added or credited after acceptance). */
export const isAdjustable = (status: QuoteStatus.QuoteStatus): boolean => status === "accepted"
