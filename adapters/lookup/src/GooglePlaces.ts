/**
 * Address look-up through Google Places (the Places API "New"), on the account's own API key:
 * `POST places:autocomplete` for suggestions (biased to a 50 km circle around the form's point) and
 * `GET places/{id}` with the `addressComponents` field mask for the picked one. The key travels in the
 * `X-Goog-Api-Key` header only, never in a URL that could be logged.
 *
 * @since 0.4.0
 */
import * as AddressLookup from "@quotekit/core/AddressLookup"
import { Effect, Option, Schema } from "effect"
import type { AddressProvider } from "./AddressProvider.ts"
import { LookupFailed } from "./AddressProvider.ts"
import * as Http from "./Http.ts"

export const API_URL = "https://places.googleapis.com"
const PREFIX = "g."
const SERVICE = "Google Places"

/** The autocomplete answer, as far as we read it. */
export const Autocomplete = Schema.Struct({
  suggestions: Schema.optional(
    Schema.Array(
      Schema.Struct({
        placePrediction: Schema.optional(
          Schema.Struct({ placeId: Schema.String, text: Schema.Struct({ text: Schema.String }) })
        )
      })
    )
  )
})

/** A place's details with the `addressComponents` mask. */
export const Details = Schema.Struct({
  addressComponents: Schema.optional(
    Schema.Array(
      Schema.Struct({
        longText: Schema.optional(Schema.String),
        shortText: Schema.optional(Schema.String),
        types: Schema.Array(Schema.String)
      })
    )
  )
})

const unknownShape = () => new LookupFailed({ service: SERVICE, reason: "answered an unknown shape" })

/** The address of Google's components. */
export const placeOfComponents = (components: (typeof Details.Type)["addressComponents"]): AddressLookup.Place => {
  const find = (type: string, short = false) => {
    const c = (components ?? []).find((x) => x.types.includes(type))
    return c === undefined ? undefined : short ? (c.shortText ?? c.longText) : (c.longText ?? c.shortText)
  }
  return AddressLookup.placeOf({
    houseNumber: find("street_number"),
    street: find("route"),
    name: find("premise"),
    city: find("locality") ?? find("postal_town") ?? find("sublocality") ?? find("administrative_area_level_2"),
    state: find("administrative_area_level_1"),
    postcode: find("postal_code"),
    countryCode: find("country", true),
    country: find("country")
  })
}

/** Google Places on `apiKey`. */
export const make = (options: { readonly apiKey: string; readonly url?: string | undefined }) => {
  const base = options.url ?? API_URL
  const headers = { "content-type": "application/json", "x-goog-api-key": options.apiKey }
  const provider: AddressProvider = {
    name: SERVICE,
    search: (text, near) =>
      Effect.gen(function* () {
        const body = yield* Http.json(SERVICE, new URL("/v1/places:autocomplete", base), {
          method: "POST",
          headers,
          body: JSON.stringify({
            input: text,
            ...(near === undefined
              ? {}
              : { locationBias: { circle: { center: { latitude: near.lat, longitude: near.lng }, radius: 50_000 } } })
          })
        })
        const answer = yield* Schema.decodeUnknownEffect(Autocomplete)(body).pipe(Effect.mapError(unknownShape))
        return (answer.suggestions ?? [])
          .flatMap((s) => (s.placePrediction === undefined ? [] : [s.placePrediction]))
          .slice(0, AddressLookup.maxSuggestions)
          .map((p) => ({ id: `${PREFIX}${p.placeId}`, label: p.text.text }))
      }),
    place: (id) =>
      Effect.gen(function* () {
        if (!id.startsWith(PREFIX) || !/^[\w-]+$/.test(id.slice(PREFIX.length))) return Option.none()
        const body = yield* Http.json(SERVICE, new URL(`/v1/places/${id.slice(PREFIX.length)}`, base), {
          headers: { ...headers, "x-goog-fieldmask": "addressComponents" }
        })
        const details = yield* Schema.decodeUnknownEffect(Details)(body).pipe(Effect.mapError(unknownShape))
        return Option.some(placeOfComponents(details.addressComponents))
      })
  }
  return provider
}
