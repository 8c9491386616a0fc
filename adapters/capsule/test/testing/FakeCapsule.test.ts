/**
 * The fake itself, where the add-on's tests do not reach: the consent page's checks, the token endpoint's client
 * and PKCE checks, rate-limit headers, and what a note needs.
 */
import { createHash } from "node:crypto"
import { assert, describe, it } from "@effect/vitest"
import { setupServer } from "msw/node"
import { afterAll, afterEach, beforeAll } from "vitest"
import * as FakeCapsule from "../../src/testing/FakeCapsule.ts"

const fake = FakeCapsule.make()
const server = setupServer(...fake.handlers)
beforeAll(() => server.listen({ onUnhandledFrame: "error" }))
afterEach(() => fake.reset())
afterAll(() => server.close())

const redirectUri = "http://localhost:3000/settings/add-ons/callback"
const verifier = "a-verifier-of-at-least-forty-three-characters-long-0123"
const challenge = createHash("sha256").update(verifier).digest("base64url")
const authorise = (params: Record<string, string>) => {
  const url = new URL("https://api.capsulecrm.com/oauth/authorise")
  const all = {
    response_type: "code",
    client_id: fake.clientId,
    redirect_uri: redirectUri,
    scope: "read write",
    state: "st",
    code_challenge: challenge,
    code_challenge_method: "S256",
    ...params
  }
  for (const [k, v] of Object.entries(all)) url.searchParams.set(k, v)
  return url
}

const exchange = (code: string, extra: Record<string, string> = {}) =>
  fetch("https://api.capsulecrm.com/oauth/token", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code,
      redirect_uri: redirectUri,
      client_id: fake.clientId,
      client_secret: fake.clientSecret,
      code_verifier: verifier,
      ...extra
    })
  })

const token = async (scope = "read write"): Promise<string> => {
  const back = fake.consent(authorise({ scope }))
  const answer = await exchange(back.searchParams.get("code")!)
  return ((await answer.json()) as { access_token: string }).access_token
}

describe("FakeCapsule", () => {
  it("the consent page refuses a request without state, the read scope or a known client", () => {
    assert.throws(() => fake.consent(authorise({ state: "" })), /state/)
    assert.throws(() => fake.consent(authorise({ scope: "write" })), /read scope/)
    assert.throws(() => fake.consent(authorise({ client_id: "someone-else" })), /client_id/)
    assert.throws(() => fake.consent(authorise({ code_challenge_method: "plain" })), /S256/)
  })

  it("the authorise page redirects to the callback with the code and state", async () => {
    const answer = await fetch(authorise({}), { redirect: "manual" })
    assert.strictEqual(answer.status, 302)
    const back = new URL(answer.headers.get("location")!)
    assert.strictEqual(back.origin + back.pathname, redirectUri)
    assert.strictEqual(back.searchParams.get("state"), "st")
    assert.match(back.searchParams.get("code")!, /^fake-capsule-code-/)
  })

  it("the token endpoint checks the client, the verifier, and answers Capsule's token with the subdomain", async () => {
    const back = fake.consent(authorise({}))
    const wrong = await exchange(back.searchParams.get("code")!, { code_verifier: "x".repeat(43) })
    assert.strictEqual(wrong.status, 400)
    assert.strictEqual(((await wrong.json()) as { error: string }).error, "invalid_grant")
    const again = fake.consent(authorise({}))
    const impostor = await exchange(again.searchParams.get("code")!, { client_secret: "nope" })
    assert.strictEqual(impostor.status, 401)
    const ok = await exchange(again.searchParams.get("code")!)
    const body = (await ok.json()) as Record<string, unknown>
    assert.strictEqual(body.token_type, "bearer")
    assert.strictEqual(body.subdomain, "acme")
    assert.strictEqual(body.expires_in, 604_800)
  })

  it("answers carry X-RateLimit headers; a 429 says Retry-After", async () => {
    const access = await token()
    const headers = { authorization: `Bearer ${access}` }
    const site = await fetch("https://api.capsulecrm.com/api/v2/site", { headers })
    assert.strictEqual(site.headers.get("x-ratelimit-limit"), "4000")
    fake.fail("GET site", { status: 429, retryAfterSeconds: 12 })
    const limited = await fetch("https://api.capsulecrm.com/api/v2/site", { headers })
    assert.strictEqual(limited.status, 429)
    assert.strictEqual(limited.headers.get("retry-after"), "12")
    assert.strictEqual(limited.headers.get("x-ratelimit-remaining"), "0")
  })

  it("a note needs the write scope, content and a known party", async () => {
    const mere = fake.addPerson({ firstName: "Mere" })
    const post = (access: string, entry: unknown) =>
      fetch("https://api.capsulecrm.com/api/v2/entries", {
        method: "POST",
        headers: { authorization: `Bearer ${access}`, "content-type": "application/json" },
        body: JSON.stringify({ entry })
      })
    const reader = await token("read")
    assert.strictEqual((await post(reader, { type: "note", party: { id: mere.id }, content: "x" })).status, 403)
    const writer = await token()
    const bad = await post(writer, { type: "note", party: { id: 1 }, content: "" })
    assert.strictEqual(bad.status, 422)
    assert.deepStrictEqual(
      ((await bad.json()) as { errors: Array<{ message: string }> }).errors.map((e) => e.message),
      ["content is required", "party not found"]
    )
    const good = await post(writer, { type: "note", party: { id: mere.id }, content: "Hello" })
    assert.strictEqual(good.status, 201)
    assert.strictEqual(((await good.json()) as { entry: { type: string } }).entry.type, "note")
    assert.deepStrictEqual(
      fake.notes.map((n) => n.content),
      ["Hello"]
    )
  })

  it("search matches names, emails and phones in any case, a page at a time", async () => {
    const access = await token()
    fake.addPerson({ firstName: "Mere", lastName: "Tane", emailAddresses: ["MERE@example.com"] })
    fake.addPerson({ firstName: "Ana", phoneNumbers: ["021 555 0101"] })
    fake.addOrganisation({ name: "Tane Builders" })
    const search = async (q: string, perPage = "50") => {
      const answer = await fetch(
        `https://api.capsulecrm.com/api/v2/parties/search?q=${encodeURIComponent(q)}&perPage=${perPage}`,
        { headers: { authorization: `Bearer ${access}` } }
      )
      return ((await answer.json()) as { parties: Array<{ type: string }> }).parties
    }
    assert.strictEqual((await search("tane")).length, 2)
    assert.strictEqual((await search("mere@EXAMPLE")).length, 1)
    assert.strictEqual((await search("555 0101")).length, 1)
    assert.strictEqual((await search("tane", "1")).length, 1)
    assert.strictEqual((await search("")).length, 0)
  })
})
