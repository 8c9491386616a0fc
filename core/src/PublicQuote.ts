/**
 * A quote's public data: what a customer's quote page (and the `<qk-quote-view>` widget) receives, and the
 * customer's own changes to it (optional items chosen, quantities edited).
 *
 * The fields are the spec's "Quote view totals" (`account_id`, `discount_overall`, `deposit_percent`,
 * `amounts_entered`, `currency_id`, `symbol`, `tax_word`, `currencyCode`, `isCustomerEditable`, `publicItems`,
 * `taxIdToRate`, `previewType`) plus what the page shows beside them: the title, number, status and
 * `private_pricing`. Each item carries only what the customer may see: never its cost, margin, category, linked
 * item, archive or editing state, and the quote never carries private notes. The per-item figures of the spec's
 * view (`iTotalDis` ... `iTaxes`) are not sent: the page computes them with {@link totals} from these inputs, so
 * they follow the customer's choices, and the spec's `iCost` is deliberately absent.
 *
 * Build items for the wire with {@link fromItem}, which copies the public fields by name, so a full quote item
 * (with its cost) can never leak through an object spread.
 *
 * @example
 * import * as PublicQuote from "@quotekit/core/PublicQuote"
 * const decoded = PublicQuote.decode(json)            // Result: PublicQuote or SchemaError
 * const quote = PublicQuote.choose(decoded.success, 3, true)
 * PublicQuote.totals(quote).upFront.total              // what the customer now pays up front
 *
 * @since 0.1.0
 */
import { type Result, Schema } from "effect"
import * as ContactChoice from "./ContactChoice.ts"
import * as LineItem from "./LineItem.ts"
import * as Money from "./Money.ts"
import * as PrivatePricing from "./PrivatePricing.ts"
import * as QuoteStatus from "./QuoteStatus.ts"
import * as QuoteTotals from "./QuoteTotals.ts"
import * as SubscriptionTerm from "./SubscriptionTerm.ts"
import * as TaxMode from "./TaxMode.ts"
import * as TaxRate from "./TaxRate.ts"

/** One row of a quote as the customer sees it: price, text, subtotal or total, with no cost or internal field. */
export const PublicItem = Schema.Struct({
  quote_item_id: LineItem.QuoteItemId,
  item_type: LineItem.ItemTypeSchema,
  item_code: Schema.String,
  item_title: Schema.String,
  item_body: Schema.String,
  item_tax_id: TaxRate.ItemTaxId,
  price_unit: Money.DecimalFromString,
  quantity: LineItem.Quantity,
  editable_quantity: LineItem.Quantity,
  discount_item: LineItem.Percent,
  contact_choice: ContactChoice.ContactChoice,
  contact_selected: ContactChoice.SelectedSchema,
  ...SubscriptionTerm.fields
})

/** One row of a quote as the customer sees it. */
export type PublicItem = typeof PublicItem.Type

/** A quote's public data (see the module header for what it holds and what it never holds). */
export const PublicQuote = Schema.Struct({
  title: Schema.String,
  quote_no: Schema.optionalKey(Schema.Int),
  status: Schema.optionalKey(QuoteStatus.QuoteStatus),
  account_id: Schema.Int,
  discount_overall: LineItem.Percent,
  deposit_percent: LineItem.Percent,
  amounts_entered: TaxMode.TaxModeSchema,
  currency_id: Schema.Int,
  symbol: Schema.String,
  tax_word: Schema.String,
  currencyCode: Schema.String,
  private_pricing: PrivatePricing.PrivatePricing,
  isCustomerEditable: Schema.Boolean,
  publicItems: Schema.Array(PublicItem),
  taxIdToRate: Schema.Record(Schema.String, Money.DecimalFromString),
  previewType: Schema.Int
})

/** A quote's public data, decoded (decimals as `BigDecimal`). */
export type PublicQuote = typeof PublicQuote.Type

/** A quote's public data as JSON carries it (decimals as strings). */
export type Encoded = typeof PublicQuote.Encoded

/**
 * Read a quote's public data from parsed JSON. Never throws: anything malformed is a `SchemaError` whose
 * message names the field, for a page to show its error state and a developer to see why.
 */
export const decode: (input: unknown) => Result.Result<PublicQuote, Schema.SchemaError> =
  Schema.decodeUnknownResult(PublicQuote)

/** The JSON form of a quote's public data, for the server to send. */
export const encode: (quote: PublicQuote) => Encoded = Schema.encodeSync(PublicQuote)

/** The fields of a full quote item that {@link fromItem} copies; anything else on the item is left behind. */
export type ItemSource = Omit<PublicItem, "quote_item_id" | "item_type" | "item_tax_id" | "contact_selected"> & {
  readonly quote_item_id: number
  readonly item_type: number
  readonly item_tax_id: number
  readonly contact_selected: number
}

/**
 * The public form of a quote item: the public fields copied by name, so costs and internal fields of a full
 * `LineItem.QuoteItem` never reach a customer. Use it whenever the server builds `publicItems`.
 */
