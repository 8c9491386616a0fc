/**
 * The Insightly add-on against `FakeInsightly` over msw (Insightly's documented request and answer shapes, no
 * internet): checking a key and a pod, the searches merged into quotekit's contacts, notes on contacts and
 * organisations, the errors Insightly answers with (400, 401, 429, 5xx) and what retrying does, and that the key
 * never shows in an error.
 */
import { assert, describe, it } from "@effect/vitest"
import { SEARCH_LIMIT, tokenTokens } from "@quotekit/addons/Crm"
import { Effect } from "effect"
import { HttpResponse, http } from "msw"
import { setupServer } from "msw/node"
import { afterAll, afterEach, beforeAll } from "vitest"
import * as Insightly from "../src/Insightly.ts"
import * as FakeInsightly from "../src/testing/FakeInsightly.ts"

const fake = FakeInsightly.make()
const server = setupServer(...fake.handlers)
beforeAll(() => server.listen({ onUnhandledFrame: "error" }))
afterEach(() => {
  server.resetHandlers()
  fake.reset()
})
afterAll(() => server.close())

const fast = { times: 3, baseDelayMs: 1, maxDelayMs: 5_000 }
const insightly = Insightly.make({ retry: fast })
const site = "https://api.na1.insightly.com"
const tokens = tokenTokens(FakeInsightly.API_KEY, site)
const basic = `Basic ${Buffer.from(`${FakeInsightly.API_KEY}:`).toString("base64")}`

const calls = (method: string, path: string) =>
  fake.requests.filter((r) => r.method === method && r.url.pathname.endsWith(path))

const assertNoKey = (error: { readonly message: string }) => {
  assert.notInclude(error.message, FakeInsightly.API_KEY)
  assert.notInclude(error.message, basic.slice(6))
}

describe("verify", () => {
  it.live("reads the instance with the key as Basic user name: the pod's API address and the instance's name", () =>
    Effect.gen(function* () {
      for (const pasted of [
        "na1",
        " NA1 ",
        "https://api.na1.insightly.com",
        "https://api.na1.insightly.com/",
        "https://api.na1.insightly.com/v3.1",
        "api.na1.insightly.com/v3.1/"
      ])
        assert.deepStrictEqual(yield* insightly.verify({ token: ` ${FakeInsightly.API_KEY} `, site: pasted }), {
          site,
          name: "Acme Renovations"
        })
      const [call] = calls("GET", "/v3.1/Instance")
      assert.strictEqual(call!.url.origin, "https://api.na1.insightly.com")
      assert.strictEqual(call!.headers.get("authorization"), basic)
      assert.strictEqual(insightly.addonId, 5)
      assert.strictEqual(insightly.connects, "api-token")
    })
  )

  it.live("anything but a pod or an Insightly API address is rejected before anything is sent", () =>
    Effect.gen(function* () {
      for (const pasted of [
        "",
        "acme",
        "https://acme.insightly.com",
        "http://api.na1.insightly.com",
        "https://api.na1.insightly.com.evil.example",
        "https://api.na1.insightly.com/v2.3",
        "https://crm.na1.insightly.com",
        "https://api.na1.insightly.com:8443",
        "https://user@api.na1.insightly.com"
      ]) {
        const error = yield* Effect.flip(insightly.verify({ token: FakeInsightly.API_KEY, site: pasted }))
        assert.strictEqual(error.kind, "rejected", pasted)
        assert.strictEqual(
          error.message,
          "That is not an Insightly API address: use your pod (for example na1) or the API URL shown under User Settings → API."
        )
      }
      const empty = yield* Effect.flip(insightly.verify({ token: "  ", site: "na1" }))
      assert.strictEqual(empty.kind, "rejected")
      assert.strictEqual(fake.requests.length, 0)
    })
  )

  it.live("a key Insightly refuses is auth with a plain message, not retried", () =>
    Effect.gen(function* () {
      const error = yield* Effect.flip(insightly.verify({ token: "not-the-key-0000", site: "na1" }))
      assert.strictEqual(error.kind, "auth")
      assert.strictEqual(error.message, "Insightly did not accept that API key.")
      assert.strictEqual(calls("GET", "/v3.1/Instance").length, 1)
    })
  )

  it.live("a key that stops working is auth on later calls", () =>
    Effect.gen(function* () {
      fake.revokeKey(FakeInsightly.API_KEY)
      const error = yield* Effect.flip(insightly.search(tokens, "Tane"))
      assert.strictEqual(error.kind, "auth")
      assert.include(error.message, "connect Insightly again")
      assertNoKey(error)
    })
  )

  it.live("tokens without an Insightly site are rejected", () =>
    Effect.gen(function* () {
      const error = yield* Effect.flip(insightly.search(tokenTokens(FakeInsightly.API_KEY, "https://example.com"), "x"))
      assert.strictEqual(error.kind, "rejected")
      assert.strictEqual(fake.requests.length, 0)
    })
  )
})

