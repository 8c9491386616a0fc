/**
 * The arithmetic a number field accepts: digits, `.`, `(`, `)`, `/`, `*`, `+`, `-` (unary too), whitespace,
 * comma thousands separators inside numbers, and one trailing `=` that finalises the calculation.
 *
 * Evaluation is exact: every value is a fraction of two `bigint`s, so `1/3*3` is exactly 1 and the only
 * rounding happens once, when the caller converts the result to a decimal at its own scale (`toDecimal`).
 * The parser is a single pass of recursive descent without `eval`; operators and signs are loops and only
 * brackets recurse, up to `MAX_DEPTH`, so no input can overflow the stack or throw.
 *
 * @example
 * import * as Expression from "@quotekit/core/Expression"
 * const parsed = Outcome.getOrThrow(Expression.parse("(1,200 + 300) / 4 ="))
 * Expression.toDecimal(parsed.value, 2, "half-from-zero") // 375
 * parsed.isCalculation // true
 * parsed.finalised     // true
 *
 * The customer's quantity field in the quote view widget runs this module, so it has no Schema at run time:
 * `parse` returns an `Outcome` and its errors are plain tagged classes (see `Outcome` for why).
 *
 * @since 0.1.0
 */
import { BigDecimal } from "effect"
import * as Message from "./Message.ts"
import type * as Money from "./Money.ts"
import * as Outcome from "./Outcome.ts"

/** The deepest bracket nesting accepted; deeper input is refused rather than risking the stack. */
export const MAX_DEPTH = 64

/** An exact rational value: `numerator / denominator`, denominator always positive, fraction always reduced. */
export interface Exact {
  readonly numerator: bigint
  readonly denominator: bigint
}

/** A successfully parsed field text. */
export interface Parsed {
  /** The exact value; zero for a blank text (an empty field means zero). */
  readonly value: Exact
  /** True unless the text is a plain number with at most one leading sign: then it is a calculation. */
  readonly isCalculation: boolean
  /** True when the text ends with `=`, the user's way of saying the calculation is done. */
  readonly finalised: boolean
  /** True when the text (ignoring whitespace) begins with `-`, the sign of a number typed as negative. */
  readonly leadingMinus: boolean
}

/** Why a text could not be parsed. */
export type UnparseableReason =
  /** A character that no number field accepts (a letter, `%`, `$`...). */
  | "character"
  /** Every character is allowed but they do not form an expression ("1**2", "2(3)", "1,2345", "1=2"). */
  | "syntax"
  /** The text stops before the expression is complete ("12*", "(3+4", "1,23", "-"); more typing may fix it. */
  | "incomplete"
  /** Brackets nested deeper than `MAX_DEPTH`. */
  | "tooDeep"

/**
 * The text is not a number or a calculation. `position` is the index in the text where reading failed, for a
 * caret or highlight; `reason` lets the field tell "keep typing" (`incomplete`) from a real mistake.
 */
export class Unparseable extends Error {
  readonly _tag = "Unparseable"
  override readonly name = "Unparseable"
  readonly position: number
  readonly reason: UnparseableReason
  constructor(props: { readonly position: number; readonly reason: UnparseableReason }) {
    super(Message.numberUnparseable)
    this.position = props.position
    this.reason = props.reason
  }
}

/** The calculation divides by zero, so it has no finite result. */
export class NonFinite extends Error {
  readonly _tag = "NonFinite"
  override readonly name = "NonFinite"
  constructor() {
    super(Message.numberNonFinite)
  }
}

/** What can go wrong reading a field text. */
export type ExpressionError = Unparseable | NonFinite

/** Exact zero. */
export const zero: Exact = { numerator: 0n, denominator: 1n }

const gcd = (a: bigint, b: bigint): bigint => {
  let x = a < 0n ? -a : a
  let y = b < 0n ? -b : b
  while (y !== 0n) {
    const t = x % y
    x = y
    y = t
  }
  return x
}

/** Reduce a fraction whose denominator is known to be positive. */
const reduce = (numerator: bigint, denominator: bigint): Exact => {
  if (denominator === 1n) return { numerator, denominator }
  if (numerator === 0n) return zero
  const g = gcd(numerator, denominator)
  return g === 1n ? { numerator, denominator } : { numerator: numerator / g, denominator: denominator / g }
}

