/**
 * Decimals as an integer and a scale (`Fixed`, what every `BigDecimal` is): reading them from text exactly,
 * comparing them, and showing them as money ("1,234.50").
 *
 * The part of `Money.ts` that needs no effect runtime, so a bundle that must stay light (the team app's first
 * screen, which shares its modules with the screens that decode) can import it without bringing Schema with it.
 * `Money.ts` re-exports all of it: elsewhere import that.
 *
 * @example
 * import * as Money from "@quotekit/core/light/Money"
 * Money.format(Money.parseFixed("1234.5")!) // "1,234.50"
 *
 * @since 0.5.0
 */

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
 * Read a decimal string exactly, with the syntax of `BigDecimal.fromString` (and so of `Money.DecimalFromString`
 * on the wire): an optional sign, digits with an optional dot, an optional exponent (`1e3`), and "" for zero.
 * `undefined` when it is not one. For the widgets; elsewhere use `Money.parse` or the schema.
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

/** Equality of values regardless of scale (1.50 equals 1.5). */
export const equals = (a: Fixed, b: Fixed): boolean => compare(a, b) === 0
