/**
 * The quote: its wire entity, and the structure its rows must keep.
 *
 * Structure (spec: "A quote always keeps at least one price item, a total row last, and a text row after it"):
 * - at least one price item;
 * - exactly one total row, and it is the last price-bearing row: no price or subtotal row comes after it;
 * - after the total row only text rows, at least one (the closing text, such as terms);
 * - rows in `order_index` order, each index used once; `quote_item_id`s unique; item codes at most 60
 *   characters within a quote.
 *
 * `validateStructure` lists every problem as a tagged error; `normalise` repairs a draft so that it validates
 * (apart from ids and item codes, which are the user's data): it adds the missing rows with temporary negative
 * ids, moves stray rows before the total, drops extra total rows and renumbers `order_index` from 0.
 *
 * @since 0.1.0
 */
import { Result, Schema, SchemaGetter } from "effect"
import * as Account from "./Account.ts"
import * as Currency from "./Currency.ts"
import * as LineItem from "./LineItem.ts"
import * as Message from "./Message.ts"
import * as Money from "./Money.ts"
import * as PrivatePricing from "./PrivatePricing.ts"
import * as QuoteStatus from "./QuoteStatus.ts"
import * as QuoteTotals from "./QuoteTotals.ts"
import * as TaxMode from "./TaxMode.ts"
import type * as TaxRate from "./TaxRate.ts"

/** Identifier of a quote (`quote_id`); 0 or below for a quote not saved yet. */
export const QuoteId = Schema.Int.pipe(Schema.brand("QuoteId"))

/** A `quote_id`. */
export type QuoteId = typeof QuoteId.Type

/** A quote id in a path parameter: digits only, decoded to a `QuoteId`. */
export const QuoteIdFromString = Schema.String.pipe(
  Schema.check(Schema.isPattern(/^\d{1,15}$/)),
  Schema.decodeTo(Schema.Int, {
    decode: SchemaGetter.transform((s: string) => Number(s)),
    encode: SchemaGetter.transform((n: number) => String(n))
  }),
  Schema.decodeTo(QuoteId)
)

/** No quote matches an id, or the id in the route is not a number ('Could not find that quote?'). */
export class QuoteNotFound extends Schema.TaggedError<QuoteNotFound>()("QuoteNotFound", {
  id: Schema.String
}) {
  /** The user-facing text. */
  override get message(): string {
    return Message.catalogue.quoteNotFound
  }
}

/**
 * Read the quote id of an editor route (`/quotes/{quoteId or new}/...`): "new" or a whole number; anything else
 * is `QuoteNotFound`.
 */
export const parseRouteId = (segment: string): Result.Result<QuoteId | "new", QuoteNotFound> =>
  segment === "new"
    ? Result.succeed("new")
    : /^\d{1,15}$/.test(segment)
      ? Result.succeed(QuoteId.make(Number(segment)))
      : Result.fail(new QuoteNotFound({ id: segment }))

/** A quote's percent fields (`deposit_percent`, `discount_overall`): 0 to 100. */
export const Percent = Money.DecimalFromString.check(
  Schema.isBetweenBigDecimal({ minimum: Money.zero, maximum: Money.hundred })
)