/** Exact sum. */
export const add = (a: Exact, b: Exact): Exact =>
  a.denominator === b.denominator
    ? reduce(a.numerator + b.numerator, a.denominator)
    : reduce(a.numerator * b.denominator + b.numerator * a.denominator, a.denominator * b.denominator)

/** Exact negation. */
export const negate = (a: Exact): Exact => ({ numerator: -a.numerator, denominator: a.denominator })

/** Exact product. */
export const multiply = (a: Exact, b: Exact): Exact => reduce(a.numerator * b.numerator, a.denominator * b.denominator)

/** Exact quotient; `undefined` when dividing by zero (the caller reports `NonFinite`). */
export const divide = (a: Exact, b: Exact): Exact | undefined => {
  if (b.numerator === 0n) return undefined
  const negative = b.numerator < 0n
  return reduce(
    a.numerator * b.denominator * (negative ? -1n : 1n),
    a.denominator * (negative ? -b.numerator : b.numerator)
  )
}

/** The exact value of a decimal, for feeding existing amounts into the same arithmetic. */
export const fromDecimal = (d: Money.Decimal): Exact =>
  d.scale <= 0
    ? { numerator: d.value * 10n ** BigInt(-d.scale), denominator: 1n }
    : reduce(d.value, 10n ** BigInt(d.scale))

const POWERS: Array<bigint> = Array.from({ length: 32 }, (_, i) => 10n ** BigInt(i))
const power = (scale: number): bigint => POWERS[scale] ?? 10n ** BigInt(scale)

/**
 * Convert an exact value to a decimal of at most `scale` places: `truncate` drops further digits toward zero
 * (what a field does with decimals typed beyond its limit), `half-from-zero` rounds like every amount in
 * quotekit (what a field does with the result of a calculation).
 */
export const toDecimal = (x: Exact, scale: number, mode: "truncate" | "half-from-zero"): Money.Decimal => {
  const f = toFixed(x, scale, mode)
  return BigDecimal.normalize(BigDecimal.make(f.value, f.scale))
}

/** {@link toDecimal} as a plain `Money.Fixed` at exactly `scale` places, for code that must not bundle effect. */
export const toFixed = (x: Exact, scale: number, mode: "truncate" | "half-from-zero"): Money.Fixed => {
  const scaled = x.numerator * power(scale)
  let digits = scaled / x.denominator
  if (mode === "half-from-zero") {
    const remainder = scaled % x.denominator
    const twice = remainder < 0n ? -2n * remainder : 2n * remainder
    if (twice >= x.denominator) digits += scaled < 0n ? -1n : 1n
  }
  return { value: digits, scale }
}

/** True when `x` has no digits beyond `scale` decimals, so `toDecimal` loses nothing. */
export const fitsScale = (x: Exact, scale: number): boolean => (x.numerator * power(scale)) % x.denominator === 0n

/** Internal early exit of the parser; a plain object so throwing it captures no stack. */
interface Failure {
  readonly failure: Unparseable["reason"]
  readonly position: number
}

const isFailure = (u: unknown): u is Failure => typeof u === "object" && u !== null && "failure" in u

const isDigit = (c: number): boolean => c >= 48 && c <= 57
// space, tab, line feed, carriage return, no-break space and narrow no-break space (pasted grouping)
const isSpace = (c: number): boolean => c === 32 || c === 9 || c === 10 || c === 13 || c === 160 || c === 0x202f
// the characters a number field accepts besides digits and whitespace: ( ) * + , - . / =
const isAllowedSymbol = (c: number): boolean => (c >= 40 && c <= 47) || c === 61

