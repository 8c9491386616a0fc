/**
 * The Capsule add-on against `FakeCapsule` over msw (Capsule's documented request and answer shapes, no
 * internet): the consent URL, the code exchanged with PKCE and the site asked for, refresh and revocation, the
 * party search as quotekit's contacts, notes, the errors Capsule answers with (401, 422, 429, 5xx) and what
 * retrying does, and that no token ever shows in an error.
 */
import { assert, describe, it } from "@effect/vitest"
import { SEARCH_LIMIT } from "@quotekit/addons/Crm"
import type { Tokens } from "@quotekit/addons/OAuthService"
import { Effect, Redacted } from "effect"
import { HttpResponse, http } from "msw"
import { setupServer } from "msw/node"
import * as oauth from "oauth4webapi"
import { afterAll, afterEach, beforeAll } from "vitest"
import * as Capsule from "../src/Capsule.ts"
import * as FakeCapsule from "../src/testing/FakeCapsule.ts"

const fake = FakeCapsule.make()
const server = setupServer(...fake.handlers)
beforeAll(() => server.listen({ onUnhandledFrame: "error" }))
afterEach(() => {
  server.resetHandlers()
  fake.reset()
})
afterAll(() => server.close())

const redirectUri = "https://quotes.example.com/settings/add-ons/callback"
const fast = { times: 3, baseDelayMs: 1, maxDelayMs: 5_000 }
const capsule = Capsule.make({ clientId: fake.clientId, clientSecret: Redacted.make(fake.clientSecret), retry: fast })

const calls = (method: string, path: string) =>
  fake.requests.filter((r) => r.method === method && r.url.pathname.endsWith(path))

/** The whole connect: the consent URL, the fake's consent, the code exchanged with the verifier. */
const connect = (client = capsule, stand = fake) =>
  Effect.gen(function* () {
    const verifier = oauth.generateRandomCodeVerifier()
    const challenge = yield* Effect.promise(() => oauth.calculatePKCECodeChallenge(verifier))
    const back = stand.consent(client.authorizeUrl({ state: "state-1", codeChallenge: challenge, redirectUri }))
    return yield* client.exchange({
      code: back.searchParams.get("code") ?? "",
      codeVerifier: verifier,
      redirectUri,
      params: back.searchParams
    })
  })

const tokens = Effect.map(connect(), (c) => c.tokens)

/** Every text an error carries must leave out every token and the client's secret. */
const assertNoSecrets = (error: { readonly message: string }, t: Tokens) => {
  for (const secret of [t.access_token, t.refresh_token, fake.clientSecret]) assert.notInclude(error.message, secret)
}