describe("search", () => {
  const seed = () => {
    const harbour = fake.addOrganisation({ ORGANISATION_NAME: "Harbour Joinery", PHONE: "+64 9 555 0100" })
    const tane = fake.addOrganisation({ ORGANISATION_NAME: "Tane" })
    const other = fake.addOrganisation({ ORGANISATION_NAME: "Other Works" })
    const mere = fake.addContact({
      FIRST_NAME: "Mere",
      LAST_NAME: "Tane",
      EMAIL_ADDRESS: "mere@harbourjoinery.co.nz",
      PHONE: "+64 21 555 0101",
      ORGANISATION_ID: harbour.ORGANISATION_ID
    })
    const tane2 = fake.addContact({
      FIRST_NAME: "Tane",
      LAST_NAME: "Walker",
      PHONE_MOBILE: "027 555",
      ORGANISATION_ID: other.ORGANISATION_ID
    })
    const aroha = fake.addContact({ FIRST_NAME: "Aroha", LAST_NAME: "Tane", ORGANISATION_ID: tane.ORGANISATION_ID })
    return { harbour, tane, other, mere, tane2, aroha }
  }

  it.live("merges first name, last name and email matches with organisations, people first, each once", () =>
    Effect.gen(function* () {
      const { harbour, tane, other, mere, tane2, aroha } = seed()
      const found = yield* insightly.search(tokens, " tane ")
      assert.deepStrictEqual(found, [
        {
          id: String(tane2.CONTACT_ID),
          type: "person",
          name_first: "Tane",
          name_last: "Walker",
          company: "Other Works",
          company_id: String(other.ORGANISATION_ID),
          email: "",
          phone: "027 555",
          url: `https://crm.na1.insightly.com/details/Contact/${tane2.CONTACT_ID}`
        },
        {
          id: String(mere.CONTACT_ID),
          type: "person",
          name_first: "Mere",
          name_last: "Tane",
          company: "Harbour Joinery",
          company_id: String(harbour.ORGANISATION_ID),
          email: "mere@harbourjoinery.co.nz",
          phone: "+64 21 555 0101",
          url: `https://crm.na1.insightly.com/details/Contact/${mere.CONTACT_ID}`
        },
        {
          id: String(aroha.CONTACT_ID),
          type: "person",
          name_first: "Aroha",
          name_last: "Tane",
          company: "Tane",
          company_id: String(tane.ORGANISATION_ID),
          email: "",
          phone: "",
          url: `https://crm.na1.insightly.com/details/Contact/${aroha.CONTACT_ID}`
        },
        {
          id: String(tane.ORGANISATION_ID),
          type: "organisation",
          name_first: "Tane",
          name_last: "",
          company: "",
          company_id: "",
          email: "",
          phone: "",
          url: `https://crm.na1.insightly.com/details/Organisation/${tane.ORGANISATION_ID}`
        }
      ])
      const searches = fake.requests.filter((r) => r.url.pathname.endsWith("/Search"))
      assert.deepStrictEqual(
        searches
          .map(
            (r) => `${r.url.pathname} ${r.url.searchParams.get("field_name")}=${r.url.searchParams.get("field_value")}`
          )
          .sort(),
        [
          "/v3.1/Contacts/Search EMAIL_ADDRESS=tane",
          "/v3.1/Contacts/Search FIRST_NAME=tane",
          "/v3.1/Contacts/Search LAST_NAME=tane",
          "/v3.1/Organisations/Search ORGANISATION_NAME=tane"
        ]
      )
      for (const r of searches) {
        assert.strictEqual(r.url.searchParams.get("top"), "20")
        assert.strictEqual(r.headers.get("authorization"), basic)
      }
      // The Tane organisation came with the search; the other two were read once each.
      assert.deepStrictEqual(
        calls("GET", "")
          .filter((r) => /\/Organisations\/\d+$/.test(r.url.pathname))
          .map((r) => r.url.pathname)
          .sort(),
        [`/v3.1/Organisations/${harbour.ORGANISATION_ID}`, `/v3.1/Organisations/${other.ORGANISATION_ID}`].sort()
      )
    })
  )

  it.live("an email address and a full name find the person", () =>
    Effect.gen(function* () {
      const { mere } = seed()
      const byEmail = yield* insightly.search(tokens, "MERE@harbourjoinery.co.nz")
      assert.deepStrictEqual(
        byEmail.map((c) => c.id),
        [String(mere.CONTACT_ID)]
      )
      const byName = yield* insightly.search(tokens, "mere  ta")
      assert.deepStrictEqual(
        byName.map((c) => c.id),
        [String(mere.CONTACT_ID)]
      )
    })
  )

  it.live("an organisation that cannot be read leaves the company empty; the search still answers", () =>
    Effect.gen(function* () {
      const { mere } = seed()
      fake.fail("GET Organisations", { status: 500 }, { times: 4 })
      const [found] = yield* insightly.search(tokens, "mere")
      assert.strictEqual(found!.id, String(mere.CONTACT_ID))
      assert.strictEqual(found!.company, "")
      assert.strictEqual(found!.company_id, String(mere.ORGANISATION_ID))
    })
  )

  it.live("at most SEARCH_LIMIT, people first; an empty search asks nothing", () =>
    Effect.gen(function* () {
      for (let i = 0; i < 8; i++) fake.addOrganisation({ ORGANISATION_NAME: "Smith" })
      for (let i = 0; i < 15; i++) fake.addContact({ FIRST_NAME: "Jo", LAST_NAME: "Smith" })
      const found = yield* insightly.search(tokens, "smith")
      assert.strictEqual(found.length, SEARCH_LIMIT)
      assert.deepStrictEqual(
        found.map((c) => c.type),
        [...Array(15).fill("person"), ...Array(5).fill("organisation")]
      )
      const before = fake.requests.length
      assert.deepStrictEqual(yield* insightly.search(tokens, "  "), [])
      assert.strictEqual(fake.requests.length, before)
    })
  )
})

