/**
 * The notification email worker, over the `notifications` rows `Record` wrote (the outbox):
 *
 * - At once (`sendDue`): claims unsent rows (`FOR UPDATE SKIP LOCKED` and a lease, so any number of server
 *   processes share them and never send one twice at a time), sends each through the `Mailer` (the account's
 *   custom email domain applies), and marks it sent. A row whose email failed is tried again when its lease has
 *   run out, `MAX_ATTEMPTS` times at most.
 * - The daily digest (`sendDigests`): for each member with waiting digest rows whose digest is due
 *   (`Notification.digestDue` in the member's time zone), claims the day's `notification_digests` row (one per
 *   member, account and local day: a second run, in this process or another, finds it taken or sent) and the
 *   rows, sends one email, and marks both sent. A failed send gives the claim back, to be tried at the next round.
 *
 * Each notification is emailed once per member: the rows are unique per event and member, and a row is only sent
 * under its claim. A process that dies between sending and marking leaves the lease to run out, and the email is
 * sent again (at least once, as the webhooks are).
 *
 * @since 0.5.0
 */
import * as Notification from "@quotekit/core/Notification"
import { Array as Arr, Clock, Duration, Effect, Layer, Option, Schedule } from "effect"
import { SqlClient } from "effect/sql"
import { Mailer } from "../auth/Mailer.ts"
import { PublicUrl } from "../http/PublicUrl.ts"
import * as Emails from "./Emails.ts"
import { toItem } from "./Repo.ts"
import { NotificationSignal } from "./Signal.ts"

/** How long a claim holds: longer than a relay may take to answer. */
export const LEASE_MS = 120_000
/** Tries of one email at most. */
export const MAX_ATTEMPTS = 5
/** Emails taken per round. */
export const BATCH = 32
/** Poll interval when nothing wakes the worker. */
export const INTERVAL = Duration.seconds(5)
/** How often the digests are looked at. */
export const DIGEST_EVERY = Duration.minutes(5)

/** A claimed row with what its email needs. */
interface Claimed {
  readonly notification_id: string | number
  readonly account_id: number
  readonly signin_id: number
  readonly email: string
  readonly account_name: string
  readonly kind: Notification.Kind
  readonly quote_id: number
  readonly quote_name: string
  readonly headline: string
  readonly excerpt: string
  readonly created_at: Date
  readonly read_at: Date | null
}

const base = Effect.gen(function* () {
  const url = yield* Effect.serviceOption(PublicUrl)
  return Option.isNone(url) ? "" : yield* url.value.current
})

/** The local day (`YYYY-MM-DD`) and hour of a moment in a time zone (UTC when the zone is not known). */
export const localTime = (ms: number, zone: string): { readonly day: string; readonly hour: number } => {
  const parts = (tz: string) =>
    new Intl.DateTimeFormat("en-CA", {
      timeZone: tz,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      hourCycle: "h23"
    }).formatToParts(new Date(ms))
  let p: ReturnType<typeof parts>
  try {
    p = parts(zone)
  } catch {
    p = parts("UTC")
  }
  const get = (type: string) => p.find((x) => x.type === type)?.value ?? "00"
  return { day: `${get("year")}-${get("month")}-${get("day")}`, hour: Number(get("hour")) % 24 }
}

/** Send the due emails of notifications sent at once; how many were claimed and sent. */
export const sendDue = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const mailer = yield* Mailer
  const now = yield* Clock.currentTimeMillis
  const claimed = yield* sql<Claimed>`
    WITH due AS (
      SELECT notification_id FROM notifications
      WHERE email_mode = 'immediate' AND email_sent_at IS NULL AND email_attempts < ${MAX_ATTEMPTS}
        AND (email_claimed_until IS NULL OR email_claimed_until < ${new Date(now)})
      ORDER BY notification_id LIMIT ${BATCH}
      FOR UPDATE SKIP LOCKED)
    UPDATE notifications n
    SET email_claimed_until = ${new Date(now + LEASE_MS)}, email_attempts = n.email_attempts + 1
    FROM due, signins s, accounts a
    WHERE n.notification_id = due.notification_id AND s.signin_id = n.signin_id AND a.account_id = n.account_id
    RETURNING n.notification_id, n.account_id, n.signin_id, s.email, a.name AS account_name, n.kind, n.quote_id,
              n.quote_name, n.headline, n.excerpt, n.created_at, n.read_at`
  if (claimed.length === 0) return { claimed: 0, sent: 0 }
  const url = yield* base
  const sent: Array<number> = []
  for (const c of claimed) {
    const mail = Emails.single({
      to: c.email,
      account: c.account_id,
      accountName: c.account_name,
      item: toItem(c),
      base: url
    })
    const ok = yield* mailer.send(mail).pipe(
      Effect.as(true),
      Effect.catch((e) => Effect.as(Effect.logWarning(`notification email to ${e.to} not sent: ${e.reason}`), false))
    )
    if (ok) sent.push(Number(c.notification_id))
  }
  if (Arr.isArrayNonEmpty(sent))
    yield* sql`
      UPDATE notifications SET email_sent_at = ${new Date(yield* Clock.currentTimeMillis)}, email_claimed_until = NULL
      WHERE notification_id IN ${sql.in(sent)}`
  return { claimed: claimed.length, sent: sent.length }
}).pipe(Effect.orDie, Effect.uninterruptible)

