/**
 * Quote items (lines) and the arithmetic of one line: total from unit price, quantity and item discount; unit
 * price back from an edited total; cost and margin; the customer's quantity edits.
 *
 * Rules (spec, "Item math"):
 * - total = unit price x quantity (a quantity of 0 counts as 1) less the item discount percent, rounded to
 *   2 decimals half away from zero.
 * - Editing the total back-computes the unit price to 4 decimals, chosen so that the total read back is the
 *   edited total. That is always possible when the effective quantity x (1 - discount/100) is at most 100;
 *   beyond that a 4-decimal unit price moves the total in steps larger than a cent, and the closest achievable
 *   total is kept, off by at most half a unit step times that factor (factor x 0.00005, plus the half cent).
 * - margin % = (price - cost) / price x 100, 2 decimals; undefined (`None`) at price 0, where no sale price can
 *   carry a margin.
 * - Editing the cost sets the unit price from the cost by the margin (price = cost / (1 - margin/100), 4
 *   decimals), so the margin holds; at a margin of 100 no price can hold it and the price stays.
 *   Changing the margin moves the price only while the margin is locked; unlocked it is read-only (derived).
 * - A customer-edited quantity of zero or below becomes 1.
 *
 * These are the exact reference definitions in `BigDecimal`; `QuoteTotals` computes the same numbers for whole
 * quotes with fixed-point integers and is tested against these functions.
 *
 * @since 0.1.0
 */
import { BigDecimal, Option, Schema } from "effect"
import * as ContactChoice from "./ContactChoice.ts"
import * as Money from "./Money.ts"
import * as SubscriptionTerm from "./SubscriptionTerm.ts"
import * as TaxRate from "./TaxRate.ts"

type Decimal = Money.Decimal

/** Identifier of a quote item (`quote_item_id`); negative for a row the client made and has not saved. */
export const QuoteItemId = Schema.Int.pipe(Schema.brand("QuoteItemId"))

/** A `quote_item_id`. */
export type QuoteItemId = typeof QuoteItemId.Type

/** Whether an item id belongs to a row not saved yet (temporary ids are negative; 0 is "none"). */
export const isUnsaved = (id: number): boolean => id <= 0

/** Item types by name: 1 price, 2 text, 3 subtotal, 4 total. */
export const ItemType = { price: 1, text: 2, subtotal: 3, total: 4 } as const

/** An `item_type`. */
export type ItemType = (typeof ItemType)[keyof typeof ItemType]

/** Wire schema of `item_type`. */
export const ItemTypeSchema = Schema.Literals([1, 2, 3, 4])

/** Row animation states in the editor (adding scrolls to the row, then returns to idle after 200 ms). */
export const DisplayState = Schema.Literals([
  "idle",
  "add",
  "delete",
  "moveUp",
  "moveUpSwap",
  "moveDown",
  "moveDownSwap"
])

/** A row's display state. */
export type DisplayState = typeof DisplayState.Type

/** How long an added row stays in the `add` state before returning to `idle`, in ms. */
export const ADD_SETTLE_MS = 200

/**
 * Editing state of a row: `locked` (a saved item linked to a reusable item, edited only at its source),
 * `copied` (unlinked by "Copy and Edit as New"), `normal` (a row of this quote only).
 */
export const Editing = Schema.Literals(["locked", "copied", "normal"])

/** A row's editing state. */
export type Editing = typeof Editing.Type

/** Longest `item_code` within a quote (unlimited on a standalone reusable item). */
export const ITEM_CODE_MAX = 60

// `Percent` and `Quantity` are marked pure by hand: the widgets' bundle build takes only `Schema.*(...)` calls as
// pure, and without the mark these two calls on `Money.DecimalFromString` keep the whole Schema runtime in the
// quote view, which imports this module (20 KB budget; 32.8 KB without the marks).

