/**
 * Highrise's XML, read and written: answers parsed with `fast-xml-parser` into plain objects (every value kept as
 * text, attributes such as `type="integer"` dropped, repeated elements always arrays), the one element quotekit
 * sends (a note) written by hand with its text escaped, and the messages of a `422`'s `<errors>`.
 *
 * @example
 * ```ts
 * Xml.note("Quote 1042 sent", "Total 1,200.00") // <note><body>Quote 1042 sent\n\nTotal 1,200.00</body></note>
 * ```
 *
 * @internal
 */
import { XMLParser } from "fast-xml-parser"

/** Elements that may repeat: always read as arrays, even when there is one or none. */
const REPEATED = new Set(["person", "company", "email-address", "phone-number", "error", "note"])

const parser = new XMLParser({
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  // Numeric character references (`&#233;`) are decoded only with this on; it also knows HTML's named
  // entities, which well-formed XML without a DTD never holds.
  htmlEntities: true,
  isArray: (name) => REPEATED.has(name)
})

/** Parse `text` as XML; `undefined` when it is not XML. */
export const parse = (text: string): Record<string, unknown> | undefined => {
  if (!text.trimStart().startsWith("<")) return undefined
  try {
    const parsed: unknown = parser.parse(text)
    return typeof parsed === "object" && parsed !== null ? (parsed as Record<string, unknown>) : undefined
  } catch {
    return undefined
  }
}

const isRecord = (u: unknown): u is Record<string, unknown> => typeof u === "object" && u !== null && !Array.isArray(u)

/** The child element `name` of `node` (an empty object when absent or empty). */
export const child = (node: unknown, name: string): Record<string, unknown> => {
  const value = isRecord(node) ? node[name] : undefined
  return isRecord(value) ? value : {}
}

/** The repeated child elements `name` of `node`. */
export const children = (node: unknown, name: string): ReadonlyArray<Record<string, unknown>> => {
  const value = isRecord(node) ? node[name] : undefined
  return (Array.isArray(value) ? value : []).filter(isRecord)
}

/** The text of the child element `name` of `node`, trimmed; empty when absent, empty or not text. */
export const text = (node: unknown, name: string): string => {
  const value = isRecord(node) ? node[name] : undefined
  return typeof value === "string" ? value.trim() : ""
}

/** The texts of the repeated child elements `name` of `node`, trimmed. */
export const texts = (node: unknown, name: string): ReadonlyArray<string> => {
  const value = isRecord(node) ? node[name] : undefined
  return (Array.isArray(value) ? value : []).filter((v) => typeof v === "string").map((v: string) => v.trim())
}

/**
 * Whether XML 1.0 may hold the character at all (escaping cannot carry the others): tab, line feed, carriage
 * return, and everything from space up but lone surrogates and U+FFFE / U+FFFF.
 */
const isXmlChar = (c: string): boolean => {
  const cp = c.codePointAt(0) ?? 0
  return (
    cp === 0x9 ||
    cp === 0xa ||
    cp === 0xd ||
    (cp >= 0x20 && cp <= 0xd7ff) ||
    (cp >= 0xe000 && cp <= 0xfffd) ||
    cp >= 0x10000
  )
}

/** `s` as XML text: `& < > " '` escaped, characters XML cannot hold left out. */
export const escapeText = (s: string): string =>
  Array.from(s)
    .filter(isXmlChar)
    .join("")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;")

/** The request body of a new note: its subject, a blank line, then its body. */
export const note = (subject: string, body: string): string =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<note><body>${escapeText(`${subject}\n\n${body}`)}</body></note>`

/**
 * The messages of a failed answer: each `<errors><error>` (a `422`), else Rails' plain-text reason (`HTTP Basic:
 * Access denied.`); `undefined` when there are none.
 */
export const errorsOf = (body: string): string | undefined => {
  const parsed = parse(body)
  if (parsed !== undefined) {
    const found = texts(child(parsed, "errors"), "error").filter((m) => m !== "")
    return found.length > 0 ? found.join("\n") : undefined
  }
  const plain = body.trim()
  return plain !== "" && plain.length <= 300 ? plain : undefined
}
