/**
 * Reading a CSV import: decoding (UTF-8, else Windows-1252 as spreadsheets on Windows save it), parsing with
 * csv-parse (the delimiter , ; or tab found from the first line), guessing whether the first row is a header,
 * mapping columns to fields by their header names (overridable), and turning each row into a contact or an
 * item, or a reason it is left out. Pure: the database side is `imports/Repo.ts`.
 *
 * @since 0.1.0
 */
import type { ImportKind, RejectedRow } from "@quotekit/core/api/UploadsApi"
import * as Contact from "@quotekit/core/Contact"
import * as Message from "@quotekit/core/Message"
import * as Money from "@quotekit/core/Money"
import { parse } from "csv-parse/sync"
import { BigDecimal, Option, Result } from "effect"

const m = Message.catalogue

/** Most data rows one file may hold. */
export const MAX_ROWS = 100_000
/** Rows shown in the preview. */
export const PREVIEW_ROWS = 10
/** Longest text kept in a short field; a street address may be longer. */
export const FIELD_MAX = 200

/** A field a column can map to, with the header names that map to it automatically. */
export interface FieldSpec {
  readonly field: string
  readonly label: string
  readonly required: boolean
  readonly synonyms: ReadonlyArray<string>
}

const f = (field: string, label: string, synonyms: ReadonlyArray<string>, required = false): FieldSpec => ({
  field,
  label,
  required,
  synonyms: [field, label, ...synonyms]
})

/** The fields of each import kind. */
export const fieldsOf = (kind: ImportKind): ReadonlyArray<FieldSpec> => {
  switch (kind) {
    case "contacts":
      return [
        f("name", "Full name", ["name", "contact", "contact name", "full name", "display name"]),
        f("name_first", "First name", ["first", "firstname", "given name", "forename"]),
        f("name_last", "Last name", ["last", "lastname", "surname", "family name"]),
        f("company", "Company", ["company name", "organisation", "organization", "business", "account name"]),
        f("email", "Email", ["email address", "e-mail", "mail"]),
        f("phone", "Phone", ["telephone", "tel", "phone number", "work phone", "business phone"]),
        f("mobile", "Mobile", ["mobile phone", "cell", "cell phone", "mob"]),
        f("fax", "Fax", ["fax number"]),
        f("website", "Website", ["web", "url", "web site", "homepage"]),
        f("address", "Street address", ["address", "street", "address 1", "address line 1", "street address"]),
        f("city", "City", ["town", "suburb", "locality"]),
        f("state", "State", ["province", "region", "county"]),
        f("zip", "Postcode", ["zip", "zip code", "postal code", "post code", "postcode"]),
        f("country", "Country", ["nation"])
      ]
    case "price-items":
      return [
        f("item_code", "Code", ["sku", "item code", "product code", "code"]),
        f("item_title", "Item", ["title", "name", "item name", "product", "product name"], true),
        f("item_body", "Description", ["body", "details", "description"]),
        f("price_unit", "Unit price", ["price", "unit price", "sell price", "rate", "amount"]),
        f("price_cost", "Cost", ["cost price", "buy price", "unit cost"]),
        f("quantity", "Quantity", ["qty", "quantity"]),
        f("category", "Category", ["category name", "group"]),
        f("tax", "Tax", ["tax rate", "tax name", "gst", "vat"])
      ]
    case "text-items":
      return [
        f("item_title", "Title", ["name", "heading", "title"], true),
        f("item_body", "Text", ["body", "content", "description", "text"])
      ]
  }
}

const norm = (s: string): string => s.toLowerCase().replace(/[^a-z0-9]+/g, "")

/** Bytes as text: UTF-8 when valid (a BOM is dropped later), else Windows-1252. */
export const decode = (bytes: Uint8Array): string => {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes)
  } catch {
    return new TextDecoder("windows-1252").decode(bytes)
  }
}

/** The delimiter of a CSV text: the most frequent of , ; and tab outside quotes on its first line. */
export const delimiterOf = (text: string): string => {
  const counts = new Map<string, number>([
    [",", 0],
    [";", 0],
    ["\t", 0]
  ])
  let quoted = false
  for (const ch of text.slice(0, 10_000)) {
    if (ch === '"') quoted = !quoted
    else if (!quoted && (ch === "\n" || ch === "\r")) break
    else if (!quoted && counts.has(ch)) counts.set(ch, counts.get(ch)! + 1)
  }
  let best = ","
  for (const [d, n] of counts) if (n > counts.get(best)!) best = d
  return best
}

