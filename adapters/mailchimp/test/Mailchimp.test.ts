/**
 * The Mailchimp add-on against `FakeMailchimp` over msw (Mailchimp's documented requests and answers, no
 * internet): connecting with PKCE and the metadata's API address, audiences, adding members without ever changing
 * a member's status, tags, every error kind, what retrying does, and that a token never shows in an error.
 */
import { createHash } from "node:crypto"
import { assert, describe, it } from "@effect/vitest"
import type { AddOnError } from "@quotekit/addons/AddOnError"
import type { Marketing, Member } from "@quotekit/addons/Marketing"
import type { Tokens } from "@quotekit/addons/OAuthService"
import { Effect, Redacted } from "effect"
import { delay, HttpResponse, http } from "msw"
import { setupServer } from "msw/node"
import * as oauth from "oauth4webapi"
import { afterAll, afterEach, beforeAll } from "vitest"
import * as Mailchimp from "../src/Mailchimp.ts"
import * as FakeMailchimp from "../src/testing/FakeMailchimp.ts"

const fake = FakeMailchimp.make()
const server = setupServer(...fake.handlers)
beforeAll(() => server.listen({ onUnhandledFrame: "error" }))
afterEach(() => {
  server.resetHandlers()
  fake.reset()
})
afterAll(() => server.close())

const redirectUri = "https://quotes.example.com/settings/add-ons/callback"
const fast = { times: 3, baseDelayMs: 1, maxDelayMs: 5_000 }
const mailchimp: Marketing = Mailchimp.make({
  clientId: fake.clientId,
  clientSecret: Redacted.make(fake.clientSecret),
  retry: fast
})
const audience = FakeMailchimp.DEFAULT_AUDIENCES[0]!.id
const api = "https://us19.api.mailchimp.com"

const calls = (method: string, path: string) =>
  fake.requests.filter((r) => r.method === method && r.url.pathname.endsWith(path))

const md5 = (s: string) => createHash("md5").update(s).digest("hex")

/** The whole connect: the consent URL, the fake's consent, the code exchanged with the verifier. */
const connect = (client: Marketing = mailchimp, on: FakeMailchimp.FakeMailchimp = fake) =>
  Effect.gen(function* () {
    const verifier = oauth.generateRandomCodeVerifier()
    const challenge = yield* Effect.promise(() => oauth.calculatePKCECodeChallenge(verifier))
    const back = on.consent(client.authorizeUrl({ state: "state-1", codeChallenge: challenge, redirectUri }))
    return yield* client.exchange({
      code: back.searchParams.get("code") ?? "",
      codeVerifier: verifier,
      redirectUri,
      params: back.searchParams
    })
  })

const mere: Member = {
  email: "Mere@HarbourJoinery.co.nz",
  name_first: "Mere",
  name_last: "Tane",
  tags: ["quotekit", "accepted"]
}

/** The token is nowhere in the error. */
const assertNoToken = (error: AddOnError, tokens: Tokens) => {
  const shown = `${error.message} ${JSON.stringify(error)} ${String(error)}`
  assert.notInclude(shown, tokens.access_token)
  assert.notInclude(shown, fake.clientSecret)
}

