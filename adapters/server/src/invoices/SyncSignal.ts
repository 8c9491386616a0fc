/**
 * Wakes the invoice sync worker as soon as a request queued an invoice, so a created invoice is issued in
 * milliseconds instead of at the next poll. Missed wakes cost nothing: the worker also polls.
 *
 * @since 0.2.0
 */
import { Context, Effect, Layer, Queue } from "effect"

/** The wake-up of the sync worker. */
export class SyncSignal extends Context.Service<
  SyncSignal,
  {
    /** Ask the worker to run a round now. */
    readonly wake: Effect.Effect<void>
    /** Wait for a wake-up. */
    readonly next: Effect.Effect<void>
  }
>()("quotekit/server/InvoiceSyncSignal") {}

/** One pending wake-up at most: many requests in a burst make one round. */
export const layer = Layer.effect(
  SyncSignal,
  Effect.map(Queue.sliding<void>(1), (queue) =>
    SyncSignal.of({ wake: Effect.asVoid(Queue.offer(queue, undefined)), next: Queue.take(queue) })
  )
)
