import { assert } from "@effect/vitest"
import { CSRF_COOKIE } from "@quotekit/core/api/Security"
import * as Message from "@quotekit/core/Message"
import * as Push from "@quotekit/core/Push"
import * as Signature from "@quotekit/core/Signature"
import { describeBackends } from "@quotekit/pg/TestDatabase"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { browser, layer } from "../Harness.ts"
import { event, is, open as openSocket } from "../push/Socket.ts"
import { acceptBody, choicesOf, open, sentQuote } from "./Fixtures.ts"

/** The phone page's inline data, read back from its HTML. */
const dataOf = (html: string): unknown => {
  const json = /<script type="application\/json" id="qk-data">(.*?)<\/script>/s.exec(html)?.[1]
  return json === undefined ? undefined : JSON.parse(json)
}

describeBackends(
  "the phone signing page",
  (it) => {
    it.effect("a live room's page names the business and the quote and carries the room for the script", () =>
      Effect.gen(function* () {
        const q = yield* sentQuote("Phoned")
        const data = (yield* open(q.customer, q.token!)).body
        // The phone is another browser: it holds nothing but the address in the QR code.
        const phone = yield* browser
        const page = yield* phone.request("GET", `/sign/${data.room}`, undefined, {}, { accept: "text/html" })
        assert.strictEqual(page.status, 200)
        assert.strictEqual(page.headers.get("content-type"), "text/html; charset=utf-8")
        assert.strictEqual(page.headers.get("cache-control"), "no-store")
        assert.strictEqual(page.headers.get("x-frame-options"), "DENY")
        // A phone that opens the page with no cookie at all is given the anti-forgery cookie the real-time client's
        // fallback posts with, should its websocket not open.
        const bare = yield* Effect.promise(() => fetch(`${phone.base}/sign/${data.room}`))
        assert.strictEqual(bare.status, 200)
        assert.isTrue(bare.headers.getSetCookie().some((c) => c.startsWith(`${CSRF_COOKIE}=`)))
        assert.include(page.text, "<title>Phoned kitchen · Phoned Ltd</title>")
        assert.include(page.text, '<span class="qk-account">Phoned Ltd</span>')
        assert.include(page.text, '<h1 class="qk-title">Phoned kitchen</h1>')
        assert.include(page.text, Message.signOnDeviceHint)
        assert.deepStrictEqual(dataOf(page.text), { room: data.room, quoteId: q.quoteId })
        // Nothing of the quote's content beyond its title, and nothing of the customer link.
        assert.notInclude(page.text, "Walnut finish")
        assert.notInclude(page.text, q.token!)
      })
    )

    it.effect("an unknown or malformed room is 'This signing link is not valid.' (404)", () =>
      Effect.gen(function* () {
        const q = yield* sentQuote("Nowhere")
        const data = (yield* open(q.customer, q.token!)).body
        const [account, contact, code] = data.room.split("/")
        const phone = yield* browser
        for (const path of [
          `/sign/${account}/${contact}/${"0".repeat(32)}`,
          `/sign/${account}/${Number(contact) + 1}/${code}`,
          `/sign/${account}/${contact}/${code.toUpperCase()}`,
          `/sign/${account}/${contact}/not-a-code`
        ]) {
          const page = yield* phone.request("GET", path, undefined, {}, { accept: "text/html" })
          assert.strictEqual(page.status, 404, path)
          assert.include(page.text, Message.signLinkNotValid, path)
          assert.isUndefined(dataOf(page.text), path)
          assert.notInclude(page.text, "Nowhere", path)
        }
      })
    )

    it.effect("an expired room's page says it expired, and gives the script no room", () =>
      Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        const q = yield* sentQuote("Lapsed")
        const data = (yield* open(q.customer, q.token!)).body
        yield* sql`UPDATE signing_rooms SET expires_at = now() - interval '1 minute' WHERE code = ${data.room.split("/")[2]}`
        const page = yield* (yield* browser).request(
          "GET",
          `/sign/${data.room}`,
          undefined,
          {},
          { accept: "text/html" }
        )
        assert.strictEqual(page.status, 200)
        assert.include(page.text, Push.refusals.signLinkExpired)
        assert.include(page.text, "Lapsed kitchen")
        assert.isUndefined(dataOf(page.text))
        assert.notInclude(page.text, Message.signOnDeviceHint)
      })
    )

    it.effect("once the quote is accepted with the phone's drawing, the page says it has been answered", () =>
      Effect.gen(function* () {
        const q = yield* sentQuote("Answered")
        const data = (yield* open(q.customer, q.token!)).body
        const room = Push.signRoom(data.room)
        const phone = yield* openSocket(q.customer, { origin: null })
        phone.send({ type: "join", room })
        yield* phone.next(is("joined", room))
        const drawing = Signature.encode([
          [
            { x: 40, y: 60, time: 0 },
            { x: 120, y: 90, time: 16 },
            { x: 220, y: 70, time: 32 }
          ]
        ])
        const desktop = yield* openSocket(q.customer)
        desktop.send({ type: "join", room })
        yield* desktop.next(is("joined", room))
        phone.send({ type: "updateData", room, event: "sig-update", data: { quoteId: q.quoteId, value: drawing } })
        yield* desktop.next(event("sig-update", (p) => p.value === drawing))
        const accepted = yield* q.customer.post(
          `/api/q/${q.token}/accept`,
          acceptBody(choicesOf(data), { sign: drawing, method: "draw" })
        )
        assert.strictEqual(accepted.status, 200, accepted.text)
        const page = yield* (yield* browser).request(
          "GET",
          `/sign/${data.room}`,
          undefined,
          {},
          { accept: "text/html" }
        )
        assert.strictEqual(page.status, 200)
        assert.include(page.text, Push.refusals.signLinkUsed)
        assert.isUndefined(dataOf(page.text))
        phone.close()
        desktop.close()
      })
    )

    it.effect("a customer's quote-view room starts with the quote's edit sequence and status", () =>
      Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        const q = yield* sentQuote("Sequenced")
        const [row] = yield* sql<{ edit_seq: number }>`SELECT edit_seq FROM quotes WHERE quote_id = ${q.quoteId}`
        const socket = yield* openSocket(q.customer)
        socket.send({ type: "join", room: Push.quoteViewRoom(), token: q.token })
        const joined = yield* socket.next(is("joined", "quote-view"))
        const state = joined.state as { edit_seq: number; status: string }
        assert.strictEqual(state.edit_seq, row?.edit_seq)
        assert.strictEqual(state.status, "sent")
        socket.close()
      })
    )
  },
  { layer: layer(), timeout: 60_000 }
)
