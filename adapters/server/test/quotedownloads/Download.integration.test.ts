/**
 * The quotes download over real HTTP on both databases: the chosen quotes as a CSV in the order chosen, or as a
 * ZIP of their PDFs; another account's quote, an empty, malformed or too long list are refused with
 * a 400 naming the problem.
 */
import { inflateRawSync } from "node:zlib"
import { assert } from "@effect/vitest"
import { describeBackends } from "@quotekit/pg/TestDatabase"
import { Effect } from "effect"
import * as Zip from "../../src/quotedownloads/Zip.ts"
import { type Client, expectStatus, server, signUp } from "../content/Harness.ts"
import { row, saveBody } from "../quotes/Fixtures.ts"

/** A new quote of the account, saved (and sent when asked). */
const newQuote = (client: Client, signinId: number, title: string, price: string, sent = true) =>
  Effect.gen(function* () {
    const saved = expectStatus(
      yield* client.post(
        "/post/quote-update/edit/new/is-editing",
        saveBody(signinId, {
          quote: { title },
          items: [
            row(-1, 1, 0, { item_title: "Work", price_unit: price }),
            row(-2, 4, 1),
            row(-3, 2, 2, { item_title: "Terms", item_body: "Payment within 14 days." })
          ]
        })
      ),
      200
    ).body
    if (sent) expectStatus(yield* client.post("/post/quote-mark-sent", { quote_id: saved.quote_id }), 200)
    return saved.quote_id as number
  })

/** The files of a stored ZIP, read back by its central directory. */
const unzip = (bytes: Uint8Array) => {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const end = bytes.length - 22
  assert.strictEqual(view.getUint32(end, true), 0x06054b50)
  const count = view.getUint16(end + 10, true)
  let at = view.getUint32(end + 16, true)
  const files: Array<{ name: string; bytes: Uint8Array }> = []
  for (let i = 0; i < count; i++) {
    assert.strictEqual(view.getUint32(at, true), 0x02014b50)
    const method = view.getUint16(at + 10, true)
    const size = view.getUint32(at + 20, true)
    const nameLength = view.getUint16(at + 28, true)
    const offset = view.getUint32(at + 42, true)
    const name = new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLength))
    const dataAt = offset + 30 + view.getUint16(offset + 26, true) + view.getUint16(offset + 28, true)
    const data = bytes.subarray(dataAt, dataAt + size)
    files.push({ name, bytes: method === 0 ? data : inflateRawSync(data) })
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true)
  }
  return files
}

describeBackends(
  "quotes download over HTTP",
  (it) => {
    it.effect("the chosen quotes as a CSV, in the order chosen", () =>
      Effect.gen(function* () {
        const { client, signin_id } = yield* signUp("Download Works Ltd")
        const a = yield* newQuote(client, signin_id, 'Kitchen, "oak" finish', "1200")
        const b = yield* newQuote(client, signin_id, "Bathroom", "800.5", false)
        const got = expectStatus(yield* client.get(`/get/quotes-download?format=csv&ids=${b},${a}`), 200)
        assert.strictEqual(got.headers.get("content-type"), "text/csv; charset=utf-8")
        assert.match(got.headers.get("content-disposition") ?? "", /^attachment; filename="quotes.csv"/)
        const lines = got.text
          .replace(/^\uFEFF/, "")
          .trim()
          .split(/\r?\n/)
        assert.strictEqual(lines[0], "number,title,customer,status,total,currency,author,sent,expires,modified")
        assert.strictEqual(lines.length, 3)
        assert.match(lines[1]!, /^\d*,Bathroom,,Draft,800\.50,USD,Ada Owner,,/)
        assert.match(lines[2]!, /^\d+,"Kitchen, ""oak"" finish",,Sent,1200\.00,USD,Ada Owner,\d{4}-\d{2}-\d{2},/)
      })
    )

    it.effect("the chosen quotes' PDFs in one ZIP, as each quote page gives them", () =>
      Effect.gen(function* () {
        const { client, signin_id } = yield* signUp("Bundle Works Ltd")
        const a = yield* newQuote(client, signin_id, "Deck", "500")
        const b = yield* newQuote(client, signin_id, "Deck", "650")
        const got = expectStatus(yield* client.get(`/get/quotes-download?format=pdf&ids=${a},${b}`), 200)
        assert.strictEqual(got.headers.get("content-type"), "application/zip")
        assert.match(got.headers.get("content-disposition") ?? "", /filename="quotes.zip"/)
        const res = yield* Effect.promise(() =>
          fetch(`${client.base}/get/quotes-download?format=pdf&ids=${a},${b}`, {
            headers: { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ") }
          }).then((r) => r.arrayBuffer())
        )
        const files = unzip(new Uint8Array(res))
        assert.strictEqual(files.length, 2)
        assert.match(files[0]!.name, /^quote-\d+-Deck\.pdf$/)
        assert.notStrictEqual(files[0]!.name, files[1]!.name)
        for (const f of files) assert.strictEqual(new TextDecoder().decode(f.bytes.subarray(0, 5)), "%PDF-")
      })
    )

    it.effect("refuses another account's quote, and empty, malformed or too long lists", () =>
      Effect.gen(function* () {
        const owner = yield* signUp("Owner Ltd")
        const mine = yield* newQuote(owner.client, owner.signin_id, "Mine", "10")
        const other = yield* signUp("Other Ltd")
        const theirs = yield* newQuote(other.client, other.signin_id, "Theirs", "20")
        const refused = (path: string, message: string) =>
          Effect.gen(function* () {
            const r = yield* owner.client.get(path)
            assert.strictEqual(r.status, 400, path)
            assert.strictEqual(r.body._serveError.message, message)
          })
        yield* refused(
          `/get/quotes-download?format=csv&ids=${mine},${theirs}`,
          "One of the chosen quotes no longer exists. Refresh the list and choose again."
        )
        yield* refused(
          `/get/quotes-download?format=pdf&ids=${theirs}`,
          "One of the chosen quotes no longer exists. Refresh the list and choose again."
        )
        yield* refused("/get/quotes-download?format=csv&ids=", "Choose at least one quote to download.")
        yield* refused(
          "/get/quotes-download?format=csv&ids=1,x",
          "The quotes to download are not a list of quote numbers."
        )
        yield* refused(
          "/get/quotes-download?format=csv&ids=-4",
          "The quotes to download are not a list of quote numbers."
        )
        const many = Array.from({ length: 26 }, (_, i) => mine + i).join(",")
        yield* refused(`/get/quotes-download?format=pdf&ids=${many}`, "Choose at most 25 quotes for this download.")
        const bad = yield* owner.client.get(`/get/quotes-download?format=xls&ids=${mine}`)
        assert.strictEqual(bad.status, 400)
        // Repeated ids count once.
        const once = expectStatus(yield* owner.client.get(`/get/quotes-download?format=csv&ids=${mine},${mine}`), 200)
        assert.strictEqual(once.text.trim().split(/\r?\n/).length, 2)
        // Signed out: nothing.
        const stranger = yield* signUp("Leaving Ltd")
        yield* stranger.client.post("/sign-in/exit")
        assert.notStrictEqual((yield* stranger.client.get(`/get/quotes-download?format=csv&ids=${mine}`)).status, 200)
      })
    )

    it("ZIP names are made unique", () => {
      assert.deepStrictEqual(Zip.uniqueNames(["a.pdf", "A.pdf", "a.pdf", "b"]), [
        "a.pdf",
        "A (2).pdf",
        "a (3).pdf",
        "b"
      ])
    })
  },
  { layer: server, timeout: 120_000 }
)
