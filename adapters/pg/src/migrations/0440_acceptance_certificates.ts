/**
 * Acceptance certificates: the PDF of an accepted quote with its certificate page, made once (when first
 * downloaded or emailed) and kept, so every later copy is the same bytes and anyone can check a copy they hold
 * against `sha256`. Undoing the acceptance removes it (the audit log keeps the evidence).
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE acceptance_certificates (
      acceptance_id integer PRIMARY KEY REFERENCES acceptances ON DELETE CASCADE,
      account_id integer NOT NULL,
      quote_id integer NOT NULL,
      pdf bytea NOT NULL,
      sha256 text NOT NULL UNIQUE CHECK (sha256 ~ '^[0-9a-f]{64}$'),
      created_at timestamptz NOT NULL DEFAULT now()
    )`
  yield* sql`CREATE INDEX acceptances_content_hash_idx ON acceptances (content_hash)`
})