describe("notes", () => {
  it.live("a note goes to the contact's or the organisation's Notes with TITLE and BODY", () =>
    Effect.gen(function* () {
      const org = fake.addOrganisation({ ORGANISATION_NAME: "Harbour Joinery" })
      const mere = fake.addContact({ FIRST_NAME: "Mere", ORGANISATION_ID: org.ORGANISATION_ID })
      const note = {
        subject: "Quote 1042 sent: Kitchen refit",
        body: "Total NZD 4,066.88\nhttps://quotes.example.com/q/1042"
      }
      yield* insightly.addNote(tokens, { id: String(mere.CONTACT_ID), type: "person" }, note)
      yield* insightly.addNote(tokens, { id: String(org.ORGANISATION_ID), type: "organisation" }, note)
      assert.deepStrictEqual(
        fake.notes.map((n) => [n.LINK_SUBJECT_TYPE, n.LINK_SUBJECT_ID, n.TITLE, n.BODY]),
        [
          ["Contact", mere.CONTACT_ID, note.subject, note.body],
          ["Organisation", org.ORGANISATION_ID, note.subject, note.body]
        ]
      )
      const [toContact] = calls("POST", `/v3.1/Contacts/${mere.CONTACT_ID}/Notes`)
      assert.deepStrictEqual(JSON.parse(toContact!.body), { TITLE: note.subject, BODY: note.body })
      assert.strictEqual(toContact!.headers.get("authorization"), basic)
      assert.strictEqual(toContact!.headers.get("content-type"), "application/json")
    })
  )

  it.live("a record that is gone is `rejected`", () =>
    Effect.gen(function* () {
      const error = yield* Effect.flip(
        insightly.addNote(tokens, { id: "1", type: "person" }, { subject: "S", body: "B" })
      )
      assert.strictEqual(error.kind, "rejected")
      assert.include(error.message, "could not find")
    })
  )
})