describe("connecting", () => {
  it("the consent URL asks for read and write with the client, redirect, state and a PKCE S256 challenge", () => {
    const url = capsule.authorizeUrl({ state: "st-42", codeChallenge: "chal-lenge", redirectUri })
    assert.strictEqual(url.origin + url.pathname, "https://api.capsulecrm.com/oauth/authorise")
    const p = url.searchParams
    assert.strictEqual(p.get("response_type"), "code")
    assert.strictEqual(p.get("client_id"), fake.clientId)
    assert.strictEqual(p.get("redirect_uri"), redirectUri)
    assert.strictEqual(p.get("scope"), "read write")
    assert.strictEqual(p.get("state"), "st-42")
    assert.strictEqual(p.get("code_challenge"), "chal-lenge")
    assert.strictEqual(p.get("code_challenge_method"), "S256")
    assert.isNull(p.get("client_secret"))
    assert.strictEqual(capsule.addonId, 3)
    assert.strictEqual(capsule.connects, "oauth2")
  })

  it.live(
    "exchanges the code with the verifier, then asks for the site: its address kept, its name the organisation",
    () =>
      Effect.gen(function* () {
        const before = Date.now()
        const connected = yield* connect()
        assert.deepStrictEqual(connected.organisations, [
          { id: "https://acme.capsulecrm.com", name: "Acme Renovations" }
        ])
        assert.strictEqual(connected.tokens.site, "https://acme.capsulecrm.com")
        assert.match(connected.tokens.access_token, /^fake-capsule-access-/)
        assert.match(connected.tokens.refresh_token, /^fake-capsule-refresh-/)
        assert.isAtLeast(connected.tokens.expires_at, before + 604_800_000 - 1_000)
        const [tokenCall] = calls("POST", "/oauth/token")
        const form = new URLSearchParams(tokenCall!.body)
        assert.strictEqual(form.get("grant_type"), "authorization_code")
        assert.strictEqual(form.get("redirect_uri"), redirectUri)
        assert.strictEqual(form.get("client_id"), fake.clientId)
        assert.strictEqual(form.get("client_secret"), fake.clientSecret)
        assert.isTrue((form.get("code_verifier") ?? "").length >= 43)
        const [siteCall] = calls("GET", "/api/v2/site")
        assert.strictEqual(siteCall!.headers.get("authorization"), `Bearer ${connected.tokens.access_token}`)
      })
  )

  it.live("a wrong verifier, a refused consent and a wrong secret are auth failures", () =>
    Effect.gen(function* () {
      const url = capsule.authorizeUrl({ state: "s", codeChallenge: "not-the-verifiers-challenge", redirectUri })
      const back = fake.consent(url)
      const wrong = yield* Effect.flip(
        capsule.exchange({
          code: back.searchParams.get("code")!,
          codeVerifier: oauth.generateRandomCodeVerifier(),
          redirectUri,
          params: back.searchParams
        })
      )
      assert.strictEqual(wrong.kind, "auth")
      assert.include(wrong.message, "invalid_grant")

      const denied = fake.consent(url, { deny: true })
      const refused = yield* Effect.flip(
        capsule.exchange({ code: "", codeVerifier: "v", redirectUri, params: denied.searchParams })
      )
      assert.strictEqual(refused.kind, "auth")
      assert.include(refused.message, "access_denied")

      const impostor = Capsule.make({ clientId: fake.clientId, clientSecret: "wrong-secret", retry: fast })
      const bad = yield* Effect.flip(connect(impostor))
      assert.strictEqual(bad.kind, "auth")
      assert.include(bad.message, "invalid_client")
      assert.notInclude(bad.message, "wrong-secret")
      assert.strictEqual(calls("GET", "/api/v2/site").length, 0)
    })
  )

  it.live("a site that cannot be read fails the connection", () =>
    Effect.gen(function* () {
      fake.fail("GET site", { status: 401 })
      const error = yield* Effect.flip(connect())
      assert.strictEqual(error.kind, "auth")
    })
  )
})

describe("tokens", () => {
  it.live("refresh sends the refresh token and keeps the site; an expired access token is auth until then", () =>
    Effect.gen(function* () {
      const t = yield* tokens
      fake.expireAccessTokens()
      const expired = yield* Effect.flip(capsule.search(t, "mere"))
      assert.strictEqual(expired.kind, "auth")
      assert.include(expired.message, "reconnect Capsule")
      const fresh = yield* capsule.refresh(t)
      const form = new URLSearchParams(calls("POST", "/oauth/token").at(-1)!.body)
      assert.strictEqual(form.get("grant_type"), "refresh_token")
      assert.strictEqual(form.get("refresh_token"), t.refresh_token)
      assert.notStrictEqual(fresh.access_token, t.access_token)
      assert.notStrictEqual(fresh.refresh_token, t.refresh_token)
      assert.strictEqual(fresh.site, "https://acme.capsulecrm.com")
      assert.deepStrictEqual(yield* capsule.search(fresh, "nobody"), [])
    })
  )

  it.live("a revoked refresh token is auth with Capsule's invalid_grant, no token in the message", () =>
    Effect.gen(function* () {
      const t = yield* tokens
      fake.revokeRefreshTokens()
      const error = yield* Effect.flip(capsule.refresh(t))
      assert.strictEqual(error.kind, "auth")
      assert.include(error.message, "invalid_grant")
      assertNoSecrets(error, t)
    })
  )

  it.live("revoke posts the refresh token to /oauth/token/revoke and ends the connection", () =>
    Effect.gen(function* () {
      const t = yield* tokens
      yield* capsule.revoke(t)
      const form = new URLSearchParams(calls("POST", "/oauth/token/revoke")[0]!.body)
      assert.strictEqual(form.get("token"), t.refresh_token)
      assert.strictEqual((yield* Effect.flip(capsule.search(t, "x"))).kind, "auth")
    })
  )

  it.live("a 503 from the token endpoint is retried", () =>
    Effect.gen(function* () {
      const t = yield* tokens
      fake.fail("POST token", { status: 503 })
      const fresh = yield* capsule.refresh(t)
      assert.match(fresh.access_token, /^fake-capsule-access-/)
      assert.strictEqual(calls("POST", "/oauth/token").length, 3)
    })
  )
})

