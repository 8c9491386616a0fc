/**
 * What the quotes server needs beyond the quote tables: the edit sequence that detects save conflicts, the
 * status machine's undo point, the list's "most recent activity" order, and idempotent saves.
 *
 * - `edit_seq` grows by one with every change to a quote (save or action); the editor sends it back as
 *   `_modifiedIn`, so a save made on stale data is caught even within the same second.
 * - `state_undo` is `QuoteAction.UndoPoint` (the status and archive state before the last undoable action),
 *   so Undo Declined of an expired, waiting quote gives back an expired, waiting quote.
 * - `activity_at` is the latest of `modified`, `last_view`, `last_action_at` and `status_changed_at`, kept by a
 *   trigger so that every writer (customer views, discussion, emails) moves a quote up the list without
 *   knowing about the list.
 * - `save_requests` remembers the answer to each save request id for a day, so a retried save (the client
 *   retries after a lock, the network drops the answer) never creates a second quote.
 * - The columns that point at a quote without an index get one, so deleting quotes (the purge of drafts and
 *   templates deleted over 30 days ago, an account's removal) checks each reference by index instead of
 *   scanning the table once per deleted quote.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient

  yield* sql`
    ALTER TABLE quotes
      ADD COLUMN edit_seq integer NOT NULL DEFAULT 0 CHECK (edit_seq >= 0),
      ADD COLUMN state_undo jsonb,
      ADD COLUMN activity_at timestamptz NOT NULL DEFAULT now()`

  yield* sql`
    CREATE FUNCTION quotes_activity_at() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.activity_at := GREATEST(NEW.modified, NEW.last_view, NEW.last_action_at, NEW.status_changed_at);
      RETURN NEW;
    END
    $$`
  yield* sql`
    CREATE TRIGGER quotes_activity_at BEFORE INSERT OR UPDATE ON quotes
    FOR EACH ROW EXECUTE FUNCTION quotes_activity_at()`

  // The list pages by most recent activity within an account; deleted drafts are listed apart.
  yield* sql`
    CREATE INDEX quotes_activity_idx ON quotes (account_id, is_template, activity_at DESC, quote_id DESC)
    WHERE archive_id <> 3`

  yield* sql`
    CREATE TABLE save_requests (
      account_id integer NOT NULL REFERENCES accounts ON DELETE CASCADE,
      request_id text NOT NULL CHECK (length(request_id) BETWEEN 8 AND 100),
      signin_id integer REFERENCES signins ON DELETE SET NULL,
      quote_id integer,
      answer jsonb NOT NULL,
      creation timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (account_id, request_id)
    )`
  yield* sql`CREATE INDEX save_requests_creation_idx ON save_requests (creation)`

  yield* sql`CREATE INDEX quotes_from_quote_idx ON quotes (account_id, from_quote_id) WHERE from_quote_id IS NOT NULL`
  yield* sql`
    CREATE INDEX quotes_from_template_idx ON quotes (account_id, from_template_id) WHERE from_template_id IS NOT NULL`
  yield* sql`CREATE INDEX quotes_shared_quote_idx ON quotes (shared_quote_id) WHERE shared_quote_id IS NOT NULL`
  yield* sql`CREATE INDEX leads_quote_idx ON leads (account_id, quote_id) WHERE quote_id IS NOT NULL`
  yield* sql`CREATE INDEX reviews_quote_idx ON reviews (account_id, quote_id) WHERE quote_id IS NOT NULL`
})