describe("connecting", () => {
  it("the consent URL carries the client, the redirect, state and a PKCE S256 challenge", () => {
    const url = mailchimp.authorizeUrl({ state: "st-42", codeChallenge: "chal-lenge", redirectUri })
    assert.strictEqual(url.origin + url.pathname, "https://login.mailchimp.com/oauth2/authorize")
    const p = url.searchParams
    assert.strictEqual(p.get("response_type"), "code")
    assert.strictEqual(p.get("client_id"), fake.clientId)
    assert.strictEqual(p.get("redirect_uri"), redirectUri)
    assert.strictEqual(p.get("state"), "st-42")
    assert.strictEqual(p.get("code_challenge"), "chal-lenge")
    assert.strictEqual(p.get("code_challenge_method"), "S256")
  })

  it.live(
    "exchanges the code with the secret and the verifier; the metadata names the API address; audiences listed",
    () =>
      Effect.gen(function* () {
        const connected = yield* connect()
        assert.match(connected.tokens.access_token, /^fake-mailchimp-access-/)
        assert.strictEqual(connected.tokens.refresh_token, "")
        assert.strictEqual(connected.tokens.expires_at, Number.MAX_SAFE_INTEGER)
        assert.strictEqual(connected.tokens.site, api)
        assert.deepStrictEqual(connected.organisations, [
          { id: "a1b2c3d4e5", name: "Harbour Joinery customers" },
          { id: "f6g7h8i9j0", name: "Newsletter" }
        ])
        const [tokenCall] = calls("POST", "/oauth2/token")
        const form = new URLSearchParams(tokenCall!.body)
        assert.strictEqual(form.get("grant_type"), "authorization_code")
        assert.strictEqual(form.get("client_id"), fake.clientId)
        assert.strictEqual(form.get("client_secret"), fake.clientSecret)
        assert.strictEqual(form.get("redirect_uri"), redirectUri)
        assert.isTrue((form.get("code") ?? "").startsWith("fake-mailchimp-code-"))
        assert.isTrue((form.get("code_verifier") ?? "").length >= 43)
        const [meta] = calls("GET", "/oauth2/metadata")
        assert.strictEqual(meta!.url.origin, "https://login.mailchimp.com")
        assert.strictEqual(meta!.headers.get("authorization"), `OAuth ${connected.tokens.access_token}`)
        const [lists] = calls("GET", "/3.0/lists")
        assert.strictEqual(lists!.url.origin, api)
        assert.strictEqual(lists!.headers.get("authorization"), `Bearer ${connected.tokens.access_token}`)
        assert.strictEqual(lists!.url.searchParams.get("count"), "100")
        assert.include(lists!.url.searchParams.get("fields"), "lists.id,lists.name")
      })
  )

  it.live("the API address is the account's own data centre", () =>
    Effect.gen(function* () {
      const eu = FakeMailchimp.make({ apiEndpoint: "https://us7.api.mailchimp.com" })
      server.use(...eu.handlers)
      const client = Mailchimp.make({ clientId: eu.clientId, clientSecret: eu.clientSecret, retry: fast })
      const connected = yield* connect(client, eu)
      assert.strictEqual(connected.tokens.site, "https://us7.api.mailchimp.com")
      assert.strictEqual(eu.requests.filter((r) => r.url.origin === "https://us7.api.mailchimp.com").length, 1)
    })
  )

  it.live("metadata naming an address that is not Mailchimp's is refused: the token is not sent there", () =>
    Effect.gen(function* () {
      const odd = FakeMailchimp.make({ apiEndpoint: "https://api.mailchimp.com.evil.example" })
      server.use(...odd.handlers)
      const client = Mailchimp.make({ clientId: odd.clientId, clientSecret: odd.clientSecret, retry: fast })
      const error = yield* Effect.flip(connect(client, odd))
      assert.strictEqual(error.kind, "unavailable")
      assert.include(error.message, "not Mailchimp's")
      assert.strictEqual(odd.requests.filter((r) => r.url.pathname.startsWith("/3.0")).length, 0)
    })
  )

  it.live("more than 100 audiences are all listed, a page at a time", () =>
    Effect.gen(function* () {
      for (let i = 0; i < 150; i++) fake.addAudience({ id: `list${i}`, name: `Audience ${i}` })
      const connected = yield* connect()
      assert.strictEqual(connected.organisations.length, 152)
      assert.deepStrictEqual(connected.organisations.at(-1), { id: "list149", name: "Audience 149" })
      assert.deepStrictEqual(
        calls("GET", "/3.0/lists").map((r) => r.url.searchParams.get("offset")),
        ["0", "100"]
      )
      assert.deepStrictEqual(yield* mailchimp.audiences(connected.tokens), connected.organisations)
    })
  )

  it.live("a refused consent, a wrong verifier and a wrong secret are `auth`", () =>
    Effect.gen(function* () {
      const url = mailchimp.authorizeUrl({ state: "s", codeChallenge: "not-the-verifiers-challenge", redirectUri })
      const denied = fake.consent(url, { deny: true })
      const refused = yield* Effect.flip(
        mailchimp.exchange({ code: "", codeVerifier: "v", redirectUri, params: denied.searchParams })
      )
      assert.strictEqual(refused.kind, "auth")
      assert.include(refused.message, "access_denied")
      assert.strictEqual(calls("POST", "/oauth2/token").length, 0)

      const back = fake.consent(url)
      const wrong = yield* Effect.flip(
        mailchimp.exchange({
          code: back.searchParams.get("code")!,
          codeVerifier: oauth.generateRandomCodeVerifier(),
          redirectUri,
          params: back.searchParams
        })
      )
      assert.strictEqual(wrong.kind, "auth")
      assert.include(wrong.message, "invalid_grant")

      const impostor = Mailchimp.make({ clientId: fake.clientId, clientSecret: "not-the-secret", retry: fast })
      const bad = yield* Effect.flip(connect(impostor))
      assert.strictEqual(bad.kind, "auth")
      assert.include(bad.message, "invalid_client")
      assert.notInclude(bad.message, "not-the-secret")
    })
  )

  it.live("the token endpoint's 503 is retried; metadata refused is `auth`", () =>
    Effect.gen(function* () {
      fake.fail("POST token", { status: 503, retryAfterSeconds: 0 })
      const connected = yield* connect()
      assert.strictEqual(calls("POST", "/oauth2/token").length, 2)
      assert.strictEqual(connected.tokens.site, api)
      fake.fail("GET metadata", { status: 401 })
      const error = yield* Effect.flip(connect())
      assert.strictEqual(error.kind, "auth")
    })
  )

  it.live("tokens never expire: refresh answers them as they are, revoke asks Mailchimp nothing", () =>
    Effect.gen(function* () {
      const { tokens } = yield* connect()
      const before = fake.requests.length
      assert.deepStrictEqual(yield* mailchimp.refresh(tokens), tokens)
      yield* mailchimp.revoke(tokens)
      assert.strictEqual(fake.requests.length, before)
    })
  )
})