export const fromItem = (item: ItemSource): PublicItem => ({
  quote_item_id: item.quote_item_id as LineItem.QuoteItemId,
  item_type: item.item_type as LineItem.ItemType,
  item_code: item.item_code,
  item_title: item.item_title,
  item_body: item.item_body,
  item_tax_id: item.item_tax_id as TaxRate.ItemTaxId,
  price_unit: item.price_unit,
  quantity: item.quantity,
  editable_quantity: item.editable_quantity,
  discount_item: item.discount_item,
  contact_choice: item.contact_choice,
  contact_selected: item.contact_selected as ContactChoice.Selected,
  term_every: item.term_every,
  term_type: item.term_type,
  term_duration: item.term_duration
})

/** The totals input of a quote's public data; costs are unknown to the customer and count as 0. */
export const totalsInput = (quote: PublicQuote): QuoteTotals.Input => ({
  items: quote.publicItems.map((item) => ({ ...item, price_cost: Money.zero })),
  amounts_entered: quote.amounts_entered,
  discount_overall: quote.discount_overall,
  deposit_percent: quote.deposit_percent,
  taxIdToRate: TaxRate.fromRecord(quote.taxIdToRate)
})

/**
 * Every row's figures and the quote's totals for the customer's current choices and quantities. Costs (and so
 * margins) come out as 0; every figure a customer sees equals the author's view of the same quote.
 */
export const totals = (quote: PublicQuote): QuoteTotals.QuoteTotals => QuoteTotals.compute(totalsInput(quote))

/** Whether the customer sees the items and prices: not on a withdrawn quote, which is taken back. */
export const showsContent = (status: QuoteStatus.QuoteStatus | undefined): boolean => status !== "withdrawn"

/**
 * Whether the customer may still change optional items and quantities: not once the quote is answered
 * (accepted or declined), expired or withdrawn, since the choices are part of what was or can be accepted.
 */
export const acceptsChanges = (status: QuoteStatus.QuoteStatus | undefined): boolean =>
  status === undefined || !(QuoteStatus.isAnswered(status) || status === "expired" || status === "withdrawn")

/** Whether the customer may edit this item's quantity: the quote allows it and the item is quantity-editable. */
export const isQuantityEditable = (quote: PublicQuote, item: PublicItem): boolean =>
  quote.isCustomerEditable && LineItem.isPrice(item) && LineItem.isQuantityEditable(item)

/**
 * The customer chooses yes or no on the item at `index` (a checkbox toggles alone, a radio option selects itself
 * and deselects the rest of its group; see `ContactChoice.choose`). Anything else leaves the quote as it is.
 */
export const choose = (quote: PublicQuote, index: number, yes: boolean): PublicQuote => {
  const items = ContactChoice.choose(quote.publicItems, index, yes)
  return items === quote.publicItems ? quote : { ...quote, publicItems: items }
}

/**
 * The customer sets the quantity of the item at `index`: zero or below becomes 1 and digits beyond 4 decimals
 * are dropped (`LineItem.customerQuantity`). Ignored unless {@link isQuantityEditable}.
 */
export const setQuantity = (quote: PublicQuote, index: number, quantity: Money.Decimal): PublicQuote => {
  const item = quote.publicItems[index]
  if (item === undefined || !isQuantityEditable(quote, item)) return quote
  const next = LineItem.customerQuantity(quantity)
  if (Money.equals(next, item.quantity)) return quote
  return { ...quote, publicItems: quote.publicItems.map((r, i) => (i === index ? { ...r, quantity: next } : r)) }
}

/**
 * An amount as the customer sees it: the quote's currency symbol before the amount with comma thousands and
 * `scale` decimals (2 for amounts; unit prices show 2 to 4 with `minScale` 2), the sign before both: "-$1,234.50".
 */
export const formatAmount = (
  quote: Pick<PublicQuote, "symbol">,
  amount: Money.Decimal,
  minScale: number = Money.AMOUNT_SCALE,
  maxScale: number = minScale
): string => {
  const text = Money.formatTrimmed(amount, minScale, maxScale)
  return text.startsWith("-") ? `-${quote.symbol}${text.slice(1)}` : `${quote.symbol}${text}`
}

/** A unit price as the customer sees it: the symbol, then 2 to 4 decimals ("$12.50", "$0.1234"). */
export const formatUnitPrice = (quote: Pick<PublicQuote, "symbol">, price: Money.Decimal): string =>
  formatAmount(quote, price, Money.AMOUNT_SCALE, Money.UNIT_SCALE)

/** A percent or a quantity as shown: trailing zeros trimmed, at most 4 decimals ("12.5", "2"). */
export const formatNumber = (n: Money.Decimal): string => Money.formatTrimmed(n, 0, Money.UNIT_SCALE)

/** A price item's state after the customer's changes, as a page reports or posts it. */
export interface Choice {
  readonly quote_item_id: number
  /** Whether the item counts in the totals. */
  readonly selected: boolean
  readonly contact_selected: ContactChoice.Selected
  readonly quantity: Money.Decimal
}

/** Each price item's selection and quantity, in quote order (text, subtotal and total rows are left out). */
export const choices = (quote: PublicQuote): ReadonlyArray<Choice> => {
  const selected = ContactChoice.selection(quote.publicItems)
  const out: Array<Choice> = []
  quote.publicItems.forEach((item, i) => {
    if (!LineItem.isPrice(item)) return
    out.push({
      quote_item_id: item.quote_item_id,
      selected: selected[i] === true,
      contact_selected: item.contact_selected,
      quantity: item.quantity
    })
  })
  return out
}
