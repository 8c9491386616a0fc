/**
 * The webhook worker: claims due deliveries (`FOR UPDATE SKIP LOCKED` and a lease, so any number of server
 * processes share the work and never send one attempt twice), sends each through the `WebhookSender` with the
 * endpoint's secret, and records the attempt. A 2xx answer delivers; anything else is tried again on the
 * schedule of `Webhook.retryDelaySeconds` (about 24 hours in all), then the delivery has failed. An endpoint that
 * delivered nothing over a whole schedule (`Webhook.shouldDisable`) is turned off and the account's admins are
 * emailed.
 *
 * Delivery is at least once: a process that dies between sending and recording leaves the lease to run out,
 * and the message is sent again with the same `webhook-id` (receivers drop duplicates by it). The worker wakes
 * after every commit that queued a message (`WebhookSignal`) and polls every `INTERVAL`; every hour it removes the
 * messages older than `KEEP_MS` that nothing retries.
 *
 * @since 0.4.0
 */
import * as Webhook from "@quotekit/core/Webhook"
import * as WebhookSender from "@quotekit/webhooks/WebhookSender"
import { Clock, Duration, Effect, Layer, Option, Redacted, Schedule } from "effect"
import { SqlClient } from "effect/sql"
import { Mailer } from "../auth/Mailer.ts"
import * as SecretBox from "../crypto/SecretBox.ts"
import * as WebhookEmails from "../email/WebhookEmails.ts"
import { PublicUrl } from "../http/PublicUrl.ts"
import { type Claimed, WebhooksRepo } from "./Repo.ts"
import { WebhookSignal } from "./Signal.ts"

/** How long a claim holds: three times the longest an attempt may take (the sender's timeout is 10 s). */
export const LEASE_MS = 30_000
/** Deliveries taken per round. */
export const BATCH = 64
/** Deliveries in flight at once. */
export const CONCURRENCY = 16
/** Poll interval when nothing wakes the worker. */
export const INTERVAL = Duration.seconds(2)

/** How long messages (with their deliveries and log) are kept once nothing retries them. */
export const KEEP_MS = 30 * 24 * 60 * 60_000
/** How often old messages are looked for. */
export const PRUNE_EVERY = Duration.hours(1)

/** The context a sealed secret is bound to (see `SecretBox`). */
export const secretContext = (account: number) => `webhook-endpoint:${account}`

/** What the admins read when the server turns an endpoint off. */
export const disabledReason = "Turned off after its deliveries failed for 24 hours."

/** What an attempt came to, with its times (epoch ms). */
interface Sent {
  readonly c: Claimed
  readonly outcome: WebhookSender.Outcome
  readonly started: number
  readonly finished: number
}

/** Send one claimed delivery with its endpoint's secret. */
const send = (c: Claimed) =>
  Effect.gen(function* () {
    const sender = yield* WebhookSender.WebhookSender
    const box = yield* SecretBox.SecretBox
    const secret = box.open(c.secret_sealed, secretContext(c.account_id))
    const started = yield* Clock.currentTimeMillis
    const outcome: WebhookSender.Outcome = Option.isNone(secret)
      ? {
          ok: false,
          status: null,
          durationMs: 0,
          error: "The endpoint's secret cannot be read with this server's secret key: rotate the secret.",
          excerpt: ""
        }
      : yield* sender.send({
          url: c.url,
          id: c.message_id,
          timestampSeconds: Math.floor(started / 1000),
          body: c.body,
          secret: Redacted.make(secret.value)
        })
    return { c, outcome, started, finished: yield* Clock.currentTimeMillis } satisfies Sent
  })

/**
 * Record a round's attempts in one transaction (one commit for the round, not one per delivery): each delivery's
 * new state and log row, and the endpoints turned off by them; answers those endpoints.
 */
