/**
 * Discussion on quotes (customer questions, team answers and comments, private notes), their mentions, and
 * the activity history shown under All Activity.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient

  // discuss_type: 1 contact question not answered, 2 dismissed, 3 answered; 10 sign-in answer, 11 sign-in
  // comment, 12 private note. The spec's discuss_from is a sign-in for types >= 10 and a contact below.
  yield* sql`
    CREATE TABLE discussion (
      discuss_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      account_id integer NOT NULL,
      quote_id integer NOT NULL,
      discuss_type smallint NOT NULL CHECK (discuss_type IN (1, 2, 3, 10, 11, 12)),
      from_signin_id integer REFERENCES signins ON DELETE SET NULL,
      from_contact_id integer,
      discuss_body text NOT NULL DEFAULT '' CHECK (length(discuss_body) <= 100000),
      parent_question integer,
      discuss_creation timestamptz NOT NULL DEFAULT now(),
      discuss_modified timestamptz NOT NULL DEFAULT now(),
      UNIQUE (account_id, discuss_id),
      CHECK (discuss_type >= 10 OR from_signin_id IS NULL),
      CHECK (discuss_type < 10 OR from_contact_id IS NULL),
      FOREIGN KEY (account_id, quote_id) REFERENCES quotes (account_id, quote_id) ON DELETE CASCADE,
      FOREIGN KEY (account_id, from_contact_id) REFERENCES contacts (account_id, contact_id)
        ON DELETE SET NULL (from_contact_id),
      FOREIGN KEY (account_id, parent_question) REFERENCES discussion (account_id, discuss_id) ON DELETE CASCADE
    )`
  yield* sql`CREATE INDEX discussion_quote_idx ON discussion (account_id, quote_id, discuss_creation)`
  yield* sql`CREATE INDEX discussion_parent_idx ON discussion (account_id, parent_question) WHERE parent_question IS NOT NULL`
  // New questions per quote (the list's _new_questions).
  yield* sql`CREATE INDEX discussion_unanswered_idx ON discussion (account_id, quote_id) WHERE discuss_type = 1`

  yield* sql`
    CREATE TABLE discussion_mentions (
      account_id integer NOT NULL,
      discuss_id integer NOT NULL,
      signin_id integer NOT NULL REFERENCES signins ON DELETE CASCADE,
      notified_at timestamptz,
      PRIMARY KEY (discuss_id, signin_id),
      FOREIGN KEY (account_id, discuss_id) REFERENCES discussion (account_id, discuss_id) ON DELETE CASCADE
    )`
  yield* sql`CREATE INDEX discussion_mentions_signin_idx ON discussion_mentions (account_id, signin_id)`

  // History rows for GET /get/history/{table}/{categoryId}: table_name is the spec's table (contact, quote,
  // content, content item, lead) and category_id the id of the record in it.
  yield* sql`
    CREATE TABLE history (
      history_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      account_id integer NOT NULL REFERENCES accounts ON DELETE CASCADE,
      table_name text NOT NULL CHECK (table_name IN ('contact', 'quote', 'content', 'content item', 'lead')),
      category_id integer NOT NULL,
      action text NOT NULL DEFAULT '',
      action_time timestamptz NOT NULL DEFAULT now(),
      html_summary text NOT NULL,
      html_full text NOT NULL DEFAULT '',
      actor text NOT NULL CHECK (actor ~ '^([0-9]+|customer|system)$'),
      actor_signin_id integer REFERENCES signins ON DELETE SET NULL
    )`
  yield* sql`CREATE INDEX history_subject_idx ON history (account_id, table_name, category_id, action_time DESC)`
})
