/**
 * Postal addresses of contacts: the stored shape, how the lines are split and shown, the maps link, and
 * reading city, state, postcode and country out of pasted lines.
 *
 * `address` holds the street lines joined by newlines; when read back it is split on commas and newlines,
 * so "Level 2, 12 High St" shows as two lines. Display puts the city and the state plus postcode on one
 * line ("Springfield, IL 62704", "Wellington 6011"), the country last and optional.
 *
 * @example
 * import * as Address from "@quotekit/core/Address"
 * const a = Address.fromLines(["12 High St", "Wellington 6011", "New Zealand"])
 * // { address: "12 High St", city: "Wellington", state: "", zip: "6011", country: "New Zealand" }
 * Address.displayLines(a)    // ["12 High St", "Wellington 6011"]
 * Address.mapsUrl(a)         // Option.some("https://www.google.com/maps/search/?api=1&query=12%20High%20St%2C%20...")
 *
 * @since 0.1.0
 */
import { Option, Schema } from "effect"
import * as Country from "./Country.ts"

/** Identifier of an address row. */
export const ContactAddressId = Schema.Int.pipe(Schema.brand("ContactAddressId"))
/** Identifier of an address row. */
export type ContactAddressId = typeof ContactAddressId.Type

/** What an address is for; a contact's first address is primary. */
export const AddressType = Schema.Literals(["primary", "postal", "physical"])
/** What an address is for. */
export type AddressType = typeof AddressType.Type

/** The fields a person fills in for an address, without ids. */
export const Fields = Schema.Struct({
  address: Schema.String,
  city: Schema.String,
  state: Schema.String,
  zip: Schema.String,
  country: Schema.String
})
/** The fields of an address, without ids. */
export type Fields = typeof Fields.Type

/**
 * An address row of a contact. `contact_id` is branded "ContactId" as in `Contact.ts`; it is declared
 * locally so this module does not import `Contact.ts`, which imports this one.
 */
export const Address = Schema.Struct({
  contact_address_id: ContactAddressId,
  contact_id: Schema.Int.pipe(Schema.brand("ContactId")),
  ...Fields.fields,
  address_type: AddressType
})
/** An address row of a contact. */
export type Address = typeof Address.Type

/** An address with nothing in it. */
export const empty: Fields = { address: "", city: "", state: "", zip: "", country: "" }

/** Whether an address has no text in any field. */
export const isEmpty = (a: Fields): boolean =>
  [a.address, a.city, a.state, a.zip, a.country].every((field) => field.trim() === "")

/** The street lines of an `address` value: split on commas and newlines, trimmed, blanks dropped. */
export const streetLines = (address: string): ReadonlyArray<string> =>
  address
    .split(/[,\r\n]+/)
    .map((line) => line.trim())
    .filter((line) => line !== "")

/** The city line: city, then state and postcode ("Springfield, IL 62704"; "Wellington 6011" without a state). */
export const cityLine = (a: Fields): string => {
  const city = a.city.trim()
  const state = a.state.trim()
  const stateZip = [state, a.zip.trim()].filter((s) => s !== "").join(" ")
  if (city === "" || stateZip === "") return city || stateZip
  return state === "" ? `${city} ${stateZip}` : `${city}, ${stateZip}`
}

/** The lines to show for an address: street lines, the city line, and the country when asked for. */
export const displayLines = (a: Fields, options?: { readonly withCountry?: boolean }): ReadonlyArray<string> =>
  [...streetLines(a.address), cityLine(a), options?.withCountry === true ? a.country.trim() : ""].filter(
    (line) => line !== ""
  )

/** A Google Maps search link for the address (country included, as it helps the search); `None` when empty. */
export const mapsUrl = (a: Fields): Option.Option<string> => {
  const lines = displayLines(a, { withCountry: true })
  if (lines.length === 0) return Option.none()
  return Option.some(`https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(lines.join(", "))}`)
}

// Postcode shapes: US ZIP (+4), Canadian, UK, and plain digit codes (3 to 7 digits: AU, NZ, most of Europe).
const US_ZIP = /^\d{5}(?:-\d{4})?$/
const CA_POSTAL = /^[A-Za-z]\d[A-Za-z] ?\d[A-Za-z]\d$/
const UK_POSTCODE = /^[A-Za-z]{1,2}\d[A-Za-z\d]? ?\d[A-Za-z]{2}$/
const DIGITS_ZIP = /^\d{3,7}$/
const isZip = (text: string): boolean =>
  US_ZIP.test(text) || CA_POSTAL.test(text) || UK_POSTCODE.test(text) || DIGITS_ZIP.test(text)

