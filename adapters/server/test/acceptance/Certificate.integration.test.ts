import { assert } from "@effect/vitest"
import * as Signature from "@quotekit/core/Signature"
import { describeBackends } from "@quotekit/pg/TestDatabase"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { extractText, getDocumentProxy } from "unpdf"
import { acceptBody, choicesOf, open, sentQuote } from "../customer/Fixtures.ts"
import { browser, layer, TestServer } from "../Harness.ts"

const textOf = (bytes: Uint8Array) =>
  Effect.promise(
    async () => (await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true })).text
  )

const drawn = Signature.encode([
  Array.from({ length: 30 }, (_, i) => ({ x: 40 + i * 12, y: 120 + Math.round(30 * Math.sin(i / 3)), time: i * 16 }))
])

const upload = (bytes: Uint8Array) =>
  Effect.gen(function* () {
    const form = new FormData()
    form.append("file", new Blob([new Uint8Array(bytes)], { type: "application/pdf" }), "certificate.pdf")
    return yield* (yield* browser).request("POST", "/verify", form, {}, { accept: "text/html" })
  })

describeBackends(
  "acceptance certificates",
  (it) => {
    it.effect("an accepted quote's PDF ends with its certificate, the same bytes every time, and verifies", () =>
      Effect.gen(function* () {
        const q = yield* sentQuote("Certified")
        const data = (yield* open(q.customer, q.token!)).body
        const accepted = yield* q.customer.post(
          `/api/q/${q.token}/accept`,
          acceptBody(choicesOf(data), { sign: drawn, method: "draw" })
        )
        assert.strictEqual(accepted.status, 200, accepted.text)
        const hash = accepted.body.content_hash as string

        const team = yield* q.browser.get(`/get/quote-pdf/${q.quoteId}`)
        assert.strictEqual(team.status, 200)
        assert.strictEqual(team.headers.get("content-type"), "application/pdf")
        const text = yield* textOf(team.bytes)
        for (const expected of ["Acceptance certificate", "Grace Hopper", "Drawn on screen", hash, "Certified kitchen"])
          assert.include(text.replace(/\s+/g, " "), expected)
        assert.include(text, "Not chosen: Extended warranty, Walnut finish")
        // The same bytes for the team again and for the customer.
        const again = yield* q.browser.get(`/get/quote-pdf/${q.quoteId}`)
        const customers = yield* q.customer.get(`/q/${q.token}/pdf`)
        assert.deepStrictEqual(again.bytes, team.bytes)
        assert.deepStrictEqual(customers.bytes, team.bytes)

        const byHash = yield* (yield* browser).request("GET", `/verify/${hash}`, undefined, {}, { accept: "text/html" })
        assert.strictEqual(byHash.status, 200)
        assert.include(byHash.text, "This certificate matches the acceptance record.")
        assert.include(byHash.text, "Certified kitchen")
        const unknown = yield* (yield* browser).request("GET", `/verify/${"0".repeat(64)}`, undefined, {}, {})
        assert.strictEqual(unknown.status, 404)

        const exact = yield* upload(team.bytes)
        assert.strictEqual(exact.status, 200, exact.text)
        assert.include(exact.text, "The PDF is exactly the one issued.")
        // The customer is emailed that very PDF.
        const server = yield* TestServer
        yield* server.advance(10 * 60_000)
        let mail = server.outbox.find((m) => m.attachments !== undefined)
        for (let i = 0; i < 100 && mail === undefined; i++) {
          yield* Effect.sleep("50 millis")
          mail = server.outbox.find((m) => m.attachments !== undefined)
        }
        assert.isDefined(mail, "the accepted quote is emailed")
        assert.strictEqual(mail?.subject, "Your accepted quote: Certified kitchen")
        assert.deepStrictEqual(mail?.attachments?.[0]?.content, team.bytes)

        const changed = new Uint8Array(team.bytes)
        const middle = Math.floor(changed.length / 2)
        changed[middle] = (changed[middle] ?? 0) ^ 1
        const forged = yield* upload(changed)
        assert.strictEqual(forged.status, 404)
        assert.include(forged.text, "it may have been changed")
      })
    )

    it.effect("a record changed after acceptance no longer matches its hash", () =>
      Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        const q = yield* sentQuote("Tampered")
        const data = (yield* open(q.customer, q.token!)).body
        const accepted = yield* q.customer.post(`/api/q/${q.token}/accept`, acceptBody(choicesOf(data)))
        const hash = accepted.body.content_hash as string
        // Someone with the database's owner rights goes around the audit log's guard.
        yield* sql.withTransaction(
          Effect.gen(function* () {
            yield* sql`ALTER TABLE audit_log DISABLE TRIGGER USER`
            yield* sql`
              UPDATE audit_log SET data = jsonb_set(data, '{content,title}', '"A cheaper kitchen"')
              WHERE subject_id = ${q.quoteId} AND action = 'quote.customerAccept'`
            yield* sql`ALTER TABLE audit_log ENABLE TRIGGER USER`
          })
        )
        const page = yield* (yield* browser).request("GET", `/verify/${hash}`, undefined, {}, { accept: "text/html" })
        assert.strictEqual(page.status, 409)
        assert.include(page.text, "does not match its hash")
      })
    )
  },
  { layer: layer() }
)
