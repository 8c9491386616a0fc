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
 * ## In the browser
 * The server validates what it sends with the {@link PublicQuote} schema. The `<qk-quote-view>` widget must not
 * bundle the Schema runtime or `BigDecimal`, so it reads the data with {@link parse}: a plain structural check of
 * exactly what the schema checks, giving a {@link Plain} quote whose decimals are `Money.Fixed` values. The
 * functions below take a `Plain` quote (a decoded `PublicQuote` is one too), and {@link totalsFixed},
 * {@link setQuantityFixed} and the formatters work without effect.
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
import * as Outcome from "./Outcome.ts"
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

/** A type with its `BigDecimal` fields read as plain `Money.Fixed`. */
type WithFixed<T> = { readonly [K in keyof T]: T[K] extends Money.Decimal ? Money.Fixed : T[K] }

/** One row of a quote as {@link parse} reads it: a {@link PublicItem} with its decimals as `Money.Fixed`. */
export type PlainItem = WithFixed<PublicItem>

/**
 * A quote's public data as {@link parse} reads it: a {@link PublicQuote} with its decimals as `Money.Fixed`. A
 * decoded `PublicQuote` is one too, so every function taking a `Plain` quote takes either.
 */
export interface Plain extends Omit<WithFixed<PublicQuote>, "publicItems" | "taxIdToRate"> {
  readonly publicItems: ReadonlyArray<PlainItem>
  readonly taxIdToRate: Readonly<Record<string, Money.Fixed>>
}

/**
 * Public data that does not have the shape of {@link PublicQuote}: `path` is where ({@link parse} stops at the
 * first problem) and `expected` what should have been there. A plain tagged error class, for the widget's bundle.
 */
export class InvalidPublicQuote extends Error {
  readonly _tag = "InvalidPublicQuote"
  override readonly name = "InvalidPublicQuote"
  readonly path: ReadonlyArray<string | number>
  readonly expected: string
  constructor(props: { readonly path: ReadonlyArray<string | number>; readonly expected: string }) {
    super(`Expected ${props.expected} at ${props.path.map((p) => `[${JSON.stringify(p)}]`).join("") || "the top"}`)
    this.path = props.path
    this.expected = props.expected
  }
}

type Path = ReadonlyArray<string | number>

const refuse = (expected: string, path: Path): never => {
  throw new InvalidPublicQuote({ path, expected })
}

const objectAt = (u: unknown, path: Path): Readonly<Record<string, unknown>> =>
  typeof u === "object" && u !== null && !Array.isArray(u) ? (u as Record<string, unknown>) : refuse("an object", path)

const stringAt = (u: unknown, path: Path): string => (typeof u === "string" ? u : refuse("a string", path))

const intAt = (u: unknown, path: Path, min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER): number =>
  typeof u === "number" && Number.isSafeInteger(u) && u >= min && u <= max
    ? u
    : refuse(`an integer from ${min} to ${max}`, path)

const oneOf = <A>(all: ReadonlyArray<A>, u: unknown, path: Path): A =>
  all.includes(u as A) ? (u as A) : refuse(`one of ${all.map((a) => JSON.stringify(a)).join(", ")}`, path)

const HUNDRED: Money.Fixed = { value: 100n, scale: 0 }
const ZERO: Money.Fixed = { value: 0n, scale: 0 }

/** A decimal string (`Money.DecimalFromString`), optionally at least 0 (`LineItem.Quantity`) or 0-100 (`Percent`). */
const decimalAt = (u: unknown, path: Path, bounds: "any" | "quantity" | "percent" = "any"): Money.Fixed => {
  const d = typeof u === "string" ? Money.parseFixed(u) : undefined
  if (d === undefined) return refuse("a decimal string", path)
  if (bounds !== "any" && Money.compare(d, ZERO) < 0) return refuse("a decimal of 0 or more", path)
  if (bounds === "percent" && Money.compare(d, HUNDRED) > 0) return refuse("a decimal from 0 to 100", path)
  return d
}

const has = (o: object, key: string): boolean => Object.hasOwn(o, key)

