/**
 * The webhooks repository: an account's endpoints (their secrets only ever sealed), the worker's claim of due
 * deliveries and its record of each attempt, the delivery log, replays, and the admins to tell when an endpoint
 * is turned off. Every team query is filtered by the account; the worker's are across accounts.
 *
 * @since 0.4.0
 */
import type { EndpointInput } from "@quotekit/core/api/WebhooksApi"
import * as Webhook from "@quotekit/core/Webhook"
import { Context, Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"
import * as Outbox from "./Outbox.ts"

/** An endpoint as stored. Times are epoch seconds. */
export interface StoredEndpoint {
  readonly endpoint_id: number
  readonly account_id: number
  readonly url: string
  readonly description: string
  readonly events: ReadonlyArray<Webhook.EventType>
  readonly enabled: boolean
  readonly secret_sealed: string
  readonly disabled_reason: string | null
  readonly failing_since: number | null
  readonly created: number
}

/** A delivery claimed by the worker, with what sending it needs. */
export interface Claimed {
  readonly delivery_id: number
  readonly account_id: number
  readonly endpoint_id: number
  readonly message_id: string
  readonly event_type: string
  /** The JSON body, as signed and sent. */
  readonly body: string
  /** This attempt's number (1 for the first). */
  readonly attempt: number
  /** When the delivery was made, epoch seconds. */
  readonly created: number
  readonly url: string
  readonly secret_sealed: string
}

/** What one attempt came to, as the worker records it. */
export interface AttemptRecord {
  readonly at: number
  readonly status_code: number | null
  readonly duration_ms: number
  readonly error: string | null
  readonly excerpt: string
  /** The delivery's state after it, and when it is tried next while pending (epoch ms). */
  readonly status: Webhook.DeliveryStatus
  readonly next_attempt_ms: number | null
}

/** One row of the delivery log. Times are epoch seconds. */
export interface LoggedAttempt {
  readonly delivery_id: number
  readonly message_id: string
  readonly event: string
  readonly attempt: number
  readonly at: number
  readonly status_code: number | null
  readonly duration_ms: number
  readonly error: string | null
  readonly response_excerpt: string
  readonly delivery_status: Webhook.DeliveryStatus
  readonly next_attempt_at: number | null
  readonly request_body: string
}

/** The webhooks repository service. */
export class WebhooksRepo extends Context.Service<
  WebhooksRepo,
  {
    readonly list: (account: number) => Effect.Effect<ReadonlyArray<StoredEndpoint>>
    readonly byId: (account: number, id: number) => Effect.Effect<Option.Option<StoredEndpoint>>
    /** A new endpoint; `seal` seals its secret. */
    readonly insert: (
      account: number,
      signin: number,
      input: EndpointInput,
      secretSealed: string
    ) => Effect.Effect<StoredEndpoint>
    /** Change an endpoint; turning it on clears the server's reason for turning it off and its failure streak. */
    readonly update: (account: number, id: number, input: EndpointInput) => Effect.Effect<Option.Option<StoredEndpoint>>
    readonly remove: (account: number, id: number) => Effect.Effect<boolean>
    readonly setSecret: (account: number, id: number, secretSealed: string) => Effect.Effect<boolean>
    /** Claim due deliveries of enabled endpoints (`FOR UPDATE SKIP LOCKED`, a lease); counts the attempt. */
    readonly claimDue: (nowMs: number, leaseMs: number, limit: number) => Effect.Effect<ReadonlyArray<Claimed>>
    /**
     * Record an attempt: the log row, the delivery's new state, and the endpoint's failure streak (cleared by a
     * success); answers the streak's start (epoch seconds) after it.
     */
    readonly recordAttempt: (c: Claimed, r: AttemptRecord) => Effect.Effect<number | null>
    /** Turn an endpoint off for `reason` if it is on; whether this call did. */
    readonly disable: (account: number, id: number, reason: string) => Effect.Effect<boolean>
    /** A page of an endpoint's attempts, newest first. */
    readonly attempts: (
      account: number,
      endpointId: number,
      offset: number,
      limit: number
    ) => Effect.Effect<ReadonlyArray<LoggedAttempt>>
    /** A new delivery of a delivery's message to its endpoint, due now; none when the delivery is not the account's. */
    readonly replay: (
      account: number,
      deliveryId: number,
      nowMs: number
    ) => Effect.Effect<Option.Option<{ readonly delivery_id: number; readonly message_id: string }>>
    /** Remove messages made before `beforeMs` that no delivery still retries (their deliveries and log go too). */
    readonly prune: (beforeMs: number) => Effect.Effect<number>
    /** The account's name and the email addresses of its admins. */
    readonly admins: (
      account: number
    ) => Effect.Effect<{ readonly name: string; readonly emails: ReadonlyArray<string> }>
  }
>()("quotekit/server/WebhooksRepo") {}

interface EndpointRow {
  readonly endpoint_id: number
  readonly account_id: number
  readonly url: string
  readonly description: string
  readonly events: ReadonlyArray<string>
  readonly enabled: boolean
  readonly secret_sealed: string
  readonly disabled_reason: string | null
  readonly failing_since: Date | null
  readonly created_at: Date
}

const seconds = (d: Date): number => Math.floor(d.getTime() / 1000)
const isEvent = (e: string): e is Webhook.EventType => (Webhook.eventTypes as ReadonlyArray<string>).includes(e)

const toStored = (r: EndpointRow): StoredEndpoint => ({
  endpoint_id: r.endpoint_id,
  account_id: r.account_id,
  url: r.url,
  description: r.description,
  events: r.events.filter(isEvent),
  enabled: r.enabled,
  secret_sealed: r.secret_sealed,
  disabled_reason: r.disabled_reason,
  failing_since: r.failing_since === null ? null : seconds(r.failing_since),
  created: seconds(r.created_at)
})

const endpointColumns = `endpoint_id, account_id, url, description, events, enabled, secret_sealed, disabled_reason,
  failing_since, created_at`

/** The events as a PostgreSQL array literal (the values are the contract's own names). */
const eventsArray = (events: ReadonlyArray<Webhook.EventType>) => `{${[...new Set(events)].join(",")}}`

/** The repository over SQL. */
export const layer = Layer.effect(
  WebhooksRepo,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const columns = sql.literal(endpointColumns)
    return WebhooksRepo.of({
      list: (account) =>
        sql<EndpointRow>`SELECT ${columns} FROM webhook_endpoints WHERE account_id = ${account}
                         ORDER BY endpoint_id`.pipe(
          Effect.map((rows) => rows.map(toStored)),
          Effect.orDie
        ),
      byId: (account, id) =>
        sql<EndpointRow>`SELECT ${columns} FROM webhook_endpoints
                         WHERE account_id = ${account} AND endpoint_id = ${id}`.pipe(
          Effect.map((rows) => Option.map(Option.fromNullishOr(rows[0]), toStored)),
          Effect.orDie
        ),
      insert: (account, signin, input, secretSealed) =>
        sql<EndpointRow>`
          INSERT INTO webhook_endpoints (account_id, url, description, events, enabled, secret_sealed, created_by)
          VALUES (${account}, ${input.url}, ${input.description}, ${eventsArray(input.events)}::text[],
                  ${input.enabled}, ${secretSealed}, ${signin})
          RETURNING ${columns}`.pipe(
          Effect.map((rows) => toStored(rows[0]!)),
          Effect.orDie
        ),
      update: (account, id, input) =>
        sql<EndpointRow>`
          UPDATE webhook_endpoints SET url = ${input.url}, description = ${input.description},
                 events = ${eventsArray(input.events)}::text[], enabled = ${input.enabled},
                 disabled_reason = CASE WHEN ${input.enabled} THEN NULL ELSE disabled_reason END,
                 failing_since = CASE WHEN ${input.enabled} AND NOT enabled THEN NULL ELSE failing_since END,
                 modified_at = now()
          WHERE account_id = ${account} AND endpoint_id = ${id}
          RETURNING ${columns}`.pipe(
          Effect.map((rows) => Option.map(Option.fromNullishOr(rows[0]), toStored)),
          Effect.orDie
        ),
      remove: (account, id) =>
        sql`DELETE FROM webhook_endpoints WHERE account_id = ${account} AND endpoint_id = ${id}
            RETURNING endpoint_id`.pipe(
          Effect.map((rows) => rows.length > 0),
          Effect.orDie
        ),
      setSecret: (account, id, secretSealed) =>
        sql`UPDATE webhook_endpoints SET secret_sealed = ${secretSealed}, modified_at = now()
            WHERE account_id = ${account} AND endpoint_id = ${id} RETURNING endpoint_id`.pipe(
          Effect.map((rows) => rows.length > 0),
          Effect.orDie
        ),
      claimDue: (nowMs, leaseMs, limit) =>
        sql<{
          delivery_id: string | number
          account_id: number
          endpoint_id: number
          message_id: string
          attempts: number
          created_at: Date
          url: string
          secret_sealed: string
          event_type: string
          payload: unknown
        }>`
          WITH due AS (
            SELECT d.delivery_id FROM webhook_deliveries d
            JOIN webhook_endpoints e ON e.endpoint_id = d.endpoint_id AND e.enabled
            WHERE d.status = 'pending' AND d.next_attempt_at <= ${new Date(nowMs)}
              AND (d.claimed_until IS NULL OR d.claimed_until <= ${new Date(nowMs)})
            ORDER BY d.next_attempt_at, d.delivery_id
            LIMIT ${limit}
            FOR UPDATE OF d SKIP LOCKED
          ), claimed AS (
            UPDATE webhook_deliveries d SET claimed_until = ${new Date(nowMs + leaseMs)}, attempts = d.attempts + 1
            FROM due WHERE d.delivery_id = due.delivery_id
            RETURNING d.delivery_id, d.account_id, d.endpoint_id, d.message_id, d.attempts, d.created_at, d.next_attempt_at
          )
          SELECT c.delivery_id, c.account_id, c.endpoint_id, c.message_id, c.attempts::int AS attempts, c.created_at,
                 e.url, e.secret_sealed, m.event_type, m.payload
          FROM claimed c
          JOIN webhook_endpoints e ON e.endpoint_id = c.endpoint_id
          JOIN webhook_messages m ON m.message_id = c.message_id
          ORDER BY c.next_attempt_at, c.delivery_id`.pipe(
          Effect.map((rows) =>
            rows.map(
              (r): Claimed => ({
                delivery_id: Number(r.delivery_id),
                account_id: r.account_id,
                endpoint_id: r.endpoint_id,
                message_id: r.message_id,
                event_type: r.event_type,
                body: typeof r.payload === "string" ? r.payload : JSON.stringify(r.payload),
                attempt: r.attempts,
                created: seconds(r.created_at),
                url: r.url,
                secret_sealed: r.secret_sealed
              })
            )
          ),
          Effect.orDie
        ),
      recordAttempt: (c, r) => {
        const at = new Date(r.at)
        const ok = r.status === "delivered"
        // One statement: the delivery, the log row and the endpoint's streak change together.
        return sql<{ failing_since: Date | null }>`
          WITH d AS (
            UPDATE webhook_deliveries SET status = ${r.status}, claimed_until = NULL,
                   next_attempt_at = coalesce(${r.next_attempt_ms === null ? null : new Date(r.next_attempt_ms)}::timestamptz, next_attempt_at),
                   finished_at = ${r.status === "pending" ? null : at}
            WHERE delivery_id = ${c.delivery_id}
            RETURNING delivery_id
          ), a AS (
            INSERT INTO webhook_attempts (delivery_id, account_id, endpoint_id, attempt, at, status_code, duration_ms,
                                          error, response_excerpt)
            SELECT d.delivery_id, ${c.account_id}, ${c.endpoint_id}, ${c.attempt}, ${at}, ${r.status_code},
                   ${Math.min(r.duration_ms, 2_147_483_647)}, ${r.error}, ${r.excerpt}
            FROM d
          )
          UPDATE webhook_endpoints
          SET failing_since = CASE WHEN ${ok} THEN NULL ELSE coalesce(failing_since, ${at}) END
          WHERE endpoint_id = ${c.endpoint_id}
          RETURNING failing_since`.pipe(
          Effect.map((rows) => {
            const since = rows[0]?.failing_since ?? null
            return since === null ? null : seconds(since)
          }),
          Effect.orDie
        )
      },
      disable: (account, id, reason) =>
        sql`UPDATE webhook_endpoints SET enabled = false, disabled_reason = ${reason}, modified_at = now()
            WHERE account_id = ${account} AND endpoint_id = ${id} AND enabled RETURNING endpoint_id`.pipe(
          Effect.map((rows) => rows.length > 0),
          Effect.orDie
        ),
      attempts: (account, endpointId, offset, limit) =>
        sql<{
          delivery_id: string | number
          message_id: string
          event: string
          attempt: number
          at: Date
          status_code: number | null
          duration_ms: number
          error: string | null
          response_excerpt: string
          delivery_status: Webhook.DeliveryStatus
          next_attempt_at: Date
          payload: unknown
        }>`
          SELECT a.delivery_id, d.message_id, m.event_type AS event, a.attempt::int AS attempt, a.at,
                 a.status_code::int AS status_code, a.duration_ms, a.error, a.response_excerpt,
                 d.status AS delivery_status, d.next_attempt_at, m.payload
          FROM webhook_attempts a
          JOIN webhook_deliveries d ON d.delivery_id = a.delivery_id
          JOIN webhook_messages m ON m.message_id = d.message_id
          WHERE a.account_id = ${account} AND a.endpoint_id = ${endpointId}
          ORDER BY a.attempt_id DESC
          OFFSET ${offset} LIMIT ${limit}`.pipe(
          Effect.map((rows) =>
            rows.map(
              (r): LoggedAttempt => ({
                delivery_id: Number(r.delivery_id),
                message_id: r.message_id,
                event: r.event,
                attempt: r.attempt,
                at: seconds(r.at),
                status_code: r.status_code,
                duration_ms: r.duration_ms,
                error: r.error,
                response_excerpt: r.response_excerpt,
                delivery_status: r.delivery_status,
                next_attempt_at: r.delivery_status === "pending" ? seconds(r.next_attempt_at) : null,
                request_body: typeof r.payload === "string" ? r.payload : JSON.stringify(r.payload)
              })
            )
          ),
          Effect.orDie
        ),
      replay: (account, deliveryId, nowMs) =>
        Effect.gen(function* () {
          const [old] = yield* sql<{ endpoint_id: number; message_id: string }>`
            SELECT endpoint_id, message_id FROM webhook_deliveries
            WHERE account_id = ${account} AND delivery_id = ${deliveryId}`
          if (old === undefined) return Option.none()
          const at = new Date(nowMs)
          const [made] = yield* sql<{ delivery_id: string | number }>`
            INSERT INTO webhook_deliveries (account_id, endpoint_id, message_id, next_attempt_at, created_at)
            VALUES (${account}, ${old.endpoint_id}, ${old.message_id}, ${at}, ${at})
            RETURNING delivery_id`
          yield* Outbox.wakeAfterCommit
          return Option.some({ delivery_id: Number(made!.delivery_id), message_id: old.message_id })
        }).pipe(Effect.provideService(SqlClient.SqlClient, sql), Effect.orDie),
      prune: (beforeMs) =>
        sql`
          DELETE FROM webhook_messages m
          WHERE m.created_at < ${new Date(beforeMs)}
            AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.message_id = m.message_id AND d.status = 'pending')
          RETURNING m.message_id`.pipe(
          Effect.map((rows) => rows.length),
          Effect.orDie
        ),
      admins: (account) =>
        sql<{ name: string; email: string | null }>`
          SELECT a.name, s.email FROM accounts a
          LEFT JOIN memberships m ON m.account_id = a.account_id AND m.is_admin AND m.joined_at IS NOT NULL
          LEFT JOIN signins s ON s.signin_id = m.signin_id
          WHERE a.account_id = ${account}`.pipe(
          Effect.map((rows) => ({
            name: rows[0]?.name ?? "",
            emails: rows.flatMap((r) => (r.email === null || r.email === "" ? [] : [r.email]))
          })),
          Effect.orDie
        )
    })
  })
)