describe("errors and retries", () => {
  it.live("400 is `rejected` with Insightly's message, not retried", () =>
    Effect.gen(function* () {
      const mere = fake.addContact({ FIRST_NAME: "Mere" })
      const error = yield* Effect.flip(
        insightly.addNote(tokens, { id: String(mere.CONTACT_ID), type: "person" }, { subject: " ", body: "B" })
      )
      assert.strictEqual(error.kind, "rejected")
      assert.strictEqual(error.message, "The request is invalid. The TITLE field is required.")
      fake.fail("POST Notes", { status: 400, message: "BODY is too long." })
      const injected = yield* Effect.flip(
        insightly.addNote(tokens, { id: String(mere.CONTACT_ID), type: "person" }, { subject: "S", body: "B" })
      )
      assert.strictEqual(injected.message, "BODY is too long.")
      assert.strictEqual(calls("POST", "/Notes").length, 2)
      assert.strictEqual(fake.notes.length, 0)
    })
  )

  it.live("a 429 is retried after waiting as Retry-After says, then succeeds", () =>
    Effect.gen(function* () {
      fake.fail("GET Instance", { status: 429, retryAfterSeconds: 1 })
      const started = Date.now()
      const verified = yield* insightly.verify({ token: FakeInsightly.API_KEY, site: "na1" })
      assert.isAtLeast(Date.now() - started, 950)
      assert.strictEqual(verified.name, "Acme Renovations")
      assert.strictEqual(calls("GET", "/v3.1/Instance").length, 2)
    })
  )

  it.live("429 past the retries is `rate-limited`; a long Retry-After fails at once with retryAfterMs", () =>
    Effect.gen(function* () {
      fake.fail("GET Instance", { status: 429, retryAfterSeconds: 0 }, { times: 4 })
      const limited = yield* Effect.flip(insightly.verify({ token: FakeInsightly.API_KEY, site: "na1" }))
      assert.strictEqual(limited.kind, "rate-limited")
      assert.strictEqual(calls("GET", "/v3.1/Instance").length, 4)

      fake.fail("GET Instance", { status: 429, retryAfterSeconds: 86_400 })
      const tomorrow = yield* Effect.flip(insightly.verify({ token: FakeInsightly.API_KEY, site: "na1" }))
      assert.strictEqual(tomorrow.kind, "rate-limited")
      assert.strictEqual(tomorrow.retryAfterMs, 86_400_000)
      assert.strictEqual(tomorrow.message, "Insightly's API limit was reached; it asks to wait 86400 s.")
      assert.strictEqual(calls("GET", "/v3.1/Instance").length, 5)
    })
  )

  it.live("5xx is retried; past the retries it is `unavailable`", () =>
    Effect.gen(function* () {
      fake.fail("GET Contacts/Search", { status: 503 }, { times: 2 })
      assert.deepStrictEqual(yield* insightly.search(tokens, "nobody"), [])
      fake.fail("GET Contacts/Search", { status: 500, message: "An error has occurred." }, { times: 12 })
      const down = yield* Effect.flip(insightly.search(tokens, "nobody"))
      assert.strictEqual(down.kind, "unavailable")
      assert.strictEqual(down.message, "Insightly is unavailable (HTTP 500: An error has occurred.).")
    })
  )

  it.live("no answer in time is given up, retried, then `unavailable`", () =>
    Effect.gen(function* () {
      let tries = 0
      server.use(
        http.get("https://api.na1.insightly.com/v3.1/Instance", async () => {
          tries++
          await new Promise((resolve) => setTimeout(resolve, 2_000))
          return HttpResponse.json({ INSTANCE_NAME: "late" })
        })
      )
      const impatient = Insightly.make({ retry: { ...fast, times: 1 }, timeoutMs: 100 })
      const error = yield* Effect.flip(impatient.verify({ token: FakeInsightly.API_KEY, site: "na1" }))
      assert.strictEqual(error.kind, "unavailable")
      assert.strictEqual(error.message, "Insightly did not answer within 0.1 s.")
      assert.strictEqual(tries, 2)
    })
  )

  it.live("a key Insightly echoes back in an error never reaches the error's message", () =>
    Effect.gen(function* () {
      server.use(
        http.get("https://api.na1.insightly.com/v3.1/Contacts/Search", ({ request }) =>
          HttpResponse.text(`bad header ${request.headers.get("authorization")}`, { status: 400 })
        ),
        http.get("https://api.na1.insightly.com/v3.1/Instance", ({ request }) =>
          HttpResponse.json({ Message: `no instance for ${request.headers.get("authorization")}` }, { status: 503 })
        )
      )
      const rejected = yield* Effect.flip(insightly.search(tokens, "mere"))
      assert.strictEqual(rejected.kind, "rejected")
      assert.strictEqual(rejected.message, "bad header Basic [redacted]")
      assertNoKey(rejected)
      const down = yield* Effect.flip(insightly.verify({ token: FakeInsightly.API_KEY, site: "na1" }))
      assert.strictEqual(down.kind, "unavailable")
      assertNoKey(down)
    })
  )

  it.live("an answer of the wrong shape is `unavailable`", () =>
    Effect.gen(function* () {
      server.use(http.get("https://api.na1.insightly.com/v3.1/Contacts/Search", () => HttpResponse.json({ items: [] })))
      const error = yield* Effect.flip(insightly.search(tokens, "mere"))
      assert.strictEqual(error.kind, "unavailable")
      assert.include(error.message, "contacts search answer was not understood")
    })
  )
})

