/**
 * Exact decimal money: parsing, rounding half away from zero, formatting.
 *
 * @since 0.1.0
 */
import { BigDecimal } from "effect"

/** Amounts are kept to 2 decimals. */
export const AMOUNT_SCALE = 2

/** Round half away from zero at a scale, as PostgreSQL `round(numeric, s)` does. */
export const roundTo = (n: BigDecimal.BigDecimal, scale: number): BigDecimal.BigDecimal =>
  BigDecimal.round(n, { scale, mode: "half-from-zero" })
