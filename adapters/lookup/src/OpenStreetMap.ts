/**
 * Address look-up on OpenStreetMap data through Photon (komoot's geocoder, open source and self-hostable:
 * `QUOTEKIT_PHOTON_URL` points at your own). `GET {url}/api?q=&limit=&lat=&lon=` answers GeoJSON features whose
 * properties hold the address parts; each suggestion's id carries its address (`PlaceId`), so picking one
 * needs no second call.
 *
 * @since 0.4.0
 */
import * as AddressLookup from "@quotekit/core/AddressLookup"
import { Effect, Schema } from "effect"
import type { AddressProvider } from "./AddressProvider.ts"
import { LookupFailed } from "./AddressProvider.ts"
import * as Http from "./Http.ts"
import * as PlaceId from "./PlaceId.ts"

/** The public Photon instance; fine for light use, run your own for more. */
export const DEFAULT_URL = "https://photon.komoot.io"

const PREFIX = "o."

const Properties = Schema.Struct({
  name: Schema.optional(Schema.String),
  housenumber: Schema.optional(Schema.String),
  street: Schema.optional(Schema.String),
  city: Schema.optional(Schema.String),
  district: Schema.optional(Schema.String),
  county: Schema.optional(Schema.String),
  state: Schema.optional(Schema.String),
  postcode: Schema.optional(Schema.String),
  country: Schema.optional(Schema.String),
  countrycode: Schema.optional(Schema.String)
})

/** Photon's answer, as far as we read it. */
export const Answer = Schema.Struct({ features: Schema.Array(Schema.Struct({ properties: Properties })) })

const decodeAnswer = Schema.decodeUnknownEffect(Answer)

/** The text a suggestion shows: the street line, then the place, the region and the country, without repeats. */
export const label = (place: AddressLookup.Place): string => {
  const parts: Array<string> = []
  for (const part of [place.address, place.city, [place.state, place.zip].filter(Boolean).join(" "), place.country])
    if (part !== "" && !parts.includes(part)) parts.push(part)
  return parts.join(", ")
}

/** Photon at `url`. */
export const make = (options: { readonly url?: string | undefined; readonly language?: string | undefined } = {}) => {
  const base = options.url ?? DEFAULT_URL
  const provider: AddressProvider = {
    name: "OpenStreetMap",
    search: (text, near) =>
      Effect.gen(function* () {
        const url = new URL("/api", base)
        url.searchParams.set("q", text)
        url.searchParams.set("limit", String(AddressLookup.maxSuggestions))
        if (options.language !== undefined) url.searchParams.set("lang", options.language)
        if (near !== undefined) {
          url.searchParams.set("lat", String(near.lat))
          url.searchParams.set("lon", String(near.lng))
        }
        const body = yield* Http.json("OpenStreetMap", url, { headers: { accept: "application/json" } })
        const answer = yield* decodeAnswer(body).pipe(
          Effect.mapError(() => new LookupFailed({ service: "OpenStreetMap", reason: "answered an unknown shape" }))
        )
        const seen = new Set<string>()
        const results: Array<AddressLookup.Suggestion> = []
        for (const { properties: p } of answer.features) {
          const place = AddressLookup.placeOf({
            houseNumber: p.housenumber,
            street: p.street,
            name: p.name,
            city: p.city ?? p.district ?? p.county,
            state: p.state,
            postcode: p.postcode,
            countryCode: p.countrycode,
            country: p.country
          })
          const text = label(place)
          if (text === "" || seen.has(text)) continue
          seen.add(text)
          results.push({ id: PlaceId.encode(PREFIX, place), label: text })
        }
        return results
      }),
    place: (id) => Effect.succeed(PlaceId.decode(PREFIX, id))
  }
  return provider
}