/** The rows of a CSV text (cells trimmed, blank lines skipped); the message when it cannot be read. */
export const parseRows = (text: string): Result.Result<ReadonlyArray<ReadonlyArray<string>>, string> => {
  try {
    const rows = parse(text, {
      bom: true,
      delimiter: delimiterOf(text.replace(/^\uFEFF/, "")),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      trim: true
    }) as Array<Array<string>>
    const data = rows.filter((r) => r.some((c) => c !== ""))
    if (data.length === 0) return Result.fail(m.importNoRows)
    if (data.length > MAX_ROWS + 1) return Result.fail(m.importTooManyRows(MAX_ROWS))
    return Result.succeed(data)
  } catch {
    return Result.fail(m.csvUnreadable)
  }
}

const fieldOfHeader = (header: string, specs: ReadonlyArray<FieldSpec>): string | null => {
  const h = norm(header)
  if (h === "") return null
  const exact = specs.find((s) => s.synonyms.some((syn) => norm(syn) === h))
  return exact?.field ?? null
}

/** Whether a first row is a header: at least one of its cells names a field and none is an email address. */
export const looksLikeHeader = (row: ReadonlyArray<string>, kind: ImportKind): boolean => {
  const specs = fieldsOf(kind)
  return row.some((c) => fieldOfHeader(c, specs) !== null) && !row.some((c) => Contact.isEmail(c))
}

/** The field each column maps to, from the header names; a field is taken by its first column only. */
export const autoMap = (headers: ReadonlyArray<string>, kind: ImportKind): ReadonlyArray<string | null> => {
  const specs = fieldsOf(kind)
  const taken = new Set<string>()
  return headers.map((h) => {
    const field = fieldOfHeader(h, specs)
    if (field === null || taken.has(field)) return null
    taken.add(field)
    return field
  })
}

/** Why a mapping cannot import (an unknown field, a field on two columns, a required field missing); none if fine. */
export const mappingProblem = (mapping: ReadonlyArray<string | null>, kind: ImportKind): Option.Option<string> => {
  const specs = fieldsOf(kind)
  const seen = new Set<string>()
  for (const field of mapping) {
    if (field === null) continue
    const spec = specs.find((s) => s.field === field)
    if (spec === undefined) return Option.some(m.importRowUnknown("Field", field))
    if (seen.has(field)) return Option.some(m.importColumnTwice(spec.label))
    seen.add(field)
  }
  for (const spec of specs)
    if (spec.required && !seen.has(spec.field)) return Option.some(m.importNeedsColumn(spec.label))
  if (kind === "contacts" && !["name", "name_first", "name_last", "company", "email"].some((x) => seen.has(x))) {
    return Option.some(m.importNeedsColumn("a name, company or email"))
  }
  return Option.none()
}

/** The values of a row by field (missing cells are empty). */
export const valuesOf = (row: ReadonlyArray<string>, mapping: ReadonlyArray<string | null>): Record<string, string> => {
  const out: Record<string, string> = {}
  mapping.forEach((field, i) => {
    if (field !== null) out[field] = (row[i] ?? "").trim()
  })
  return out
}

/** A contact read from a row. */
export interface ContactRecord {
  readonly type: "person" | "company"
  readonly name_first: string
  readonly name_last: string
  readonly email: string
  /** The company a person belongs to (found or created by name); empty for none. */
  readonly company: string
  readonly methods: ReadonlyArray<{ readonly phoneOther: string; readonly phoneOther_type: 1 | 3 | 5 | 8 }>
  readonly address: {
    readonly address: string
    readonly city: string
    readonly state: string
    readonly zip: string
    readonly country: string
  } | null
}

const tooLong = (values: Record<string, string>, specs: ReadonlyArray<FieldSpec>): Option.Option<string> => {
  for (const spec of specs) {
    const max = spec.field === "address" || spec.field === "item_body" ? 100_000 : FIELD_MAX
    if ((values[spec.field] ?? "").length > max) return Option.some(m.importRowTooLong(spec.label))
  }
  return Option.none()
}

