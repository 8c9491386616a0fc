/**
 * JSON for Xero without floats. Xero's Accounting API writes money, quantities and rates as JSON numbers
 * (`"UnitAmount": 20.0000`, `"EffectiveRate": 12.5000`) and reads them the same way. quotekit keeps them as
 * decimal strings, so:
 *
 * - sending: a decimal string becomes a JSON number with exactly its digits through `JSON.rawJSON` (Node 21+),
 *   never through `Number(...)`: `"0.1"` goes out as `0.1` and `"12345678901234.5678"` keeps every digit,
 *   where a float would round it;
 * - reading: `parse` turns every JSON number into the text Xero wrote (`JSON.parse`'s reviver gets the source
 *   text of each primitive, Node 21+), so `Total: 1150.10` is read as `"1150.10"`, with no float in between.
 *   Every number, not only money: Xero's answers have no number where a float would be the better reading.
 *
 * @internal
 */
import { BigDecimal } from "effect"

/** A value `stringify` writes as a raw JSON number. */
export interface Decimal {
  readonly _tag: "Decimal"
  readonly text: string
}

const DECIMAL = /^-?(0|[1-9]\d*)(\.\d+)?$/

/** Whether `text` is a plain decimal (`-12.50`, `3`): no exponent, no sign `+`, no leading zeros. */
export const isDecimal = (text: string): boolean => DECIMAL.test(text)

/** A decimal string to send as a JSON number; throws on anything that is not a plain decimal. */
export const decimal = (text: string): Decimal => {
  const trimmed = text.trim()
  // Normalises "-0", "0012.5" and ".5" forms a caller may hold; the rest must already be plain.
  const normal = trimmed.replace(/^(-?)0+(?=\d)/, "$1").replace(/^(-?)\./, "$10.")
  if (!isDecimal(normal)) throw new TypeError(`not a decimal number: ${JSON.stringify(text)}`)
  return { _tag: "Decimal", text: normal }
}

type RawJson = (text: string) => unknown
const rawJSON: RawJson = (JSON as unknown as { readonly rawJSON: RawJson }).rawJSON

const isDecimalValue = (value: unknown): value is Decimal =>
  typeof value === "object" && value !== null && (value as { _tag?: unknown })._tag === "Decimal"

/** JSON text in which every `Decimal` is a number with exactly its digits. */
export const stringify = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) => (isDecimalValue(v) ? rawJSON(v.text) : v))

type Reviver = (this: unknown, key: string, value: unknown, context?: { readonly source?: string }) => unknown

/** JSON text to values, each number kept as the decimal string Xero wrote. */
export const parse = (text: string): unknown => {
  const reviver: Reviver = (_key, value, context) =>
    typeof value === "number" && context?.source !== undefined ? context.source : value
  return JSON.parse(text, reviver as (this: unknown, key: string, value: unknown) => unknown)
}

/** A decimal rounded half away from zero (as Xero rounds) and written with exactly `scale` places. */
export const toFixed = (d: BigDecimal.BigDecimal, scale: number): string => {
  const n = BigDecimal.scale(BigDecimal.round(d, { scale, mode: "half-from-zero" }), scale)
  const negative = n.value < 0n
  const digits = (negative ? -n.value : n.value).toString().padStart(scale + 1, "0")
  const whole = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`
  return negative ? `-${whole}` : whole
}
