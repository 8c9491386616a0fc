/**
 * The profile photo over real HTTP on both databases: uploaded on the image limits (an image by its bytes,
 * 60 MB), shown as the member's `image` in their personal settings and in the team list of every account they
 * belong to, served to those accounts only; a new photo retires the old address, and clearing it leaves none.
 */
import { assert } from "@effect/vitest"
import { describeBackends } from "@quotekit/pg/TestDatabase"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { addMember, type Client, expectStatus, fileForm, server, signUp, tinyPng } from "../content/Harness.ts"

/** A streamed multipart body of one file of `size` bytes starting with `prefix` (never held in memory). */
const bigForm = (name: string, size: number, prefix: Uint8Array) => {
  const boundary = "----quotekit-avatar-boundary"
  const head = new TextEncoder().encode(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`
  )
  const tail = new TextEncoder().encode(`\r\n--${boundary}--\r\n`)
  const chunk = new Uint8Array(1 << 20)
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
  return { body, contentType: `multipart/form-data; boundary=${boundary}` }
}

/** The image of a member in the team list of the account a client has chosen. */
const teamImage = (client: Client, signin: number) =>
  Effect.map(client.get("/get/cache-account"), (a) => {
    const member = expectStatus(a, 200).body.signins.find((s: { signin_id: number }) => s.signin_id === signin)
    assert.isDefined(member)
    return member.image as string | null
  })

/** A second PNG (2 x 1 pixels), so a replaced photo has other bytes. */
const otherPng = Uint8Array.from(
  Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAYAAAD0In+KAAAAEUlEQVR42mP8z8DwnwEIGAEAH/4CAP8fH/gAAAAASUVORK5CYII=",
    "base64"
  )
)

describeBackends(
  "profile photo over HTTP",
  (it) => {
    it.effect("is served to every account of the member and to no other account", () =>
      Effect.gen(function* () {
        const owner = yield* signUp("Photo Owner Ltd")
        const member = yield* addMember(owner.account_id)
        const up = expectStatus(
          yield* member.client.post("/service/file-upload/avatar", fileForm("me.png", tinyPng)),
          200
        ).body
        assert.strictEqual(up.status, "success")
        assert.strictEqual(up.is_compatible_image, true)
        assert.strictEqual(up.url, `/avatars/${member.signin_id}/${up.file_id}`)

        const me = expectStatus(yield* member.client.get("/get/settings/personal"), 200).body
        assert.strictEqual(me.image, up.url)
        assert.strictEqual(me.photo_label, "Change Photo")

        // The member and a teammate see it, as an image that is never sniffed nor run.
        for (const client of [member.client, owner.client]) {
          const got = expectStatus(yield* client.get(up.url), 200)
          assert.strictEqual(got.headers.get("content-type"), "image/png")
          assert.strictEqual(got.headers.get("x-content-type-options"), "nosniff")
          assert.match(got.headers.get("content-security-policy") ?? "", /sandbox/)
          assert.strictEqual(got.text.length > 0, true)
        }
        assert.strictEqual(yield* teamImage(owner.client, member.signin_id), up.url)

        // The member's own business (their other account) shows the same photo, uploaded from the first.
        expectStatus(yield* member.client.post(`/sign-in/act-on/account-select/${member.account_id}`), 200)
        assert.strictEqual(yield* teamImage(member.client, member.signin_id), up.url)
        expectStatus(yield* member.client.get(up.url), 200)

        // Another account cannot read it, whatever it guesses; nor can someone signed out.
        const other = yield* signUp("Stranger Ltd")
        assert.strictEqual((yield* other.client.get(up.url)).status, 404)
        assert.strictEqual((yield* other.client.get(`/files/${up.file_id}/me.png`)).status, 404)
        const signedOut = yield* signUp("Soon Gone Ltd")
        yield* signedOut.client.post("/sign-in/exit")
        assert.notStrictEqual((yield* signedOut.client.get(up.url)).status, 200)
        // The owner cannot reach a file of the member's through the photo address.
        const file = expectStatus(
          yield* member.client.post("/service/file-upload/file", fileForm("private.pdf", "%PDF-1.4\nsecret\n")),
          200
        ).body
        assert.strictEqual((yield* owner.client.get(`/avatars/${member.signin_id}/${file.file_id}`)).status, 404)
      })
    )

    it.effect("refuses what is not an image or is over 60 MB, keeping the photo it had", () =>
      Effect.gen(function* () {
        const { client } = yield* signUp("Careful Ltd")
        const first = expectStatus(
          yield* client.post("/service/file-upload/avatar", fileForm("me.png", tinyPng)),
          200
        ).body
        const text = yield* client.post("/service/file-upload/avatar", fileForm("me.png", "just some text"))
        assert.strictEqual(text.status, 400)
        assert.strictEqual(text.body._serveError.message, "File does not look like an image.")
        assert.strictEqual(text.body.form_errors[0].input_id, "file")
        const pdf = yield* client.post("/service/file-upload/avatar", fileForm("me.jpg", "%PDF-1.4\n%not a photo\n"))
        assert.strictEqual(pdf.status, 400)
        assert.strictEqual(pdf.body._serveError.message, "File does not look like an image.")
        const big = bigForm("huge.png", 62_428_801, tinyPng)
        const tooBig = yield* client.request("POST", "/service/file-upload/avatar", big.body, {
          "content-type": big.contentType
        })
        assert.strictEqual(tooBig.status, 400)
        assert.strictEqual(tooBig.body._serveError.message, "That file is too large, the limit it 60mb.")
        const me = expectStatus(yield* client.get("/get/settings/personal"), 200).body
        assert.strictEqual(me.image, first.url)
        expectStatus(yield* client.get(first.url), 200)
      })
    )

    it.effect("a new photo retires the old address; clearing leaves 'Upload a Photo' and nothing to read", () =>
      Effect.gen(function* () {
        const owner = yield* signUp("Changing Ltd")
        const member = yield* addMember(owner.account_id)
        const first = expectStatus(
          yield* member.client.post("/service/file-upload/avatar", fileForm("a.png", tinyPng)),
          200
        ).body
        const second = expectStatus(
          yield* member.client.post("/service/file-upload/avatar", fileForm("b.png", otherPng)),
          200
        ).body
        assert.notStrictEqual(second.url, first.url)
        assert.strictEqual((yield* owner.client.get(first.url)).status, 404)
        expectStatus(yield* owner.client.get(second.url), 200)
        assert.strictEqual(yield* teamImage(owner.client, member.signin_id), second.url)

        const me = expectStatus(yield* member.client.get("/get/settings/personal"), 200).body
        const cleared = expectStatus(
          yield* member.client.post("/post/settings/personal", {
            name_first: me.name_first,
            name_last: me.name_last,
            email: me.email,
            profile_phone: me.profile_phone,
            profile_title: me.profile_title,
            signin_tz: me.signin_tz,
            clear_image: true
          }),
          200
        ).body
        assert.strictEqual(cleared.image, null)
        assert.strictEqual(cleared.photo_label, "Upload a Photo")
        assert.strictEqual((yield* owner.client.get(second.url)).status, 404)
        assert.strictEqual(yield* teamImage(owner.client, member.signin_id), null)
        // Only the member's own row changed.
        const sql = yield* SqlClient.SqlClient
        const owners = yield* sql<{
          image: string | null
        }>`SELECT image FROM signins WHERE signin_id = ${owner.signin_id}`
        assert.strictEqual(owners[0]!.image, null)
      })
    )
  },
  { layer: server, timeout: 120_000 }
)
