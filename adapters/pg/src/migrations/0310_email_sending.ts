/**
 * What the email sender needs beyond `email_messages` (0006): a claim, so several server processes share the
 * queue without sending a message twice, and the count of delivery attempts.
 *
 * - `claimed_until`: a sender takes due messages (`FOR UPDATE SKIP LOCKED`) and sets this lease in the same
 *   short transaction, then delivers outside it (a transaction must not wait on a mail relay, and the embedded
 *   database has one connection). Another sender skips a message whose lease has not run out; a process that
 *   died mid-delivery leaves a lease that runs out, and the message is tried again.
 * - `attempts`: how many times delivery was tried; after the last one the message is stored as not sent
 *   (email_status 2) with the relay's error.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    ALTER TABLE email_messages
      ADD COLUMN claimed_until timestamptz,
      ADD COLUMN attempts smallint NOT NULL DEFAULT 0 CHECK (attempts >= 0)`
  // The follow-up an email answers is looked up by quote when a follow-up is sent or listed.
  yield* sql`CREATE INDEX email_messages_follow_up_idx ON email_messages (account_id, follow_up_id)
    WHERE follow_up_id IS NOT NULL`
})