describe("a stand-in Mailchimp over plain http", () => {
  it.live("connects and subscribes against a configured login address and the API its metadata names", () =>
    Effect.gen(function* () {
      const local = FakeMailchimp.make({ loginUrl: "http://localhost:4020", apiEndpoint: "http://localhost:4021" })
      server.use(...local.handlers)
      const client = Mailchimp.make({
        clientId: local.clientId,
        clientSecret: local.clientSecret,
        loginUrl: "http://localhost:4020/",
        retry: fast
      })
      assert.strictEqual(
        client.authorizeUrl({ state: "s", codeChallenge: "c", redirectUri }).origin,
        "http://localhost:4020"
      )
      const { tokens } = yield* connect(client, local)
      assert.strictEqual(tokens.site, "http://localhost:4021")
      yield* client.subscribe(tokens, audience, mere)
      assert.strictEqual(local.member(audience, mere.email)?.status, "subscribed")
      assert.strictEqual(fake.requests.length, 0)
    })
  )
})

describe("subscribe", () => {
  it.live(
    "a new person is PUT at the MD5 of their lower-cased email, subscribed if new, never with `status`; then tagged",
    () =>
      Effect.gen(function* () {
        const { tokens } = yield* connect()
        yield* mailchimp.subscribe(tokens, audience, mere)
        const hash = md5("mere@harbourjoinery.co.nz")
        const [put] = calls("PUT", `/3.0/lists/${audience}/members/${hash}`)
        assert.strictEqual(put!.url.origin, api)
        assert.strictEqual(put!.headers.get("authorization"), `Bearer ${tokens.access_token}`)
        assert.include(put!.headers.get("content-type"), "application/json")
        const body = JSON.parse(put!.body) as Record<string, unknown>
        assert.deepStrictEqual(body, {
          email_address: "Mere@HarbourJoinery.co.nz",
          status_if_new: "subscribed",
          merge_fields: { FNAME: "Mere", LNAME: "Tane" }
        })
        assert.notProperty(body, "status")
        const [tags] = calls("POST", `/3.0/lists/${audience}/members/${hash}/tags`)
        assert.deepStrictEqual(JSON.parse(tags!.body), {
          tags: [
            { name: "quotekit", status: "active" },
            { name: "accepted", status: "active" }
          ]
        })
        assert.deepStrictEqual(fake.member(audience, mere.email), {
          listId: audience,
          email: "Mere@HarbourJoinery.co.nz",
          status: "subscribed",
          mergeFields: { FNAME: "Mere", LNAME: "Tane" },
          tags: ["quotekit", "accepted"]
        })
      })
  )

  it.live("someone who unsubscribed stays unsubscribed; the tags are added to theirs", () =>
    Effect.gen(function* () {
      const { tokens } = yield* connect()
      fake.addMember({ listId: audience, email: "mere@harbourjoinery.co.nz", status: "unsubscribed", tags: ["2025"] })
      yield* mailchimp.subscribe(tokens, audience, mere)
      const member = fake.member(audience, mere.email)
      assert.strictEqual(member?.status, "unsubscribed")
      assert.deepStrictEqual(member?.tags, ["2025", "quotekit", "accepted"])
      // Again: safe, and changes nothing.
      yield* mailchimp.subscribe(tokens, audience, mere)
      assert.strictEqual(fake.member(audience, mere.email)?.status, "unsubscribed")
      assert.deepStrictEqual(fake.member(audience, mere.email)?.tags, ["2025", "quotekit", "accepted"])
    })
  )

  it.live("without tags nothing is tagged; blank and repeated tags are dropped, long ones cut to 100", () =>
    Effect.gen(function* () {
      const { tokens } = yield* connect()
      yield* mailchimp.subscribe(tokens, audience, { ...mere, tags: [] })
      assert.strictEqual(calls("POST", "/tags").length, 0)
      const long = "x".repeat(120)
      yield* mailchimp.subscribe(tokens, audience, { ...mere, tags: [" lead ", "", "lead", long] })
      assert.deepStrictEqual(
        (JSON.parse(calls("POST", "/tags")[0]!.body) as { tags: Array<{ name: string }> }).tags.map((t) => t.name),
        ["lead", "x".repeat(100)]
      )
    })
  )

  it.live("an empty name does not blank the one Mailchimp has", () =>
    Effect.gen(function* () {
      const { tokens } = yield* connect()
      fake.addMember({
        listId: audience,
        email: "mere@harbourjoinery.co.nz",
        status: "subscribed",
        mergeFields: { FNAME: "Mere", LNAME: "Tane" }
      })
      yield* mailchimp.subscribe(tokens, audience, { ...mere, name_first: "", name_last: " " })
      assert.deepStrictEqual(
        JSON.parse(calls("PUT", `/members/${md5("mere@harbourjoinery.co.nz")}`)[0]!.body).merge_fields,
        {}
      )
      assert.deepStrictEqual(fake.member(audience, mere.email)?.mergeFields, { FNAME: "Mere", LNAME: "Tane" })
    })
  )

  it.live(
    "someone in Mailchimp's compliance state, or deleted at their request, is done with: not an error, not tagged",
    () =>
      Effect.gen(function* () {
        const { tokens } = yield* connect()
        fake.addMember({ listId: audience, email: "mere@harbourjoinery.co.nz", status: "cleaned", compliance: true })
        yield* mailchimp.subscribe(tokens, audience, mere)
        assert.strictEqual(fake.member(audience, mere.email)?.status, "cleaned")
        fake.forget("gone@harbourjoinery.co.nz")
        yield* mailchimp.subscribe(tokens, audience, { ...mere, email: "gone@harbourjoinery.co.nz" })
        assert.strictEqual(fake.member(audience, "gone@harbourjoinery.co.nz"), undefined)
        assert.strictEqual(calls("PUT", "").length, 2)
        assert.strictEqual(calls("POST", "/tags").length, 0)
      })
  )

  it.live("an address Mailchimp thinks fake is `rejected` with its words", () =>
    Effect.gen(function* () {
      const { tokens } = yield* connect()
      const error = yield* Effect.flip(mailchimp.subscribe(tokens, audience, { ...mere, email: "someone@example.com" }))
      assert.strictEqual(error.kind, "rejected")
      assert.strictEqual(error.message, "someone@example.com looks fake or invalid, please enter a real email address.")
      assert.strictEqual(calls("PUT", "").length, 1)
    })
  )

  it.live(
    "an audience that is gone is `rejected`; an empty email or an odd audience id is refused before sending",
    () =>
      Effect.gen(function* () {
        const { tokens } = yield* connect()
        const gone = yield* Effect.flip(mailchimp.subscribe(tokens, "zzzzzzzzzz", mere))
        assert.strictEqual(gone.kind, "rejected")
        assert.strictEqual(gone.message, "The requested resource could not be found.")
        const before = fake.requests.length
        const empty = yield* Effect.flip(mailchimp.subscribe(tokens, audience, { ...mere, email: "  " }))
        assert.strictEqual(empty.kind, "rejected")
        const odd = yield* Effect.flip(mailchimp.subscribe(tokens, "../../lists", mere))
        assert.strictEqual(odd.kind, "rejected")
        assert.strictEqual(fake.requests.length, before)
      })
  )
})