const itemAt = (u: unknown, path: Path): PlainItem => {
  const o = objectAt(u, path)
  const at = (key: string) => (has(o, key) ? o[key] : refuse("a value (the key is missing)", [...path, key]))
  return {
    quote_item_id: intAt(at("quote_item_id"), [...path, "quote_item_id"]) as LineItem.QuoteItemId,
    item_type: oneOf([1, 2, 3, 4] as const, at("item_type"), [...path, "item_type"]),
    item_code: stringAt(at("item_code"), [...path, "item_code"]),
    item_title: stringAt(at("item_title"), [...path, "item_title"]),
    item_body: stringAt(at("item_body"), [...path, "item_body"]),
    item_tax_id: intAt(at("item_tax_id"), [...path, "item_tax_id"]) as TaxRate.ItemTaxId,
    price_unit: decimalAt(at("price_unit"), [...path, "price_unit"]),
    quantity: decimalAt(at("quantity"), [...path, "quantity"], "quantity"),
    editable_quantity: decimalAt(at("editable_quantity"), [...path, "editable_quantity"], "quantity"),
    discount_item: decimalAt(at("discount_item"), [...path, "discount_item"], "percent"),
    contact_choice: intAt(at("contact_choice"), [...path, "contact_choice"], 0, 7),
    contact_selected: oneOf([0, 1, 2] as const, at("contact_selected"), [...path, "contact_selected"]),
    term_every: intAt(at("term_every"), [...path, "term_every"], 0, SubscriptionTerm.MAX_EVERY),
    term_type: oneOf([1, 2, 3] as const, at("term_type"), [...path, "term_type"]),
    term_duration: intAt(at("term_duration"), [...path, "term_duration"], 0, SubscriptionTerm.MAX_DURATION)
  }
}

const quoteAt = (u: unknown): Plain => {
  const o = objectAt(u, [])
  const at = (key: string) => (has(o, key) ? o[key] : refuse("a value (the key is missing)", [key]))
  const items = at("publicItems")
  if (!Array.isArray(items)) return refuse("an array", ["publicItems"])
  const rates = objectAt(at("taxIdToRate"), ["taxIdToRate"])
  const taxIdToRate: Record<string, Money.Fixed> = {}
  for (const key of Object.keys(rates)) taxIdToRate[key] = decimalAt(rates[key], ["taxIdToRate", key])
  return {
    title: stringAt(at("title"), ["title"]),
    ...(has(o, "quote_no") ? { quote_no: intAt(o.quote_no, ["quote_no"]) } : {}),
    ...(has(o, "status") ? { status: oneOf(QuoteStatus.all, o.status, ["status"]) } : {}),
    account_id: intAt(at("account_id"), ["account_id"]),
    discount_overall: decimalAt(at("discount_overall"), ["discount_overall"], "percent"),
    deposit_percent: decimalAt(at("deposit_percent"), ["deposit_percent"], "percent"),
    amounts_entered: oneOf(TaxMode.all, at("amounts_entered"), ["amounts_entered"]),
    currency_id: intAt(at("currency_id"), ["currency_id"]),
    symbol: stringAt(at("symbol"), ["symbol"]),
    tax_word: stringAt(at("tax_word"), ["tax_word"]),
    currencyCode: stringAt(at("currencyCode"), ["currencyCode"]),
    private_pricing: intAt(
      at("private_pricing"),
      ["private_pricing"],
      0,
      PrivatePricing.ALL_BITS
    ) as PrivatePricing.PrivatePricing,
    isCustomerEditable:
      typeof at("isCustomerEditable") === "boolean"
        ? (o.isCustomerEditable as boolean)
        : refuse("a boolean", ["isCustomerEditable"]),
    publicItems: items.map((item, i) => itemAt(item, ["publicItems", i])),
    taxIdToRate,
    previewType: intAt(at("previewType"), ["previewType"])
  }
}

/**
 * Read a quote's public data from parsed JSON without the Schema runtime: exactly the checks of the
 * {@link PublicQuote} schema (types, integer ranges, literals, decimal strings and their bounds), keeping only
 * the schema's fields, with decimals as `Money.Fixed`. Never throws. For the quote view widget; elsewhere use
 * {@link decode}.
 */
export const parse = (input: unknown): Outcome.Outcome<Plain, InvalidPublicQuote> => {
  try {
    return Outcome.succeed(quoteAt(input))
  } catch (e) {
    if (e instanceof InvalidPublicQuote) return Outcome.fail(e)
    throw e
  }
}

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
export const totalsInput = (quote: Plain): QuoteTotals.Input => {
  const rates = new Map<number, Money.Fixed>()
  for (const [k, v] of Object.entries(quote.taxIdToRate)) rates.set(Number(k), v)
  return {
    items: quote.publicItems.map((item) => ({ ...item, price_cost: ZERO })),
    amounts_entered: quote.amounts_entered,
    discount_overall: quote.discount_overall,
    deposit_percent: quote.deposit_percent,
    taxIdToRate: rates
  }
}

