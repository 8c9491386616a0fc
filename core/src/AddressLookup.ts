/**
 * Address look-up: the suggestions an address field offers as the user types (after the completer's rules in
 * `Completer.addressRules`: 1,000 ms of quiet, never digits only, never past 200 characters), and the address a
 * picked suggestion fills in. Which service answers is the server's business (an OpenStreetMap-based one by
 * default, Google Places with the account's own key as an option); this module holds the shapes both sides
 * share and the rules that do not depend on the service.
 *
 * A suggestion's `id` is opaque to the browser: it goes back as `placeId` to fetch the address.
 *
 * @since 0.4.0
 */
import { Schema } from "effect"
import * as Country from "./Country.ts"
import * as Limits from "./Limits.ts"

/** The services an account can look addresses up with. `osm`: the server's OpenStreetMap-based service. */
export const Providers = ["osm", "google", "off"] as const
/** A look-up service choice. */
export const Provider = Schema.Literals(Providers)
/** A look-up service choice. */
export type Provider = typeof Provider.Type

/** Suggestions offered at most. */
export const maxSuggestions = 6

/** The longest place id the server accepts back (a Google place id is about 30 characters, ours under 40). */
export const maxPlaceIdLength = 300

/** One suggestion: the id to fetch it with and the text shown. */
export const Suggestion = Schema.Struct({ id: Schema.String, label: Schema.String })
/** One suggestion. */
export type Suggestion = typeof Suggestion.Type

/** An address as the contact form holds it; `country` is the country's name as the form shows it. */
export const Place = Schema.Struct({
  address: Schema.String,
  city: Schema.String,
  state: Schema.String,
  zip: Schema.String,
  country: Schema.String
})
/** An address a suggestion fills in. */
export type Place = typeof Place.Type

/** The parts of an address as services name them, before they become a `Place`. */
export interface Parts {
  readonly houseNumber?: string | undefined
  readonly street?: string | undefined
  /** A named place without a street (a building, a farm). */
  readonly name?: string | undefined
  readonly city?: string | undefined
  readonly state?: string | undefined
  readonly postcode?: string | undefined
  /** ISO alpha-2. */
  readonly countryCode?: string | undefined
  /** The service's own name for the country, used when the code is unknown. */
  readonly country?: string | undefined
}

const clean = (s: string | undefined): string => (s ?? "").replace(/\s+/g, " ").trim()

/**
 * The street line: number before street in most of the world, after it where the country writes it so
 * (continental Europe and Latin America mostly); a named place leads when it is not the street itself.
 */
export const streetLine = (parts: Parts): string => {
  const number = clean(parts.houseNumber)
  const street = clean(parts.street)
  const name = clean(parts.name)
  const code = clean(parts.countryCode).toUpperCase()
  const line =
    street === "" ? "" : number === "" ? street : numberAfter.has(code) ? `${street} ${number}` : `${number} ${street}`
  if (name === "" || name === street || line.includes(name)) return line === "" ? name : line
  return line === "" ? name : `${name}, ${line}`
}

/** Countries that write the house number after the street. */
const numberAfter: ReadonlySet<string> = new Set([
  "AT",
  "BE",
  "BR",
  "CH",
  "CZ",
  "DE",
  "DK",
  "ES",
  "FI",
  "HR",
  "HU",
  "IS",
  "IT",
  "NL",
  "NO",
  "PL",
  "PT",
  "SE",
  "SI",
  "SK",
  "AR",
  "CL",
  "MX"
])

/** A `Place` from a service's parts: the country named as our country list names it. */
export const placeOf = (parts: Parts): Place => {
  const byCode = Country.fromCode(clean(parts.countryCode))
  const country = byCode._tag === "Some" ? byCode.value.name : clean(parts.country)
  return {
    address: streetLine(parts),
    city: clean(parts.city),
    state: clean(parts.state),
    zip: clean(parts.postcode),
    country
  }
}

/** The query of `GET /get/address-lookup`: text to search near a point (x longitude, y latitude), or a place. */
export const LookupQuery = {
  q: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(Limits.textSearchMaxLength))),
  x: Schema.optionalKey(Schema.NumberFromString.check(Schema.isBetween({ minimum: -180, maximum: 180 }))),
  y: Schema.optionalKey(Schema.NumberFromString.check(Schema.isBetween({ minimum: -90, maximum: 90 }))),
  placeId: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(maxPlaceIdLength)))
}

/**
 * The look-up's answer: `results` for a search, `place` for a place id. `unavailable` is true when the service
 * could not be reached (the field then simply offers nothing; typing by hand always works).
 */
export const LookupAnswer = Schema.Struct({
  results: Schema.Array(Suggestion),
  place: Schema.NullOr(Place),
  unavailable: Schema.Boolean
})
/** The look-up's answer. */
export type LookupAnswer = typeof LookupAnswer.Type

/** The guess `GET /e/geo-you` gives: the country the request comes from (0 when unknown) and its region. */
export const GeoGuess = Schema.Struct({
  "guess-country-id": Schema.Int,
  "guess-region": Schema.String
})
/** The country guess. */
export type GeoGuess = typeof GeoGuess.Type
