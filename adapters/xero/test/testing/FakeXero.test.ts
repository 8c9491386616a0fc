/**
 * The fake itself, where the add-on's tests do not reach: the consent page's checks and its redirect, the
 * token endpoint's PKCE check, replay of an `Idempotency-Key`, unit amounts without `unitdp=4`, and a filter
 * it cannot read.
 */
import { createHash } from "node:crypto"
import { assert, describe, it } from "@effect/vitest"
import { setupServer } from "msw/node"
import { afterAll, afterEach, beforeAll } from "vitest"
import * as FakeXero from "../../src/testing/FakeXero.ts"

const fake = FakeXero.make()
const server = setupServer(...fake.handlers)
beforeAll(() => server.listen({ onUnhandledFrame: "error" }))
afterEach(() => fake.reset())
afterAll(() => server.close())

const org = FakeXero.DEFAULT_ORGANISATIONS[0]!.id
const verifier = "a-verifier-of-at-least-forty-three-characters-long-0123"
const challenge = createHash("sha256").update(verifier).digest("base64url")
const authorize = (params: Record<string, string>) => {
  const url = new URL("https://login.xero.com/identity/connect/authorize")
  const all = {
    response_type: "code",
    client_id: fake.clientId,
    redirect_uri: "http://localhost:3000/settings/add-ons/callback",
    scope: "offline_access accounting.invoices",
    state: "st",
    code_challenge: challenge,
    code_challenge_method: "S256",
    ...params
  }
  for (const [k, v] of Object.entries(all)) url.searchParams.set(k, v)
  return url
}
const basic = `Basic ${Buffer.from(`${fake.clientId}:${fake.clientSecret}`).toString("base64")}`

const token = async (): Promise<string> => {
  const back = fake.consent(authorize({}))
  const answer = await fetch("https://identity.xero.com/connect/token", {
    method: "POST",
    headers: { authorization: basic, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code: back.searchParams.get("code")!,
      redirect_uri: "http://localhost:3000/settings/add-ons/callback",
      code_verifier: verifier
    })
  })
  return ((await answer.json()) as { access_token: string }).access_token
}

describe("FakeXero", () => {
  it("the consent page refuses a request without PKCE S256, state or offline_access", () => {
    assert.throws(() => fake.consent(authorize({ code_challenge_method: "plain" })), /PKCE S256/)
    assert.throws(() => fake.consent(authorize({ state: "" })), /state/)
    assert.throws(() => fake.consent(authorize({ scope: "accounting.invoices" })), /offline_access/)
    assert.throws(() => fake.consent(authorize({ client_id: "someone-else" })), /client_id/)
  })

  it("the consent page redirects to the callback with a code and the state", async () => {
    const answer = await fetch(authorize({}), { redirect: "manual" })
    assert.strictEqual(answer.status, 302)
    const location = new URL(answer.headers.get("location")!)
    assert.strictEqual(location.pathname, "/settings/add-ons/callback")
    assert.strictEqual(location.searchParams.get("state"), "st")
    assert.match(location.searchParams.get("code") ?? "", /^fake-xero-code-/)
  })

  it("a code is exchanged once, only with the verifier of its challenge", async () => {
    const back = fake.consent(authorize({}))
    const exchange = (code_verifier: string) =>
      fetch("https://identity.xero.com/connect/token", {
        method: "POST",
        headers: { authorization: basic },
        body: new URLSearchParams({
          grant_type: "authorization_code",
          code: back.searchParams.get("code")!,
          redirect_uri: "http://localhost:3000/settings/add-ons/callback",
          code_verifier
        })
      })
    const wrong = await exchange("another-verifier-that-does-not-match-the-challenge")
    assert.strictEqual(wrong.status, 400)
    assert.strictEqual(((await wrong.json()) as { error: string }).error, "invalid_grant")
    // The code was spent by the failed attempt too, as a real authorization server does.
    assert.strictEqual((await exchange(verifier)).status, 400)
  })

  it("replays the answer of an Idempotency-Key; rounds unit amounts to 2 places without unitdp=4", async () => {
    const access = await token()
    const contact = fake.addContact({ Name: "Acme" })
    const headers = {
      authorization: `Bearer ${access}`,
      "xero-tenant-id": org,
      "content-type": "application/json",
      "idempotency-key": "key-1"
    }
    const body = `{"Invoices":[{"Type":"ACCREC","Contact":{"ContactID":"${contact.ContactID}"},"Date":"2026-11-25","DueDate":"2026-12-01","LineAmountTypes":"Exclusive","Status":"AUTHORISED","LineItems":[{"Description":"x","Quantity":1,"UnitAmount":10.005,"AccountCode":"200","TaxType":"OUTPUT2"}]}]}`
    const first = await fetch("https://api.xero.com/api.xro/2.0/Invoices", { method: "POST", headers, body })
    const again = await fetch("https://api.xero.com/api.xro/2.0/Invoices", { method: "POST", headers, body })
    assert.strictEqual(first.status, 200)
    assert.strictEqual(await again.text(), await first.clone().text())
    assert.strictEqual(fake.invoices.length, 1)
    assert.strictEqual(fake.invoices[0]!.LineItems[0]!.UnitAmount, "10.01")
    assert.include(await first.text(), '"Total":11.51')
  })

  it("answers a filter it cannot read with Xero's 400", async () => {
    const access = await token()
    const answer = await fetch(
      `https://api.xero.com/api.xro/2.0/Contacts?where=${encodeURIComponent('Name.Contains("x")')}`,
      { headers: { authorization: `Bearer ${access}`, "xero-tenant-id": org } }
    )
    assert.strictEqual(answer.status, 400)
    assert.strictEqual(((await answer.json()) as { Type: string }).Type, "QueryParseException")
  })
})
