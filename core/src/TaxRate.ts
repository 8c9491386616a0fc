/**
 * Item taxes: the account's tax rate table (`item_tax_id` -> `tax_rate` percent), as the editor and the
 * quote view look rates up by an item's `item_tax_id`.
 *
 * @since 0.1.0
 */
import { BigDecimal, Option, Schema } from "effect"
import * as Money from "./Money.ts"

/** Identifier of an item tax (`item_tax_id`). 0 means "no tax" on an item. */
export const ItemTaxId = Schema.Int.pipe(Schema.brand("ItemTaxId"))

/** An `item_tax_id`. */
export type ItemTaxId = typeof ItemTaxId.Type

/** The `item_tax_id` an item carries when it is not taxed. */
export const NO_TAX: ItemTaxId = 0 as ItemTaxId

/**
 * An item tax as the account defines it: a percent rate (`tax_rate`, 0 to 100, up to 4 decimals, as the
 * `taxRateNum` input allows), a description such as "GST", and its archive state.
 */
export class TaxRate extends Schema.Class<TaxRate>("TaxRate")({
  item_tax_id: ItemTaxId,
  tax_rate: Money.DecimalFromString.check(Schema.isBetweenBigDecimal({ minimum: Money.zero, maximum: Money.hundred })),
  description: Schema.String,
  archive_id: Schema.Int
}) {}

/** Rates looked up by `item_tax_id`: what totals need of the tax table (the view's `taxIdToRate`). */
export type Table = ReadonlyMap<number, Money.Decimal>

/** Build the lookup table from the account's item taxes. Archived rates stay: old quotes still use them. */
export const toTable = (rates: Iterable<TaxRate>): Table => {
  const table = new Map<number, Money.Decimal>()
  for (const r of rates) table.set(r.item_tax_id, r.tax_rate)
  return table
}

/** Build the lookup table from the wire's `taxIdToRate` record (keys are the ids as strings). */
export const fromRecord = (record: Readonly<Record<string, Money.Decimal>>): Table => {
  const table = new Map<number, Money.Decimal>()
  for (const [k, v] of Object.entries(record)) table.set(Number(k), v)
  return table
}

/**
 * The percent rate of an item's tax; `None` for `item_tax_id` 0 or an id missing from the table (both mean the
 * line is not taxed, as a deleted tax must not invent one).
 */
export const rateOf = (table: Table, itemTaxId: number): Option.Option<Money.Decimal> =>
  itemTaxId === 0 ? Option.none() : Option.fromNullishOr(table.get(itemTaxId))

/** Whether a rate is a valid percent: 0 to 100 inclusive, at most 4 decimals (the `taxRateNum` input). */
export const isValidRate = (rate: Money.Decimal): boolean =>
  !BigDecimal.isNegative(rate) &&
  BigDecimal.isLessThanOrEqualTo(rate, Money.hundred) &&
  BigDecimal.normalize(rate).scale <= Money.UNIT_SCALE