/** A quote as on the wire (spec entity "Quote", with the invoicing fields of the second spec as optional). */
export class Quote extends Schema.Class<Quote>("Quote")({
  quote_id: QuoteId,
  title: Schema.String,
  status: QuoteStatus.QuoteStatus,
  quote_no: Schema.Int,
  /** Epoch seconds; 0 means "update automatically until sent". */
  sent_when: Schema.Int,
  /** Epoch seconds. */
  expiry_date: Schema.Int,
  deposit_percent: Percent,
  discount_overall: Percent,
  currency_id: Currency.CurrencyId,
  amounts_entered: TaxMode.TaxModeSchema,
  private_pricing: PrivatePricing.PrivatePricing,
  archive_id: Schema.Literals([1, 2, 3, 4, 5]),
  from: Account.SigninId,
  modified: Schema.Int,
  price_current: Money.DecimalFromString,
  greatest_scheduled: Schema.optionalKey(Schema.Int),
  _shared_quote_id: Schema.optionalKey(Schema.Int),
  _signinUrl: Schema.optionalKey(Schema.String),
  _quote_last_view: Schema.optionalKey(Schema.Int),
  _new_questions: Schema.optionalKey(Schema.Int),
  _followSecsDif: Schema.optionalKey(Schema.Int),
  _followSubjectId: Schema.optionalKey(Schema.Int),
  _companyOrPerson: Schema.optionalKey(Schema.String),
  _name_from: Schema.optionalKey(Schema.String),
  tax_word: Schema.optionalKey(Schema.String),
  symbol: Schema.optionalKey(Schema.String),
  currencyCode: Schema.optionalKey(Schema.String),
  addon_invoice_url: Schema.optionalKey(Schema.String),
  _archive_id_change: Schema.optionalKey(Schema.Int),
  last_action: Schema.optionalKey(Schema.Int),
  has_been_emailed: Schema.optionalKey(Schema.Boolean),
  revision_no: Schema.optionalKey(Schema.Int),
  first_contact: Schema.optionalKey(Schema.Int),
  price_potential: Schema.optionalKey(Money.DecimalFromString),
  last_item_adj: Schema.optionalKey(Schema.Int)
}) {}

/**
 * Whether the quote is shared or locked (`_shared_quote_id > 0`): title, deposit, discount, currency, tax mode
 * and private pricing are then read-only, unless the editor runs in many-mode.
 */
export const isSharedLocked = (quote: Pick<Quote, "_shared_quote_id">, manyMode = false): boolean =>
  !manyMode && (quote._shared_quote_id ?? 0) > 0

/** The totals of a quote and its rows (see `QuoteTotals`). */
export const totals = (
  quote: Pick<Quote, "amounts_entered" | "discount_overall" | "deposit_percent">,
  items: ReadonlyArray<QuoteTotals.Row>,
  taxIdToRate: TaxRate.Table
): QuoteTotals.QuoteTotals =>
  QuoteTotals.compute({
    items,
    amounts_entered: quote.amounts_entered,
    discount_overall: quote.discount_overall,
    deposit_percent: quote.deposit_percent,
    taxIdToRate
  })

// ---------------------------------------------------------------------------------------------------------------
// Structure

/** What structure rules read of a row. */
export interface StructureRow {
  readonly quote_item_id: number
  readonly item_type: number
  readonly item_code: string
  readonly order_index: number
}

/** The quote has no price item. */
export class NoPriceItem extends Schema.TaggedError<NoPriceItem>()("NoPriceItem", {}) {}

/** The quote has no total row. */
export class MissingTotalRow extends Schema.TaggedError<MissingTotalRow>()("MissingTotalRow", {}) {}

/** A second (or further) total row. */
export class ExtraTotalRow extends Schema.TaggedError<ExtraTotalRow>()("ExtraTotalRow", {
  quote_item_id: Schema.Int
}) {}

/** A price or subtotal row placed after the total row. */
export class RowAfterTotal extends Schema.TaggedError<RowAfterTotal>()("RowAfterTotal", {
  quote_item_id: Schema.Int
}) {}

/** No text row follows the total row. */
export class MissingClosingText extends Schema.TaggedError<MissingClosingText>()("MissingClosingText", {}) {}

/** An item code longer than 60 characters. */
export class ItemCodeTooLong extends Schema.TaggedError<ItemCodeTooLong>()("ItemCodeTooLong", {
  quote_item_id: Schema.Int,
  length: Schema.Int,
  maximum: Schema.Int
}) {}

/** Two rows share a `quote_item_id`. */
export class DuplicateItemId extends Schema.TaggedError<DuplicateItemId>()("DuplicateItemId", {
  quote_item_id: Schema.Int
}) {}

