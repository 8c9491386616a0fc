/**
 * The numeric field of the editor: every number a user types (prices, quantities, percentages) goes through
 * here on every keystroke, to a value, a live hint and the text the field shows once the value is committed.
 *
 * The rules, from the spec, and how this module reads them where the two spec files differ:
 * - A field accepts a number or a calculation (`Expression`); Enter (`finalise`) or a trailing `=` finalises.
 * - Extra decimals TYPED beyond the preset's limit are truncated ("12.349" in a 2-decimal field is 12.34);
 *   the result of a CALCULATION is rounded half away from zero like every amount ("2/3" is 0.67), since
 *   truncating it would make "10/3*3" worth 9.99.
 * - Values outside the preset's min and max are clamped, while typing and on finalise, so a value read from
 *   the field is always within bounds. One spec file says such values are "ignored", the other that they
 *   clamp: here the typed value beyond a bound is not used, the bound is, and the hint says so ("150" in a
 *   percent field hints "= 100") so the user is never surprised on commit.
 * - Where negatives are not allowed, a text starting with `-` (a lone minus included) is rejected with
 *   `NegativeNotAllowed`, so the field can refuse the keystroke; a calculation that comes out below zero
 *   ("5-10") clamps to the minimum, zero.
 * - An empty field means zero; the unit price presets show zero as an empty field, so the two round-trip.
 *
 * Everything here is a plain synchronous function, cheap enough for every keystroke: a 200-character
 * calculation evaluates in about 30 microseconds.
 *
 * The quote view widget runs the customer's quantity field through here, so the rules work on plain
 * `Money.Fixed` values with `bigint` arithmetic, and the functions it uses need no Schema, `Result` or `Option`:
 * {@link evaluateFixed} gives the value as a `Money.Fixed`, {@link evaluate} the same value as a `BigDecimal`;
 * both return an `Outcome` (see `Outcome` for why).
 *
 * @example
 * import * as NumberInput from "@quotekit/core/NumberInput"
 * NumberInput.hint("12*3", NumberInput.presets.default)      // { _tag: "Result", text: "= 36.00" }
 * NumberInput.format(Money.make("12.5"), NumberInput.presets.priceUnit) // "12.50"
 *
 * @since 0.1.0
 */
import { BigDecimal, Option } from "effect"
import * as Expression from "./Expression.ts"
import * as Message from "./Message.ts"
import * as Money from "./Money.ts"
import * as Outcome from "./Outcome.ts"

export { NonFinite, Unparseable } from "./Expression.ts"

/** The text starts with a minus sign in a field that does not take negative numbers. */
export class NegativeNotAllowed extends Error {
  readonly _tag = "NegativeNotAllowed"
  override readonly name = "NegativeNotAllowed"
  constructor() {
    super(Message.numberNegative)
  }
}

/** Everything that can stop a field text from becoming a value. */
export type NumberInputError = Expression.Unparseable | Expression.NonFinite | NegativeNotAllowed

/** How one kind of field reads, bounds and shows its number. Build custom ones with `makePreset`. */
export interface Preset {
  /** Decimals kept: typed digits beyond are truncated, calculation results rounded to this. */
  readonly decimals: number
  /** Decimals always shown; trailing zeros beyond this are trimmed, up to `decimals`. */
  readonly minDisplayDecimals: number
  /** Whether the field takes negative numbers. */
  readonly negatives: boolean
  /** Lowest value; zero when negatives are not allowed and no other minimum is given. */
  readonly min: Money.Fixed | undefined
  /** Highest value. */
  readonly max: Money.Fixed | undefined
  /** Show zero as an empty field (unit prices and costs). */
  readonly zeroDisplaysEmpty: boolean
  /** On finalise, a value of zero or below becomes this one (a customer-edited quantity becomes 1). */
  readonly nonPositiveFinalisesTo: Money.Fixed | undefined
}

/** Options of `makePreset`; every one has a default matching the spec's default field. */
export interface PresetOptions {
  readonly decimals?: number
  readonly minDisplayDecimals?: number
  readonly negatives?: boolean
  readonly min?: Money.Fixed
  readonly max?: Money.Fixed
  readonly zeroDisplaysEmpty?: boolean
  readonly nonPositiveFinalisesTo?: Money.Fixed
}