const ZIP_AT_END =
  /^(.*?)[\s,]+([A-Za-z]\d[A-Za-z] ?\d[A-Za-z]\d|[A-Za-z]{1,2}\d[A-Za-z\d]? ?\d[A-Za-z]{2}|\d{5}-\d{4}|\d{3,7})$/
const STATE_AT_END = /^(.*?)[\s,]+([A-Za-z]{2,3})\.?$/
const ZIP_FIRST = /^(\d{4,6})\s+(\p{L}[\p{L} .'-]*)$/u
const PLACE = /^\p{L}[\p{L} .'-]*$/u

/** States of countries with lists whose code matches, e.g. "WA" is both a US and an Australian state. */
const countriesWithState = (code: string): ReadonlyArray<Country.Country> =>
  Country.all.filter((c) => Country.hasStates(c) && Option.isSome(Country.stateFromName(c, code)))

/** The country a state code and postcode shape point to, when exactly one fits. */
const inferCountry = (state: string, zip: string): Option.Option<Country.Country> => {
  const fits = countriesWithState(state).filter((c) =>
    c.code === "US" ? US_ZIP.test(zip) : c.code === "CA" ? CA_POSTAL.test(zip) : /^\d{4}$/.test(zip)
  )
  return fits.length === 1 ? Option.some(fits[0]!) : Option.none()
}

interface CityParts {
  readonly city: string
  readonly state: string
  readonly zip: string
}

/** Read a line such as "Springfield, IL 62704", "Sydney NSW 2000", "Wellington 6011" or "75001 Paris". */
const parseCityLine = (line: string): Option.Option<CityParts> => {
  const zipFirst = ZIP_FIRST.exec(line)
  if (zipFirst) return Option.some({ city: zipFirst[2]!.trim(), state: "", zip: zipFirst[1]! })
  const withZip = ZIP_AT_END.exec(line)
  if (withZip) {
    const before = withZip[1]!.trim().replace(/,$/, "")
    const zip = withZip[2]!.toUpperCase()
    const withState = STATE_AT_END.exec(before)
    if (withState && countriesWithState(withState[2]!).length > 0 && PLACE.test(withState[1]!.trim())) {
      return Option.some({ city: withState[1]!.trim().replace(/,$/, ""), state: withState[2]!.toUpperCase(), zip })
    }
    if (PLACE.test(before)) return Option.some({ city: before, state: "", zip })
    return Option.none()
  }
  const withState = STATE_AT_END.exec(line)
  if (withState && /[,]/.test(line) && countriesWithState(withState[2]!).length > 0) {
    return Option.some({ city: withState[1]!.trim().replace(/,$/, ""), state: withState[2]!.toUpperCase(), zip: "" })
  }
  return Option.none()
}

/**
 * Read address fields out of lines (pasted text, or a lookup's label split on commas): a country name on
 * the last line, then a city line with state and postcode, the rest being street lines. A lone postcode
 * line after a city line, and a bare place name after a street line, are understood too. When no country
 * is given but the state and postcode fit exactly one of the countries with state lists, that country is
 * filled in. Lines that cannot be placed stay street lines, so no text is lost.
 */
export const fromLines = (input: ReadonlyArray<string>): Fields => {
  const lines = input.flatMap(streetLines)
  let country = ""
  const last = lines[lines.length - 1]
  if (last !== undefined) {
    const found = Country.fromName(last)
    if (Option.isSome(found)) {
      country = found.value.name
      lines.pop()
    }
  }
  let parts: CityParts = { city: "", state: "", zip: "" }
  const tail = lines[lines.length - 1]
  const beforeTail = lines[lines.length - 2]
  // "Springfield, IL 62704" was split at its comma with the street lines; read it whole first.
  const joined = beforeTail === undefined ? Option.none() : parseCityLine(`${beforeTail}, ${tail}`)
  if (Option.isSome(joined) && joined.value.state !== "") {
    parts = joined.value
    lines.splice(-2, 2)
  } else if (tail !== undefined) {
    const parsed = parseCityLine(tail)
    if (Option.isSome(parsed)) {
      parts = parsed.value
      lines.pop()
    } else if (isZip(tail) && beforeTail !== undefined && PLACE.test(beforeTail)) {
      parts = { city: beforeTail, state: "", zip: tail.toUpperCase() }
      lines.splice(-2, 2)
    } else if (PLACE.test(tail) && lines.length > 1 && /\d/.test(beforeTail ?? "")) {
      parts = { city: tail, state: "", zip: "" }
      lines.pop()
    }
  }
  if (country === "" && parts.state !== "") {
    country = Option.match(inferCountry(parts.state, parts.zip), { onNone: () => "", onSome: (c) => c.name })
  }
  return { address: lines.join("\n"), ...parts, country }
}
