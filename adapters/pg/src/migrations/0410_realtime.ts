/**
 * The real-time channel:
 * - `signing_rooms`: the relay rooms between a customer's quote page and the phone that scanned its QR code.
 *   A room is named by its link's account and quote contact and a random 128-bit code (the room's secret), lives
 *   until `expires_at`, holds the drawing sent so far (`value`, the signature wire format; `value_seq` counts the
 *   updates) and is used once the quote is accepted with it.
 * - `live_viewers`: who is on a quote right now, across every server process: one row per websocket (its id names
 *   the process and connection) or per polling visitor, kept fresh by `seen_at` and dropped when it goes stale.
 * - `acceptances.signed_on_device`: the accepted signature was drawn on a second device through a signing room.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE signing_rooms (
      account_id integer NOT NULL,
      quote_contact_id integer NOT NULL,
      code text NOT NULL CHECK (code ~ '^[0-9a-f]{32}$'),
      quote_id integer NOT NULL,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      value text NOT NULL DEFAULT '' CHECK (length(value) <= 10000),
      value_seq integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (account_id, quote_contact_id, code),
      FOREIGN KEY (account_id, quote_contact_id) REFERENCES quote_contacts (account_id, quote_contact_id)
        ON DELETE CASCADE
    )`
  yield* sql`CREATE INDEX signing_rooms_expiry_idx ON signing_rooms (expires_at)`
  yield* sql`
    CREATE TABLE live_viewers (
      viewer_id text PRIMARY KEY CHECK (length(viewer_id) <= 120),
      account_id integer NOT NULL REFERENCES accounts ON DELETE CASCADE,
      quote_id integer NOT NULL,
      kind text NOT NULL CHECK (kind IN ('customer', 'member')),
      signin_id integer,
      name text NOT NULL CHECK (length(name) <= 200),
      since timestamptz NOT NULL DEFAULT now(),
      seen_at timestamptz NOT NULL DEFAULT now()
    )`
  yield* sql`CREATE INDEX live_viewers_quote_idx ON live_viewers (account_id, quote_id)`
  yield* sql`CREATE INDEX live_viewers_seen_idx ON live_viewers (seen_at)`
  yield* sql`ALTER TABLE acceptances ADD COLUMN signed_on_device boolean NOT NULL DEFAULT false`
})
