import { assert } from "@effect/vitest"
import { describeBackends } from "@quotekit/pg/TestDatabase"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { addMember, expectStatus, fileForm, server, signUp, tinyPng } from "./Harness.ts"

/** A streamed multipart body of `size` bytes of one file, generated as it is sent (never held in memory). */
const bigForm = (name: string, size: number, prefix: Uint8Array = new Uint8Array()) => {
  const boundary = "----quotekit-test-boundary"
  const head = new TextEncoder().encode(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`
  )
  const tail = new TextEncoder().encode(`\r\n--${boundary}--\r\n`)
  const chunk = new Uint8Array(1 << 20).fill(65)
  let sent = 0
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      c.enqueue(head)
      c.enqueue(prefix)
      sent = prefix.length
    },
    pull(c) {
      if (sent >= size) {
        c.enqueue(tail)
        c.close()
        return
      }
      const n = Math.min(chunk.length, size - sent)
      c.enqueue(chunk.subarray(0, n))
      sent += n
    }
  })
  return { body, contentType: `multipart/form-data; boundary=${boundary}`, length: head.length + size + tail.length }
}

describeBackends(
  "uploads over HTTP",
  (it) => {
    it.effect("uploads a file (multipart), serves it to its account only", () =>
      Effect.gen(function* () {
        const { client } = yield* signUp()
        const up = expectStatus(
          yield* client.post("/service/file-upload/file", fileForm("plans v2.pdf", "%PDF-1.4\n%fake pdf body\n")),
          200
        ).body
        assert.strictEqual(up.status, "success")
        assert.strictEqual(up.original_filename, "plans v2.pdf")
        assert.match(up.hash, /^[0-9a-f]{64}$/)
        assert.strictEqual(up.type, "pdf")
        assert.strictEqual(up.is_compatible_image, false)
        assert.strictEqual(up.url, `/files/${up.file_id}/plans%20v2.pdf`)
        const got = expectStatus(yield* client.get(up.url), 200)
        assert.strictEqual(got.text, "%PDF-1.4\n%fake pdf body\n")
        assert.strictEqual(got.headers.get("x-content-type-options"), "nosniff")
        assert.match(got.headers.get("content-disposition") ?? "", /^attachment; filename="plans v2.pdf"/)
        const other = yield* signUp("Other Ltd")
        assert.strictEqual((yield* other.client.get(up.url)).status, 404)
        assert.strictEqual((yield* client.get(`/files/${up.file_id}/other-name.pdf`)).status, 404)
      })
    )

    it.effect("an image is checked by its bytes: a PNG is one, a text file named .png is not", () =>
      Effect.gen(function* () {
        const { client, account_id } = yield* signUp()
        const logo = expectStatus(
          yield* client.post("/service/file-upload/logo", fileForm("logo.png", tinyPng)),
          200
        ).body
        assert.strictEqual(logo.is_compatible_image, true)
        assert.strictEqual(logo.type, "png")
        const settings = expectStatus(yield* client.get("/get/settings/account"), 200).body
        assert.strictEqual(settings.logo_url, logo.url)
        const shown = expectStatus(yield* client.get(logo.url), 200)
        assert.strictEqual(shown.headers.get("content-type"), "image/png")
        const fake = yield* client.post(
          "/service/file-upload/logo",
          fileForm("logo.png", "<svg onload=alert(1)></svg>")
        )
        assert.strictEqual(fake.status, 400)
        assert.strictEqual(fake.body._serveError.message, "File does not look like an image.")
        assert.strictEqual(fake.body.form_errors[0].input_id, "file")
        const avatar = yield* client.post("/service/file-upload/avatar", fileForm("me.jpg", "hello, I am only text"))
        assert.strictEqual(avatar.body._serveError.message, "File does not look like an image.")
        const image = expectStatus(
          yield* client.post("/content-images/from-drop", fileForm("pic.png", tinyPng)),
          200
        ).body
        assert.deepStrictEqual(Object.keys(image).sort(), ["file_id", "hash", "original_filename", "url"])
        const form = expectStatus(
          yield* client.post("/content-images/from-form/dir-2026", fileForm("pic.png", tinyPng)),
          200
        ).body
        assert.strictEqual(form.hash, image.hash)
        // Nothing of the refused uploads was kept.
        const sql = yield* SqlClient.SqlClient
        const rows = yield* sql<{ n: number }>`SELECT count(*)::int AS n FROM files WHERE account_id = ${account_id}`
        assert.strictEqual(rows[0]!.n, 3)
      })
    )

    it.effect("the avatar is set for the signed-in person; the logo needs an admin", () =>
      Effect.gen(function* () {
        const { client, account_id } = yield* signUp()
        const avatar = expectStatus(
          yield* client.post("/service/file-upload/avatar", fileForm("me.png", tinyPng)),
          200
        ).body
        const me = expectStatus(yield* client.get("/get/settings/personal"), 200).body
        assert.strictEqual(me.image, avatar.url)
        assert.strictEqual(me.photo_label, "Change Photo")
        const member = yield* addMember(account_id)
        const denied = yield* member.client.post("/service/file-upload/logo", fileForm("logo.png", tinyPng))
        assert.strictEqual(denied.status, 403)
        assert.strictEqual(denied.body._serveError.message, "Only an account admin can do that.")
      })
    )

    it.effect("refuses oversize files while they stream, with the spec's messages", () =>
      Effect.gen(function* () {
        const { client } = yield* signUp()
        const csv = yield* client.post("/service/file-upload/import", fileForm("big.csv", "a,b\n".repeat(2_500_001)))
        assert.strictEqual(csv.status, 400)
        assert.strictEqual(csv.body._serveError.message, "CSV file size is larger than 10MB.")
        const exactly = "a\n".repeat(5_000_000)
        assert.strictEqual(exactly.length, 10_000_000)
        const atLimit = yield* client.post("/service/file-upload/import", fileForm("ok.csv", exactly))
        assert.strictEqual(atLimit.status, 200)
        const image = bigForm("huge.png", 62_428_801)
        const tooBigImage = yield* client.request("POST", "/content-images/from-drop", image.body, {
          "content-type": image.contentType
        })
        assert.strictEqual(tooBigImage.status, 400)
        // The image check runs on the first bytes: AAAA... is refused before the size matters.
        assert.strictEqual(tooBigImage.body._serveError.message, "File does not look like an image.")
        const realImage = bigForm("huge.png", 62_428_801, tinyPng)
        const tooBigReal = yield* client.request("POST", "/service/file-upload/avatar", realImage.body, {
          "content-type": realImage.contentType
        })
        assert.strictEqual(tooBigReal.status, 400)
        assert.strictEqual(tooBigReal.body._serveError.message, "That file is too large, the limit it 60mb.")
        const general = bigForm("video.mov", 153_600_001)
        const tooBig = yield* client.request("POST", "/service/file-upload/file", general.body, {
          "content-type": general.contentType,
          "content-length": String(general.length)
        })
        assert.strictEqual(tooBig.status, 400)
        assert.strictEqual(
          tooBig.body._serveError.message,
          'File "video.mov" is too large at 150.1MB (must be < 150MB).'
        )
        const sql = yield* SqlClient.SqlClient
        const kept = yield* sql<{
          n: number
        }>`SELECT count(*)::int AS n FROM files WHERE original_filename = 'video.mov'`
        assert.strictEqual(kept[0]!.n, 0)
      })
    )

    it.effect("refuses a binary file as a CSV, an empty file and a body without a file", () =>
      Effect.gen(function* () {
        const { client } = yield* signUp()
        const binary = yield* client.post("/service/file-upload/import", fileForm("data.csv", tinyPng))
        assert.strictEqual(binary.body._serveError.message, "That file does not look like a CSV file.")
        const empty = yield* client.post("/service/file-upload/file", fileForm("empty.txt", ""))
        assert.strictEqual(empty.body._serveError.message, "That file is empty.")
        const padded = fileForm("a.txt", "hello")
        padded.set("note", "x".repeat(100_000))
        const bigField = yield* client.post("/service/file-upload/file", padded)
        assert.strictEqual(bigField.status, 400)
        const none = new FormData()
        none.set("note", "no file here")
        const missing = yield* client.post("/service/file-upload/file", none)
        assert.strictEqual(missing.status, 400)
        assert.strictEqual(missing.body._serveError.message, "Could not upload file.")
      })
    )
  },
  { layer: server }
)
