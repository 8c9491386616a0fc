import { describe, expect, it } from "@effect/vitest"
import { Effect, Option } from "effect"
import { setupServer } from "msw/node"
import { afterAll, afterEach, beforeAll } from "vitest"
import * as OpenStreetMap from "../src/OpenStreetMap.ts"
import * as FakePhoton from "../src/testing/FakePhoton.ts"

const fake = FakePhoton.make()
const server = setupServer(...fake.handlers)
beforeAll(() => server.listen({ onUnhandledFrame: "error" }))
afterEach(() => {
  fake.recover()
  fake.requests.length = 0
})
afterAll(() => server.close())

const photon = OpenStreetMap.make({ language: "en" })

describe("OpenStreetMap (Photon)", () => {
  it.effect("asks Photon for the text near the point and labels each address", () =>
    Effect.gen(function* () {
      const results = yield* photon.search("harbour street", { lng: 174.78, lat: -41.29 })
      expect(results.map((r) => r.label)).toEqual([
        "12 Harbour Street, Wellington, Wellington 6011, New Zealand",
        "14 Harbour Street, Wellington, Wellington 6011, New Zealand"
      ])
      const sent = fake.requests[0]!
      expect(sent.pathname).toBe("/api")
      expect(Object.fromEntries(sent.searchParams)).toEqual({
        q: "harbour street",
        limit: "6",
        lang: "en",
        lat: "-41.29",
        lon: "174.78"
      })
    })
  )

  it.effect("a suggestion's id gives its address without a second call, the country as our list names it", () =>
    Effect.gen(function* () {
      const [first] = yield* photon.search("unter den linden", undefined)
      const requests = fake.requests.length
      const place = yield* photon.place(first!.id)
      expect(Option.getOrThrow(place)).toEqual({
        address: "Unter den Linden 5",
        city: "Berlin",
        state: "Berlin",
        zip: "10117",
        country: "Germany"
      })
      expect(fake.requests.length).toBe(requests)
    })
  )

  it.effect("an id that is not one of its own, or is forged, gives nothing", () =>
    Effect.gen(function* () {
      expect(Option.isNone(yield* photon.place("g.ChIJ123"))).toBe(true)
      expect(Option.isNone(yield* photon.place("o.bm90IGpzb24"))).toBe(true)
      const wrongShape = `o.${Buffer.from(JSON.stringify({ address: 1 })).toString("base64url")}`
      expect(Option.isNone(yield* photon.place(wrongShape))).toBe(true)
    })
  )

  it.effect("a service that is down fails with LookupFailed naming its status", () =>
    Effect.gen(function* () {
      fake.fail()
      const error = yield* Effect.flip(photon.search("baker", undefined))
      expect(error._tag).toBe("LookupFailed")
      expect(error.reason).toBe("answered 503")
    })
  )
})