/** Parse a field text into its exact value; see the module comment for the grammar. Never throws. */
export const parse = (text: string): Outcome.Outcome<Parsed, ExpressionError> => {
  const length = text.length
  let pos = 0
  let depth = 0
  let divisionByZero = false

  const fail = (failure: Unparseable["reason"], position: number): never => {
    throw { failure, position } satisfies Failure
  }
  const skipSpace = (): void => {
    while (pos < length && isSpace(text.charCodeAt(pos))) pos++
  }
  // At `pos` something was required but `c` is not it: say whether more typing could help.
  const unexpected = (): never => {
    skipSpace()
    if (pos >= length) return fail("incomplete", pos)
    const c = text.charCodeAt(pos)
    return fail(isDigit(c) || isAllowedSymbol(c) ? "syntax" : "character", pos)
  }

  const digitRun = (): number => {
    const start = pos
    while (pos < length && isDigit(text.charCodeAt(pos))) pos++
    return pos - start
  }

  // number := int ("." digits?)? | "." digits ; int := digits | d{1,3} ("," d{3})+
  const number = (): Exact => {
    const start = pos
    let whole = digitRun()
    if (whole > 0 && pos < length && text.charCodeAt(pos) === 44) {
      if (whole > 3) fail("syntax", pos)
      while (pos < length && text.charCodeAt(pos) === 44) {
        const comma = pos
        pos++
        const group = digitRun()
        if (group !== 3)
          fail(group < 3 && pos >= length ? "incomplete" : "syntax", group < 3 && pos >= length ? pos : comma)
        whole += group
      }
    }
    let fraction = 0
    if (pos < length && text.charCodeAt(pos) === 46) {
      pos++
      fraction = digitRun()
      if (whole === 0 && fraction === 0) unexpected()
    } else if (whole === 0) {
      unexpected()
    }
    const literal = text.slice(start, pos).replaceAll(",", "").replace(".", "")
    return reduce(BigInt(literal), power(fraction))
  }

  const primary = (): Exact => {
    skipSpace()
    if (pos < length && text.charCodeAt(pos) === 40) {
      if (++depth > MAX_DEPTH) fail("tooDeep", pos)
      pos++
      const inner = sum()
      skipSpace()
      if (pos >= length || text.charCodeAt(pos) !== 41) unexpected()
      pos++
      depth--
      return inner
    }
    return number()
  }

  // unary := ("-" | "+")* primary ; a loop, so a run of signs cannot grow the stack
  const unary = (): Exact => {
    let negative = false
    skipSpace()
    while (pos < length) {
      const c = text.charCodeAt(pos)
      if (c === 45) negative = !negative
      else if (c !== 43) break
      pos++
      skipSpace()
    }
    const value = primary()
    return negative ? negate(value) : value
  }

  // product := unary (("*" | "/") unary)*
  const product = (): Exact => {
    let value = unary()
    for (;;) {
      skipSpace()
      const c = pos < length ? text.charCodeAt(pos) : -1
      if (c !== 42 && c !== 47) return value
      pos++
      const right = unary()
      if (c === 42) value = multiply(value, right)
      else {
        const quotient = divide(value, right)
        // keep parsing so a syntax error later in the text is reported first
        if (quotient === undefined) divisionByZero = true
        value = quotient ?? zero
      }
    }
  }

  // sum := product (("+" | "-") product)*
  const sum = (): Exact => {
    let value = product()
    for (;;) {
      skipSpace()
      const c = pos < length ? text.charCodeAt(pos) : -1
      if (c !== 43 && c !== 45) return value
      pos++
      const right = product()
      value = add(value, c === 43 ? right : negate(right))
    }
  }

  // Everything but the signs and the number itself makes a calculation: brackets, a binary operator, or
  // more than one sign. Known from the text without the parser having to report it.
  const isPlain = (): boolean => /^\s*[-+]?\s*[\d,]*\.?\d*\s*=?\s*$/.test(text)

  try {
    skipSpace()
    const leadingMinus = pos < length && text.charCodeAt(pos) === 45
    // a blank field, or a lone "=", means zero
    let value = zero
    if (pos < length && text.charCodeAt(pos) !== 61) {
      value = sum()
      skipSpace()
    }
    let finalised = false
    if (pos < length && text.charCodeAt(pos) === 61) {
      finalised = true
      pos++
      skipSpace()
    }
    if (pos < length) unexpected()
    if (divisionByZero) return Outcome.fail(new NonFinite())
    return Outcome.succeed({ value, isCalculation: !isPlain(), finalised, leadingMinus })
  } catch (thrown) {
    if (!isFailure(thrown)) throw thrown
    return Outcome.fail(new Unparseable({ position: thrown.position, reason: thrown.failure }))
  }
}
