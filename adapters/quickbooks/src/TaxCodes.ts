/**
 * QuickBooks tax codes as the tax rates of quotekit's mapping screen. Outside the US a `TaxCode` is a list of
 * sales `TaxRate`s (`SalesTaxRateList.TaxRateDetail[]`) and a line's tax is the code's; its effective rate is
 * the sum of the rates charged on the amount, each rate charged on the amount plus the earlier taxes
 * (`TaxOnAmountPlusTax`, e.g. a provincial tax on top of GST) compounding in `TaxOrder`. US companies have the
 * two codes `TAX` and `NON`, the rate being worked out by QuickBooks' automated sales tax from the customer's
 * address, so they show with rate 0. Codes with only purchase rates cannot be put on an invoice and are left out.
 * All arithmetic is `BigDecimal`.
 *
 * @since 0.1.0
 */

import type { TaxRate } from "@quotekit/addons/Accounting"
import { BigDecimal, Option } from "effect"
import type * as Entities from "./internal/Entities.ts"

const zero = BigDecimal.fromStringUnsafe("0")
const hundred = BigDecimal.fromStringUnsafe("100")

const decimalOf = (text: string | undefined): BigDecimal.BigDecimal =>
  text === undefined ? zero : Option.getOrElse(BigDecimal.fromString(text), () => zero)

/** The US codes of automated sales tax, which carry no rate list. */
const US_CODES = new Set(["TAX", "NON"])

/** The effective sales rate of a code in percent, from the rates it lists. */
export const rateOf = (code: Entities.TaxCode, rates: ReadonlyMap<string, Entities.TaxRate>): BigDecimal.BigDecimal => {
  const details = [...(code.SalesTaxRateList?.TaxRateDetail ?? [])].sort(
    (a, b) => Number(a.TaxOrder ?? "0") - Number(b.TaxOrder ?? "0")
  )
  let total = zero
  for (const detail of details) {
    const rate = decimalOf(rates.get(detail.TaxRateRef.value)?.RateValue)
    total =
      detail.TaxTypeApplicable === "TaxOnAmountPlusTax"
        ? BigDecimal.sum(
            total,
            BigDecimal.divideUnsafe(BigDecimal.multiply(rate, BigDecimal.sum(hundred, total)), hundred)
          )
        : BigDecimal.sum(total, rate)
  }
  return BigDecimal.normalize(total)
}

/** The codes a sales line can use, with their effective rates, by name. */
export const taxRatesOf = (
  codes: ReadonlyArray<Entities.TaxCode>,
  rates: ReadonlyArray<Entities.TaxRate>
): ReadonlyArray<TaxRate> => {
  const byId = new Map(rates.map((r) => [r.Id, r] as const))
  return codes
    .filter((c) => c.Active !== false && c.Hidden !== true)
    .filter((c) => US_CODES.has(c.Id) || (c.SalesTaxRateList?.TaxRateDetail ?? []).length > 0)
    .map((c) => ({ code: c.Id, name: c.Name, rate: BigDecimal.format(rateOf(c, byId)) }))
    .sort((a, b) => a.name.localeCompare(b.name))
}
