/**
 * The document of one created invoice: its lines (what `InvoiceSplit` says it covers, each with the item's title,
 * the percent taken, the quantity and the amount), its tax per rate and its totals, as the built-in invoice page,
 * its PDF, its email and an accounting add-on show them.
 *
 * Amounts are in the quote's basis (`amounts_entered`): with tax in `inclusive`, without otherwise. Tax is worked
 * out per rate on the summed amounts of that rate's lines and rounded once (`TaxMode.split`), as on the quote.
 * An invoice always charges the tax it lists: `total` is the gross in every mode but `no_tax` (a quote shown
 * 'excluding tax' is still invoiced with it). A credit note lists what it gives back as positive figures; its
 * kind says it is a credit. So `subtotal + added tax = total` to the cent, and `total` of an invoice is what the
 * customer pays.
 *
 * @since 0.2.0
 */
import { BigDecimal, Schema } from "effect"
import * as Invoice from "./Invoice.ts"
import type * as InvoiceSplit from "./InvoiceSplit.ts"
import * as Money from "./Money.ts"
import * as TaxMode from "./TaxMode.ts"

/** What the document needs of a quote row. */
export interface ItemFacts {
  readonly quote_item_id: number
  readonly item_code: string
  readonly item_title: string
  readonly price_unit: Money.Decimal
  readonly item_tax_id: number
}

/** One line of the document. */
export const Line = Schema.Struct({
  quote_item_id: Schema.Int,
  item_code: Schema.String,
  title: Schema.String,
  /** Percent of the item this invoice takes (credit: gives back), 1-100. */
  percent: Schema.Int,
  quantity: Money.DecimalFromString,
  price_unit: Money.DecimalFromString,
  /** The tax rate of the line in percent; 0 when untaxed. */
  tax_rate: Money.DecimalFromString,
  amount: Money.DecimalFromString
})
/** A document line. */
export type Line = typeof Line.Type

/** One tax rate's line of the totals. */
export const TaxLine = Schema.Struct({
  rate: Money.DecimalFromString,
  base: Money.DecimalFromString,
  amount: Money.DecimalFromString
})
/** A tax line. */
export type TaxLine = typeof TaxLine.Type

/** The document's lines and totals. */
export const Content = Schema.Struct({
  kind: Invoice.InvoiceTypeSchema,
  amounts_entered: TaxMode.TaxModeSchema,
  lines: Schema.Array(Line),
  /** Sum of the lines, in the quote's basis. */
  subtotal: Money.DecimalFromString,
  taxes: Schema.Array(TaxLine),
  tax: Money.DecimalFromString,
  /** What the invoice charges (a credit note: gives back), tax included unless the quote has no tax. */
  total: Money.DecimalFromString
})
/** The document's content. */
export type Content = typeof Content.Type

/** Whether the lines' amounts already contain the listed tax (`inclusive`). */
export const taxIncluded = (mode: TaxMode.TaxMode): boolean => TaxMode.pricesIncludeTax(mode)

/**
 * Build the document of an invoice from what the split says it covers (`result.lines`), the quote rows' facts and
 * the account's tax rates.
 */
export const build = (
  result: Pick<InvoiceSplit.InvoiceResult, "type" | "lines">,
  items: ReadonlyMap<number, ItemFacts>,
  mode: TaxMode.TaxMode,
  taxIdToRate: ReadonlyMap<number, Money.Decimal>
): Content => {
  const lines: Array<Line> = []
  const byRate = new Map<string, { rate: Money.Decimal; base: Money.Decimal }>()
  let subtotal = Money.zero
  for (const l of result.lines) {
    const item = items.get(l.itemId)
    const rate = (item && TaxMode.chargesTax(mode) ? taxIdToRate.get(item.item_tax_id) : undefined) ?? Money.zero
    lines.push({
      quote_item_id: l.itemId,
      item_code: item?.item_code ?? "",
      title: item?.item_title ?? "",
      percent: l.percent,
      quantity: l.quantity,
      price_unit: item?.price_unit ?? Money.zero,
      tax_rate: rate,
      amount: l.amount
    })
    subtotal = BigDecimal.sum(subtotal, l.amount)
    if (!BigDecimal.isZero(rate)) {
      const key = BigDecimal.format(BigDecimal.normalize(rate))
      const held = byRate.get(key)
      byRate.set(key, { rate, base: BigDecimal.sum(held?.base ?? Money.zero, l.amount) })
    }
  }
  const taxes: Array<TaxLine> = [...byRate.values()]
    .sort((a, b) => Money.compare(a.rate, b.rate))
    .map(({ rate, base }) => ({ rate, base, amount: TaxMode.split(mode, base, rate).tax }))
  const tax = Money.sum(taxes.map((t) => t.amount))
  const total = taxIncluded(mode) || mode === "no_tax" ? subtotal : BigDecimal.sum(subtotal, tax)
  return { kind: result.type, amounts_entered: mode, lines, subtotal, taxes, tax, total }
}

/** The document's heading: 'Tax Invoice', 'Deposit Invoice', 'Credit Note' or 'Subscription Invoice'. */
export const heading = (kind: Invoice.InvoiceType, chargesTax: boolean): string => {
  switch (kind) {
    case Invoice.InvoiceType.Deposit:
      return "Deposit Invoice"
    case Invoice.InvoiceType.Credit:
      return "Credit Note"
    case Invoice.InvoiceType.Subscription:
      return "Subscription Invoice"
    default:
      return chargesTax ? "Tax Invoice" : "Invoice"
  }
}
