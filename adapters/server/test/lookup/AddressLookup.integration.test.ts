import { assert } from "@effect/vitest"
import * as Country from "@quotekit/core/Country"
import * as FakePhoton from "@quotekit/lookup/testing/FakePhoton"
import { describeBackends } from "@quotekit/pg/TestDatabase"
import { Effect, Option } from "effect"
import { setupServer } from "msw/node"
import { afterAll, afterEach, beforeAll } from "vitest"
import { browser, layer, newAccount, TestServer } from "../Harness.ts"

// The server's calls to Photon (the default look-up service) are answered by the fake; requests to the server
// itself pass through.
const photon = FakePhoton.make()
const network = setupServer(...photon.handlers)
beforeAll(() => network.listen({ onUnhandledFrame: "bypass" }))
afterEach(() => {
  photon.recover()
  photon.requests.length = 0
})
afterAll(() => network.close())

const search = (q: string, near = "") => `/get/address-lookup?q=${encodeURIComponent(q)}${near}`

describeBackends(
  "address look-up",
  (it) => {
    it.effect("a member gets suggestions near a point and the picked one's address", () =>
      Effect.gen(function* () {
        const { browser: b } = yield* newAccount("Lookup")
        const found = yield* b.get(search("harbour street", "&x=174.78&y=-41.29"))
        assert.strictEqual(found.status, 200, found.text)
        assert.deepStrictEqual(
          found.body.results.map((r: { label: string }) => r.label),
          [
            "12 Harbour Street, Wellington, Wellington 6011, New Zealand",
            "14 Harbour Street, Wellington, Wellington 6011, New Zealand"
          ]
        )
        assert.isFalse(found.body.unavailable)
        assert.strictEqual(photon.requests[0]!.searchParams.get("lat"), "-41.29")

        const picked = yield* b.get(`/get/address-lookup?placeId=${encodeURIComponent(found.body.results[0].id)}`)
        assert.strictEqual(picked.status, 200, picked.text)
        assert.deepStrictEqual(picked.body.place, {
          address: "12 Harbour Street",
          city: "Wellington",
          state: "Wellington",
          zip: "6011",
          country: "New Zealand"
        })
      })
    )

    it.effect("the same search again is answered from memory; digits only or blank text never reach the service", () =>
      Effect.gen(function* () {
        const { browser: b } = yield* newAccount("LookupAgain")
        yield* b.get(search("Baker Street"))
        const again = yield* b.get(search("  baker street "))
        assert.strictEqual(again.body.results.length, 1)
        for (const q of ["221", "  12 34 ", "   "]) {
          const none = yield* b.get(search(q))
          assert.strictEqual(none.status, 200, none.text)
          assert.deepStrictEqual(none.body, { results: [], place: null, unavailable: false })
        }
        assert.strictEqual(photon.requests.length, 1)
        // Past the longest searchable text the query itself is refused.
        assert.strictEqual((yield* b.get(search("x".repeat(201)))).status, 400)
      })
    )

    it.effect("a service that is down answers 'unavailable' with no suggestions, never an error", () =>
      Effect.gen(function* () {
        const { browser: b } = yield* newAccount("LookupDown")
        photon.fail()
        const down = yield* b.get(search("unter den linden"))
        assert.strictEqual(down.status, 200, down.text)
        assert.deepStrictEqual(down.body, { results: [], place: null, unavailable: true })
      })
    )

    it.effect("needs a session; bad coordinates are refused", () =>
      Effect.gen(function* () {
        const anonymous = yield* browser
        assert.strictEqual((yield* anonymous.get(search("baker street"))).status, 401)
        const { browser: b } = yield* newAccount("LookupBad")
        assert.strictEqual((yield* b.get(search("baker street", "&x=500&y=0"))).status, 400)
        assert.strictEqual(photon.requests.length, 0)
      })
    )

    it.effect("geo-you guesses the country of the request's address, for anyone, from the local database", () =>
      Effect.gen(function* () {
        const { url } = yield* TestServer
        const guess = yield* Effect.promise(() => fetch(`${url}/e/geo-you`).then((r) => r.json()))
        // The test's own request comes from loopback, which has no country.
        assert.deepStrictEqual(guess, { "guess-country-id": 0, "guess-region": "" })
      })
    )
  },
  { layer: layer() }
)

describeBackends(
  "address look-up behind a proxy",
  (it) => {
    it.effect("geo-you reads the client's address from X-Forwarded-For when the proxy is trusted", () =>
      Effect.gen(function* () {
        const { url } = yield* TestServer
        const guess = yield* Effect.promise(() =>
          fetch(`${url}/e/geo-you`, { headers: { "x-forwarded-for": "81.2.69.142, 10.0.0.1" } }).then(
            (r) => r.json() as Promise<Record<string, unknown>>
          )
        )
        assert.strictEqual(guess["guess-country-id"], Option.getOrThrow(Country.fromCode("GB")).id)
      })
    )
  },
  { layer: layer({ trustProxy: true }) }
)