/** A decimal literal for the presets, built without `BigDecimal` so the presets cost a bundle nothing more. */
const fixed = (value: bigint, scale = 0): Money.Fixed => ({ value, scale })
const zero = fixed(0n)
const one = fixed(1n)
const hundred = fixed(100n)

/**
 * Build a preset. Defaults are the spec's default field: 2 decimals, always shown, negatives allowed, no
 * bounds. Without negatives the minimum is at least zero.
 */
export const makePreset = (options: PresetOptions = {}): Preset => {
  const decimals = options.decimals ?? Money.AMOUNT_SCALE
  const negatives = options.negatives ?? true
  const floor = negatives ? undefined : zero
  const min =
    options.min === undefined
      ? floor
      : floor === undefined || Money.compare(options.min, floor) > 0
        ? options.min
        : floor
  return {
    decimals,
    minDisplayDecimals: Math.min(options.minDisplayDecimals ?? decimals, decimals),
    negatives,
    min,
    max: options.max,
    zeroDisplaysEmpty: options.zeroDisplaysEmpty ?? false,
    nonPositiveFinalisesTo: options.nonPositiveFinalisesTo
  }
}

/**
 * The presets of the spec. The general ones: `default` (2 decimals, negatives), `decimals4`, `percent` (0 to
 * 100), `smallPercent` (-99.99 to 99.99), `integer` (0 to 100). The line-item ones: `priceCost` and
 * `priceUnit` (4 decimals, shown with at least 2, zero shown empty), `itemTotal` (2), `priceMargin` (2,
 * negatives, max 100), `quantity` and `editableQuantity` (4, no negatives; the customer's editable quantity
 * becomes 1 when finalised at zero or below), `discount` and `taxRateNum` (4, no negatives, max 100).
 * Percentages and quantities show trailing zeros trimmed ("12.5", "2"); amounts always show 2 decimals.
 */
export const presets = {
  default: makePreset(),
  decimals4: makePreset({ decimals: Money.UNIT_SCALE, minDisplayDecimals: Money.AMOUNT_SCALE }),
  percent: makePreset({ minDisplayDecimals: 0, negatives: false, max: hundred }),
  smallPercent: makePreset({ minDisplayDecimals: 0, min: fixed(-9999n, 2), max: fixed(9999n, 2) }),
  integer: makePreset({ decimals: 0, negatives: false, max: hundred }),
  priceCost: makePreset({ decimals: Money.UNIT_SCALE, minDisplayDecimals: 2, zeroDisplaysEmpty: true }),
  priceUnit: makePreset({ decimals: Money.UNIT_SCALE, minDisplayDecimals: 2, zeroDisplaysEmpty: true }),
  itemTotal: makePreset(),
  priceMargin: makePreset({ minDisplayDecimals: 0, max: hundred }),
  quantity: makePreset({ decimals: Money.UNIT_SCALE, minDisplayDecimals: 0, negatives: false }),
  editableQuantity: makePreset({
    decimals: Money.UNIT_SCALE,
    minDisplayDecimals: 0,
    negatives: false,
    nonPositiveFinalisesTo: one
  }),
  discount: makePreset({ decimals: Money.UNIT_SCALE, minDisplayDecimals: 0, negatives: false, max: hundred }),
  taxRateNum: makePreset({ decimals: Money.UNIT_SCALE, minDisplayDecimals: 0, negatives: false, max: hundred })
} as const satisfies Record<string, Preset>

/** The name of a built-in preset. */
export type PresetName = keyof typeof presets

/** What a field text is worth; `D` is the value's type (`Money.Fixed` from {@link evaluateFixed}). */
export interface Evaluation<D = Money.Decimal> {
  /** The value to use: within the preset's bounds, at most `decimals` places (normalised as a `BigDecimal`). */
  readonly value: D
  /** The text is a calculation rather than a plain number (a hint is worth showing). */
  readonly isCalculation: boolean
  /** Enter was pressed or the text ends with `=`: the field should commit `value` and show `format(value)`. */
  readonly finalised: boolean
  /** The value was moved to the preset's min or max. */
  readonly clamped: boolean
  /** Digits beyond the preset's decimals were dropped (truncated if typed, rounded if calculated). */
  readonly digitsDropped: boolean
  /** The text was read as a money form (`readMoneyText`): a symbol, spaced groups or a decimal comma. */
  readonly reinterpreted: boolean
}

