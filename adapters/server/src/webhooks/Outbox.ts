/**
 * The webhook outbox's write: `enqueue` stores a message and one pending delivery per enabled endpoint of the
 * account that subscribes to its type. It runs on the caller's connection, so inside the transaction of the
 * change it reports: the message commits with the change or not at all, and a server that dies right after the
 * commit still has it to deliver on its next start. The worker is woken once that transaction commits.
 *
 * An account without a subscribed endpoint pays one indexed look-up per event, and the payload (which may need
 * queries of its own) is only built when someone will receive it.
 *
 * @example
 * yield* Outbox.enqueue(account, "lead.created", { lead: { id: 7, name: "Ann" } })
 *
 * @since 0.4.0
 */
import { randomBytes } from "node:crypto"
import * as Webhook from "@quotekit/core/Webhook"
import { Array as Arr, Clock, Effect, Option } from "effect"
import { SqlClient } from "effect/sql"
import { WebhookSignal } from "./Signal.ts"

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"

/** A new message id: `msg_` and 24 random letters or digits (about 143 bits). */
export const newMessageId = (): Webhook.MessageId => {
  const bytes = randomBytes(24)
  let id = "msg_"
  // 248 is the largest multiple of 62 below 256: a byte above it would bias the draw, so it is drawn again.
  for (const b of bytes) id += ALPHABET[b < 248 ? b % 62 : randomBytes(1)[0]! % 62]
  return Webhook.MessageId.make(id)
}

/** The body every receiver gets: the type, when it happened (ISO 8601) and the event's data. */
export const body = (type: string, atMs: number, data: unknown) => ({
  type,
  timestamp: new Date(atMs).toISOString(),
  data
})

/** Wake the worker once the current transaction commits (at once outside one); nothing when no worker runs. */
export const wakeAfterCommit = Effect.gen(function* () {
  const signal = yield* Effect.serviceOption(WebhookSignal)
  if (Option.isNone(signal)) return
  yield* (yield* SqlClient.SqlClient).afterCommit(signal.value.wake)
})

/**
 * Store a message to `endpoints` (ids of the account's endpoints) with one pending delivery each, due now;
 * returns the message id and the deliveries' ids.
 */
export const insert = (account: number, type: string, data: unknown, endpoints: ReadonlyArray<number>) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const now = yield* Clock.currentTimeMillis
    const id = newMessageId()
    const at = new Date(now)
    yield* sql`
      INSERT INTO webhook_messages (message_id, account_id, event_type, payload, created_at)
      VALUES (${id}, ${account}, ${type}, ${JSON.stringify(body(type, now, data))}::jsonb, ${at})`
    const deliveries: Array<Record<string, unknown>> = endpoints.map((endpoint_id) => ({
      account_id: account,
      endpoint_id,
      message_id: id,
      next_attempt_at: at,
      created_at: at
    }))
    const rows = Arr.isArrayNonEmpty(deliveries)
      ? yield* sql<{ delivery_id: string | number }>`
          INSERT INTO webhook_deliveries ${sql.insert(deliveries)} RETURNING delivery_id`
      : []
    yield* wakeAfterCommit
    return { message_id: id, delivery_ids: rows.map((r) => Number(r.delivery_id)) }
  })

/**
 * Queue an event for the account's subscribed endpoints, in the caller's transaction (see the module header).
 * `data` is the event's data, or an effect that builds it (run only when an endpoint wants the event).
 */
export const enqueue = <R = never>(
  account: number,
  type: Webhook.EventType,
  data: object | Effect.Effect<object, never, R>
): Effect.Effect<void, never, SqlClient.SqlClient | R> =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const endpoints = yield* sql<{ endpoint_id: number }>`
      SELECT endpoint_id FROM webhook_endpoints
      WHERE account_id = ${account} AND enabled AND ${type} = ANY (events)
      ORDER BY endpoint_id`
    if (endpoints.length === 0) return
    const built = Effect.isEffect(data) ? yield* data as Effect.Effect<object, never, R> : data
    yield* insert(
      account,
      type,
      built,
      endpoints.map((e) => e.endpoint_id)
    )
  }).pipe(Effect.orDie)
