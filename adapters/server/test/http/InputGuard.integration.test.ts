import { assert } from "@effect/vitest"
import * as Message from "@quotekit/core/Message"
import { describeBackends } from "@quotekit/pg/TestDatabase"
import { Effect } from "effect"
import { layer, newAccount, TestServer } from "../Harness.ts"

const person = (first: string) => ({
  contact: { type: "person", name_first: first, name_last: "Guard", email: "", company_id: null },
  phones: [],
  addresses: []
})

/** A request without a session, the answer's status, content type and JSON body (or null). */
const raw = (url: string, init: RequestInit = {}) =>
  Effect.promise(async () => {
    const res = await fetch(url, init)
    const text = await res.text()
    let body: unknown = null
    try {
      body = JSON.parse(text)
    } catch {}
    // biome-ignore lint/suspicious/noExplicitAny: answers are inspected field by field
    return { status: res.status, type: res.headers.get("content-type") ?? "", body: body as Record<string, any>, text }
  })

describeBackends(
  "the input guard",
  (it) => {
    it.effect("a NUL character in any text of a JSON body, the address or a form is refused 400 naming the field", () =>
      Effect.gen(function* () {
        const { browser } = yield* newAccount("Nul")
        const saved = yield* browser.post("/post/contact-update/0", person("A\u0000B"))
        assert.strictEqual(saved.status, 400, saved.text)
        assert.strictEqual(saved.body._serveError.message, Message.textHasNul)
        assert.deepStrictEqual(
          saved.body.form_errors.map((e: { input_id: string }) => e.input_id),
          ["contact.name_first"]
        )
        const nested = yield* browser.post("/post/contact-update/0", {
          ...person("Fine"),
          addresses: [{ address: "1 High St\u0000", city: "", state: "", zip: "", country: "" }]
        })
        assert.strictEqual(nested.status, 400)
        assert.strictEqual(nested.body.form_errors[0].input_id, "addresses.0.address")
        for (const path of ["/get/quotes?q=%00", "/get/contacts?q=a%00b", "/get/quote-overview/1%00"]) {
          const answer = yield* browser.get(path)
          assert.strictEqual(answer.status, 400, path)
          assert.strictEqual(answer.body._serveError.message, Message.textHasNul)
        }
        // Nothing was written.
        const list = yield* browser.get("/get/contacts")
        assert.deepStrictEqual(list.body.rows, [])
      })
    )

    it.effect("an address over 4,096 characters answers 414 in the envelope, static paths included", () =>
      Effect.gen(function* () {
        const { url } = yield* TestServer
        for (const path of [
          `/assets/${"a".repeat(5000)}.js`,
          `/get/quotes?q=${"kitchen".repeat(1000)}`,
          `/${"x".repeat(12_000)}`
        ]) {
          const answer = yield* raw(`${url}${path}`)
          assert.strictEqual(answer.status, 414, path.slice(0, 40))
          assert.strictEqual(answer.body._serveError.message, Message.addressTooLong)
        }
        // Past Node's own header limit (16 KB): 431, in the envelope too.
        const huge = yield* raw(`${url}/${"y".repeat(20_000)}`)
        assert.strictEqual(huge.status, 431)
        assert.strictEqual(huge.body._serveError.message, Message.addressTooLong)
      })
    )

    it.effect("bare refusals get the envelope: a malformed id, an unknown API path, an unsupported body type", () =>
      Effect.gen(function* () {
        const { url } = yield* TestServer
        const { browser } = yield* newAccount("Bare")
        const badId = yield* browser.get("/get/quote-overview/not-a-number")
        assert.isTrue(badId.status >= 400 && badId.status < 500, badId.text)
        assert.isString(badId.body._serveError.message)
        const unknown = yield* raw(`${url}/get/no-such-thing`, { headers: { accept: "application/json" } })
        assert.strictEqual(unknown.status, 404)
        assert.strictEqual(unknown.body._serveError.message, Message.pageNotFound)
        const plain = yield* browser.request(
          "POST",
          "/post/contact-update/0",
          "name=Ann",
          {},
          {
            "content-type": "text/plain"
          }
        )
        assert.isTrue(plain.status === 415 || plain.status === 400, plain.text)
        assert.isString(plain.body._serveError.message)
        // A page asked for by a browser is still the app's page.
        const page = yield* raw(`${url}/quotes`, { headers: { accept: "text/html" } })
        assert.strictEqual(page.status, 200)
        assert.include(page.type, "text/html")
      })
    )
  },
  { layer: layer() }
)
