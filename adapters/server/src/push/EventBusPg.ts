/**
 * The PostgreSQL event bus: `NOTIFY` on one channel to publish, one `LISTEN` connection per server process
 * fanning events out to that process's subscribers. Every process sharing the database sees every event,
 * its own included (they come back through `LISTEN`, so local and remote subscribers see the same order).
 *
 * @since 0.1.0
 */
import { PgClient } from "@effect/sql-pg"
import * as EventBus from "@quotekit/core/EventBus"
import { Effect, Layer, PubSub, type Queue, Schedule, Stream } from "effect"
import * as EventId from "./EventId.ts"

/** The default channel; tests use their own so parallel runs never hear each other. */
export const DEFAULT_CHANNEL = "quotekit_events"

/** The PostgreSQL bus on `channel`; the layer is ready once `LISTEN` is confirmed. */
export const layer = (channel: string = DEFAULT_CHANNEL) =>
  Layer.effect(
    EventBus.EventBus,
    Effect.gen(function* () {
      const pg = yield* PgClient.PgClient
      const hub = yield* PubSub.unbounded<EventBus.AccountEvent>()
      const forward = (inbox: Queue.Dequeue<{ readonly payload: string }, unknown>) =>
        Stream.fromQueue(inbox).pipe(
          Stream.runForEach((n) => {
            const event = EventBus.decode(n.payload)
            return event === undefined ? Effect.void : PubSub.publish(hub, event)
          })
        )
      // Listen before the layer is ready, so nothing published after start-up is missed.
      const first = yield* pg.listen(channel)
      yield* forward(first).pipe(
        Effect.catch((error) => Effect.logWarning("event bus listener lost, reconnecting", error)),
        Effect.andThen(
          Effect.scoped(Effect.flatMap(pg.listen(channel), forward)).pipe(
            Effect.tapError((error) => Effect.logWarning("event bus listener lost, reconnecting", error)),
            Effect.retry(Schedule.spaced("1 second")),
            Effect.forever
          )
        ),
        Effect.forkScoped
      )
      return EventBus.EventBus.of({
        publish: (event) => {
          const text = EventBus.encode(EventId.stamp(event))
          return typeof text === "string" ? pg.notify(channel, text).pipe(Effect.orDie) : Effect.fail(text)
        },
        subscribe: (accountId) => Stream.fromPubSub(hub).pipe(Stream.filter((e) => e.account_id === accountId)),
        all: Stream.fromPubSub(hub)
      })
    })
  )