const clamp = (value: Money.Fixed, preset: Preset): { value: Money.Fixed; clamped: boolean } => {
  if (preset.min !== undefined && Money.compare(value, preset.min) < 0) return { value: preset.min, clamped: true }
  if (preset.max !== undefined && Money.compare(value, preset.max) > 0) return { value: preset.max, clamped: true }
  return { value, clamped: false }
}

const startsWithMinus = (text: string): boolean => /^\s*-/.test(text)

/**
 * A plain amount typed as people write money, read as they mean it: a currency symbol dropped ("$1,200"),
 * digit groups split by spaces or apostrophes ("1 200", "1'200"), and a decimal comma ("1,5", "1 200,50",
 * "1.234,56"). A single comma followed by exactly three digits ("1,500") stays a thousands separator, as in
 * the format the fields show. In anything else (a calculation) currency symbols are dropped and apostrophes are
 * spaces; the rest is left to the parser.
 */
export const readMoneyText = (text: string): string => {
  const t = text.replace(/[$€£¥₹₩₽₺₪฿₫₴₦₱]/g, "")
  const m = /^\s*([-+]?)\s*([\d.,'’ \u00a0\u202f]*\d[\d.,'’ \u00a0\u202f]*?)\s*(=?)\s*$/.exec(t)
  const other = t.replace(/['’]/g, " ")
  if (m === null) return other
  let b = m[2] ?? ""
  if (/[ '’\u00a0\u202f]/.test(b)) {
    // Only digit groups of three may be split, so "1 2" stays an error rather than a guess.
    if (!/^\d{1,3}([ '’\u00a0\u202f]\d{3})+([.,]\d*)?$/.test(b)) return other
    b = b.replace(/[ '’\u00a0\u202f]/g, "")
  }
  const c = b.lastIndexOf(",")
  const d = b.lastIndexOf(".")
  // The later of a comma and a dot is the decimal point ("1.234,56"); "1,234.56" is the fields' own format.
  if (c > d)
    b =
      d >= 0
        ? b.replaceAll(".", "").replace(",", ".")
        : /^\d{1,3}(,\d{3})+$/.test(b) || b.indexOf(",") < c
          ? b
          : b.replace(",", ".")
  else if (c < 0 && /^\d{1,3}(\.\d{3}){2,}$/.test(b)) b = b.replaceAll(".", "")
  return `${m[1]}${b}${m[3]}`
}

/**
 * Evaluate a field text under a preset: a number or a calculation, truncated or rounded to the preset's
 * decimals and clamped to its bounds. Pass `finalise: true` when the user pressed Enter (a trailing `=` does
 * the same). Call it on every keystroke; it never throws.
 *
 * @example
 * NumberInput.evaluate("(1,200 + 300) / 4", NumberInput.presets.default) // Success: 375, isCalculation
 * NumberInput.evaluate("-", NumberInput.presets.percent)                 // Failure: NegativeNotAllowed
 */
export const evaluate = (
  text: string,
  preset: Preset,
  options: { readonly finalise?: boolean } = {}
): Outcome.Outcome<Evaluation, NumberInputError> =>
  Outcome.map(evaluateFixed(text, preset, options), (e) => ({
    ...e,
    value: BigDecimal.normalize(BigDecimal.make(e.value.value, e.value.scale))
  }))

/**
 * {@link evaluate} with the value as a plain `Money.Fixed`: the same rules, no effect at run time. For the
 * widgets, which show and post the value without doing arithmetic on it.
 */
export const evaluateFixed = (
  text: string,
  preset: Preset,
  options: { readonly finalise?: boolean } = {}
): Outcome.Outcome<Evaluation<Money.Fixed>, NumberInputError> => {
  const read = readMoneyText(text)
  // A minus is refused while typing; committed where zero and below become a value (a customer's quantity),
  // it is that value ("-4" is 1).
  const finalising = options.finalise === true && preset.nonPositiveFinalisesTo !== undefined
  if (!preset.negatives && startsWithMinus(read) && !finalising) return Outcome.fail(new NegativeNotAllowed())
  const parsed = Expression.parse(read)
  if (Outcome.isFailure(parsed)) return parsed
  const { value: exact, isCalculation } = parsed.success
  const finalised = options.finalise === true || parsed.success.finalised
  const rounded = Expression.toFixed(exact, preset.decimals, isCalculation ? "half-from-zero" : "truncate")
  const { value: bounded, clamped } = clamp(rounded, preset)
  const value =
    finalised && preset.nonPositiveFinalisesTo !== undefined && bounded.value <= 0n
      ? preset.nonPositiveFinalisesTo
      : bounded
  return Outcome.succeed({
    value,
    isCalculation,
    finalised,
    clamped,
    digitsDropped: !Expression.fitsScale(exact, preset.decimals),
    reinterpreted: read !== text
  })
}

/** Evaluate as if Enter was pressed: what the field commits. Incomplete calculations fail here. */
export const finalise = (text: string, preset: Preset): Outcome.Outcome<Evaluation, NumberInputError> =>
  evaluate(text, preset, { finalise: true })

/** {@link finalise} with the value as a plain `Money.Fixed` (see {@link evaluateFixed}). */
export const finaliseFixed = (
  text: string,
  preset: Preset
): Outcome.Outcome<Evaluation<Money.Fixed>, NumberInputError> => evaluateFixed(text, preset, { finalise: true })

/**
 * The text a field shows for a value: comma thousands, dot decimals, the preset's decimals with trailing zeros
 * trimmed down to `minDisplayDecimals`, and "" for zero where the preset shows zero empty.
 *
 * @example
 * NumberInput.format(Money.make("12.3456"), NumberInput.presets.priceUnit) // "12.3456"
 * NumberInput.format(Money.zero, NumberInput.presets.priceUnit)            // ""
 */
export const format = (value: Money.Fixed, preset: Preset): string =>
  preset.zeroDisplaysEmpty && Money.isZero(value)
    ? ""
    : Money.formatTrimmed(value, preset.minDisplayDecimals, preset.decimals)

/**
 * Read back the text a field shows (as `format` wrote it, or a plain typed number): `None` for anything else,
 * calculations included. The value is truncated and clamped to the preset as `evaluate` would.
 */
export const parse = (displayText: string, preset: Preset): Option.Option<Money.Decimal> => {
  const evaluation = Outcome.getOrUndefined(evaluate(displayText, preset))
  return evaluation !== undefined && !evaluation.isCalculation ? Option.some(evaluation.value) : Option.none()
}

/** The line under a field while typing: nothing, the value that will be used, or why there is none. */
export type Hint =
  | { readonly _tag: "None" }
  | { readonly _tag: "Result"; readonly text: string }
  | { readonly _tag: "Error"; readonly text: string }

const noHint: Hint = { _tag: "None" }

/**
 * The live hint for a field text. A result ("= 36.00") shows whenever the value used differs from what was
 * typed: a calculation, a clamped value, dropped decimals, a money form read as a number ("1,5" is "= 1.5"). An error shows for text that is wrong, but not for
 * text that is merely unfinished ("12*", "(3", a lone minus where negatives are allowed): that is still being
 * typed, and Enter on it fails through `finalise`.
 *
 * @example
 * NumberInput.hint("12*3", NumberInput.presets.default) // { _tag: "Result", text: "= 36.00" }
 * NumberInput.hint("12*", NumberInput.presets.default)  // { _tag: "None" }
 * NumberInput.hint("12x", NumberInput.presets.default)  // { _tag: "Error", text: "That isn't a number or a calculation" }
 */
export const hint = (text: string, preset: Preset): Hint => {
  const evaluation = evaluateFixed(text, preset)
  if (Outcome.isFailure(evaluation)) {
    const error = evaluation.failure
    return error._tag === "Unparseable" && error.reason === "incomplete"
      ? noHint
      : { _tag: "Error", text: error.message }
  }
  const { value, isCalculation, clamped, digitsDropped, reinterpreted } = evaluation.success
  return isCalculation || clamped || digitsDropped || reinterpreted
    ? { _tag: "Result", text: `= ${Money.formatTrimmed(value, preset.minDisplayDecimals, preset.decimals)}` }
    : noHint
}

// digits, the whitespace Expression skips, ( ) * + , - . / =, and what money forms add: symbols, apostrophes
const ACCEPTED_CHARACTERS = /^[\d \t\n\r\u00a0\u202f()*+,\-./='’$€£¥₹₩₽₺₪฿₫₴₦₱]*$/

/**
 * Whether the field should take this text at all, for refusing a keystroke: false for a character no number
 * field accepts and for a minus sign where negatives are not allowed. Anything else is taken and hinted.
 */
export const accepts = (text: string, preset: Preset): boolean =>
  ACCEPTED_CHARACTERS.test(text) && (preset.negatives || !startsWithMinus(text))
