/**
 * Wakes the webhook worker once a transaction that queued a message has committed (`Outbox.enqueue` registers
 * the wake with `afterCommit`), so a delivery leaves in milliseconds instead of at the next poll. Missed wakes
 * cost nothing: the worker also polls.
 *
 * @since 0.4.0
 */
import { Context, Effect, Layer, Queue } from "effect"

/** The wake-up of the webhook worker. */
export class WebhookSignal extends Context.Service<
  WebhookSignal,
  {
    /** Ask the worker to run a round now. */
    readonly wake: Effect.Effect<void>
    /** Wait for a wake-up. */
    readonly next: Effect.Effect<void>
  }
>()("quotekit/server/WebhookSignal") {}

/** One pending wake-up at most: many commits in a burst make one round. */
export const layer = Layer.effect(
  WebhookSignal,
  Effect.map(Queue.sliding<void>(1), (queue) =>
    WebhookSignal.of({ wake: Effect.asVoid(Queue.offer(queue, undefined)), next: Queue.take(queue) })
  )
)
