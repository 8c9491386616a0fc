/**
 * The fake itself, where the add-on's tests do not reach: the Basic key check, the field search's whole-value
 * match with `top` and `skip`, an unknown field, and what a note needs.
 */
import { assert, describe, it } from "@effect/vitest"
import { setupServer } from "msw/node"
import { afterAll, afterEach, beforeAll } from "vitest"
import * as FakeInsightly from "../../src/testing/FakeInsightly.ts"

const fake = FakeInsightly.make()
const server = setupServer(...fake.handlers)
beforeAll(() => server.listen({ onUnhandledFrame: "error" }))
afterEach(() => fake.reset())
afterAll(() => server.close())

const api = "https://api.na1.insightly.com/v3.1"
const auth = (user: string, password = "") => ({
  authorization: `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`
})
const get = (path: string, headers = auth(FakeInsightly.API_KEY)) => fetch(`${api}/${path}`, { headers })

describe("FakeInsightly", () => {
  it("accepts the key as user name with an empty password only", async () => {
    assert.strictEqual((await get("Instance")).status, 200)
    assert.strictEqual((await get("Instance", auth(FakeInsightly.API_KEY, "x"))).status, 401)
    assert.strictEqual((await get("Instance", auth("other"))).status, 401)
    assert.strictEqual((await fetch(`${api}/Instance`)).status, 401)
    const instance = (await (await get("Instance")).json()) as Record<string, unknown>
    assert.strictEqual(instance.INSTANCE_NAME, "Acme Renovations")
  })

  it("searches one field's whole value in any case, with top and skip; brief leaves the child lists out", async () => {
    for (const last of ["Tane", "TANE", "Taneka"]) fake.addContact({ LAST_NAME: last })
    const list = async (query: string) =>
      (await (await get(`Contacts/Search?${query}`)).json()) as Array<Record<string, unknown>>
    assert.strictEqual((await list("field_name=LAST_NAME&field_value=tane")).length, 2)
    assert.strictEqual((await list("field_name=LAST_NAME&field_value=tane&top=1")).length, 1)
    assert.strictEqual((await list("field_name=LAST_NAME&field_value=tane&skip=1")).length, 1)
    assert.property((await list("field_name=LAST_NAME&field_value=tane"))[0], "CUSTOMFIELDS")
    assert.notProperty((await list("field_name=LAST_NAME&field_value=tane&brief=true"))[0], "CUSTOMFIELDS")
    assert.strictEqual((await get("Contacts/Search?field_name=NICKNAME&field_value=x")).status, 400)
  })

  it("reads one organisation; an unknown one is 404", async () => {
    const org = fake.addOrganisation({ ORGANISATION_NAME: "Acme" })
    const found = (await (await get(`Organisations/${org.ORGANISATION_ID}`)).json()) as Record<string, unknown>
    assert.strictEqual(found.ORGANISATION_NAME, "Acme")
    assert.strictEqual((await get("Organisations/1")).status, 404)
  })

  it("a note needs a TITLE and a record that exists", async () => {
    const mere = fake.addContact({ FIRST_NAME: "Mere" })
    const post = (path: string, body: unknown) =>
      fetch(`${api}/${path}`, {
        method: "POST",
        headers: { ...auth(FakeInsightly.API_KEY), "content-type": "application/json" },
        body: JSON.stringify(body)
      })
    const untitled = await post(`Contacts/${mere.CONTACT_ID}/Notes`, { BODY: "b" })
    assert.strictEqual(untitled.status, 400)
    assert.deepStrictEqual(await untitled.json(), {
      Message: "The request is invalid.",
      ModelState: { "note.TITLE": ["The TITLE field is required."] }
    })
    assert.strictEqual((await post("Organisations/1/Notes", { TITLE: "t" })).status, 404)
    const ok = await post(`Contacts/${mere.CONTACT_ID}/Notes`, { TITLE: "t", BODY: "b" })
    assert.strictEqual(ok.status, 200)
    assert.deepStrictEqual(
      fake.notes.map((n) => [n.LINK_SUBJECT_TYPE, n.LINK_SUBJECT_ID, n.TITLE, n.BODY]),
      [["Contact", mere.CONTACT_ID, "t", "b"]]
    )
  })

  it("an injected 429 says Retry-After; revokeKey ends a key until reset", async () => {
    fake.fail("*", { status: 429, retryAfterSeconds: 30 })
    const limited = await get("Instance")
    assert.strictEqual(limited.status, 429)
    assert.strictEqual(limited.headers.get("retry-after"), "30")
    fake.revokeKey(FakeInsightly.API_KEY)
    assert.strictEqual((await get("Instance")).status, 401)
    fake.reset()
    assert.strictEqual((await get("Instance")).status, 200)
  })
})
