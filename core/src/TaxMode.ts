/**
 * Tax modes (`amounts_entered`): whether entered prices include tax and whether totals show it.
 *
 * - `exclusive_including`: prices exclude tax; tax is added, totals include it.
 * - `exclusive_excluding`: prices exclude tax; tax is worked out and listed, but totals are shown without it.
 * - `inclusive`: prices include tax; the tax inside a gross amount is `gross - gross / (1 + rate)`.
 * - `no_tax`: no tax at all; rates are ignored.
 *
 * Rounding (same as a real invoice): tax is rounded per tax rate on the summed base of that rate, not per line,
 * so that net plus the listed tax lines equals the total to the cent. Per-line tax amounts (`iTaxes`) are
 * rounded per line and are for display; they may differ from the rate's line by a few cents.
 *
 * @since 0.1.0
 */
import { BigDecimal, Option, Schema } from "effect"
import * as Money from "./Money.ts"

/** The tax modes by name. */
export const TaxMode = {
  exclusiveIncluding: "exclusive_including",
  exclusiveExcluding: "exclusive_excluding",
  inclusive: "inclusive",
  noTax: "no_tax"
} as const

/** A tax mode as stored in `amounts_entered`. */
export type TaxMode = (typeof TaxMode)[keyof typeof TaxMode]

/**
 * Every tax mode, for pickers and exhaustive tests. The schema is built from this list rather than the other way
 * round: reading the schema's `literals` at run time would keep the Schema runtime in the quote view's bundle.
 */
export const all = [
  "exclusive_including",
  "exclusive_excluding",
  "inclusive",
  "no_tax"
] as const satisfies ReadonlyArray<TaxMode>

/** Wire schema of `amounts_entered`. */
export const TaxModeSchema = Schema.Literals(all)

/** Whether entered prices already contain tax (only `inclusive`). */
export const pricesIncludeTax = (mode: TaxMode): boolean => mode === "inclusive"

/** Whether the mode works out tax at all (every mode but `no_tax`). */
export const chargesTax = (mode: TaxMode): boolean => mode !== "no_tax"

/** Whether the displayed total contains tax (`exclusive_including` and `inclusive`). */
export const totalIncludesTax = (mode: TaxMode): boolean => mode === "exclusive_including" || mode === "inclusive"

/**
 * Whether tax is added on top of the entered amounts in the displayed total (`exclusive_including` only).
 * The quote total is `subtotal - discount + (addsTax ? tax : 0)` in every mode.
 */
export const addsTax = (mode: TaxMode): boolean => mode === "exclusive_including"

/** Tax on a net amount at a percent rate, rounded to the cent: `round(net * rate / 100)`. */
export const exclusiveTax = (net: Money.Decimal, ratePercent: Money.Decimal): Money.Decimal =>
  Money.roundAmount(Money.percentOf(net, ratePercent))

/**
 * Tax contained in a gross amount at a percent rate, rounded to the cent: `round(gross - gross / (1 + rate))`,
 * computed exactly as `gross * rate / (100 + rate)` before the one rounding.
 */
export const inclusiveTax = (gross: Money.Decimal, ratePercent: Money.Decimal): Money.Decimal =>
  Option.getOrElse(
    Money.divideTo(
      BigDecimal.multiply(gross, ratePercent),
      BigDecimal.sum(Money.hundred, ratePercent),
      Money.AMOUNT_SCALE
    ),
    () => Money.zero
  )

/** An amount split into its net, tax and gross parts (`net + tax = gross` always). */
export interface Split {
  readonly net: Money.Decimal
  readonly tax: Money.Decimal
  readonly gross: Money.Decimal
}

/**
 * Split an amount entered in a mode's basis into net, tax and gross. Use for one line or for one tax rate's
 * summed base; the amount is taken as already rounded to the cent.
 */
export const split = (mode: TaxMode, amount: Money.Decimal, ratePercent: Money.Decimal): Split => {
  switch (mode) {
    case "inclusive": {
      const tax = inclusiveTax(amount, ratePercent)
      return { net: BigDecimal.subtract(amount, tax), tax, gross: amount }
    }
    case "no_tax":
      return { net: amount, tax: Money.zero, gross: amount }
    default: {
      const tax = exclusiveTax(amount, ratePercent)
      return { net: amount, tax, gross: BigDecimal.sum(amount, tax) }
    }
  }
}

/** The part of a split the mode shows as the total: gross when the total includes tax, else net. */
export const shown = (mode: TaxMode, parts: Split): Money.Decimal => (totalIncludesTax(mode) ? parts.gross : parts.net)
