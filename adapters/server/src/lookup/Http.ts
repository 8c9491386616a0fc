/**
 * The look-up groups' handlers: `GET /get/address-lookup` (signed in: suggestions near a point, or the address
 * of a picked suggestion) and `GET /e/geo-you` (anyone: the country of the request's address, from the local
 * GeoIP database).
 *
 * @since 0.4.0
 */
import { Api } from "@quotekit/core/api/Api"
import * as Completer from "@quotekit/core/Completer"
import * as Country from "@quotekit/core/Country"
import * as GeoIp from "@quotekit/lookup/GeoIp"
import { Effect, Option } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import * as ClientAddress from "../http/ClientAddress.ts"
import { AddressLookups } from "./AddressLookups.ts"

const none = { results: [], place: null, unavailable: false }

/** The signed-in look-ups. */
export const layer = HttpApiBuilder.group(
  Api,
  "lookup",
  Effect.fn(function* (handlers) {
    const lookups = yield* AddressLookups
    return handlers.handle("address", ({ query }) =>
      Effect.gen(function* () {
        if (query.placeId !== undefined) {
          const found = yield* lookups.place(query.placeId)
          return { results: [], place: Option.getOrNull(found.place), unavailable: found.unavailable }
        }
        const text = query.q ?? ""
        // The completer's rules hold on the server too: no search for blank, multi-line, digits-only or long text.
        if (!Completer.shouldSearch(text, Completer.emptyHistory, Completer.addressRules)) return none
        const near = query.x !== undefined && query.y !== undefined ? { lng: query.x, lat: query.y } : undefined
        const answer = yield* lookups.search(text, near)
        return { results: answer.results, place: null, unavailable: answer.unavailable }
      })
    )
  })
)

/** The country guess. */
export const geoLayer = HttpApiBuilder.group(Api, "geo", (handlers) =>
  handlers.handle("geoYou", () =>
    Effect.gen(function* () {
      const code = GeoIp.countryCode(yield* ClientAddress.current)
      const country = code === undefined ? Option.none() : Country.fromCode(code)
      return {
        "guess-country-id": Option.match(country, { onNone: () => 0, onSome: (c) => c.id }),
        "guess-region": ""
      }
    })
  )
)