describe("errors and retries", () => {
  it.live("access the user removed is `auth` on every call, without the token", () =>
    Effect.gen(function* () {
      const { tokens } = yield* connect()
      fake.revokeTokens()
      const listed = yield* Effect.flip(mailchimp.audiences(tokens))
      assert.strictEqual(listed.kind, "auth")
      assert.include(listed.message, "connect Mailchimp again")
      assertNoToken(listed, tokens)
      const added = yield* Effect.flip(mailchimp.subscribe(tokens, audience, mere))
      assert.strictEqual(added.kind, "auth")
      assertNoToken(added, tokens)
    })
  )

  it.live("a connection without an API address is `auth`", () =>
    Effect.gen(function* () {
      const { tokens } = yield* connect()
      const { site: _site, ...rest } = tokens
      const error = yield* Effect.flip(mailchimp.subscribe(rest, audience, mere))
      assert.strictEqual(error.kind, "auth")
    })
  )

  it.live("a 429 waits as long as Retry-After says, then succeeds", () =>
    Effect.gen(function* () {
      const { tokens } = yield* connect()
      fake.fail("PUT member", { status: 429, retryAfterSeconds: 1 })
      const started = Date.now()
      yield* mailchimp.subscribe(tokens, audience, mere)
      assert.isAtLeast(Date.now() - started, 950)
      assert.strictEqual(calls("PUT", "").length, 2)
      assert.strictEqual(fake.member(audience, mere.email)?.status, "subscribed")
    })
  )

  it.live("a 429 that keeps coming is `rate-limited` after the bounded retries", () =>
    Effect.gen(function* () {
      const { tokens } = yield* connect()
      fake.fail("POST tags", { status: 429, retryAfterSeconds: 0 }, { times: 10 })
      const error = yield* Effect.flip(mailchimp.subscribe(tokens, audience, mere))
      assert.strictEqual(error.kind, "rate-limited")
      assert.strictEqual(error.retryAfterMs, 0)
      assert.strictEqual(calls("POST", "/tags").length, 4)
      assertNoToken(error, tokens)
    })
  )

  it.live("a 429 without Retry-After backs off; one asking longer than the longest wait fails at once", () =>
    Effect.gen(function* () {
      const { tokens } = yield* connect()
      fake.fail("GET lists", { status: 429 }, { times: 2 })
      assert.strictEqual((yield* mailchimp.audiences(tokens)).length, 2)
      assert.strictEqual(calls("GET", "/3.0/lists").length, 4)
      fake.fail("GET lists", { status: 429, retryAfterSeconds: 600 })
      const error = yield* Effect.flip(mailchimp.audiences(tokens))
      assert.strictEqual(error.kind, "rate-limited")
      assert.strictEqual(error.retryAfterMs, 600_000)
      assert.strictEqual(error.message, "Mailchimp's API limit was reached; it asks to wait 600 s.")
      assert.strictEqual(calls("GET", "/3.0/lists").length, 5)
    })
  )

  it.live("5xx answers are retried, then `unavailable`", () =>
    Effect.gen(function* () {
      const { tokens } = yield* connect()
      fake.fail("PUT member", { status: 500 }, { times: 2 })
      yield* mailchimp.subscribe(tokens, audience, mere)
      assert.strictEqual(calls("PUT", "").length, 3)
      fake.fail("PUT member", { status: 503 }, { times: 4 })
      const error = yield* Effect.flip(mailchimp.subscribe(tokens, audience, mere))
      assert.strictEqual(error.kind, "unavailable")
      assert.include(error.message, "Mailchimp is unavailable (HTTP 503")
      assertNoToken(error, tokens)
    })
  )

  it.live("a lost answer to the PUT is retried safely: the member is added once, their status untouched", () =>
    Effect.gen(function* () {
      const { tokens } = yield* connect()
      fake.fail("PUT member", { status: 502 }, { after: true })
      yield* mailchimp.subscribe(tokens, audience, mere)
      assert.strictEqual(fake.members().length, 1)
      assert.deepStrictEqual(fake.member(audience, mere.email)?.tags, ["quotekit", "accepted"])
    })
  )

  it.live("a 400 other than compliance on the PUT is `rejected`, not retried", () =>
    Effect.gen(function* () {
      const { tokens } = yield* connect()
      fake.fail("PUT member", { status: 400, title: "Invalid Resource", detail: "Your merge fields were invalid." })
      const error = yield* Effect.flip(mailchimp.subscribe(tokens, audience, mere))
      assert.strictEqual(error.kind, "rejected")
      assert.strictEqual(error.message, "Your merge fields were invalid.")
      assert.strictEqual(calls("PUT", "").length, 1)
    })
  )

  it.live("no answer in time is retried, then `unavailable`", () =>
    Effect.gen(function* () {
      const { tokens } = yield* connect()
      let tries = 0
      server.use(
        http.get(`${api}/3.0/lists`, async () => {
          tries++
          await delay(2_000)
          return HttpResponse.json({ lists: [], total_items: 0 })
        })
      )
      const impatient = Mailchimp.make({
        clientId: fake.clientId,
        clientSecret: fake.clientSecret,
        retry: { ...fast, times: 1 },
        timeoutMs: 100
      })
      const error = yield* Effect.flip(impatient.audiences(tokens))
      assert.strictEqual(error.kind, "unavailable")
      assert.strictEqual(error.message, "Mailchimp did not answer within 0.1 s.")
      assert.strictEqual(tries, 2)
    })
  )
})

