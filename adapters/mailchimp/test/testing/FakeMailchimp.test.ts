/**
 * The fake itself, where the add-on's tests do not reach: the consent page's checks and redirect, `fields` on
 * the audiences, and that `status` (which the add-on never sends) changes a member as Mailchimp's does.
 */
import { createHash } from "node:crypto"
import { assert, describe, it } from "@effect/vitest"
import { setupServer } from "msw/node"
import { afterAll, afterEach, beforeAll } from "vitest"
import * as FakeMailchimp from "../../src/testing/FakeMailchimp.ts"

const fake = FakeMailchimp.make()
const server = setupServer(...fake.handlers)
beforeAll(() => server.listen({ onUnhandledFrame: "error" }))
afterEach(() => fake.reset())
afterAll(() => server.close())

const verifier = "a-verifier-of-at-least-forty-three-characters-long-0123"
const challenge = createHash("sha256").update(verifier).digest("base64url")
const redirect = "http://localhost:3000/settings/add-ons/callback"
const authorize = (params: Record<string, string>) => {
  const url = new URL("https://login.mailchimp.com/oauth2/authorize")
  const all = {
    response_type: "code",
    client_id: fake.clientId,
    redirect_uri: redirect,
    state: "st",
    code_challenge: challenge,
    code_challenge_method: "S256",
    ...params
  }
  for (const [k, v] of Object.entries(all)) url.searchParams.set(k, v)
  return url
}

const token = async (): Promise<string> => {
  const back = fake.consent(authorize({}))
  const answer = await fetch("https://login.mailchimp.com/oauth2/token", {
    method: "POST",
    body: new URLSearchParams({
      grant_type: "authorization_code",
      client_id: fake.clientId,
      client_secret: fake.clientSecret,
      redirect_uri: redirect,
      code: back.searchParams.get("code")!,
      code_verifier: verifier
    })
  })
  const body = (await answer.json()) as Record<string, unknown>
  assert.deepStrictEqual(Object.keys(body).sort(), ["access_token", "expires_in", "scope"])
  assert.strictEqual(body.expires_in, 0)
  assert.strictEqual(body.scope, null)
  return body.access_token as string
}

describe("FakeMailchimp", () => {
  it("the consent page refuses a request without PKCE S256, state or the client, and redirects with a code", async () => {
    assert.throws(() => fake.consent(authorize({ code_challenge_method: "plain" })), /PKCE S256/)
    assert.throws(() => fake.consent(authorize({ state: "" })), /state/)
    assert.throws(() => fake.consent(authorize({ client_id: "someone-else" })), /client_id/)
    const answer = await fetch(authorize({}), { redirect: "manual" })
    assert.strictEqual(answer.status, 302)
    const location = new URL(answer.headers.get("location")!)
    assert.strictEqual(location.searchParams.get("state"), "st")
    assert.match(location.searchParams.get("code") ?? "", /^fake-mailchimp-code-/)
  })

  it("keeps only the `fields` asked for", async () => {
    const access = await token()
    const answer = await fetch("https://us19.api.mailchimp.com/3.0/lists?fields=lists.id,total_items", {
      headers: { authorization: `Bearer ${access}` }
    })
    assert.deepStrictEqual(await answer.json(), {
      lists: [{ id: "a1b2c3d4e5" }, { id: "f6g7h8i9j0" }],
      total_items: 2
    })
  })

  it("`status` changes an existing member, as Mailchimp's does; a wrong hash is refused", async () => {
    const access = await token()
    fake.addMember({ listId: "a1b2c3d4e5", email: "ana@harbourjoinery.co.nz", status: "unsubscribed" })
    const put = (hash: string, body: unknown) =>
      fetch(`https://us19.api.mailchimp.com/3.0/lists/a1b2c3d4e5/members/${hash}`, {
        method: "PUT",
        headers: { authorization: `Bearer ${access}`, "content-type": "application/json" },
        body: JSON.stringify(body)
      })
    const hash = createHash("md5").update("ana@harbourjoinery.co.nz").digest("hex")
    const wrong = await put("0".repeat(32), { email_address: "ana@harbourjoinery.co.nz", status: "subscribed" })
    assert.strictEqual(wrong.status, 400)
    assert.strictEqual(wrong.headers.get("content-type"), "application/problem+json; charset=utf-8")
    const answer = await put(hash, { email_address: "ana@harbourjoinery.co.nz", status: "subscribed" })
    assert.strictEqual(answer.status, 200)
    assert.strictEqual(fake.member("a1b2c3d4e5", "ana@harbourjoinery.co.nz")?.status, "subscribed")
  })
})