/** One member's digest when due: claim, send, mark; whether one was sent. */
const digestOf = (member: { readonly account_id: number; readonly signin_id: number; readonly day: string }) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const mailer = yield* Mailer
    const now = yield* Clock.currentTimeMillis
    const lease = new Date(now + LEASE_MS)
    const claim = yield* sql.withTransaction(
      Effect.gen(function* () {
        // The day's digest row: new, or given up by a run that failed or died (its claim ran out, never sent).
        const [taken] = yield* sql<{ digest_day: string }>`
          INSERT INTO notification_digests (account_id, signin_id, digest_day, claimed_until)
          VALUES (${member.account_id}, ${member.signin_id}, ${member.day}::date, ${lease})
          ON CONFLICT (account_id, signin_id, digest_day) DO UPDATE SET claimed_until = EXCLUDED.claimed_until
          WHERE notification_digests.sent_at IS NULL AND notification_digests.claimed_until < ${new Date(now)}
          RETURNING digest_day::text`
        if (taken === undefined) return []
        return yield* sql<Claimed>`
          WITH due AS (
            SELECT notification_id FROM notifications
            WHERE account_id = ${member.account_id} AND signin_id = ${member.signin_id}
              AND email_mode = 'digest' AND email_sent_at IS NULL
              AND (email_claimed_until IS NULL OR email_claimed_until < ${new Date(now)})
            ORDER BY notification_id
            FOR UPDATE SKIP LOCKED)
          UPDATE notifications n SET email_claimed_until = ${lease}, email_attempts = n.email_attempts + 1
          FROM due, signins s, accounts a
          WHERE n.notification_id = due.notification_id AND s.signin_id = n.signin_id AND a.account_id = n.account_id
          RETURNING n.notification_id, n.account_id, n.signin_id, s.email, a.name AS account_name, n.kind, n.quote_id,
                    n.quote_name, n.headline, n.excerpt, n.created_at, n.read_at`
      })
    )
    const first = claim[0]
    if (first === undefined) {
      // Nothing left to send under this claim (another run took the rows): give the day back.
      yield* sql`
        DELETE FROM notification_digests
        WHERE account_id = ${member.account_id} AND signin_id = ${member.signin_id}
          AND digest_day = ${member.day}::date AND sent_at IS NULL AND claimed_until = ${lease}`
      return false
    }
    const ids = claim.map((c) => Number(c.notification_id))
    const mail = Emails.digest({
      to: first.email,
      account: member.account_id,
      accountName: first.account_name,
      items: claim.map(toItem),
      base: yield* base
    })
    const ok = yield* mailer.send(mail).pipe(
      Effect.as(true),
      Effect.catch((e) => Effect.as(Effect.logWarning(`notification digest to ${e.to} not sent: ${e.reason}`), false))
    )
    const at = new Date(yield* Clock.currentTimeMillis)
    yield* sql.withTransaction(
      ok
        ? Effect.all([
            sql`UPDATE notifications SET email_sent_at = ${at}, email_claimed_until = NULL
                WHERE notification_id IN ${sql.in(ids)}`,
            sql`UPDATE notification_digests SET sent_at = ${at}, item_count = ${ids.length}
                WHERE account_id = ${member.account_id} AND signin_id = ${member.signin_id}
                  AND digest_day = ${member.day}::date`
          ])
        : Effect.all([
            sql`UPDATE notifications SET email_claimed_until = NULL WHERE notification_id IN ${sql.in(ids)}`,
            sql`UPDATE notification_digests SET claimed_until = ${new Date(0)}
                WHERE account_id = ${member.account_id} AND signin_id = ${member.signin_id}
                  AND digest_day = ${member.day}::date AND sent_at IS NULL`
          ])
    )
    return ok
  })

/** Send every due digest; how many went. */
export const sendDigests = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const now = yield* Clock.currentTimeMillis
  const waiting = yield* sql<{
    account_id: number
    signin_id: number
    signin_tz: string
    waiting: number
    last_day: string | null
  }>`
    SELECT n.account_id, n.signin_id, s.signin_tz, count(*)::int AS waiting,
           (SELECT max(d.digest_day)::text FROM notification_digests d
            WHERE d.account_id = n.account_id AND d.signin_id = n.signin_id AND d.sent_at IS NOT NULL) AS last_day
    FROM notifications n JOIN signins s ON s.signin_id = n.signin_id
    WHERE n.email_mode = 'digest' AND n.email_sent_at IS NULL
    GROUP BY n.account_id, n.signin_id, s.signin_tz`
  let sent = 0
  for (const m of waiting) {
    const local = localTime(now, m.signin_tz)
    if (
      !Notification.digestDue({ localDay: local.day, localHour: local.hour, lastDay: m.last_day, waiting: m.waiting })
    )
      continue
    if (yield* digestOf({ account_id: m.account_id, signin_id: m.signin_id, day: local.day })) sent++
  }
  return sent
}).pipe(Effect.orDie, Effect.uninterruptible)

/** Runs the worker while the layer lives: emails at once on a wake or a poll, the digests every few minutes. */
export const layer = Layer.effectDiscard(
  Effect.gen(function* () {
    const signal = yield* NotificationSignal
    yield* sendDue.pipe(
      Effect.catchCause((cause) =>
        Effect.as(Effect.logWarning("notification emails round failed", cause), { claimed: 0, sent: 0 })
      ),
      Effect.flatMap((r) => (r.claimed >= BATCH ? Effect.void : Effect.race(signal.next, Effect.sleep(INTERVAL)))),
      Effect.repeat(Schedule.forever),
      Effect.forkScoped
    )
    yield* sendDigests.pipe(
      Effect.catchCause((cause) => Effect.as(Effect.logWarning("notification digests round failed", cause), 0)),
      Effect.andThen(Effect.sleep(DIGEST_EVERY)),
      Effect.repeat(Schedule.forever),
      Effect.forkScoped
    )
  })
)
