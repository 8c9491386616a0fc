/**
 * What the contacts, items, leads, settings and uploads endpoints need beyond the earlier migrations: the
 * per-account key of the public lead form (unguessable, so a stranger cannot post leads into an account whose
 * key they were not given), and an index for a company's people and a contact's merged losers.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient

  yield* sql`
    ALTER TABLE accounts ADD COLUMN lead_form_key text UNIQUE
      CHECK (lead_form_key ~ '^[A-Za-z0-9_-]{16,64}$')`
  yield* sql`CREATE INDEX contacts_merged_idx ON contacts (account_id, merged_into) WHERE merged_into IS NOT NULL`
})