/** Rows are not in strictly increasing `order_index` order (the list order is the display order). */
export class OrderIndexOutOfSequence extends Schema.TaggedError<OrderIndexOutOfSequence>()("OrderIndexOutOfSequence", {
  quote_item_id: Schema.Int,
  order_index: Schema.Int
}) {}

/** Any structure problem. */
export type StructureError =
  | NoPriceItem
  | MissingTotalRow
  | ExtraTotalRow
  | RowAfterTotal
  | MissingClosingText
  | ItemCodeTooLong
  | DuplicateItemId
  | OrderIndexOutOfSequence

const { price, text, subtotal, total } = LineItem.ItemType

/**
 * Every structure problem of a quote's rows, in list order; empty when the structure is sound. Rows are read in
 * the order given (which must also be `order_index` order).
 */
export const validateStructure = (rows: ReadonlyArray<StructureRow>): ReadonlyArray<StructureError> => {
  const errors: Array<StructureError> = []
  const seen = new Set<number>()
  let totalAt = -1
  let hasPrice = false
  let textAfterTotal = false
  let previousIndex = Number.NEGATIVE_INFINITY
  rows.forEach((row, i) => {
    const id = row.quote_item_id
    if (seen.has(id)) errors.push(new DuplicateItemId({ quote_item_id: id }))
    seen.add(id)
    if (row.order_index <= previousIndex) {
      errors.push(new OrderIndexOutOfSequence({ quote_item_id: id, order_index: row.order_index }))
    }
    previousIndex = row.order_index
    if (row.item_code.length > LineItem.ITEM_CODE_MAX) {
      errors.push(
        new ItemCodeTooLong({ quote_item_id: id, length: row.item_code.length, maximum: LineItem.ITEM_CODE_MAX })
      )
    }
    if (row.item_type === price) hasPrice = true
    if (row.item_type === total) {
      if (totalAt >= 0) errors.push(new ExtraTotalRow({ quote_item_id: id }))
      else totalAt = i
    } else if (totalAt >= 0) {
      if (row.item_type === text) textAfterTotal = true
      else errors.push(new RowAfterTotal({ quote_item_id: id }))
    }
  })
  if (!hasPrice) errors.unshift(new NoPriceItem())
  if (totalAt < 0) errors.push(new MissingTotalRow())
  else if (!textAfterTotal) errors.push(new MissingClosingText())
  return errors
}

/** Whether rows keep the quote structure. */
export const isWellFormed = (rows: ReadonlyArray<StructureRow>): boolean => validateStructure(rows).length === 0

/** A temporary id for a new unsaved row: below every id in use and below 0. */
export const nextTempId = (rows: ReadonlyArray<{ readonly quote_item_id: number }>): LineItem.QuoteItemId => {
  let min = 0
  for (const r of rows) if (r.quote_item_id < min) min = r.quote_item_id
  return LineItem.QuoteItemId.make(min - 1)
}

const withIndex = (row: LineItem.QuoteItem, order_index: number): LineItem.QuoteItem =>
  row.order_index === order_index ? row : new LineItem.QuoteItem({ ...row, order_index })

/**
 * Repair a draft's rows so that they keep the quote structure: sorted by `order_index` (ties keep list order),
 * extra total rows dropped (the last one stays), price and subtotal rows after the total moved before it, a
 * blank price item added before the total when there is none, a total row added after the last price or
 * subtotal row when missing, a blank text row added at the end when none follows the total, and `order_index`
 * renumbered 0, 1, 2... New rows get temporary negative ids and the account's defaults.
 */