describe("search", () => {
  const seed = () => {
    const harbour = fake.addOrganisation({
      name: "Harbour Joinery",
      emailAddresses: ["office@harbourjoinery.co.nz"],
      phoneNumbers: ["+64 9 555 0100"]
    })
    const mere = fake.addPerson({
      firstName: "Mere",
      lastName: "Tane",
      emailAddresses: ["mere@harbourjoinery.co.nz", "mere@home.example"],
      phoneNumbers: ["+64 21 555 0101"],
      organisation: harbour
    })
    const sole = fake.addPerson({ firstName: "Harbour", lastName: "Master" })
    return { harbour, mere, sole }
  }

  it.live("maps people and organisations: names, company, first email and phone, record links on the site", () =>
    Effect.gen(function* () {
      const t = yield* tokens
      const { harbour, mere, sole } = seed()
      const found = yield* capsule.search(t, "  harbour ")
      assert.deepStrictEqual(found, [
        {
          id: String(mere.id),
          type: "person",
          name_first: "Mere",
          name_last: "Tane",
          company: "Harbour Joinery",
          company_id: String(harbour.id),
          email: "mere@harbourjoinery.co.nz",
          phone: "+64 21 555 0101",
          url: `https://acme.capsulecrm.com/party/${mere.id}`
        },
        {
          id: String(sole.id),
          type: "person",
          name_first: "Harbour",
          name_last: "Master",
          company: "",
          company_id: "",
          email: "",
          phone: "",
          url: `https://acme.capsulecrm.com/party/${sole.id}`
        },
        {
          id: String(harbour.id),
          type: "organisation",
          name_first: "Harbour Joinery",
          name_last: "",
          company: "",
          company_id: "",
          email: "office@harbourjoinery.co.nz",
          phone: "+64 9 555 0100",
          url: `https://acme.capsulecrm.com/party/${harbour.id}`
        }
      ])
      const [call] = calls("GET", "/api/v2/parties/search")
      assert.strictEqual(call!.url.searchParams.get("q"), "harbour")
      assert.strictEqual(call!.url.searchParams.get("perPage"), "20")
      assert.strictEqual(call!.url.searchParams.get("embed"), "organisation")
      assert.strictEqual(call!.headers.get("authorization"), `Bearer ${t.access_token}`)
    })
  )

  it.live("at most SEARCH_LIMIT, people first; an empty search asks nothing", () =>
    Effect.gen(function* () {
      const t = yield* tokens
      for (let i = 0; i < 12; i++) fake.addOrganisation({ name: `Smith Builders ${i}` })
      for (let i = 0; i < 15; i++) fake.addPerson({ firstName: "Jo", lastName: `Smith ${i}` })
      const found = yield* capsule.search(t, "smith")
      assert.strictEqual(found.length, SEARCH_LIMIT)
      const firstOrg = found.findIndex((c) => c.type === "organisation")
      assert.isTrue(found.slice(firstOrg).every((c) => c.type === "organisation"))
      assert.deepStrictEqual(yield* capsule.search(t, "   "), [])
      assert.strictEqual(calls("GET", "/api/v2/parties/search").length, 1)
    })
  )

  it.live("tokens kept without a site (an older connection) ask Capsule for it", () =>
    Effect.gen(function* () {
      const { site: _, ...t } = yield* tokens
      const { mere } = seed()
      const [found] = yield* capsule.search(t, "mere")
      assert.strictEqual(found!.url, `https://acme.capsulecrm.com/party/${mere.id}`)
      assert.strictEqual(calls("GET", "/api/v2/site").length, 2)
    })
  )
})

