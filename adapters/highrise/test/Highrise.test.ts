/**
 * The Highrise add-on against `FakeHighrise` over msw (Highrise's documented XML requests and answers, no
 * internet): verifying a token and an address, searching people and companies, notes in XML, every error kind,
 * what retrying does, and that the token never shows in an error.
 */
import { assert, describe, it } from "@effect/vitest"
import type { AddOnError } from "@quotekit/addons/AddOnError"
import { SEARCH_LIMIT, tokenTokens } from "@quotekit/addons/Crm"
import { Effect } from "effect"
import { delay, HttpResponse, http } from "msw"
import { setupServer } from "msw/node"
import { afterAll, afterEach, beforeAll } from "vitest"
import * as Highrise from "../src/Highrise.ts"
import * as FakeHighrise from "../src/testing/FakeHighrise.ts"

const fake = FakeHighrise.make()
const server = setupServer(...fake.handlers)
beforeAll(() => server.listen({ onUnhandledFrame: "error" }))
afterEach(() => {
  server.resetHandlers()
  fake.reset()
})
afterAll(() => server.close())

const fast = { times: 3, baseDelayMs: 1, maxDelayMs: 5_000 }
const userAgent = "quotekit tests (ops@quotes.example.com)"
const highrise = Highrise.make({ userAgent, retry: fast })
const site = "https://acme.highrisehq.com"
const tokens = tokenTokens(fake.token, site)

const calls = (method: string, path: string) =>
  fake.requests.filter((r) => r.method === method && r.url.pathname === path)

/** The token, as itself and as it travels in the Basic header, is nowhere in the error. */
const assertNoToken = (error: AddOnError, token: string = fake.token) => {
  const shown = `${error.message} ${JSON.stringify(error)} ${String(error)}`
  assert.notInclude(shown, token)
  assert.notInclude(shown, Buffer.from(`${token}:X`).toString("base64"))
}

describe("verify", () => {
  it.live(
    "reads the account with HTTP Basic (token, X) and the app's User-Agent, from the subdomain or the address",
    () =>
      Effect.gen(function* () {
        for (const typed of ["acme", " https://acme.highrisehq.com/ ", "ACME.highrisehq.com", site]) {
          const found = yield* highrise.verify({ token: fake.token, site: typed })
          assert.deepStrictEqual(found, { site, name: "Acme" })
        }
        const [call] = calls("GET", "/account.xml")
        assert.strictEqual(call!.url.origin, site)
        assert.strictEqual(
          call!.headers.get("authorization"),
          `Basic ${Buffer.from(`${fake.token}:X`).toString("base64")}`
        )
        assert.strictEqual(call!.headers.get("user-agent"), userAgent)
        assert.include(call!.headers.get("accept"), "application/xml")
      })
  )

  it.live("an address that is not a Highrise account's is rejected before anything is sent", () =>
    Effect.gen(function* () {
      for (const typed of [
        "https://acme.example.com",
        "https://highrisehq.com",
        "https://a.b.highrisehq.com",
        "https://acme.highrisehq.com.evil.example",
        "https://user:pw@acme.highrisehq.com",
        "https://acme.highrisehq.com:8443",
        "ftp://acme.highrisehq.com",
        "acme corp",
        ""
      ]) {
        const error = yield* Effect.flip(highrise.verify({ token: fake.token, site: typed }))
        assert.strictEqual(error.kind, "rejected", typed)
        assert.strictEqual(
          error.message,
          "That is not a Highrise address: use your account's address, for example https://acme.highrisehq.com."
        )
      }
      assert.strictEqual(fake.requests.length, 0)
    })
  )

  it.live("a token Highrise refuses is `auth`, without the token in the message", () =>
    Effect.gen(function* () {
      const wrong = "0123456789abcdef-not-the-token"
      const error = yield* Effect.flip(highrise.verify({ token: wrong, site: "acme" }))
      assert.strictEqual(error.kind, "auth")
      assert.strictEqual(error.message, "Highrise did not accept that API token.")
      assertNoToken(error, wrong)
      const blank = yield* Effect.flip(highrise.verify({ token: "  ", site: "acme" }))
      assert.strictEqual(blank.kind, "rejected")
      assert.strictEqual(calls("GET", "/account.xml").length, 1)
    })
  )

  it.live("an account that does not exist is `rejected`", () =>
    Effect.gen(function* () {
      fake.fail("GET account", { status: 404 })
      const error = yield* Effect.flip(highrise.verify({ token: fake.token, site: "acme" }))
      assert.strictEqual(error.kind, "rejected")
      assert.strictEqual(error.message, "There is no Highrise account at https://acme.highrisehq.com.")
    })
  )

  it.live("an answer that is not an account is `unavailable`", () =>
    Effect.gen(function* () {
      server.use(http.get(`${site}/account.xml`, () => new HttpResponse("<html><body>Hi</body></html>")))
      const error = yield* Effect.flip(highrise.verify({ token: fake.token, site: "acme" }))
      assert.strictEqual(error.kind, "unavailable")
      assert.strictEqual(error.message, "Highrise's account answer was not understood.")
    })
  )

  it.live("a configured base address (a local stand-in) takes every call", () =>
    Effect.gen(function* () {
      const local = FakeHighrise.make({ baseUrl: "http://localhost:4010", name: "Local Acme" })
      server.use(...local.handlers)
      const client = Highrise.make({ baseUrl: "http://localhost:4010/", retry: fast })
      const found = yield* client.verify({ token: local.token, site: "acme" })
      assert.deepStrictEqual(found, { site: "http://localhost:4010", name: "Local Acme" })
      const contacts = yield* client.search(tokenTokens(local.token, found.site), "olivia")
      assert.deepStrictEqual(
        contacts.map((c) => c.url),
        ["http://localhost:4010/people/1003"]
      )
      assert.strictEqual(local.requests.length, 3)
      assert.strictEqual(fake.requests.length, 0)
    })
  )
})

