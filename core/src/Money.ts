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

/** A decimal value; alias kept short because it appears in every signature of the pricing core. */
export type Decimal = BigDecimal.BigDecimal

/** Scale of money amounts (totals, tax, deposit). */
export const AMOUNT_SCALE = 2
/** Scale of unit prices, costs and quantities. */
export const UNIT_SCALE = 4

/**
 * A decimal as an integer and a scale, `value / 10^scale`: what every `BigDecimal` is, and what code that must
 * not bundle effect (the widgets) holds decimals as. Read-only use: build them with {@link parseFixed}.
 */
export interface Fixed {
  readonly value: bigint
  readonly scale: number
}

// The constants are built at load time; marked pure so a bundle that does not use them drops BigDecimal.
/** Zero, the neutral amount. */
export const zero: Decimal = /* @__PURE__ */ BigDecimal.fromBigInt(0n)
/** One, the neutral factor. */
export const one: Decimal = /* @__PURE__ */ BigDecimal.fromBigInt(1n)
/** One hundred, for percentages. */
export const hundred: Decimal = /* @__PURE__ */ BigDecimal.fromBigInt(100n)

const pow10 = (n: number): bigint => 10n ** BigInt(n)

/** `n / d` for integers, rounded half away from zero (d > 0). */
const roundDiv = (n: bigint, d: bigint): bigint => {
  const q = n / d
  const r = n - q * d
  return 2n * (r < 0n ? -r : r) >= d ? q + (n < 0n ? -1n : 1n) : q
}

/**
 * The integer `n x 10^scale`, rounded half away from zero: the units of `n` at a scale (cents at scale 2).
 *
 * @example
 * Money.unitsAt(Money.make("-0.125"), 2) // -13n
 */
export const unitsAt = (n: Fixed, scale: number): bigint =>
  n.scale <= scale ? n.value * pow10(scale - n.scale) : roundDiv(n.value, pow10(n.scale - scale))

const FINITE_INT = /^[+-]?\d+$/

/**
 * Read a decimal string exactly, with the syntax of `BigDecimal.fromString` (and so of {@link DecimalFromString}
 * on the wire): an optional sign, digits with an optional dot, an optional exponent (`1e3`), and "" for zero.
 * `undefined` when it is not one. For the widgets; elsewhere use {@link parse} or the schema.
 */
export const parseFixed = (s: string): Fixed | undefined => {
  if (s === "") return { value: 0n, scale: 0 }
  let base = s
  let exp = 0
  const e = s.search(/[eE]/)
  if (e !== -1) {
    const trail = s.slice(e + 1)
    base = s.slice(0, e)
    exp = Number(trail)
    if (base === "" || !Number.isSafeInteger(exp) || !FINITE_INT.test(trail)) return undefined
  }
  let digits = base
  let offset = 0
  const dot = base.indexOf(".")
  if (dot !== -1) {
    const trail = base.slice(dot + 1)
    if (!/^\d*$/.test(trail)) return undefined
    digits = base.slice(0, dot) + trail
    offset = trail.length
  }
  if (!FINITE_INT.test(digits)) return undefined
  const scale = offset - exp
  return Number.isSafeInteger(scale) ? { value: BigInt(digits), scale } : undefined
}

/** Compare two decimals by value (1.50 equals 1.5): -1, 0 or 1. */
export const compare = (a: Fixed, b: Fixed): -1 | 0 | 1 => {
  const scale = Math.max(a.scale, b.scale)
  const x = a.value * pow10(scale - a.scale)
  const y = b.value * pow10(scale - b.scale)
  return x < y ? -1 : x > y ? 1 : 0
}

/** Whether a decimal is zero, at any scale. */
export const isZero = (n: Fixed): boolean => n.value === 0n

/** The decimal with its sign flipped, as a plain `Fixed` (for display). */
export const negated = (n: Fixed): Fixed => ({ value: -n.value, scale: n.scale })

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

/**
 * Fixed-point text with exactly `scale` decimals (rounded half away from zero) and no grouping ("1234.50"); what
 * the database and JSON carry.
 */
export const toFixed = (n: Fixed, scale: number): string => {
  const digits = unitsAt(n, scale)
  const negative = digits < 0n
  const abs = (negative ? -digits : digits).toString().padStart(scale + 1, "0")
  const whole = abs.slice(0, abs.length - scale)
  const frac = abs.slice(abs.length - scale)
  return `${negative ? "-" : ""}${whole}${scale > 0 ? `.${frac}` : ""}`
}

/** Group the integer digits of a fixed-point string with commas: "1234567.5" -> "1,234,567.5". */
const group = (fixed: string): string => {
  const [whole = "", frac] = fixed.split(".")
  const sign = whole.startsWith("-") ? "-" : ""
  const digits = sign ? whole.slice(1) : whole
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",")
  return `${sign}${grouped}${frac === undefined ? "" : `.${frac}`}`
}

/**
 * Display an amount with comma thousands and dot decimals, always `scale` decimals: "1,234.50".
 *
 * @example
 * Money.format(Money.make("1234.5")) // "1,234.50"
 */
export const format = (n: Fixed, scale: number = AMOUNT_SCALE): string => group(toFixed(n, scale))

/**
 * Display with at least `minScale` and at most `maxScale` decimals, trailing zeros trimmed beyond the minimum:
 * how unit prices show ("12.50", "12.3456").
 */
export const formatTrimmed = (n: Fixed, minScale: number, maxScale: number): string => {
  const fixed = toFixed(n, maxScale)
  const [whole = "", frac = ""] = fixed.split(".")
  let f = frac
  while (f.length > minScale && f.endsWith("0")) f = f.slice(0, -1)
  return group(f.length > 0 ? `${whole}.${f}` : whole)
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

/** Equality of values regardless of scale (1.50 equals 1.5). */
export const equals = (a: Fixed, b: Fixed): boolean => compare(a, b) === 0

/**
 * Wire schema for a decimal: a decimal string in JSON and the database, a `BigDecimal` in the domain.
 * Use for every money, price, quantity and percent field of an entity.
 */
export const DecimalFromString: Schema.Codec<Decimal, string> = Schema.BigDecimalFromString
