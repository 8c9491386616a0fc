import { describe, expect, it } from "@effect/vitest"
import { Effect, Option } from "effect"
import { HttpResponse, http } from "msw"
import { setupServer } from "msw/node"
import { afterAll, afterEach, beforeAll } from "vitest"
import * as GooglePlaces from "../src/GooglePlaces.ts"

// The Places API (New) shapes: places:autocomplete and Place Details with the addressComponents field mask.
const seen: Array<{ url: string; headers: Record<string, string>; body: unknown }> = []
let status = 200
const server = setupServer(
  http.post("https://places.googleapis.com/v1/places:autocomplete", async ({ request }) => {
    seen.push({ url: request.url, headers: Object.fromEntries(request.headers), body: await request.json() })
    if (status !== 200)
      return HttpResponse.json(
        { error: { code: status, message: "API key not valid.", status: "INVALID_ARGUMENT" } },
        { status }
      )
    return HttpResponse.json({
      suggestions: [
        {
          placePrediction: {
            place: "places/ChIJ2eUgeAK6j4ARbn5u_wAGqWA",
            placeId: "ChIJ2eUgeAK6j4ARbn5u_wAGqWA",
            text: { text: "1600 Amphitheatre Parkway, Mountain View, CA, USA", matches: [{ endOffset: 4 }] },
            structuredFormat: {
              mainText: { text: "1600 Amphitheatre Parkway" },
              secondaryText: { text: "Mountain View, CA, USA" }
            },
            types: ["street_address", "geocode"]
          }
        },
        { queryPrediction: { text: { text: "1600 Amphitheatre" } } }
      ]
    })
  }),
  http.get("https://places.googleapis.com/v1/places/:id", ({ request, params }) => {
    seen.push({ url: request.url, headers: Object.fromEntries(request.headers), body: params.id })
    return HttpResponse.json({
      addressComponents: [
        { longText: "1600", shortText: "1600", types: ["street_number"], languageCode: "en" },
        { longText: "Amphitheatre Parkway", shortText: "Amphitheatre Pkwy", types: ["route"], languageCode: "en" },
        { longText: "Mountain View", shortText: "Mountain View", types: ["locality", "political"], languageCode: "en" },
        {
          longText: "Santa Clara County",
          shortText: "Santa Clara County",
          types: ["administrative_area_level_2", "political"]
        },
        { longText: "California", shortText: "CA", types: ["administrative_area_level_1", "political"] },
        { longText: "United States", shortText: "US", types: ["country", "political"] },
        { longText: "94043", shortText: "94043", types: ["postal_code"] }
      ]
    })
  })
)
beforeAll(() => server.listen({ onUnhandledFrame: "error" }))
afterEach(() => {
  seen.length = 0
  status = 200
})
afterAll(() => server.close())

const google = GooglePlaces.make({ apiKey: "test-key-123" })

describe("GooglePlaces", () => {
  it.effect(
    "autocompletes with the key in a header, biased to 50 km around the point; keeps place predictions only",
    () =>
      Effect.gen(function* () {
        const results = yield* google.search("1600 amphitheatre", { lng: -122.08, lat: 37.42 })
        expect(results).toEqual([
          { id: "g.ChIJ2eUgeAK6j4ARbn5u_wAGqWA", label: "1600 Amphitheatre Parkway, Mountain View, CA, USA" }
        ])
        expect(seen[0]!.headers["x-goog-api-key"]).toBe("test-key-123")
        expect(seen[0]!.url).not.toContain("test-key-123")
        expect(seen[0]!.body).toEqual({
          input: "1600 amphitheatre",
          locationBias: { circle: { center: { latitude: 37.42, longitude: -122.08 }, radius: 50_000 } }
        })
      })
  )

  it.effect("fetches the picked place's address components into the form's fields", () =>
    Effect.gen(function* () {
      const place = yield* google.place("g.ChIJ2eUgeAK6j4ARbn5u_wAGqWA")
      expect(Option.getOrThrow(place)).toEqual({
        address: "1600 Amphitheatre Parkway",
        city: "Mountain View",
        state: "California",
        zip: "94043",
        country: "United States"
      })
      expect(seen[0]!.headers["x-goog-fieldmask"]).toBe("addressComponents")
    })
  )

  it.effect("never calls Google for an id that is not its own or could change the path", () =>
    Effect.gen(function* () {
      expect(Option.isNone(yield* google.place("o.abc"))).toBe(true)
      expect(Option.isNone(yield* google.place("g.../../v1/other"))).toBe(true)
      expect(seen).toEqual([])
    })
  )

  it.effect("a refused key fails with LookupFailed, without the key in the reason", () =>
    Effect.gen(function* () {
      status = 400
      const error = yield* Effect.flip(google.search("1600 amphitheatre", undefined))
      expect(error.reason).toBe("answered 400")
      expect(JSON.stringify(error)).not.toContain("test-key-123")
    })
  )
})