describe("search", () => {
  it.live("people first, then companies, as CrmContacts with their first email and phone and their URL", () =>
    Effect.gen(function* () {
      const found = yield* highrise.search(tokens, "tane")
      assert.deepStrictEqual(found, [
        {
          id: "1001",
          type: "person",
          name_first: "Mere",
          name_last: "Tane",
          company: "Harbour Joinery Ltd",
          company_id: "501",
          email: "mere@harbourjoinery.example",
          phone: "+64 21 555 0101",
          url: "https://acme.highrisehq.com/people/1001"
        },
        {
          id: "1002",
          type: "person",
          name_first: "Hemi",
          name_last: "Tane",
          company: "",
          company_id: "",
          email: "",
          phone: "",
          url: "https://acme.highrisehq.com/people/1002"
        },
        {
          id: "502",
          type: "organisation",
          name_first: "Tane & Sons",
          name_last: "",
          company: "",
          company_id: "",
          email: "",
          phone: "",
          url: "https://acme.highrisehq.com/companies/502"
        }
      ])
      const [people] = calls("GET", "/people/search.xml")
      const [companies] = calls("GET", "/companies/search.xml")
      assert.strictEqual(people!.url.searchParams.get("term"), "tane")
      assert.strictEqual(companies!.url.searchParams.get("term"), "tane")
      assert.strictEqual(people!.headers.get("user-agent"), userAgent)
    })
  )

  it.live("a company's email and phone, and a term with spaces and & sent as it was typed", () =>
    Effect.gen(function* () {
      const found = yield* highrise.search(tokens, " Harbour Joinery ")
      assert.deepStrictEqual(
        found.map((c) => [c.type, c.id, c.email, c.phone]),
        [
          ["person", "1001", "mere@harbourjoinery.example", "+64 21 555 0101"],
          ["organisation", "501", "office@harbourjoinery.example", "+64 9 555 0100"]
        ]
      )
      yield* highrise.search(tokens, "Tane & Sons")
      assert.strictEqual(calls("GET", "/companies/search.xml").at(-1)!.url.searchParams.get("term"), "Tane & Sons")
    })
  )

  it.live("at most SEARCH_LIMIT matches, people first", () =>
    Effect.gen(function* () {
      for (let i = 0; i < 30; i++) fake.addPerson({ id: 2000 + i, firstName: `Sam${i}`, lastName: "Smith" })
      fake.addCompany({ id: 600, name: "Smith Builders" })
      const found = yield* highrise.search(tokens, "smith")
      assert.strictEqual(found.length, SEARCH_LIMIT)
      assert.isTrue(found.every((c) => c.type === "person"))
    })
  )

  it.live("nothing found is an empty list; an empty search asks nothing", () =>
    Effect.gen(function* () {
      assert.deepStrictEqual(yield* highrise.search(tokens, "nobody-by-that-name"), [])
      const before = fake.requests.length
      assert.deepStrictEqual(yield* highrise.search(tokens, "   "), [])
      assert.strictEqual(fake.requests.length, before)
    })
  )

  it.live("a connection without an account address is `auth`", () =>
    Effect.gen(function* () {
      const error = yield* Effect.flip(highrise.search({ ...tokens, site: undefined }, "tane"))
      assert.strictEqual(error.kind, "auth")
      assert.strictEqual(fake.requests.length, 0)
    })
  )
})

