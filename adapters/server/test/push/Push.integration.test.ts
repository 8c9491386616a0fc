import { assert } from "@effect/vitest"
import * as Push from "@quotekit/core/Push"
import * as Signature from "@quotekit/core/Signature"
import { describeBackends } from "@quotekit/pg/TestDatabase"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { errors } from "../../../push/src/Gateway.ts"
import { acceptBody, choicesOf, open as openQuote, sentQuote } from "../customer/Fixtures.ts"
import { layer, newAccount } from "../Harness.ts"
import { event, is, open } from "./Socket.ts"

/** A drawn signature in the wire format: `points` points on one stroke. */
const drawing = (points: number) =>
  Signature.encode([
    Array.from({ length: points }, (_, i) => ({ x: 20 + (i % 560), y: 30 + ((i * 7) % 200), time: i * 10 }))
  ])

describeBackends(
  "the real-time channel",
  (it) => {
    it.effect("a member's account room hears a customer's acceptance; another account's member hears nothing", () =>
      Effect.gen(function* () {
        const q = yield* sentQuote("Heard")
        const other = yield* newAccount("Elsewhere")
        const team = yield* open(q.browser)
        const stranger = yield* open(other.browser)
        team.send({ type: "join", room: "account" })
        stranger.send({ type: "join", room: "account" })
        const joined = yield* team.next(is("joined", "account"))
        assert.deepStrictEqual((joined.state as { live: unknown }).live, [])
        yield* stranger.next(is("joined", "account"))

        const data = (yield* openQuote(q.customer, q.token!)).body
        const accepted = yield* q.customer.post(`/api/q/${q.token}/accept`, acceptBody(choicesOf(data)))
        assert.strictEqual(accepted.status, 200, accepted.text)
        const changed = yield* team.next(
          event("quote-changed", (p) => p.quote_id === q.quoteId && p.what === "quote.customerAccept")
        )
        assert.strictEqual((changed.payload as { status: string }).status, "accepted")
        assert.strictEqual((changed.payload as { by: string }).by, "customer")
        yield* team.next(event("history", (p) => p.quote_id === q.quoteId))
        assert.isFalse(yield* stranger.arrives((m) => m.type === "event", 300))
        team.close()
        stranger.close()
      })
    )

    it.effect("joins are authorised per room, refused joins are answered, and the connection stays usable", () =>
      Effect.gen(function* () {
        const q = yield* sentQuote("Doors")
        const other = yield* sentQuote("Neighbour")
        const customer = yield* open(q.customer)
        customer.send({ type: "join", room: "account" })
        assert.strictEqual((yield* customer.next(is("refused", "account"))).reason, Push.refusals.signInFirst)
        customer.send({ type: "join", room: `quote-view:${q.quoteId}` })
        assert.strictEqual((yield* customer.next(is("refused"))).reason, Push.refusals.signInFirst)
        customer.send({ type: "join", room: "quote-view", token: `${other.token!.slice(0, -2)}xx` })
        assert.strictEqual((yield* customer.next(is("refused", "quote-view"))).reason, Push.refusals.notYours)
        customer.send({ type: "join", room: "quote-view", token: q.token })
        yield* customer.next(is("joined", "quote-view"))
        customer.send({ type: "join", room: "sign:1/2/00000000000000000000000000000000" })
        assert.strictEqual((yield* customer.next(is("refused"))).reason, Push.refusals.unknownRoom)
        customer.send({ type: "join", room: "something-else" })
        assert.strictEqual((yield* customer.next(is("refused", "something-else"))).reason, Push.refusals.unknownRoom)

        // A member of one account cannot enter another account's quote.
        const member = yield* open(q.browser)
        member.send({ type: "join", room: `quote-view:${other.quoteId}` })
        assert.strictEqual((yield* member.next(is("refused"))).reason, Push.refusals.notYours)
        member.send({ type: "join", room: `quote-view:${q.quoteId}` })
        yield* member.next(is("joined", `quote-view:${q.quoteId}`))

        // Unreadable, oversized and unknown messages are answered; the connection and the server carry on.
        customer.sendText("not json")
        assert.strictEqual((yield* customer.next(is("error"))).message, errors.unreadable)
        customer.send({ type: "join", room: "x".repeat(Push.MAX_MESSAGE_BYTES + 10) })
        assert.strictEqual((yield* customer.next(is("error"))).message, errors.tooLarge)
        customer.send({ type: "teleport" })
        assert.strictEqual((yield* customer.next(is("error"))).message, errors.unreadable)
        customer.send({ type: "updateData", room: "quote-view", event: "sig-changed", data: { quoteId: q.quoteId } })
        assert.strictEqual((yield* customer.next(is("error"))).message, errors.noUpdates)
        customer.send({ type: "ping" })
        yield* customer.next(is("pong"))
        customer.close()
        member.close()
      })
    )

    it.effect("a websocket from another site is refused before it opens", () =>
      Effect.gen(function* () {
        const team = yield* newAccount("Hijack")
        const refused = yield* Effect.flip(open(team.browser, { origin: "https://evil.example" }))
        assert.include(refused.message, "403")
        const fine = yield* open(team.browser, { origin: null })
        fine.close()
      })
    )

    it.effect("a reconnect with its cursor gets exactly the events it missed, in order, once", () =>
      Effect.gen(function* () {
        const q = yield* sentQuote("Missed")
        const first = yield* open(q.browser)
        const witness = yield* open(q.browser)
        first.send({ type: "join", room: "account" })
        witness.send({ type: "join", room: "account" })
        yield* first.next(is("joined", "account"))
        yield* witness.next(is("joined", "account"))
        const note = (text: string) =>
          q.customer.post(`/api/q/${q.token}/discuss-update`, { discuss_body: text, files: [] })
        yield* note("one")
        const seen = yield* first.next(event("quote-changed", (p) => p.quote_id === q.quoteId))
        yield* first.next(event("history", (p) => p.quote_id === q.quoteId))
        first.close()
        yield* first.closed

        // Three more changes while away.
        for (const title of ["two", "three", "four"]) yield* note(title)
        const second = yield* open(q.browser)
        // The client continues from the cursor it was given on joining: everything after it comes again, in order.
        const joinedFirst = first.received.find(is("joined", "account"))!
        second.send({ type: "join", room: "account", cursor: joinedFirst.cursor })
        yield* second.next(is("joined", "account"))
        yield* Effect.sleep("300 millis")
        const replayed = second.received
          .filter((m) => m.type === "event")
          .map((m) => m as { id: string; topic: string })
        const ids = replayed.map((m) => m.id)
        assert.strictEqual(new Set(ids).size, ids.length, "each event once")
        // Every event since the join (the first question's notification and change included), in the order a
        // connection that never left saw them.
        const witnessed = witness.received.filter((m) => m.type === "event").map((m) => (m as { id: string }).id)
        assert.strictEqual(ids[0], witnessed[0], "replay starts right after the cursor")
        assert.include(ids, seen.id)
        assert.deepStrictEqual(
          replayed.filter((m) => m.topic === "quote-changed").length,
          4,
          "the four questions' changes, none twice"
        )
        assert.deepStrictEqual(ids, witnessed)
        // An event's own cursor continues right after it.
        const third = yield* open(q.browser)
        third.send({ type: "join", room: "account", cursor: (replayed.at(-2) as { cursor?: string }).cursor })
        yield* third.next(is("joined", "account"))
        yield* Effect.sleep("200 millis")
        assert.deepStrictEqual(
          third.received.filter((m) => m.type === "event").map((m) => (m as { id: string }).id),
          ids.slice(-1)
        )
        for (const s of [second, witness, third]) s.close()
      })
    )

    it.effect("the polling fallback answers the same events since a cursor, and refuses what a socket would", () =>
      Effect.gen(function* () {
        const q = yield* sentQuote("Polled")
        const first = yield* q.browser.post("/post/socket/fallback", {
          rooms: [{ room: "account" }, { room: "quote-view", token: "nope".repeat(12) }]
        })
        assert.strictEqual(first.status, 200, first.text)
        assert.strictEqual(first.body.rooms[0].status, "joined")
        assert.deepStrictEqual(first.body.rooms[0].state, { live: [] })
        assert.strictEqual(first.body.rooms[1].status, "refused")
        assert.strictEqual(first.body.rooms[1].reason, Push.refusals.notYours)
        const cursor = first.body.rooms[0].cursor as string

        const data = (yield* openQuote(q.customer, q.token!)).body
        yield* q.customer.post(`/api/q/${q.token}/accept`, acceptBody(choicesOf(data)))
        const poll = () => q.browser.post("/post/socket/fallback", { rooms: [{ room: "account", cursor }] })
        let second = yield* poll()
        for (
          let i = 0;
          i < 20 && !second.body.events.some((e: { topic: string }) => e.topic === "quote-changed");
          i++
        ) {
          yield* Effect.sleep("50 millis")
          second = yield* poll()
        }
        const topics = second.body.events.map((e: { topic: string; payload: { what?: string } }) => e.topic)
        assert.include(topics, "quote-changed")
        assert.include(topics, "history")
        const next = yield* q.browser.post("/post/socket/fallback", {
          rooms: [{ room: "account", cursor: second.body.rooms[0].cursor }]
        })
        assert.deepStrictEqual(
          next.body.events.filter((e: { topic: string }) => e.topic !== "live-quote"),
          [],
          "nothing twice"
        )
        // A poll with no anti-forgery token is refused like any other cookie request.
        const forged = yield* q.browser.post("/post/socket/fallback", { rooms: [] }, { csrfHeader: "missing" })
        assert.strictEqual(forged.status, 403)
      })
    )

    it.effect("live viewing: the account hears who is on a quote, and when they leave", () =>
      Effect.gen(function* () {
        const q = yield* sentQuote("Live")
        const team = yield* open(q.browser)
        team.send({ type: "join", room: "account" })
        yield* team.next(is("joined", "account"))
        const customer = yield* open(q.customer)
        customer.send({ type: "join", room: "quote-view", token: q.token })
        const joined = yield* customer.next(is("joined", "quote-view"))
        assert.strictEqual((joined.state as { viewers: Array<{ name: string }> }).viewers[0]?.name, "Grace Hopper")
        const on = yield* team.next(
          event("live-quote", (p) => p.quote_id === q.quoteId && (p.viewers as Array<unknown>).length === 1)
        )
        const viewer = (on.payload as { viewers: Array<{ kind: string; name: string; since: number }> }).viewers[0]!
        assert.strictEqual(viewer.kind, "customer")
        assert.strictEqual(viewer.name, "Grace Hopper")
        assert.isAbove(viewer.since, Date.now() - 60_000)

        // A member joining later is told who is on it already.
        const later = yield* open(q.browser)
        later.send({ type: "join", room: "account" })
        const snapshot = yield* later.next(is("joined", "account"))
        const live = (snapshot.state as { live: Array<{ quote_id: number }> }).live
        assert.deepStrictEqual(
          live.map((l) => l.quote_id),
          [q.quoteId]
        )

        customer.close()
        yield* team.next(
          event("live-quote", (p) => p.quote_id === q.quoteId && (p.viewers as Array<unknown>).length === 0)
        )
        team.close()
        later.close()
      })
    )

    it.effect("phone signing: the drawing relays through the signing room and the acceptance records the device", () =>
      Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        const q = yield* sentQuote("Phone")
        const data = (yield* openQuote(q.customer, q.token!)).body
        assert.match(data.room, /^\d+\/\d+\/[0-9a-f]{32}$/)
        const room = Push.signRoom(data.room)
        const desktop = yield* open(q.customer)
        desktop.send({ type: "join", room })
        const joined = yield* desktop.next(is("joined", room))
        assert.deepStrictEqual(joined.state, { quoteId: q.quoteId, value: "" })

        // The phone: a fresh browser that only knows the room (from the QR code).
        const phone = yield* open(q.customer, { origin: null })
        phone.send({ type: "join", room })
        yield* phone.next(is("joined", room))
        const small = drawing(40)
        phone.send({ type: "updateData", room, event: "sig-update", data: { quoteId: q.quoteId, value: small } })
        const update = yield* desktop.next(event("sig-update"))
        assert.deepStrictEqual(update.payload, { quoteId: q.quoteId, value: small })
        // A drawing too large for the bus arrives whole all the same.
        const large = drawing(1_200)
        assert.isAbove(large.length, 6_000)
        phone.send({ type: "updateData", room, event: "sig-update", data: { quoteId: q.quoteId, value: large } })
        const big = yield* desktop.next(event("sig-update", (p) => p.value === large))
        assert.strictEqual((big.payload as { value: string }).value.length, large.length)
        phone.send({ type: "updateData", room, event: "sig-changed", data: { quoteId: q.quoteId } })
        yield* desktop.next(event("sig-changed"))
        // An unreadable drawing or another quote's id is refused.
        phone.send({ type: "updateData", room, event: "sig-update", data: { quoteId: q.quoteId, value: "zz" } })
        assert.strictEqual((yield* phone.next(is("error"))).message, "That drawing could not be read.")
        phone.send({ type: "updateData", room, event: "sig-changed", data: { quoteId: q.quoteId + 1 } })
        assert.strictEqual((yield* phone.next(is("error"))).message, Push.refusals.notYours)

        // The customer accepts with the relayed drawing on the desktop.
        const accepted = yield* q.customer.post(
          `/api/q/${q.token}/accept`,
          acceptBody(choicesOf(data), { sign: large, method: "draw" })
        )
        assert.strictEqual(accepted.status, 200, accepted.text)
        const [row] = yield* sql<{ signed_on_device: boolean }>`
          SELECT signed_on_device FROM acceptances WHERE quote_id = ${q.quoteId}`
        assert.isTrue(row?.signed_on_device)
        const [audit] = yield* sql<{ data: { signed_on_device?: boolean } | string }>`
          SELECT data FROM audit_log WHERE subject_id = ${q.quoteId} AND action = 'quote.customerAccept'`
        const auditData = typeof audit?.data === "string" ? JSON.parse(audit.data) : audit?.data
        assert.isTrue(auditData?.signed_on_device)

        // The room is used: the phone is told so, and the QR image is gone.
        const again = yield* open(q.customer, { origin: null })
        again.send({ type: "join", room })
        assert.strictEqual((yield* again.next(is("refused", room))).reason, Push.refusals.signLinkUsed)
        assert.strictEqual((yield* q.customer.get(`/sign/qr/${data.room}`)).status, 404)
        for (const s of [desktop, phone, again]) s.close()
      })
    )

    it.effect("an expired signing room says so", () =>
      Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        const q = yield* sentQuote("Expired")
        const data = (yield* openQuote(q.customer, q.token!)).body
        const code = data.room.split("/")[2]
        yield* sql`UPDATE signing_rooms SET expires_at = now() - interval '1 minute' WHERE code = ${code}`
        const phone = yield* open(q.customer, { origin: null })
        phone.send({ type: "join", room: Push.signRoom(data.room) })
        assert.strictEqual((yield* phone.next(is("refused"))).reason, Push.refusals.signLinkExpired)
        // The page, loaded again, gets a fresh room.
        const fresh = (yield* openQuote(q.customer, q.token!)).body
        assert.notStrictEqual(fresh.room, data.room)
        phone.close()
      })
    )
  },
  { layer: layer(), timeout: 60_000 }
)