/** A row as a contact, or the reason it is left out. */
export const readContact = (values: Record<string, string>): Result.Result<ContactRecord, string> => {
  const long = tooLong(values, fieldsOf("contacts"))
  if (Option.isSome(long)) return Result.fail(long.value)
  const v = (k: string) => values[k] ?? ""
  let first = v("name_first")
  let last = v("name_last")
  if (first === "" && last === "" && v("name") !== "") {
    const split = Contact.splitName(v("name"))
    first = split.name_first
    last = split.name_last
  }
  const email = v("email")
  if (email !== "" && !Contact.isEmail(email)) return Result.fail(m.emailInvalid)
  const company = v("company")
  if (first === "" && last === "" && company === "" && email === "") return Result.fail(m.importRowNoName)
  const isCompany = first === "" && last === "" && company !== "" && email === ""
  const methods: Array<ContactRecord["methods"][number]> = []
  if (v("phone") !== "") methods.push({ phoneOther: v("phone"), phoneOther_type: 1 })
  if (v("mobile") !== "") methods.push({ phoneOther: v("mobile"), phoneOther_type: 3 })
  if (v("fax") !== "") methods.push({ phoneOther: v("fax"), phoneOther_type: 5 })
  if (v("website") !== "") methods.push({ phoneOther: v("website"), phoneOther_type: 8 })
  const address = { address: v("address"), city: v("city"), state: v("state"), zip: v("zip"), country: v("country") }
  return Result.succeed({
    type: isCompany ? "company" : "person",
    name_first: isCompany ? company : first,
    name_last: isCompany ? "" : last,
    email,
    company: isCompany ? "" : company,
    methods,
    address: Object.values(address).every((x) => x === "") ? null : address
  })
}

/** A reusable item read from a row; category and tax by the text found (resolved against the account later). */
export interface ItemRecord {
  readonly item_code: string
  readonly item_title: string
  readonly item_body: string
  readonly price_unit: Money.Decimal
  readonly price_cost: Money.Decimal
  readonly quantity: Money.Decimal
  readonly category: string
  readonly tax: string
}

/** A number as spreadsheets write it: currency signs, spaces and thousands commas dropped; none if not a number. */
export const readNumber = (text: string): Option.Option<Money.Decimal> => {
  const cleaned = text.replace(/[\s$€£¥,]/g, "").replace(/%$/, "")
  if (!/^-?(\d+(\.\d*)?|\.\d+)$/.test(cleaned)) return Option.none()
  return Money.parse(cleaned)
}

const LIMIT = Money.make("99999999999999")

/** A row as an item of a kind, or the reason it is left out. */
export const readItem = (
  kind: "price-items" | "text-items",
  values: Record<string, string>
): Result.Result<ItemRecord, string> => {
  const specs = fieldsOf(kind)
  const long = tooLong(values, specs)
  if (Option.isSome(long)) return Result.fail(long.value)
  const v = (k: string) => values[k] ?? ""
  if (v("item_title") === "" && v("item_body") === "")
    return Result.fail(m.fieldRequired(kind === "price-items" ? "Item" : "Title"))
  const num = (
    field: string,
    label: string,
    fallback: Money.Decimal,
    min?: Money.Decimal
  ): Result.Result<Money.Decimal, string> => {
    if (v(field) === "") return Result.succeed(fallback)
    const n = readNumber(v(field))
    if (Option.isNone(n)) return Result.fail(m.importRowNotNumber(label))
    if (
      BigDecimal.isGreaterThan(BigDecimal.abs(n.value), LIMIT) ||
      (min !== undefined && BigDecimal.isLessThan(n.value, min))
    ) {
      return Result.fail(m.importRowOutOfRange(label))
    }
    return Result.succeed(Money.roundUnit(n.value))
  }
  return Result.gen(function* () {
    return {
      item_code: v("item_code"),
      item_title: v("item_title"),
      item_body: v("item_body"),
      price_unit: yield* num("price_unit", "Unit price", Money.zero),
      price_cost: yield* num("price_cost", "Cost", Money.zero),
      quantity: yield* num("quantity", "Quantity", Money.one, Money.zero),
      category: v("category"),
      tax: v("tax")
    }
  })
}

/** Rows read for one kind: what imports and what is left out, with line numbers. */
export interface Read<A> {
  readonly accepted: ReadonlyArray<{
    readonly row: number
    readonly record: A
    readonly values: Record<string, string>
  }>
  readonly rejected: ReadonlyArray<RejectedRow>
}

/** Read every data row (`first` is the line number of the first data row). */
export const readAll = <A>(
  rows: ReadonlyArray<ReadonlyArray<string>>,
  first: number,
  mapping: ReadonlyArray<string | null>,
  read: (values: Record<string, string>) => Result.Result<A, string>
): Read<A> => {
  const accepted: Array<Read<A>["accepted"][number]> = []
  const rejected: Array<RejectedRow> = []
  rows.forEach((cells, i) => {
    const values = valuesOf(cells, mapping)
    const r = read(values)
    if (Result.isSuccess(r)) accepted.push({ row: first + i, record: r.success, values })
    else rejected.push({ row: first + i, reason: r.failure })
  })
  return { accepted, rejected }
}
