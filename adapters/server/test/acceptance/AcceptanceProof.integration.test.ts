import { assert } from "@effect/vitest"
import { describeBackends } from "@quotekit/pg/TestDatabase"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { extractText, getDocumentProxy } from "unpdf"
import { fileForm } from "../content/Harness.ts"
import { sentQuote } from "../customer/Fixtures.ts"
import { browser, layer } from "../Harness.ts"

const textOf = (bytes: Uint8Array) =>
  Effect.promise(async () =>
    (await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true })).text.replace(/\s+/g, " ")
  )

const acceptOnBehalf = (q: Effect.Success<ReturnType<typeof sentQuote>>, body?: unknown) =>
  q.browser.post(`/post/quote-accept-on-behalf/${q.quoteId}`, body)

const latestHistory = (q: Effect.Success<ReturnType<typeof sentQuote>>) =>
  Effect.map(q.browser.get(`/get/history/quote/${q.quoteId}`), (r) => r.body.rows[0] as { html_summary: string })

describeBackends(
  "offline acceptance with proof",
  (it) => {
    it.effect("a purchase order is kept with the acceptance, in All Activity, on the certificate and its check", () =>
      Effect.gen(function* () {
        const q = yield* sentQuote("Ordered")
        const accepted = yield* acceptOnBehalf(q, {
          proof: { how: "purchase-order", reference: "  PO-1234 ", note: "Came by fax." }
        })
        assert.strictEqual(accepted.status, 200, accepted.text)

        const history = yield* latestHistory(q)
        assert.include(history.html_summary, "The customer accepted by purchase order PO-1234. Note: Came by fax.")

        const sql = yield* SqlClient.SqlClient
        const [row] = yield* sql<{ proof: unknown; content_hash: string; data: unknown }>`
          SELECT a.proof, a.content_hash, l.data FROM acceptances a
          JOIN audit_log l ON l.subject_table = 'quote' AND l.subject_id = a.quote_id AND l.action = 'quote.acceptOnBehalf'
          WHERE a.quote_id = ${q.quoteId}`
        const proof = typeof row?.proof === "string" ? JSON.parse(row.proof) : row?.proof
        assert.deepStrictEqual(proof, { how: "purchase-order", reference: "PO-1234", note: "Came by fax." })
        const data = (typeof row?.data === "string" ? JSON.parse(row.data) : row?.data) as { proof: unknown }
        assert.deepStrictEqual(data.proof, proof, "the audit entry keeps the proof")

        const pdf = yield* q.browser.get(`/get/quote-pdf/${q.quoteId}`)
        assert.strictEqual(pdf.status, 200)
        const text = yield* textOf(pdf.bytes)
        for (const expected of [
          "Acceptance certificate",
          "recorded that the customer accepted this quote",
          "Accepted by Grace Hopper",
          "on the customer's behalf",
          "Customer accepted Purchase order",
          "PO-1234",
          "Came by fax.",
          row?.content_hash ?? "-"
        ])
          assert.include(text, expected)

        const check = yield* (yield* browser).request(
          "GET",
          `/verify/${row?.content_hash}`,
          undefined,
          {},
          {
            accept: "text/html"
          }
        )
        assert.strictEqual(check.status, 200, check.text)
        assert.include(check.text, "This certificate matches the acceptance record.")
        assert.include(check.text, "<dt>Purchase order</dt><dd>PO-1234</dd>")
        assert.include(check.text, "<dd>Grace Hopper</dd>")
      })
    )

    it.effect("without a body the acceptance is recorded without proof, as before", () =>
      Effect.gen(function* () {
        const q = yield* sentQuote("Plain")
        const accepted = yield* acceptOnBehalf(q)
        assert.strictEqual(accepted.status, 200, accepted.text)
        const history = yield* latestHistory(q)
        assert.notInclude(history.html_summary, "The customer accepted by")
        const text = yield* textOf((yield* q.browser.get(`/get/quote-pdf/${q.quoteId}`)).bytes)
        assert.include(text, "on the customer's behalf")
      })
    )

    it.effect("a signed document must be an upload of the same account, and is kept with its file", () =>
      Effect.gen(function* () {
        const q = yield* sentQuote("Signed")
        const other = yield* sentQuote("Elsewhere")
        const theirs = (yield* other.browser.post(
          "/service/file-upload/file",
          fileForm("theirs.pdf", "%PDF-1.4\n% another account's file\n")
        )).body
        const refused = yield* acceptOnBehalf(q, {
          proof: { how: "signed-document", reference: "", note: "", document: { hash: theirs.hash, name: "x.pdf" } }
        })
        assert.strictEqual(refused.status, 400, refused.text)
        assert.strictEqual(refused.body._serveError.message, "The document was not found. Upload it again.")

        const mine = (yield* q.browser.post(
          "/service/file-upload/file",
          fileForm("signed quote.pdf", "%PDF-1.4\n% the customer's signed copy\n")
        )).body
        const accepted = yield* acceptOnBehalf(q, {
          proof: {
            how: "signed-document",
            reference: "",
            note: "",
            document: { hash: mine.hash, name: "signed quote.pdf" }
          }
        })
        assert.strictEqual(accepted.status, 200, accepted.text)
        const history = yield* latestHistory(q)
        assert.include(history.html_summary, "The customer accepted by signed document (signed quote.pdf).")
        const sql = yield* SqlClient.SqlClient
        const [row] = yield* sql<{ proof: unknown }>`SELECT proof FROM acceptances WHERE quote_id = ${q.quoteId}`
        const proof = (typeof row?.proof === "string" ? JSON.parse(row.proof) : row?.proof) as {
          document: { file_id: number }
        }
        assert.strictEqual(proof.document.file_id, mine.file_id)
        const text = yield* textOf((yield* q.browser.get(`/get/quote-pdf/${q.quoteId}`)).bytes)
        assert.include(text, "Document signed quote.pdf (kept with the acceptance)")
      })
    )

    it.effect("an incomplete proof is refused with the field's message and records nothing", () =>
      Effect.gen(function* () {
        const q = yield* sentQuote("Refused")
        const cases: ReadonlyArray<readonly [unknown, number, string | undefined]> = [
          [{ how: "purchase-order", reference: "   ", note: "" }, 400, "Enter the purchase order number."],
          [{ how: "signed-document", reference: "", note: "" }, 400, "Attach the signed document."],
          [{ how: "purchase-order", reference: "x".repeat(101), note: "" }, 400, undefined],
          [{ how: "carrier-pigeon", reference: "", note: "" }, 400, undefined]
        ]
        for (const [proof, status, message] of cases) {
          const answer = yield* acceptOnBehalf(q, { proof })
          assert.strictEqual(answer.status, status, answer.text)
          if (message !== undefined) assert.strictEqual(answer.body._serveError.message, message)
        }
        const sql = yield* SqlClient.SqlClient
        const rows = yield* sql`SELECT 1 FROM acceptances WHERE quote_id = ${q.quoteId}`
        assert.strictEqual(rows.length, 0)
      })
    )
  },
  { layer: layer() }
)
