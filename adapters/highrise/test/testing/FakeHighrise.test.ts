/**
 * The fake itself, where the add-on's tests do not reach: what it refuses (no token, a wrong content type, a
 * note without a body) and its search paging.
 */
import { assert, describe, it } from "@effect/vitest"
import { setupServer } from "msw/node"
import { afterAll, afterEach, beforeAll } from "vitest"
import * as FakeHighrise from "../../src/testing/FakeHighrise.ts"

const fake = FakeHighrise.make()
const server = setupServer(...fake.handlers)
beforeAll(() => server.listen({ onUnhandledFrame: "error" }))
afterEach(() => fake.reset())
afterAll(() => server.close())

const auth = { authorization: `Basic ${Buffer.from(`${fake.token}:anything`).toString("base64")}` }

describe("FakeHighrise", () => {
  it("answers 401 without the account's token", async () => {
    const none = await fetch(`${fake.baseUrl}/account.xml`)
    assert.strictEqual(none.status, 401)
    const wrong = await fetch(`${fake.baseUrl}/account.xml`, {
      headers: { authorization: `Basic ${Buffer.from("nope:X").toString("base64")}` }
    })
    assert.strictEqual(wrong.status, 401)
    assert.strictEqual((await fetch(`${fake.baseUrl}/account.xml`, { headers: auth })).status, 200)
  })

  it("refuses a note that is not XML with a body, with Highrise's 422 <errors>", async () => {
    const post = (body: string, type = "application/xml") =>
      fetch(`${fake.baseUrl}/people/1001/notes.xml`, {
        method: "POST",
        headers: { ...auth, "content-type": type },
        body
      })
    const json = await post('{"note":{"body":"x"}}', "application/json")
    assert.strictEqual(json.status, 422)
    const blank = await post("<note><body>  </body></note>")
    assert.strictEqual(blank.status, 422)
    assert.include(await blank.text(), "<error>Body can&apos;t be blank</error>")
    const made = await post("<note><body>Hello</body></note>")
    assert.strictEqual(made.status, 201)
    assert.strictEqual(made.headers.get("location"), `${fake.baseUrl}/notes/1.xml`)
    assert.deepStrictEqual(fake.notes, [{ id: 1, on: "people", subjectId: 1001, body: "Hello" }])
  })

  it("pages search answers in 25s with n", async () => {
    for (let i = 0; i < 30; i++) fake.addPerson({ id: 3000 + i, firstName: "Pat", lastName: `Lee${i}` })
    const first = await (await fetch(`${fake.baseUrl}/people/search.xml?term=pat`, { headers: auth })).text()
    const second = await (await fetch(`${fake.baseUrl}/people/search.xml?term=pat&n=25`, { headers: auth })).text()
    assert.strictEqual(first.split("<person>").length - 1, 25)
    assert.strictEqual(second.split("<person>").length - 1, 5)
  })
})