describe("notes", () => {
  const note = {
    subject: 'Quote 1042 sent: Kitchen <refit> & "more"',
    body: "Total: 1,200.00 NZD\nIt's at https://quotes.example.com/q/1042?a=1&b=2"
  }

  it.live(
    "a note on a person is POSTed as <note><body> XML with its text escaped, and Highrise reads it back intact",
    () =>
      Effect.gen(function* () {
        yield* highrise.addNote(tokens, { id: "1001", type: "person" }, note)
        const [call] = calls("POST", "/people/1001/notes.xml")
        assert.include(call!.headers.get("content-type"), "application/xml")
        assert.strictEqual(
          call!.headers.get("authorization"),
          `Basic ${Buffer.from(`${fake.token}:X`).toString("base64")}`
        )
        assert.include(
          call!.body,
          "<note><body>Quote 1042 sent: Kitchen &lt;refit&gt; &amp; &quot;more&quot;\n\nTotal: 1,200.00 NZD\nIt&apos;s at https://quotes.example.com/q/1042?a=1&amp;b=2</body></note>"
        )
        assert.deepStrictEqual(fake.notes, [
          { id: 1, on: "people", subjectId: 1001, body: `${note.subject}\n\n${note.body}` }
        ])
      })
  )

  it.live("a note on an organisation goes to its company", () =>
    Effect.gen(function* () {
      yield* highrise.addNote(tokens, { id: "501", type: "organisation" }, { subject: "Quote 7 accepted", body: "Yes" })
      assert.deepStrictEqual(fake.notes, [{ id: 1, on: "companies", subjectId: 501, body: "Quote 7 accepted\n\nYes" }])
    })
  )

  it.live("a record that is gone is `rejected`; an id that is not Highrise's is refused before sending", () =>
    Effect.gen(function* () {
      const gone = yield* Effect.flip(highrise.addNote(tokens, { id: "999", type: "person" }, note))
      assert.strictEqual(gone.kind, "rejected")
      assert.strictEqual(gone.message, "The record could not be found")
      const before = fake.requests.length
      const odd = yield* Effect.flip(highrise.addNote(tokens, { id: "../account", type: "person" }, note))
      assert.strictEqual(odd.kind, "rejected")
      assert.strictEqual(fake.requests.length, before)
    })
  )

  it.live("a 422 is `rejected` with Highrise's <errors> text", () =>
    Effect.gen(function* () {
      fake.fail("POST notes", { status: 422, messages: ["Body can't be blank", "Subject is invalid"] })
      const error = yield* Effect.flip(highrise.addNote(tokens, { id: "1001", type: "person" }, note))
      assert.strictEqual(error.kind, "rejected")
      assert.strictEqual(error.message, "Body can't be blank\nSubject is invalid")
      assert.strictEqual(fake.notes.length, 0)
    })
  )

  it.live("a note with no answer in time is not sent again (it may have been written)", () =>
    Effect.gen(function* () {
      let tries = 0
      server.use(
        http.post(`${site}/people/:id/notes.xml`, async () => {
          tries++
          await delay(2_000)
          return new HttpResponse(null, { status: 201 })
        })
      )
      const impatient = Highrise.make({ retry: fast, timeoutMs: 100 })
      const error = yield* Effect.flip(impatient.addNote(tokens, { id: "1001", type: "person" }, note))
      assert.strictEqual(error.kind, "unavailable")
      assert.strictEqual(error.message, "Highrise did not answer within 0.1 s.")
      assert.strictEqual(tries, 1)
    })
  )

  it.live("Highrise's 503 limit answer on a note is retried (nothing was written)", () =>
    Effect.gen(function* () {
      fake.fail("POST notes", { status: 503, retryAfterSeconds: 0 })
      yield* highrise.addNote(tokens, { id: "1001", type: "person" }, note)
      assert.strictEqual(calls("POST", "/people/1001/notes.xml").length, 2)
      assert.strictEqual(fake.notes.length, 1)
    })
  )
})