/** A percent field of a line (`discount_item`): 0 to 100. */
export const Percent = /* @__PURE__ */ Money.DecimalFromString.check(
  Schema.isBetweenBigDecimal({ minimum: Money.zero, maximum: Money.hundred })
)

/** A quantity field (`quantity`, `editable_quantity`): never negative. */
export const Quantity = /* @__PURE__ */ Money.DecimalFromString.check(
  Schema.isGreaterThanOrEqualToBigDecimal(Money.zero)
)

/** A file attached to an item. */
export const ItemFile = Schema.Struct({ file_id: Schema.Int, parent_id: Schema.Int })

/** A quote item as on the wire (spec entity "Quote item"). */
export class QuoteItem extends Schema.Class<QuoteItem>("QuoteItem")({
  quote_item_id: QuoteItemId,
  item_type: ItemTypeSchema,
  item_id: Schema.Int,
  item_code: Schema.String.check(Schema.isMaxLength(ITEM_CODE_MAX)),
  item_title: Schema.String,
  item_body: Schema.String,
  item_cat_id: Schema.Int,
  item_tax_id: TaxRate.ItemTaxId,
  price_unit: Money.DecimalFromString,
  price_cost: Money.DecimalFromString,
  price_total: Money.DecimalFromString,
  quantity: Quantity,
  editable_quantity: Quantity,
  discount_item: Percent,
  contact_choice: ContactChoice.ContactChoice,
  contact_selected: ContactChoice.SelectedSchema,
  ...SubscriptionTerm.fields,
  added_adj_at: Schema.Int,
  credited_adj_at: Schema.Int,
  order_index: Schema.Int,
  display_state: Schema.optionalKey(DisplayState),
  editing: Schema.optionalKey(Editing),
  original_quantity: Schema.optionalKey(Quantity),
  modified: Schema.optionalKey(Schema.Int),
  archive_id: Schema.optionalKey(Schema.Int),
  _shared_account_id: Schema.optionalKey(Schema.Int),
  files: Schema.optionalKey(Schema.Array(ItemFile))
}) {}

/** The fields of a quote item, for building one (`new QuoteItem(...)`) or a structural copy. */
export type QuoteItemFields = ConstructorParameters<typeof QuoteItem>[0]

/** Defaults a new row takes from the account (`defTaxId`, `defCategoryId`). */
export interface RowDefaults {
  readonly item_tax_id?: number
  readonly item_cat_id?: number
}

/**
 * A new empty row of a type, with a temporary id (see `Quote.nextTempId`) and its position. Price rows start at
 * quantity 1 and take the account's default tax and category; other rows carry no price.
 */
export const blank = (itemType: ItemType, id: number, orderIndex: number, defaults: RowDefaults = {}): QuoteItem =>
  new QuoteItem({
    quote_item_id: QuoteItemId.make(id),
    item_type: itemType,
    item_id: 0,
    item_code: "",
    item_title: "",
    item_body: "",
    item_cat_id: itemType === ItemType.price ? (defaults.item_cat_id ?? 0) : 0,
    item_tax_id: TaxRate.ItemTaxId.make(itemType === ItemType.price ? (defaults.item_tax_id ?? 0) : 0),
    price_unit: Money.zero,
    price_cost: Money.zero,
    price_total: Money.zero,
    quantity: itemType === ItemType.price ? Money.one : Money.zero,
    editable_quantity: Money.zero,
    discount_item: Money.zero,
    contact_choice: 0,
    contact_selected: 0,
    ...SubscriptionTerm.none,
    added_adj_at: 0,
    credited_adj_at: 0,
    order_index: orderIndex,
    display_state: "idle",
    editing: "normal"
  })

/** What line arithmetic needs of a row. */
export interface Priced {
  readonly price_unit: Decimal
  readonly quantity: Decimal
  readonly discount_item: Decimal
}

/** The quantity that multiplies the price: the quantity, except 0 which counts as 1. */
export const effectiveQuantity = (quantity: Decimal): Decimal => (BigDecimal.isZero(quantity) ? Money.one : quantity)