export const normalise = (
  items: ReadonlyArray<LineItem.QuoteItem>,
  defaults: LineItem.RowDefaults = {}
): ReadonlyArray<LineItem.QuoteItem> => {
  const sorted = items
    .map((row, i) => [row, i] as const)
    .sort(([a, i], [b, j]) => a.order_index - b.order_index || i - j)
    .map(([row]) => row)
  let tempId = nextTempId(items) as number
  const newId = () => tempId--

  let lastTotal = -1
  sorted.forEach((row, i) => {
    if (row.item_type === total) lastTotal = i
  })
  let totalRow = lastTotal >= 0 ? sorted[lastTotal]! : undefined
  const body: Array<LineItem.QuoteItem> = []
  const closing: Array<LineItem.QuoteItem> = []
  if (totalRow === undefined) {
    // Without a total, the closing texts are the text rows after the last price or subtotal row.
    let lastPriced = -1
    sorted.forEach((row, i) => {
      if (row.item_type === price || row.item_type === subtotal) lastPriced = i
    })
    sorted.forEach((row, i) => {
      ;(i <= lastPriced ? body : closing).push(row)
    })
    totalRow = LineItem.blank(total, newId(), 0)
  } else {
    sorted.forEach((row, i) => {
      if (row.item_type === total) return
      if (i > lastTotal && row.item_type === text) closing.push(row)
      else body.push(row)
    })
  }
  if (!body.some((row) => row.item_type === price)) body.push(LineItem.blank(price, newId(), 0, defaults))
  if (closing.length === 0) closing.push(LineItem.blank(text, newId(), 0))
  return [...body, totalRow, ...closing].map(withIndex)
}

// ---------------------------------------------------------------------------------------------------------------
// Row moves

/** Which way a row moves. */
export type Direction = "up" | "down"

/**
 * Move the row at `index` one place up or down, swapping it with its neighbour; the moved row shows `moveUp`
 * or `moveDown` and the neighbour the matching `...Swap` state. A move is refused (rows returned unchanged)
 * at the ends, or when it would break the structure (the total row and its closing text stay in place).
 */
export const move = (
  rows: ReadonlyArray<LineItem.QuoteItem>,
  index: number,
  direction: Direction
): ReadonlyArray<LineItem.QuoteItem> => {
  const other = direction === "up" ? index - 1 : index + 1
  const a = rows[index]
  const b = rows[other]
  if (a === undefined || b === undefined) return rows
  const next = [...rows]
  next[other] = new LineItem.QuoteItem({
    ...a,
    order_index: b.order_index,
    display_state: direction === "up" ? "moveUp" : "moveDown"
  })
  next[index] = new LineItem.QuoteItem({
    ...b,
    order_index: a.order_index,
    display_state: direction === "up" ? "moveUpSwap" : "moveDownSwap"
  })
  return isWellFormed(rows) && !isWellFormed(next) ? rows : next
}

/**
 * Remove the row at `index`, unless that would break the structure (the last price item, the total row, the
 * last closing text); order indexes are renumbered.
 */
export const remove = (rows: ReadonlyArray<LineItem.QuoteItem>, index: number): ReadonlyArray<LineItem.QuoteItem> => {
  if (rows[index] === undefined) return rows
  const next = rows.filter((_, i) => i !== index)
  return isWellFormed(rows) && !isWellFormed(next) ? rows : next.map(withIndex)
}

/**
 * Insert a new blank row of a type after `index` (before the total row at the latest, so the structure holds),
 * with a temporary id, in the `add` display state; returns the rows and the new row's position.
 */
export const insert = (
  rows: ReadonlyArray<LineItem.QuoteItem>,
  index: number,
  itemType: Exclude<LineItem.ItemType, 4>,
  defaults: LineItem.RowDefaults = {}
): { readonly rows: ReadonlyArray<LineItem.QuoteItem>; readonly at: number } => {
  const totalAt = rows.findIndex((r) => r.item_type === total)
  const wanted = Math.max(0, Math.min(index + 1, rows.length))
  const at = totalAt >= 0 && itemType !== text ? Math.min(wanted, totalAt) : wanted
  const row = new LineItem.QuoteItem({
    ...LineItem.blank(itemType, nextTempId(rows), 0, defaults),
    display_state: "add"
  })
  const next = [...rows.slice(0, at), row, ...rows.slice(at)]
  return { rows: next.map(withIndex), at }
}