/**
 * Every row's figures and the quote's totals for the customer's current choices and quantities. Costs (and so
 * margins) come out as 0; every figure a customer sees equals the author's view of the same quote.
 */
export const totals = (quote: PublicQuote): QuoteTotals.QuoteTotals => QuoteTotals.compute(totalsInput(quote))

/** {@link totals} with every figure a plain `Money.Fixed` (`QuoteTotals.computeFixed`), for the widget. */
export const totalsFixed = (quote: Plain): QuoteTotals.FixedTotals => QuoteTotals.computeFixed(totalsInput(quote))

/** Whether the customer sees the items and prices: not on a withdrawn quote, which is taken back. */
export const showsContent = (status: QuoteStatus.QuoteStatus | undefined): boolean => status !== "withdrawn"

/**
 * Whether the customer may still change optional items and quantities: not once the quote is answered
 * (accepted or declined), expired or withdrawn, since the choices are part of what was or can be accepted.
 */
export const acceptsChanges = (status: QuoteStatus.QuoteStatus | undefined): boolean =>
  status === undefined || !(QuoteStatus.isAnswered(status) || status === "expired" || status === "withdrawn")

/** Whether the customer may edit this item's quantity: the quote allows it and the item is quantity-editable. */
export const isQuantityEditable = (quote: Plain, item: PlainItem): boolean =>
  quote.isCustomerEditable && LineItem.isPrice(item) && LineItem.isQuantityEditable(item)

/**
 * The customer chooses yes or no on the item at `index` (a checkbox toggles alone, a radio option selects itself
 * and deselects the rest of its group; see `ContactChoice.choose`). Anything else leaves the quote as it is.
 */
export const choose = <Q extends Plain>(quote: Q, index: number, yes: boolean): Q => {
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

/** {@link setQuantity} on a {@link Plain} quote, the quantity a `Money.Fixed` (`LineItem.customerQuantityFixed`). */
export const setQuantityFixed = (quote: Plain, index: number, quantity: Money.Fixed): Plain => {
  const item = quote.publicItems[index]
  if (item === undefined || !isQuantityEditable(quote, item)) return quote
  const next = LineItem.customerQuantityFixed(quantity)
  if (Money.equals(next, item.quantity)) return quote
  return { ...quote, publicItems: quote.publicItems.map((r, i) => (i === index ? { ...r, quantity: next } : r)) }
}

/**
 * An amount as the customer sees it: the quote's currency symbol before the amount with comma thousands and
 * `scale` decimals (2 for amounts; unit prices show 2 to 4 with `minScale` 2), the sign before both: "-$1,234.50".
 */
export const formatAmount = (
  quote: Pick<Plain, "symbol">,
  amount: Money.Fixed,
  minScale: number = Money.AMOUNT_SCALE,
  maxScale: number = minScale
): string => {
  const text = Money.formatTrimmed(amount, minScale, maxScale)
  return text.startsWith("-") ? `-${quote.symbol}${text.slice(1)}` : `${quote.symbol}${text}`
}

/** A unit price as the customer sees it: the symbol, then 2 to 4 decimals ("$12.50", "$0.1234"). */
export const formatUnitPrice = (quote: Pick<Plain, "symbol">, price: Money.Fixed): string =>
  formatAmount(quote, price, Money.AMOUNT_SCALE, Money.UNIT_SCALE)

/** A percent or a quantity as shown: trailing zeros trimmed, at most 4 decimals ("12.5", "2"). */
export const formatNumber = (n: Money.Fixed): string => Money.formatTrimmed(n, 0, Money.UNIT_SCALE)

/** An item's quantity as shown beside its unit price: a quantity of 0 counts (and shows) as 1. */
export const formatQuantity = (item: Pick<PlainItem, "quantity">): string =>
  Money.isZero(item.quantity) ? "1" : formatNumber(item.quantity)

/** A price item's state after the customer's changes, as a page reports or posts it. */
export interface Choice {
  readonly quote_item_id: number
  /** Whether the item counts in the totals. */
  readonly selected: boolean
  readonly contact_selected: ContactChoice.Selected
  readonly quantity: Money.Fixed
}

/** Each price item's selection and quantity, in quote order (text, subtotal and total rows are left out). */
export const choices = (quote: Plain): ReadonlyArray<Choice> => {
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
