/**
 * The email repository: a quote's emails (`email_messages`), its follow-ups (`follow_ups`) and the queue the
 * sender works through. Every statement of a quote's emails is filtered by the account; the queue statements
 * (`claimDue` and what follows a delivery) are the sender's, across accounts, and name each message by account
 * and id.
 *
 * Claiming is one statement: due messages whose lease is free are locked with `FOR UPDATE SKIP LOCKED`
 * (another sender skips them instead of waiting) and given a lease (`claimed_until`); delivery happens after it,
 * outside any transaction. Stopping is the mirror image: only a queued message whose time to be stopped has not
 * run out (`scheduled_when > now + 15 s`), which the sender never claims.
 *
 * @since 0.1.0
 */
import type { AccountId, SigninId } from "@quotekit/core/Account"
import type { EmailRow } from "@quotekit/core/api/EmailsApi"
import * as ScheduledEmail from "@quotekit/core/ScheduledEmail"
import { Context, Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"
import { seconds } from "../quotes/Records.ts"

/** A recipient as stored in `email_messages.recipients`; `delivered` once the relay took their copy. */
export interface StoredRecipient {
  readonly quote_contact_id: number
  readonly name: string
  readonly email: string
  readonly delivered?: boolean
}

/** An email to queue. */
export interface NewEmail {
  readonly account_id: AccountId
  readonly quote_id: number
  /** The built-in invoice an invoice email (kind 6) sends. */
  readonly quote_invoice_id?: number
  readonly follow_up_id: number | null
  readonly subject: string
  readonly subject_type: ScheduledEmail.SubjectType
  readonly body_text: string
  readonly recipients: ReadonlyArray<StoredRecipient>
  readonly from_signin_id: SigninId
  /** Epoch seconds. */
  readonly scheduled_when: number
}

/** A message the sender claimed. */
export interface Claimed {
  readonly account_id: AccountId
  readonly email_message_id: number
  readonly quote_id: number
  readonly follow_up_id: number | null
  readonly subject: string
  readonly body_text: string
  readonly recipients: ReadonlyArray<StoredRecipient>
  readonly attempts: number
  /** The built-in invoice an invoice email sends; `null` for quote emails. */
  readonly quote_invoice_id: number | null
  /** The message kind (`ScheduledEmail.SubjectTypes`): an `accepted` one carries the acceptance certificate. */
  readonly subject_type: number
  /** The account's product noun, for the email's wording. */
  readonly noun: "quote" | "proposal" | "estimate"
}

/** A due follow-up of a quote (the list's `do-follow-up`). */
export interface FollowUp {
  readonly follow_up_id: number
  readonly step: 1 | 2
}

/** The repository service. */
export class EmailRepo extends Context.Service<
  EmailRepo,
  {
    readonly queue: (email: NewEmail) => Effect.Effect<EmailRow>
    /** A quote's emails, newest first. */
    readonly list: (account: AccountId, quoteId: number) => Effect.Effect<ReadonlyArray<EmailRow>>
    readonly one: (account: AccountId, id: number) => Effect.Effect<Option.Option<EmailRow>>
    /** Stop a queued email while it may be stopped at `nowMs`; `None` when it is not (or not the account's). */
    readonly stop: (account: AccountId, id: number, nowMs: number) => Effect.Effect<Option.Option<EmailRow>>
    /** Whether the quote has a quote email (not a follow-up) delivered or queued. */
    readonly hasQuoteEmail: (account: AccountId, quoteId: number) => Effect.Effect<boolean>
    /** Mark the quote as emailed (or not), and touch its last action. */
    readonly setEmailed: (account: AccountId, quoteId: number, emailed: boolean, atMs: number) => Effect.Effect<void>
    /** A scheduled follow-up of the quote by id. */
    readonly dueFollowUp: (account: AccountId, quoteId: number, id: number) => Effect.Effect<Option.Option<FollowUp>>
    /** Whether a follow-up other than `except` is scheduled or in progress. */
    readonly followUpInProgress: (account: AccountId, quoteId: number, except: number | null) => Effect.Effect<boolean>
    /** How many follow-ups of the quote were sent. */
    readonly followUpsDone: (account: AccountId, quoteId: number) => Effect.Effect<number>
    /** Start a follow-up: the due one (now in progress) or a new one of `step`; returns its id. */
    readonly startFollowUp: (
      account: AccountId,
      quoteId: number,
      due: Option.Option<FollowUp>,
      step: 1 | 2,
      by: SigninId,
      atMs: number
    ) => Effect.Effect<number>
    /** Take up to `limit` due messages whose lease is free, leasing them until `nowMs + leaseMs`. */
    readonly claimDue: (nowMs: number, leaseMs: number, limit: number) => Effect.Effect<ReadonlyArray<Claimed>>
    /** Record that a recipient's copy was taken by the relay (a retry skips them). */
    readonly recipientDelivered: (m: Claimed, quoteContactId: number) => Effect.Effect<void>
    /** Record the delivery: sent, the follow-up done and counted. */
    readonly delivered: (m: Claimed, atMs: number) => Effect.Effect<void>
    /** Record a failed attempt: retried from `retryAtMs`, or (`final`) stored as not sent with the error. */
    readonly failed: (m: Claimed, error: string, final: boolean, retryAtMs: number) => Effect.Effect<void>
  }
>()("quotekit/server/EmailRepo") {}

interface Row {
  readonly email_message_id: number
  readonly quote_id: number
  readonly subject: string
  readonly subject_type: number
  readonly scheduled_when: Date
  readonly email_status: number
  readonly body_text: string
  readonly recipients: ReadonlyArray<StoredRecipient>
  readonly from_name: string | null
  readonly sent_at: Date | null
  readonly error: string | null
  readonly creation: Date
}

const columns = `
  e.email_message_id, e.quote_id, e.subject, e.subject_type::int AS subject_type, e.scheduled_when,
  e.email_status::int AS email_status, e.body_text, e.recipients, e.sent_at, e.error, e.creation,
  (SELECT coalesce(nullif(s.name_display, ''), nullif(btrim(s.name_first || ' ' || s.name_last), ''), s.email)
     FROM signins s WHERE s.signin_id = e.from_signin_id) AS from_name`

const toRow = (r: Row): EmailRow => ({
  email_message_id: ScheduledEmail.EmailMessageId.make(r.email_message_id),
  quote_id: r.quote_id as EmailRow["quote_id"],
  subject: r.subject,
  subject_type: r.subject_type,
  scheduled_when: seconds(r.scheduled_when),
  email_status: r.email_status as ScheduledEmail.EmailStatus,
  body_text: r.body_text,
  recipients: r.recipients.map((p) => ({ name: p.name, email: p.email })),
  from_name: r.from_name ?? "",
  sent_at: seconds(r.sent_at),
  failed: r.error !== null && r.email_status !== ScheduledEmail.Statuses.delivered,
  creation: seconds(r.creation)
})

const grace = (nowMs: number) => new Date(nowMs + ScheduledEmail.graceSeconds * 1000)

/** The repository over the `SqlClient`. */
export const layer = Layer.effect(
  EmailRepo,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const byId = (account: AccountId, id: number) =>
      sql<Row>`SELECT ${sql.literal(columns)} FROM email_messages e
        WHERE e.account_id = ${account} AND e.email_message_id = ${id}`.pipe(
        Effect.map((rows) => Option.map(Option.fromNullishOr(rows[0]), toRow))
      )

    return EmailRepo.of({
      queue: (e) =>
        Effect.gen(function* () {
          const [inserted] = yield* sql<{ readonly email_message_id: number }>`
            INSERT INTO email_messages ${sql.insert({
              account_id: e.account_id,
              quote_id: e.quote_id,
              follow_up_id: e.follow_up_id,
              quote_invoice_id: e.quote_invoice_id ?? null,
              subject: e.subject,
              subject_type: e.subject_type,
              body_text: e.body_text,
              recipients: JSON.stringify(e.recipients),
              from_signin_id: e.from_signin_id,
              scheduled_when: new Date(e.scheduled_when * 1000),
              email_status: ScheduledEmail.Statuses.inQueue
            })}
            RETURNING email_message_id`
          const row = yield* byId(e.account_id, inserted!.email_message_id)
          return Option.getOrThrow(row)
        }).pipe(Effect.orDie),

      list: (account, quoteId) =>
        sql<Row>`SELECT ${sql.literal(columns)} FROM email_messages e
          WHERE e.account_id = ${account} AND e.quote_id = ${quoteId}
          ORDER BY e.scheduled_when DESC, e.email_message_id DESC LIMIT 100`.pipe(
          Effect.map((rows) => rows.map(toRow)),
          Effect.orDie
        ),

      one: (account, id) => byId(account, id).pipe(Effect.orDie),

      stop: (account, id, nowMs) =>
        Effect.gen(function* () {
          const stopped = yield* sql<{ readonly follow_up_id: number | null }>`
            UPDATE email_messages SET email_status = ${ScheduledEmail.Statuses.stopped}
            WHERE account_id = ${account} AND email_message_id = ${id}
              AND email_status = ${ScheduledEmail.Statuses.inQueue} AND scheduled_when > ${grace(nowMs)}
            RETURNING follow_up_id`
          const first = stopped[0]
          if (first === undefined) return Option.none<EmailRow>()
          if (first.follow_up_id !== null)
            yield* sql`UPDATE follow_ups SET status = 'dismissed', done_at = ${new Date(nowMs)}
              WHERE account_id = ${account} AND follow_up_id = ${first.follow_up_id}`
          return yield* byId(account, id)
        }).pipe(Effect.orDie),

      hasQuoteEmail: (account, quoteId) =>
        sql<{ readonly n: number }>`
          SELECT count(*)::int AS n FROM email_messages
          WHERE account_id = ${account} AND quote_id = ${quoteId}
            AND subject_type = ${ScheduledEmail.SubjectTypes.new}
            AND email_status IN (${ScheduledEmail.Statuses.delivered}, ${ScheduledEmail.Statuses.inQueue})`.pipe(
          Effect.map((r) => (r[0]?.n ?? 0) > 0),
          Effect.orDie
        ),

      setEmailed: (account, quoteId, emailed, atMs) =>
        sql`UPDATE quotes SET has_been_emailed = ${emailed}, last_action_at = ${new Date(atMs)}
          WHERE account_id = ${account} AND quote_id = ${quoteId}`.pipe(Effect.asVoid, Effect.orDie),

      dueFollowUp: (account, quoteId, id) =>
        sql<{ readonly follow_up_id: number; readonly step: number }>`
          SELECT follow_up_id, step::int AS step FROM follow_ups
          WHERE account_id = ${account} AND quote_id = ${quoteId} AND follow_up_id = ${id} AND status = 'scheduled'
          FOR UPDATE`.pipe(
          Effect.map((r) =>
            Option.map(Option.fromNullishOr(r[0]), (f) => ({
              follow_up_id: f.follow_up_id,
              step: f.step === 2 ? (2 as const) : (1 as const)
            }))
          ),
          Effect.orDie
        ),

      followUpInProgress: (account, quoteId, except) =>
        sql<{ readonly n: number }>`
          SELECT count(*)::int AS n FROM follow_ups
          WHERE account_id = ${account} AND quote_id = ${quoteId} AND status IN ('scheduled', 'inProgress')
            AND follow_up_id <> ${except ?? 0}`.pipe(
          Effect.map((r) => (r[0]?.n ?? 0) > 0),
          Effect.orDie
        ),

      followUpsDone: (account, quoteId) =>
        sql<{ readonly n: number }>`
          SELECT count(*)::int AS n FROM follow_ups
          WHERE account_id = ${account} AND quote_id = ${quoteId} AND status = 'done'`.pipe(
          Effect.map((r) => r[0]?.n ?? 0),
          Effect.orDie
        ),

      startFollowUp: (account, quoteId, due, step, by, atMs) =>
        Option.match(due, {
          onSome: (f) =>
            sql`UPDATE follow_ups SET status = 'inProgress'
              WHERE account_id = ${account} AND follow_up_id = ${f.follow_up_id}`.pipe(Effect.as(f.follow_up_id)),
          onNone: () =>
            sql<{ readonly follow_up_id: number }>`
              INSERT INTO follow_ups ${sql.insert({
                account_id: account,
                quote_id: quoteId,
                step,
                due_at: new Date(atMs),
                status: "inProgress",
                created_by: by
              })}
              RETURNING follow_up_id`.pipe(Effect.map((r) => r[0]!.follow_up_id))
        }).pipe(Effect.orDie),

      // One statement, so its own transaction: a single round trip per round, the locks held only while it runs.
      claimDue: (nowMs, leaseMs, limit) =>
        sql<Claimed>`
              UPDATE email_messages e SET claimed_until = ${new Date(nowMs + leaseMs)}, attempts = e.attempts + 1
              FROM (
                SELECT email_message_id FROM email_messages
                WHERE email_status = ${ScheduledEmail.Statuses.inQueue} AND scheduled_when <= ${grace(nowMs)}
                  AND (claimed_until IS NULL OR claimed_until <= ${new Date(nowMs)})
                ORDER BY scheduled_when, email_message_id
                LIMIT ${limit}
                FOR UPDATE SKIP LOCKED
              ) due
              WHERE e.email_message_id = due.email_message_id
              RETURNING e.account_id, e.email_message_id, e.quote_id, e.follow_up_id, e.subject, e.body_text,
                        e.recipients, e.attempts::int AS attempts, e.quote_invoice_id,
                        e.subject_type::int AS subject_type,
                        (SELECT a.product_noun FROM accounts a WHERE a.account_id = e.account_id) AS noun`.pipe(
          Effect.orDie
        ),

      recipientDelivered: (m, quoteContactId) =>
        sql`UPDATE email_messages SET recipients = (
              SELECT coalesce(jsonb_agg(CASE WHEN (r ->> 'quote_contact_id')::int = ${quoteContactId}
                                             THEN r || '{"delivered": true}'::jsonb ELSE r END), '[]'::jsonb)
              FROM jsonb_array_elements(recipients) r)
            WHERE account_id = ${m.account_id} AND email_message_id = ${m.email_message_id}`.pipe(
          Effect.asVoid,
          Effect.orDie
        ),

      delivered: (m, atMs) =>
        sql
          .withTransaction(
            Effect.gen(function* () {
              const at = new Date(atMs)
              yield* sql`UPDATE email_messages
                SET email_status = ${ScheduledEmail.Statuses.delivered}, sent_at = ${at}, error = NULL,
                    claimed_until = NULL
                WHERE account_id = ${m.account_id} AND email_message_id = ${m.email_message_id}`
              if (m.follow_up_id === null) return
              yield* sql`UPDATE follow_ups SET status = 'done', done_at = ${at}
                WHERE account_id = ${m.account_id} AND follow_up_id = ${m.follow_up_id}`
              yield* sql`UPDATE quotes SET stat_followups = stat_followups + 1
                WHERE account_id = ${m.account_id} AND quote_id = ${m.quote_id}`
            })
          )
          .pipe(Effect.orDie),

      failed: (m, error, final, retryAtMs) =>
        sql
          .withTransaction(
            Effect.gen(function* () {
              yield* sql`UPDATE email_messages
                SET error = ${error.slice(0, 2000)}, claimed_until = ${new Date(retryAtMs)},
                    email_status = CASE WHEN ${final} THEN ${ScheduledEmail.Statuses.stopped}::smallint
                                        ELSE email_status END
                WHERE account_id = ${m.account_id} AND email_message_id = ${m.email_message_id}`
              if (final && m.follow_up_id !== null)
                yield* sql`UPDATE follow_ups SET status = 'dismissed', done_at = ${new Date(retryAtMs)}
                  WHERE account_id = ${m.account_id} AND follow_up_id = ${m.follow_up_id}`
            })
          )
          .pipe(Effect.orDie)
    })
  })
)