/** What remains after a percent discount, as a factor: `(100 - discount) / 100`. */
export const discountFactor = (discountPercent: Decimal): Decimal =>
  BigDecimal.divideUnsafe(BigDecimal.subtract(Money.hundred, discountPercent), Money.hundred)

/** The unrounded line amount: unit x effective quantity x (1 - discount/100). For reference and tests. */
export const exactTotal = (line: Priced): Decimal =>
  BigDecimal.multiply(
    BigDecimal.multiply(line.price_unit, effectiveQuantity(line.quantity)),
    discountFactor(line.discount_item)
  )

/**
 * The line total (`price_total`): unit price x quantity (0 counts as 1) less the item discount, to the cent.
 *
 * @example
 * LineItem.total({ price_unit: Money.make("19.99"), quantity: Money.make("3"), discount_item: Money.make("10") })
 * // 53.97
 */
export const total = (line: Priced): Decimal => Money.roundAmount(exactTotal(line))

/**
 * The unit price (4 decimals) that gives an edited total, for a line's quantity and discount; see the module
 * header for when exact reproduction is possible. `None` when the discount is 100 % (no unit price changes
 * the total).
 */
export const unitFromTotal = (
  line: Pick<Priced, "quantity" | "discount_item">,
  editedTotal: Decimal
): Option.Option<Decimal> => {
  const target = Money.roundAmount(editedTotal)
  const factor = BigDecimal.multiply(effectiveQuantity(line.quantity), discountFactor(line.discount_item))
  if (BigDecimal.isZero(factor)) return Option.none()
  const guess = Option.getOrThrow(Money.divideTo(target, factor, Money.UNIT_SCALE))
  const step = BigDecimal.make(1n, Money.UNIT_SCALE)
  const back = (u: Decimal) => Money.roundAmount(BigDecimal.multiply(u, factor))
  for (const candidate of [guess, BigDecimal.subtract(guess, step), BigDecimal.sum(guess, step)]) {
    if (BigDecimal.equals(back(candidate), target)) return Option.some(Money.roundUnit(candidate))
  }
  return Option.some(guess)
}

/** The `price_total` a line should carry: its computed total (use after any edit of price, quantity or discount). */
export const withTotal = <L extends Priced & { readonly price_total: Decimal }>(line: L): L => ({
  ...line,
  price_total: total(line)
})

/** Margin percent of a price over its cost, 2 decimals; `None` at price 0. */
export const margin = (cost: Decimal, price: Decimal): Option.Option<Decimal> =>
  Money.divideTo(BigDecimal.multiply(BigDecimal.subtract(price, cost), Money.hundred), price, Money.AMOUNT_SCALE)

/** The unit price (4 decimals) that gives a margin percent over a cost; `None` at a margin of 100 or more. */
export const priceFromMargin = (cost: Decimal, marginPercent: Decimal): Option.Option<Decimal> =>
  BigDecimal.isLessThan(marginPercent, Money.hundred)
    ? Money.divideTo(BigDecimal.multiply(cost, Money.hundred), BigDecimal.subtract(Money.hundred, marginPercent), 4)
    : Option.none()

/** The cost and price inputs of a line in the editor, with the margin shown beside them and its lock. */
export interface Pricing {
  readonly price_unit: Decimal
  readonly price_cost: Decimal
  /** Margin percent shown (2 decimals); kept as last set when the price is 0 and no margin can be derived. */
  readonly margin: Decimal
  readonly marginLocked: boolean
}

/** Largest margin the `priceMargin` input accepts (negatives are allowed). */
export const MARGIN_MAX = Money.hundred

/**
 * Start editing a line's pricing: the margin derived from its cost and price, or `fallbackMargin` (the account's
 * `defMargin`) when the price is 0.
 */
export const pricing = (
  line: { readonly price_unit: Decimal; readonly price_cost: Decimal },
  marginLocked: boolean,
  fallbackMargin: Decimal = Money.zero
): Pricing => ({
  price_unit: line.price_unit,
  price_cost: line.price_cost,
  margin: Option.getOrElse(margin(line.price_cost, line.price_unit), () => fallbackMargin),
  marginLocked
})