describe("errors and retries", () => {
  it.live("a token that stopped working is `auth` on every call, without the token", () =>
    Effect.gen(function* () {
      const stale = tokenTokens("stale-token-0000", site)
      const search = yield* Effect.flip(highrise.search(stale, "tane"))
      assert.strictEqual(search.kind, "auth")
      assert.include(search.message, "connect Highrise again")
      assertNoToken(search, stale.access_token)
      const noted = yield* Effect.flip(
        highrise.addNote(stale, { id: "1001", type: "person" }, { subject: "s", body: "b" })
      )
      assert.strictEqual(noted.kind, "auth")
      assertNoToken(noted, stale.access_token)
    })
  )

  it.live("a 429 waits as long as Retry-After says, then succeeds", () =>
    Effect.gen(function* () {
      fake.fail("GET people/search", { status: 429, retryAfterSeconds: 1 })
      const started = Date.now()
      const found = yield* highrise.search(tokens, "olivia")
      assert.isAtLeast(Date.now() - started, 950)
      assert.deepStrictEqual(
        found.map((c) => c.id),
        ["1003"]
      )
      assert.strictEqual(calls("GET", "/people/search.xml").length, 2)
    })
  )

  it.live("a 429 that keeps coming is `rate-limited` after the bounded retries", () =>
    Effect.gen(function* () {
      fake.fail("GET people/search", { status: 429, retryAfterSeconds: 0 }, { times: 10 })
      const error = yield* Effect.flip(highrise.search(tokens, "olivia"))
      assert.strictEqual(error.kind, "rate-limited")
      assert.strictEqual(error.retryAfterMs, 0)
      assert.strictEqual(calls("GET", "/people/search.xml").length, 4)
      assertNoToken(error)
    })
  )

  it.live("a Retry-After longer than the longest wait fails at once with it", () =>
    Effect.gen(function* () {
      fake.fail("GET account", { status: 503, retryAfterSeconds: 120 })
      const error = yield* Effect.flip(highrise.verify({ token: fake.token, site: "acme" }))
      assert.strictEqual(error.kind, "unavailable")
      assert.strictEqual(error.retryAfterMs, 120_000)
      assert.strictEqual(
        error.message,
        "Highrise is unavailable or limiting requests (HTTP 503); it asks to wait 120 s."
      )
      assert.strictEqual(calls("GET", "/account.xml").length, 1)
    })
  )

  it.live("5xx answers are retried with backoff, then `unavailable`", () =>
    Effect.gen(function* () {
      fake.fail("GET companies/search", { status: 500 }, { times: 2 })
      const found = yield* highrise.search(tokens, "harbour")
      assert.strictEqual(found.length, 2)
      assert.strictEqual(calls("GET", "/companies/search.xml").length, 3)
      fake.fail("GET companies/search", { status: 502 }, { times: 4 })
      const error = yield* Effect.flip(highrise.search(tokens, "harbour"))
      assert.strictEqual(error.kind, "unavailable")
      assert.strictEqual(error.message, "Highrise is unavailable (HTTP 502).")
      assertNoToken(error)
    })
  )

  it.live("no answer at all is retried, then `unavailable`", () =>
    Effect.gen(function* () {
      let tries = 0
      server.use(
        http.get(`${site}/account.xml`, () => {
          tries++
          return HttpResponse.error()
        })
      )
      const error = yield* Effect.flip(highrise.verify({ token: fake.token, site: "acme" }))
      assert.strictEqual(error.kind, "unavailable")
      assert.include(error.message, "Highrise could not be reached")
      assert.strictEqual(tries, 4)
      assertNoToken(error)
    })
  )

  it.live("a redirect (an account behind another address) is `rejected`, not followed", () =>
    Effect.gen(function* () {
      server.use(
        http.get(`${site}/people/search.xml`, () =>
          HttpResponse.redirect("https://evil.example/people/search.xml", 302)
        )
      )
      const error = yield* Effect.flip(highrise.search(tokens, "tane"))
      assert.strictEqual(error.kind, "rejected")
      assert.include(error.message, "check the account's address")
    })
  )
})
