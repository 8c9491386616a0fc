import { assert, it as plain } from "@effect/vitest"
import type { AccountId } from "@quotekit/core/Account"
import * as EventBus from "@quotekit/core/EventBus"
import { describeBackends, TestDatabase } from "@quotekit/pg/TestDatabase"
import { Context, Effect, Fiber, Layer, Stream } from "effect"
import * as EventBusLocal from "../src/push/EventBusLocal.ts"
import * as EventBusPg from "../src/push/EventBusPg.ts"

const a = 1 as AccountId
const b = 2 as AccountId

/** Subscribe to `account`, then publish `events`, and collect what the subscriber got. */
const roundTrip = (
  subscriber: EventBus.EventBus["Service"],
  publisher: EventBus.EventBus["Service"],
  account: AccountId,
  events: ReadonlyArray<EventBus.AccountEvent>,
  expected: number
) =>
  Effect.gen(function* () {
    const fiber = yield* subscriber.subscribe(account).pipe(Stream.take(expected), Stream.runCollect, Effect.forkChild)
    yield* Effect.sleep("50 millis") // the subscription is live before publishing
    yield* Effect.forEach(events, (e) => publisher.publish(e))
    return yield* Fiber.join(fiber).pipe(Effect.timeout("5 seconds"))
  })

const events: ReadonlyArray<EventBus.AccountEvent> = [
  { account_id: b, topic: "quote-saved", payload: { quote_id: 99 } },
  { account_id: a, topic: "quote-saved", payload: { quote_id: 7 } },
  { account_id: a, topic: "invoice-synced", payload: { quote_id: 7, quote_invoice_id: 3 } }
]

/** The events as published, and each with an id of its own that the bus gave it. */
const withoutIds = (got: ReadonlyArray<EventBus.AccountEvent>) => {
  const ids = got.map((e) => e.id)
  assert.isTrue(
    ids.every((id) => typeof id === "string" && id.length > 10),
    "every event has an id"
  )
  assert.strictEqual(new Set(ids).size, ids.length, "ids are unique")
  return got.map(({ id: _id, ...rest }) => rest)
}

plain.live("the in-process bus delivers an account's events, in order, to that account only", () =>
  Effect.gen(function* () {
    const bus = yield* EventBus.EventBus
    const got = yield* roundTrip(bus, bus, a, events, 2)
    assert.deepStrictEqual(withoutIds(got), events.slice(1))
    const big = { account_id: a, topic: "big", payload: "x".repeat(EventBus.MAX_EVENT_BYTES) }
    const refused = yield* Effect.flip(bus.publish(big))
    assert.instanceOf(refused, EventBus.EventTooLarge)
  }).pipe(Effect.provide(EventBusLocal.layer))
)

describeBackends("PostgreSQL event bus", (it, backend) => {
  // PGlite never delivers NOTIFY: the PostgreSQL bus is for PostgreSQL only (the embedded server uses the local one).
  if (backend !== "postgres") {
    it.effect("is skipped on PGlite", () => Effect.void)
    return
  }
  it.effect("delivers events between two server processes sharing the database", () =>
    Effect.gen(function* () {
      const { schema } = yield* TestDatabase
      const channel = `events_${schema}`
      // Two buses, each with its own LISTEN connection: two server processes.
      const bus = Layer.build(EventBusPg.layer(channel)).pipe(Effect.map((ctx) => Context.get(ctx, EventBus.EventBus)))
      const one = yield* bus
      const two = yield* bus
      const got = yield* roundTrip(two, one, a, events, 2)
      assert.deepStrictEqual(withoutIds(got), events.slice(1))
      // The publisher's own process hears its events too.
      const own = yield* roundTrip(one, one, b, events, 1)
      assert.deepStrictEqual(withoutIds(own), events.slice(0, 1))
    }).pipe(Effect.scoped)
  )
})
