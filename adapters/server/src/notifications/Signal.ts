/**
 * Wakes the notification email worker once a transaction that wrote an email to send at once has committed
 * (`Record` registers the wake with `afterCommit`), so the email leaves in milliseconds rather than at the next
 * poll. Missed wakes cost nothing: the worker also polls.
 *
 * @since 0.5.0
 */
import { Context, Effect, Layer, Queue } from "effect"

/** The wake-up of the notification worker. */
export class NotificationSignal extends Context.Service<
  NotificationSignal,
  {
    /** Ask the worker to run a round now. */
    readonly wake: Effect.Effect<void>
    /** Wait for a wake-up. */
    readonly next: Effect.Effect<void>
  }
>()("quotekit/server/NotificationSignal") {}

/** One pending wake-up at most: many commits in a burst make one round. */
export const layer = Layer.effect(
  NotificationSignal,
  Effect.map(Queue.sliding<void>(1), (queue) =>
    NotificationSignal.of({ wake: Effect.asVoid(Queue.offer(queue, undefined)), next: Queue.take(queue) })
  )
)
