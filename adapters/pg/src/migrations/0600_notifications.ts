/**
 * Notifications (add-on 9):
 * - `notification_preferences`: a member's choices in an account (`Notification.Preferences` as JSON); a member
 *   without a row has the defaults.
 * - `quote_watchers`: the members who watch a quote besides its author.
 * - `notifications`: one row per member per event (`event_key`, unique per member), written in the transaction of
 *   the change it reports (outbox style: it commits with the change or not at all). It is the in-app list's entry
 *   (`in_app`, `read_at`) and the email's outbox: `email_mode` says whether it goes at once or in the daily digest,
 *   `email_claimed_until` is the lease of the process sending it, `email_sent_at` is set once it went.
 * - `notification_digests`: one row per member, account and local day whose digest was claimed (`sent_at` once it
 *   went), so two runs of the job on one day send one digest.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE notification_preferences (
      account_id integer NOT NULL,
      signin_id integer NOT NULL,
      preferences jsonb NOT NULL,
      modified_at timestamptz NOT NULL,
      PRIMARY KEY (account_id, signin_id),
      FOREIGN KEY (account_id, signin_id) REFERENCES memberships ON DELETE CASCADE
    )`
  yield* sql`
    CREATE TABLE quote_watchers (
      account_id integer NOT NULL,
      quote_id integer NOT NULL REFERENCES quotes ON DELETE CASCADE,
      signin_id integer NOT NULL,
      created_at timestamptz NOT NULL,
      PRIMARY KEY (account_id, quote_id, signin_id),
      FOREIGN KEY (account_id, signin_id) REFERENCES memberships ON DELETE CASCADE
    )`
  yield* sql`
    CREATE TABLE notifications (
      notification_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      account_id integer NOT NULL,
      signin_id integer NOT NULL,
      event_key text NOT NULL CHECK (length(event_key) <= 100),
      kind text NOT NULL
        CHECK (kind IN ('quote.viewed', 'question.asked', 'quote.accepted', 'quote.declined', 'mention')),
      quote_id integer NOT NULL REFERENCES quotes ON DELETE CASCADE,
      quote_name text NOT NULL,
      headline text NOT NULL,
      excerpt text NOT NULL DEFAULT '',
      created_at timestamptz NOT NULL,
      in_app boolean NOT NULL,
      read_at timestamptz,
      email_mode text NOT NULL CHECK (email_mode IN ('none', 'immediate', 'digest')),
      email_claimed_until timestamptz,
      email_attempts smallint NOT NULL DEFAULT 0,
      email_sent_at timestamptz,
      UNIQUE (account_id, signin_id, event_key),
      FOREIGN KEY (account_id, signin_id) REFERENCES memberships ON DELETE CASCADE
    )`
  yield* sql`
    CREATE INDEX notifications_list_idx ON notifications (account_id, signin_id, notification_id DESC) WHERE in_app`
  yield* sql`
    CREATE INDEX notifications_email_idx ON notifications (email_mode, notification_id)
    WHERE email_sent_at IS NULL AND email_mode <> 'none'`
  yield* sql`
    CREATE TABLE notification_digests (
      account_id integer NOT NULL,
      signin_id integer NOT NULL,
      digest_day date NOT NULL,
      claimed_until timestamptz NOT NULL,
      sent_at timestamptz,
      item_count integer NOT NULL DEFAULT 0,
      PRIMARY KEY (account_id, signin_id, digest_day),
      FOREIGN KEY (account_id, signin_id) REFERENCES memberships ON DELETE CASCADE
    )`
})
