/**
 * JSON for money without floats. QuickBooks sends and takes amounts as JSON numbers (`"Amount": 150.0`,
 * `"RateValue": 7.5`); a `JSON.parse` of them is a binary float and a `JSON.stringify` of a float may print
 * `0.30000000000000004`. So numbers never become floats here:
 *
 * - in: `parse` uses the reviver's source text (ES2025 "JSON.parse source text access", Node 21+): every
 *   number in the answer becomes the decimal string exactly as QuickBooks wrote it (`"150.0"`), normalised to
 *   plain notation (`1e2` -> `"100"`) through `BigDecimal`;
 * - out: `decimal("150.00")` is a `JSON.rawJSON` value (same proposal), which `JSON.stringify` writes as the
 *   bare number literal `150.00`, digit for digit; the text is checked to be a plain decimal first.
 *
 * Every other value (ids, names, dates) is a string in QuickBooks' JSON and passes through unchanged.
 */
import { BigDecimal, Option } from "effect"

/** The two members of the ES2025 `JSON` object that TypeScript's ES2023 library does not declare yet. */
interface JsonSourceText {
  rawJSON(text: string): unknown
  parse(text: string, reviver: (key: string, value: unknown, context: { readonly source?: string }) => unknown): unknown
}
const Json = JSON as unknown as JsonSourceText

const plainDecimal = /^-?(0|[1-9]\d*)(\.\d+)?$/

/** A decimal string as a JSON number literal for `JSON.stringify`; throws on anything that is not one. */
export const decimal = (text: string): unknown => {
  if (!plainDecimal.test(text)) throw new TypeError(`not a plain decimal: ${JSON.stringify(text)}`)
  return Json.rawJSON(text)
}

/** A JSON number's source text in plain decimal notation. */
const plain = (source: string): string =>
  plainDecimal.test(source)
    ? source
    : Option.match(BigDecimal.fromString(source), { onNone: () => source, onSome: BigDecimal.format })

/** Parse JSON with every number kept as its decimal string. */
export const parse = (text: string): unknown =>
  Json.parse(text, (_key, value, context) =>
    typeof value === "number" && context.source !== undefined ? plain(context.source) : value
  )

/** `JSON.stringify`, for symmetry (raw values from `decimal` are written as number literals). */
export const stringify = (value: unknown): string => JSON.stringify(value)