describe("the member's id and a refusal that means done", () => {
  it("the subscriber hash is the MD5 hex of the trimmed, lower-cased address", () => {
    assert.strictEqual(Mailchimp.subscriberHash(" Mere@HarbourJoinery.CO.NZ "), md5("mere@harbourjoinery.co.nz"))
    assert.match(Mailchimp.subscriberHash("a@b.co"), /^[0-9a-f]{32}$/)
  })

  it("only a 400 about compliance state or a deleted address means the person chose no mail", () => {
    const compliance = {
      title: "Member In Compliance State",
      detail:
        "x@y.nz is in a compliance state due to unsubscribe, bounce, or compliance review and cannot be subscribed."
    }
    assert.isTrue(Mailchimp.choseNoMail(400, compliance))
    assert.isTrue(Mailchimp.choseNoMail(400, { title: "Invalid Resource", detail: compliance.detail }))
    assert.isTrue(Mailchimp.choseNoMail(400, { title: "Forgotten Email Not Subscribed", detail: "" }))
    assert.isFalse(Mailchimp.choseNoMail(500, compliance))
    assert.isFalse(
      Mailchimp.choseNoMail(400, {
        title: "Invalid Resource",
        detail: "x looks fake or invalid, please enter a real email address."
      })
    )
  })
})
