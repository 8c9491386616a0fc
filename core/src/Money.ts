/**
 * Exact decimal money: the rounding, parsing and display rules every amount in quotekit follows.
 *
 * Amounts are kept to 2 decimals, unit prices and quantities to 4, always rounded half away from zero
 * (the same as PostgreSQL's `round(numeric, s)`), never through binary floating point.
 *
 * The display functions (`toFixed`, `format`, `formatTrimmed`) and `compare`, `equals`, `isZero` and `negated`
 * work on any {@link Fixed} (an integer and a scale, which every `BigDecimal` is) with `bigint` arithmetic alone,
 * so the browser widgets can show amounts without bundling effect's `BigDecimal` (about 4 KB gzipped).
 *
 * @since 0.1.0
 */
import { BigDecimal, Option, Schema } from "effect"
import { AMOUNT_SCALE, format, formatTrimmed, UNIT_SCALE } from "./light/Money.ts"

export * from "./light/Money.ts"

/** A decimal value; alias kept short because it appears in every signature of the pricing core. */
export type Decimal = BigDecimal.BigDecimal

// The constants are built at load time; marked pure so a bundle that does not use them drops BigDecimal.
/** Zero, the neutral amount. */
export const zero: Decimal = /* @__PURE__ */ BigDecimal.fromBigInt(0n)
/** One, the neutral factor. */
export const one: Decimal = /* @__PURE__ */ BigDecimal.fromBigInt(1n)
/** One hundred, for percentages. */
export const hundred: Decimal = /* @__PURE__ */ BigDecimal.fromBigInt(100n)

/**
 * Round half away from zero at a scale.
 *
 * @example
 * Money.roundTo(Money.make("-0.125"), 2) // -0.13
 */
export const roundTo = (n: Decimal, scale: number): Decimal =>
  BigDecimal.normalize(BigDecimal.round(n, { scale, mode: "half-from-zero" }))

/** Round to an amount: 2 decimals, half away from zero. */
export const roundAmount = (n: Decimal): Decimal => roundTo(n, AMOUNT_SCALE)

/** Round to a unit price or quantity: 4 decimals, half away from zero. */
export const roundUnit = (n: Decimal): Decimal => roundTo(n, UNIT_SCALE)

/** Drop digits beyond a scale, toward zero (used where input must not gain value by rounding). */
export const truncateTo = (n: Decimal, scale: number): Decimal => BigDecimal.normalize(BigDecimal.truncate(n, scale))

/** Parse a plain decimal string ("12", "-0.5", "1e3" is refused); `None` when it is not one. */
export const parse = (s: string): Option.Option<Decimal> =>
  /^-?(\d+\.?\d*|\.\d+)$/.test(s.trim()) ? BigDecimal.fromString(s.trim()) : Option.none()

/** Build a decimal from a literal the caller knows is valid; throws otherwise. For constants and tests. */
export const make = (s: string): Decimal => BigDecimal.fromStringUnsafe(s)

/** Build a decimal from a safe integer. */
export const fromInt = (n: number): Decimal => BigDecimal.fromBigInt(BigInt(Math.trunc(n)))

/** Exact division, rounded half away from zero at `scale`; `None` when dividing by zero. */
export const divideTo = (n: Decimal, d: Decimal, scale: number): Option.Option<Decimal> =>
  BigDecimal.isZero(d) ? Option.none() : Option.some(roundTo(BigDecimal.divideUnsafe(n, d), scale))

/** `n` percent of `base`, unrounded (`base * pct / 100`). */
export const percentOf = (base: Decimal, pct: Decimal): Decimal =>
  BigDecimal.divideUnsafe(BigDecimal.multiply(base, pct), hundred)

/** Sum of many decimals. */
export const sum = (ns: Iterable<Decimal>): Decimal => {
  let total = zero
  for (const n of ns) total = BigDecimal.sum(total, n)
  return BigDecimal.normalize(total)
}

const ABBREVIATIONS: ReadonlyArray<readonly [Decimal, string]> = [
  [/* @__PURE__ */ make("1e12"), "T"],
  [/* @__PURE__ */ make("1e9"), "B"],
  [/* @__PURE__ */ make("1e6"), "M"],
  [/* @__PURE__ */ make("1e3"), "K"]
]

/**
 * Abbreviate large displayed totals: above 1,000,000 the value shows in K, M, B or T with up to 2 decimals
 * ("1.25M"); below that it is formatted normally.
 */
export const abbreviate = (n: Decimal, scale: number = AMOUNT_SCALE): string => {
  const abs = BigDecimal.abs(n)
  if (BigDecimal.isLessThanOrEqualTo(abs, make("1000000"))) return format(n, scale)
  for (const [unit, suffix] of ABBREVIATIONS) {
    if (BigDecimal.isGreaterThanOrEqualTo(abs, unit)) {
      return `${formatTrimmed(BigDecimal.divideUnsafe(n, unit), 0, 2)}${suffix}`
    }
  }
  return format(n, scale)
}

/**
 * Wire schema for a decimal: a decimal string in JSON and the database, a `BigDecimal` in the domain.
 * Use for every money, price, quantity and percent field of an entity.
 */
export const DecimalFromString: Schema.Codec<Decimal, string> = Schema.BigDecimalFromString