/** The user edits the cost: the unit price follows by the margin (see the module header). */
export const editCost = (p: Pricing, cost: Decimal): Pricing => {
  const price = priceFromMargin(cost, p.margin)
  if (Option.isSome(price)) return { ...p, price_cost: cost, price_unit: price.value }
  return {
    ...p,
    price_cost: cost,
    margin: Option.getOrElse(margin(cost, p.price_unit), () => p.margin)
  }
}

/** The user edits the margin: moves the price only while locked; clamped to at most 100. */
export const editMargin = (p: Pricing, marginPercent: Decimal): Pricing => {
  if (!p.marginLocked) return p
  const m = BigDecimal.min(Money.roundAmount(marginPercent), MARGIN_MAX)
  return {
    ...p,
    margin: m,
    price_unit: Option.getOrElse(priceFromMargin(p.price_cost, m), () => p.price_unit)
  }
}

/** The user edits the unit price: the margin is derived again (kept when the price is 0). */
export const editUnit = (p: Pricing, price: Decimal): Pricing => ({
  ...p,
  price_unit: price,
  margin: Option.getOrElse(margin(p.price_cost, price), () => p.margin)
})

/**
 * A quantity the customer typed: zero or below becomes 1; extra decimals beyond 4 are dropped (the quantity
 * input truncates rather than rounds).
 *
 * @example
 * LineItem.customerQuantity(Money.make("-2")) // 1
 */
export const customerQuantity = (typed: Decimal): Decimal =>
  BigDecimal.isPositive(typed) && !BigDecimal.isZero(Money.truncateTo(typed, Money.UNIT_SCALE))
    ? Money.truncateTo(typed, Money.UNIT_SCALE)
    : Money.one

/** {@link customerQuantity} on a plain `Money.Fixed`, with `bigint` alone: for the quote view widget. */
export const customerQuantityFixed = (typed: Money.Fixed): Money.Fixed => {
  const s = typed.scale
  // Truncate toward zero at 4 decimals.
  const units =
    s <= Money.UNIT_SCALE
      ? typed.value * 10n ** BigInt(Money.UNIT_SCALE - s)
      : typed.value / 10n ** BigInt(s - Money.UNIT_SCALE)
  return units > 0n ? { value: units, scale: Money.UNIT_SCALE } : { value: 1n, scale: 0 }
}

/** Whether the customer may change the item's quantity (`editable_quantity` above 0). */
export const isQuantityEditable = (item: { readonly editable_quantity: Money.Fixed }): boolean =>
  item.editable_quantity.value > 0n

/** Whether an item's `item_code` fits within a quote (at most 60 characters). */
export const isItemCodeValid = (code: string): boolean => code.length <= ITEM_CODE_MAX

/** Whether a row bears a price (only price items; text, subtotal and total rows are computed or empty). */
export const isPrice = (item: { readonly item_type: number }): boolean => item.item_type === ItemType.price

/** Whether the item repeats (a subscription item, `term_every > 0`). */
export const isSubscription = (item: { readonly term_every: number }): boolean => SubscriptionTerm.isSubscription(item)

/** The editing state a loaded row starts in: saved rows linked to a reusable item are locked. */
export const initialEditing = (item: { readonly quote_item_id: number; readonly item_id: number }): Editing =>
  item.item_id > 0 && !isUnsaved(item.quote_item_id) ? "locked" : "normal"

/** "Copy and Edit as New": a locked row becomes an editable copy. Other states are unchanged. */
export const copyAndEdit = (state: Editing): Editing => (state === "locked" ? "copied" : state)

/** "Revert to Linked Item" (after confirming 'Undo Changes?'): a copied row is locked again. */
export const revertToLinked = (state: Editing): Editing => (state === "copied" ? "locked" : state)
