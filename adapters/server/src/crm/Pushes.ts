/**
 * The add-on push outbox (`addon_pushes`): what a quote's event asks of the connected CRMs and Mailchimp, queued
 * inside the event's own transaction so it happens exactly when the event does.
 *
 * - Sent or accepted: a note on each of the quote's contacts linked to a connected CRM (Highrise, Capsule,
 *   Insightly) whose "notes" option is on.
 * - Accepted: each of the quote's contacts who agreed to marketing email and has an address, to Mailchimp's
 *   chosen audience. A lead (when the Mailchimp option says so): its contact, likewise.
 *
 * One row per add-on, quote, contact and event: sending a quote again writes no second note. The worker
 * (`PushWorker`) claims rows under a lease (`FOR UPDATE SKIP LOCKED`), so processes share them and each is
 * worked once at a time; it records the outcome, or when to try again.
 *
 * @since 0.5.0
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

/** An event that pushes to add-ons. */
export type Event = "sent" | "accepted" | "lead"

/** A claimed push. */
export interface Claimed {
  readonly push_id: number
  readonly account_id: number
  readonly addon_id: number
  readonly quote_id: number
  readonly contact_id: number
  readonly event: Event
  readonly attempts: number
}

/** Queue the pushes `event` of the quote calls for (inside the caller's transaction). */
export const enqueue = (account: number, quoteId: number, event: Event) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    if (event !== "lead")
      yield* sql`
        INSERT INTO addon_pushes (account_id, addon_id, quote_id, contact_id, event)
        SELECT DISTINCT qc.account_id, ac.addon_id, qc.quote_id, qc.contact_id, ${event}
        FROM quote_contacts qc
        JOIN addon_contacts ac ON ac.account_id = qc.account_id AND ac.contact_id = qc.contact_id
        JOIN addon_connections cn ON cn.account_id = ac.account_id AND cn.addon_id = ac.addon_id
          AND cn.addon_org_id = ac.organisation_id
        WHERE qc.account_id = ${account} AND qc.quote_id = ${quoteId} AND ac.addon_id IN (2, 3, 5)
          AND cn.status <> 'disconnected' AND coalesce((cn.options ->> 'push_notes')::boolean, true)
        ON CONFLICT DO NOTHING`
    if (event !== "sent")
      yield* sql`
        INSERT INTO addon_pushes (account_id, addon_id, quote_id, contact_id, event)
        SELECT DISTINCT qc.account_id, 6, qc.quote_id, qc.contact_id, ${event}
        FROM quote_contacts qc
        JOIN contacts c ON c.account_id = qc.account_id AND c.contact_id = qc.contact_id
        JOIN addon_connections cn ON cn.account_id = qc.account_id AND cn.addon_id = 6
        WHERE qc.account_id = ${account} AND qc.quote_id = ${quoteId}
          AND c.marketing_opt_in AND c.email <> '' AND cn.status <> 'disconnected'
          AND (${event} <> 'lead' OR coalesce((cn.options ->> 'include_leads')::boolean, false))
        ON CONFLICT DO NOTHING`
  }).pipe(Effect.orDie)

/** Claim up to `limit` due pushes for `leaseMs`. */
export const claim = (limit: number, leaseMs: number) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    return yield* sql<Claimed>`
      UPDATE addon_pushes p SET lease_until = now() + ${`${leaseMs} milliseconds`}::interval,
        attempts = p.attempts + 1
      WHERE p.push_id IN (
        SELECT push_id FROM addon_pushes
        WHERE status = 'pending' AND next_at <= now() AND (lease_until IS NULL OR lease_until < now())
        ORDER BY next_at, push_id LIMIT ${limit} FOR UPDATE SKIP LOCKED)
      RETURNING p.push_id, p.account_id, p.addon_id::int AS addon_id, p.quote_id, p.contact_id, p.event,
        p.attempts`
  }).pipe(Effect.orDie)

/** How a push ended: done, to be tried again after `retryInMs`, or failed for good with the add-on's words. */
export type Outcome =
  | { readonly _tag: "Done" }
  | { readonly _tag: "Retry"; readonly retryInMs: number; readonly message: string }
  | { readonly _tag: "Failed"; readonly message: string }

/** Record the outcome of claimed push `id`. */
export const settle = (id: number, outcome: Outcome) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    yield* outcome._tag === "Done"
      ? sql`UPDATE addon_pushes SET status = 'done', done_at = now(), lease_until = NULL, last_error = ''
            WHERE push_id = ${id}`
      : outcome._tag === "Retry"
        ? sql`UPDATE addon_pushes SET lease_until = NULL, last_error = ${outcome.message.slice(0, 2000)},
                next_at = now() + ${`${outcome.retryInMs} milliseconds`}::interval
              WHERE push_id = ${id}`
        : sql`UPDATE addon_pushes SET status = 'error', lease_until = NULL,
                last_error = ${outcome.message.slice(0, 2000)}
              WHERE push_id = ${id}`
  }).pipe(Effect.orDie)