describe("notes", () => {
  it.live("a note is an entry of type note on the party: the subject, a blank line, the body", () =>
    Effect.gen(function* () {
      const t = yield* tokens
      const mere = fake.addPerson({ firstName: "Mere", lastName: "Tane" })
      yield* capsule.addNote(
        t,
        { id: String(mere.id), type: "person" },
        { subject: "Quote 1042 sent: Kitchen refit", body: "Total NZD 4,066.88\nhttps://quotes.example.com/q/1042" }
      )
      assert.deepStrictEqual(
        fake.notes.map((n) => ({ partyId: n.partyId, content: n.content })),
        [
          {
            partyId: mere.id,
            content: "Quote 1042 sent: Kitchen refit\n\nTotal NZD 4,066.88\nhttps://quotes.example.com/q/1042"
          }
        ]
      )
      const [post] = calls("POST", "/api/v2/entries")
      assert.deepStrictEqual(JSON.parse(post!.body), {
        entry: {
          type: "note",
          party: { id: mere.id },
          content: "Quote 1042 sent: Kitchen refit\n\nTotal NZD 4,066.88\nhttps://quotes.example.com/q/1042"
        }
      })
      assert.strictEqual(post!.headers.get("authorization"), `Bearer ${t.access_token}`)
      assert.strictEqual(post!.headers.get("content-type"), "application/json")
    })
  )

  it("a note without a body is its subject alone", () => {
    assert.strictEqual(Capsule.noteContent({ subject: " Quote 7 accepted ", body: "  " }), "Quote 7 accepted")
  })
})

describe("errors and retries", () => {
  it.live("422 is `rejected` with Capsule's message and each of its errors, not retried", () =>
    Effect.gen(function* () {
      const t = yield* tokens
      const error = yield* Effect.flip(capsule.addNote(t, { id: "999", type: "person" }, { subject: "S", body: "B" }))
      assert.strictEqual(error.kind, "rejected")
      assert.strictEqual(error.message, "validation failed: party not found")
      fake.fail("POST entries", {
        status: 422,
        message: "validation failed",
        errors: [{ message: "content is too long" }, { message: "party is archived" }]
      })
      const mere = fake.addPerson({ firstName: "Mere" })
      const injected = yield* Effect.flip(
        capsule.addNote(t, { id: String(mere.id), type: "person" }, { subject: "S", body: "B" })
      )
      assert.strictEqual(injected.message, "validation failed: content is too long; party is archived")
      assert.strictEqual(calls("POST", "/api/v2/entries").length, 2)
      assert.strictEqual(fake.notes.length, 0)
    })
  )

  it.live("401 is `auth`, not retried", () =>
    Effect.gen(function* () {
      const t = yield* tokens
      fake.fail("GET parties/search", { status: 401 })
      const error = yield* Effect.flip(capsule.search(t, "mere"))
      assert.strictEqual(error.kind, "auth")
      assert.strictEqual(calls("GET", "/api/v2/parties/search").length, 1)
    })
  )

  it.live("a 429 is retried after waiting as Retry-After says, then succeeds", () =>
    Effect.gen(function* () {
      const t = yield* tokens
      const mere = fake.addPerson({ firstName: "Mere" })
      fake.fail("POST entries", { status: 429, retryAfterSeconds: 1 })
      const started = Date.now()
      yield* capsule.addNote(t, { id: String(mere.id), type: "person" }, { subject: "S", body: "B" })
      assert.isAtLeast(Date.now() - started, 950)
      assert.strictEqual(fake.notes.length, 1)
      assert.strictEqual(calls("POST", "/api/v2/entries").length, 2)
    })
  )

  it.live("429 past the retries is `rate-limited` with Capsule's hourly limit; a long Retry-After fails at once", () =>
    Effect.gen(function* () {
      const t = yield* tokens
      fake.fail("GET parties/search", { status: 429, retryAfterSeconds: 0 }, { times: 4 })
      const limited = yield* Effect.flip(capsule.search(t, "mere"))
      assert.strictEqual(limited.kind, "rate-limited")
      assert.strictEqual(
        limited.message,
        "Capsule's API limit was reached (4000 requests an hour); it asks to wait 0 s."
      )
      assert.strictEqual(calls("GET", "/api/v2/parties/search").length, 4)

      fake.fail("GET parties/search", { status: 429, retryAfterSeconds: 1_800 })
      const later = yield* Effect.flip(capsule.search(t, "mere"))
      assert.strictEqual(later.kind, "rate-limited")
      assert.strictEqual(later.retryAfterMs, 1_800_000)
      assert.strictEqual(calls("GET", "/api/v2/parties/search").length, 5)
    })
  )

  it.live("5xx is retried; past the retries it is `unavailable`", () =>
    Effect.gen(function* () {
      const t = yield* tokens
      fake.fail("GET parties/search", { status: 502 }, { times: 2 })
      assert.deepStrictEqual(yield* capsule.search(t, "nobody"), [])
      assert.strictEqual(calls("GET", "/api/v2/parties/search").length, 3)

      fake.fail("GET parties/search", { status: 500, message: "Something broke" }, { times: 4 })
      const down = yield* Effect.flip(capsule.search(t, "nobody"))
      assert.strictEqual(down.kind, "unavailable")
      assert.strictEqual(down.message, "Capsule is unavailable (HTTP 500: Something broke).")
      assert.strictEqual(calls("GET", "/api/v2/parties/search").length, 7)
    })
  )

  it.live("no answer in time is given up, retried, then `unavailable`", () =>
    Effect.gen(function* () {
      const t = yield* tokens
      let tries = 0
      server.use(
        http.get("https://api.capsulecrm.com/api/v2/parties/search", async () => {
          tries++
          await new Promise((resolve) => setTimeout(resolve, 2_000))
          return HttpResponse.json({ parties: [] })
        })
      )
      const impatient = Capsule.make({
        clientId: fake.clientId,
        clientSecret: fake.clientSecret,
        retry: { ...fast, times: 1 },
        timeoutMs: 100
      })
      const error = yield* Effect.flip(impatient.search(t, "mere"))
      assert.strictEqual(error.kind, "unavailable")
      assert.strictEqual(error.message, "Capsule did not answer within 0.1 s.")
      assert.strictEqual(tries, 2)
    })
  )

  it.live("a token Capsule echoes back in an error never reaches the error's message", () =>
    Effect.gen(function* () {
      const t = yield* tokens
      server.use(
        http.get("https://api.capsulecrm.com/api/v2/parties/search", ({ request }) =>
          HttpResponse.json({ message: `bad header ${request.headers.get("authorization")}` }, { status: 400 })
        ),
        http.post("https://api.capsulecrm.com/oauth/token", async ({ request }) =>
          HttpResponse.json({ message: `upstream failed for ${await request.text()}` }, { status: 500 })
        )
      )
      const rejected = yield* Effect.flip(capsule.search(t, "mere"))
      assert.strictEqual(rejected.kind, "rejected")
      assert.strictEqual(rejected.message, "bad header Bearer [redacted]")
      assertNoSecrets(rejected, t)
      const down = yield* Effect.flip(capsule.refresh(t))
      assert.strictEqual(down.kind, "unavailable")
      assertNoSecrets(down, t)
    })
  )

  it.live("an answer of the wrong shape is `unavailable`", () =>
    Effect.gen(function* () {
      const t = yield* tokens
      server.use(
        http.get("https://api.capsulecrm.com/api/v2/parties/search", () => HttpResponse.json({ parties: [{ id: 1 }] }))
      )
      const error = yield* Effect.flip(capsule.search(t, "mere"))
      assert.strictEqual(error.kind, "unavailable")
      assert.include(error.message, "search answer was not understood")
    })
  )
})

