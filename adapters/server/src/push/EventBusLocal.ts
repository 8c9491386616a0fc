/**
 * The in-process event bus: one `PubSub` in this server process. Used with the embedded database, where
 * one process is the whole server (and PGlite does not deliver `NOTIFY`).
 *
 * @since 0.1.0
 */
import * as EventBus from "@quotekit/core/EventBus"
import { Effect, Layer, PubSub, Stream } from "effect"
import * as EventId from "./EventId.ts"

/** The in-process bus. */
export const layer = Layer.effect(
  EventBus.EventBus,
  Effect.gen(function* () {
    const hub = yield* PubSub.unbounded<EventBus.AccountEvent>()
    return EventBus.EventBus.of({
      publish: (event) => {
        // Same size rule as the PostgreSQL bus, so code that works here works there.
        const stamped = EventId.stamp(event)
        const text = EventBus.encode(stamped)
        return typeof text === "string" ? PubSub.publish(hub, stamped).pipe(Effect.asVoid) : Effect.fail(text)
      },
      subscribe: (accountId) => Stream.fromPubSub(hub).pipe(Stream.filter((e) => e.account_id === accountId)),
      all: Stream.fromPubSub(hub)
    })
  })
)