const record = (sent: ReadonlyArray<Sent>) =>
  Effect.gen(function* () {
    const repo = yield* WebhooksRepo
    const turnedOff: Array<Claimed> = []
    for (const { c, outcome, started, finished } of sent) {
      const retry = outcome.ok ? Option.none() : Webhook.retryDelaySeconds(c.attempt, Math.random())
      const status: Webhook.DeliveryStatus = outcome.ok ? "delivered" : Option.isSome(retry) ? "pending" : "failed"
      const failingSince = yield* repo.recordAttempt(c, {
        at: started,
        status_code: outcome.status,
        duration_ms: outcome.durationMs,
        error: outcome.error,
        excerpt: outcome.excerpt,
        status,
        next_attempt_ms: Option.isSome(retry) ? finished + retry.value * 1000 : null
      })
      if (outcome.ok) continue
      yield* Effect.logInfo(
        `webhook ${c.message_id} to endpoint ${c.endpoint_id} not delivered (attempt ${c.attempt}): ` +
          (outcome.error ?? `status ${outcome.status}`)
      )
      const off = Webhook.shouldDisable({
        failingSince,
        now: Math.floor(finished / 1000),
        final: status === "failed",
        createdAt: c.created
      })
      if (off && (yield* repo.disable(c.account_id, c.endpoint_id, disabledReason))) turnedOff.push(c)
    }
    return turnedOff
  }).pipe((effect) => Effect.flatMap(SqlClient.SqlClient, (sql) => sql.withTransaction(effect)), Effect.orDie)

/** Email the account's admins that an endpoint was turned off (a relay failure is logged, not retried). */
const tellAdmins = (c: Claimed) =>
  Effect.gen(function* () {
    const repo = yield* WebhooksRepo
    const mailer = yield* Mailer
    const { name, emails } = yield* repo.admins(c.account_id)
    const base = yield* Effect.serviceOption(PublicUrl)
    const link = `${Option.isNone(base) ? "" : yield* base.value.current}/settings/webhooks`
    yield* Effect.logWarning(`webhook endpoint ${c.endpoint_id} of account ${c.account_id} turned off`)
    for (const to of emails)
      yield* mailer
        .send({ ...WebhookEmails.endpointDisabled({ to, accountName: name, url: c.url, link }), account: c.account_id })
        .pipe(Effect.catch((e) => Effect.logWarning(`webhook alert to ${e.to} not sent: ${e.reason}`)))
  })

/**
 * One round: claim due deliveries, send them a few at once, record them together, and tell the admins of any
 * endpoint turned off; how many were claimed and delivered. A round is finished and recorded even when the server
 * is stopping (it lasts at most the sender's timeout).
 */
export const deliverDue = Effect.gen(function* () {
  const repo = yield* WebhooksRepo
  const claimed = yield* repo.claimDue(yield* Clock.currentTimeMillis, LEASE_MS, BATCH)
  if (claimed.length === 0) return { claimed: 0, delivered: 0 }
  const sent = yield* Effect.forEach(claimed, send, { concurrency: CONCURRENCY })
  const turnedOff = yield* record(sent)
  for (const c of turnedOff) yield* tellAdmins(c)
  return { claimed: claimed.length, delivered: sent.filter((s) => s.outcome.ok).length }
}).pipe(Effect.uninterruptible)

/** Runs the worker while the layer lives: rounds back to back while there is work, then on a wake or a poll. */
export const layer = Layer.effectDiscard(
  Effect.gen(function* () {
    const signal = yield* WebhookSignal
    const round = deliverDue.pipe(
      Effect.catchCause((cause) =>
        Effect.as(Effect.logWarning("webhook delivery round failed", cause), { claimed: 0, delivered: 0 })
      )
    )
    yield* round.pipe(
      Effect.flatMap((r) => (r.claimed >= BATCH ? Effect.void : Effect.race(signal.next, Effect.sleep(INTERVAL)))),
      Effect.repeat(Schedule.forever),
      Effect.forkScoped
    )
    const repo = yield* WebhooksRepo
    yield* Effect.sleep(PRUNE_EVERY).pipe(
      Effect.andThen(Clock.currentTimeMillis),
      Effect.flatMap((now) => repo.prune(now - KEEP_MS)),
      Effect.catchCause((cause) => Effect.as(Effect.logWarning("old webhook messages not removed", cause), 0)),
      Effect.repeat(Schedule.forever),
      Effect.forkScoped
    )
  })
)