describe("a stand-in Capsule over plain http", () => {
  it.live("connects, searches and notes against configured addresses (a local fake for development)", () =>
    Effect.gen(function* () {
      const base = "http://127.0.0.1:4998/capsule"
      const local = FakeCapsule.make({
        authUrl: base,
        apiUrl: base,
        site: { id: 1, url: "http://127.0.0.1:4998/acme", subdomain: "acme", name: "Local Acme" }
      })
      server.use(...local.handlers)
      const client = Capsule.make({
        clientId: local.clientId,
        clientSecret: local.clientSecret,
        authUrl: base,
        apiUrl: base,
        scopes: ["read", "write"],
        retry: fast
      })
      assert.strictEqual(
        client.authorizeUrl({ state: "s", codeChallenge: "c", redirectUri }).origin,
        "http://127.0.0.1:4998"
      )
      const connected = yield* connect(client, local)
      assert.deepStrictEqual(connected.organisations, [{ id: "http://127.0.0.1:4998/acme", name: "Local Acme" }])
      const mere = local.addPerson({ firstName: "Mere" })
      const [found] = yield* client.search(connected.tokens, "mere")
      assert.strictEqual(found!.url, `http://127.0.0.1:4998/acme/party/${mere.id}`)
      yield* client.addNote(connected.tokens, { id: found!.id, type: "person" }, { subject: "S", body: "B" })
      const fresh = yield* client.refresh(connected.tokens)
      yield* client.revoke(fresh)
      assert.strictEqual(local.notes.length, 1)
      assert.strictEqual(fake.requests.length, 0)
    })
  )
})
