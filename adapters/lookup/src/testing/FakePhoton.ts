/**
 * A Photon for tests, as msw handlers: `GET {url}/api` answers the features of `places` whose text contains every
 * word of `q` (case-insensitive), in Photon's GeoJSON shape, and records each request. `fail()` makes it answer
 * 503 until `recover()`.
 *
 * @since 0.4.0
 */
import { HttpResponse, http } from "msw"
import { DEFAULT_URL } from "../OpenStreetMap.ts"

/** One place as Photon's feature properties hold it. */
export interface FakePlace {
  readonly name?: string
  readonly housenumber?: string
  readonly street?: string
  readonly city?: string
  readonly state?: string
  readonly postcode?: string
  readonly country?: string
  readonly countrycode?: string
}

/** Some places in two countries. */
export const samplePlaces: ReadonlyArray<FakePlace> = [
  {
    housenumber: "12",
    street: "Harbour Street",
    city: "Wellington",
    state: "Wellington",
    postcode: "6011",
    country: "New Zealand",
    countrycode: "NZ"
  },
  {
    housenumber: "14",
    street: "Harbour Street",
    city: "Wellington",
    state: "Wellington",
    postcode: "6011",
    country: "New Zealand",
    countrycode: "NZ"
  },
  {
    housenumber: "221",
    street: "Baker Street",
    city: "London",
    state: "England",
    postcode: "NW1 6XE",
    country: "United Kingdom",
    countrycode: "GB"
  },
  {
    housenumber: "5",
    street: "Unter den Linden",
    city: "Berlin",
    state: "Berlin",
    postcode: "10117",
    country: "Deutschland",
    countrycode: "DE"
  }
]

const text = (p: FakePlace) => Object.values(p).join(" ").toLowerCase()

/** The fake at `url` over `places`. */
export const make = (options: { readonly url?: string; readonly places?: ReadonlyArray<FakePlace> } = {}) => {
  const places = options.places ?? samplePlaces
  const requests: Array<URL> = []
  let down = false
  const handler = http.get(new URL("/api", options.url ?? DEFAULT_URL).href, ({ request }) => {
    const url = new URL(request.url)
    requests.push(url)
    if (down) return new HttpResponse("Service Unavailable", { status: 503 })
    const words = (url.searchParams.get("q") ?? "").toLowerCase().split(/\s+/).filter(Boolean)
    const limit = Number(url.searchParams.get("limit") ?? "10")
    const found = places.filter((p) => words.every((w) => text(p).includes(w))).slice(0, limit)
    return HttpResponse.json({
      type: "FeatureCollection",
      features: found.map((properties, i) => ({
        type: "Feature",
        geometry: { type: "Point", coordinates: [174.78 + i / 1000, -41.28] },
        properties: {
          osm_id: 1000 + i,
          osm_type: "N",
          osm_key: "place",
          osm_value: "house",
          type: "house",
          ...properties
        }
      }))
    })
  })
  return {
    handlers: [handler],
    requests,
    fail: () => {
      down = true
    },
    recover: () => {
      down = false
    }
  }
}
