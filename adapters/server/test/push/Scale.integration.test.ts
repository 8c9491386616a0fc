import { assert } from "@effect/vitest"
import { describeBackends, TestDatabase } from "@quotekit/pg/TestDatabase"
import { Context, Effect, Layer } from "effect"
import { errors } from "../../../push/src/Gateway.ts"
import { acceptBody, choicesOf, open as openQuote, sentQuote } from "../customer/Fixtures.ts"
import { Browser, layer, newAccount, TestServer } from "../Harness.ts"
import { event, is, open } from "./Socket.ts"

describeBackends(
  "the real-time channel's keep-alive",
  (it) => {
    it.effect("closes a connection that says nothing, and keeps one that sends its keep-alive", () =>
      Effect.gen(function* () {
        const team = yield* newAccount("Idle")
        const quiet = yield* open(team.browser)
        const chatty = yield* open(team.browser)
        quiet.send({ type: "join", room: "account" })
        chatty.send({ type: "join", room: "account" })
        yield* quiet.next(is("joined"))
        yield* chatty.next(is("joined"))
        for (let i = 0; i < 8; i++) {
          chatty.send({ type: "ping" })
          yield* Effect.sleep("100 millis")
        }
        assert.strictEqual(yield* quiet.closed, 4000)
        chatty.send({ type: "ping" })
        yield* chatty.next(is("pong"))
        chatty.close()
      })
    )

    it.effect("an address holds a limited number of connections; one more is told so and closed", () =>
      Effect.gen(function* () {
        const team = yield* newAccount("Crowd")
        const held = [yield* open(team.browser), yield* open(team.browser), yield* open(team.browser)]
        const extra = yield* open(team.browser)
        assert.strictEqual((yield* extra.next(is("error"))).message, errors.tooManyConnections)
        assert.strictEqual(yield* extra.closed, 1013)
        held[0]!.close()
        yield* held[0]!.closed
        yield* Effect.sleep("50 millis")
        const room = yield* open(team.browser)
        room.send({ type: "ping" })
        yield* room.next(is("pong"))
        for (const s of [...held, room]) s.close()
      })
    )
  },
  { layer: layer({ pushIdleCloseMs: 300, pushSweepEveryMs: 50, pushConnectionsPerAddress: 3 }) }
)

describeBackends(
  "the real-time channel across server processes",
  (it) => {
    it.effect("with PostgreSQL, a customer on one server and the team on another hear each other", () =>
      Effect.gen(function* () {
        // One process is the whole server on the embedded database; this is about PostgreSQL's shared bus.
        if ((yield* TestDatabase).backend !== "postgres") return
        const q = yield* sentQuote("Twin")
        // A second server over the same database, with its own gateway and its own LISTEN.
        // (a memo map of its own, or the build would hand back the first server's layers)
        const built = yield* Layer.buildWithMemoMap(layer(), yield* Layer.makeMemoMap, yield* Effect.scope)
        const otherUrl = Context.get(built, TestServer).url
        const customer = new Browser(otherUrl)
        assert.notStrictEqual(otherUrl, q.browser.base)

        const team = yield* open(q.browser)
        team.send({ type: "join", room: "account" })
        yield* team.next(is("joined", "account"))
        const viewing = yield* open(customer)
        viewing.send({ type: "join", room: "quote-view", token: q.token })
        yield* viewing.next(is("joined", "quote-view"))
        yield* team.next(
          event("live-quote", (p) => p.quote_id === q.quoteId && (p.viewers as Array<unknown>).length === 1)
        )

        const data = (yield* openQuote(customer, q.token!)).body
        const accepted = yield* customer.post(`/api/q/${q.token}/accept`, acceptBody(choicesOf(data)))
        assert.strictEqual(accepted.status, 200, accepted.text)
        yield* team.next(event("quote-changed", (p) => p.quote_id === q.quoteId && p.status === "accepted"))
        yield* viewing.next(event("quote-changed", (p) => p.quote_id === q.quoteId && p.status === "accepted"))
        team.close()
        viewing.close()
      }).pipe(Effect.scoped)
    )
  },
  { layer: layer() }
)