describe("another pod, and a stand-in over plain http", () => {
  it.live("an eu1 key goes to eu1's API and links to eu1's web app", () =>
    Effect.gen(function* () {
      const eu = FakeInsightly.make({ pod: "eu1", instanceName: "Acme Europe" })
      server.use(...eu.handlers)
      const verified = yield* insightly.verify({
        token: FakeInsightly.API_KEY,
        site: "https://api.eu1.insightly.com/v3.1"
      })
      assert.deepStrictEqual(verified, { site: "https://api.eu1.insightly.com", name: "Acme Europe" })
      const jo = eu.addContact({ FIRST_NAME: "Jo" })
      const [found] = yield* insightly.search(tokenTokens(FakeInsightly.API_KEY, verified.site), "jo")
      assert.strictEqual(found!.url, `https://crm.eu1.insightly.com/details/Contact/${jo.CONTACT_ID}`)
      assert.strictEqual(fake.requests.length, 0)
    })
  )

  it.live("apiUrlOf and appUrlOf point a pod at a local stand-in", () =>
    Effect.gen(function* () {
      const local = FakeInsightly.make({ apiUrl: "http://127.0.0.1:4997/insightly-na1" })
      server.use(...local.handlers)
      const client = Insightly.make({
        apiUrlOf: (pod) => `http://127.0.0.1:4997/insightly-${pod}`,
        appUrlOf: (pod) => `http://127.0.0.1:4997/app/${pod}`,
        retry: fast
      })
      const verified = yield* client.verify({ token: FakeInsightly.API_KEY, site: "na1" })
      assert.strictEqual(verified.site, "https://api.na1.insightly.com")
      const jo = local.addContact({ FIRST_NAME: "Jo" })
      const [found] = yield* client.search(tokenTokens(FakeInsightly.API_KEY, verified.site), "jo")
      assert.strictEqual(found!.url, `http://127.0.0.1:4997/app/na1/details/Contact/${jo.CONTACT_ID}`)
      yield* client.addNote(
        tokenTokens(FakeInsightly.API_KEY, verified.site),
        { id: found!.id, type: "person" },
        { subject: "S", body: "B" }
      )
      assert.strictEqual(local.notes.length, 1)
      assert.strictEqual(fake.requests.length, 0)
    })
  )
})
