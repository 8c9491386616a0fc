/**
 * Shared accounts: a parent account shares its templates and reusable items with child accounts (spec: shared
 * account link, with relationship_status and who started and stopped it).
 *
 * A link starts `pending` when the parent's admin makes a link code (only its SHA-256 is kept, until
 * `code_expires_at`); the child's admin entering the code makes it `active`; either side's admin stops it. A
 * child has at most one active parent, and links never form a cycle (checked under `account_links_lock`).
 *
 * While a link is active the child holds read-only copies of the parent's current templates (`quotes` with
 * `shared_quote_id` naming the parent's template) and items (`items` with `shared_account_id` the parent and
 * `shared_item_id` the parent's item); stopping the link keeps the copies the child uses as the child's own.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE account_links (
      link_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      parent_account_id integer NOT NULL REFERENCES accounts ON DELETE CASCADE,
      child_account_id integer REFERENCES accounts ON DELETE CASCADE,
      relationship_status text NOT NULL DEFAULT 'pending'
        CHECK (relationship_status IN ('pending', 'active', 'stopped')),
      code_hash text UNIQUE CHECK (code_hash ~ '^[0-9a-f]{64}$'),
      code_expires_at timestamptz,
      created_by integer REFERENCES signins ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      started_by integer REFERENCES signins ON DELETE SET NULL,
      started_at timestamptz,
      stopped_by integer REFERENCES signins ON DELETE SET NULL,
      stopped_at timestamptz,
      synced_at timestamptz,
      CHECK (child_account_id IS NULL OR child_account_id <> parent_account_id),
      CHECK (relationship_status = 'pending' OR relationship_status = 'stopped' OR child_account_id IS NOT NULL),
      CHECK ((relationship_status = 'stopped') = (stopped_at IS NOT NULL))
    )`
  yield* sql`
    CREATE UNIQUE INDEX account_links_one_parent ON account_links (child_account_id)
      WHERE relationship_status = 'active'`
  yield* sql`CREATE INDEX account_links_parent_idx ON account_links (parent_account_id, relationship_status)`
  yield* sql`CREATE INDEX account_links_child_idx ON account_links (child_account_id, relationship_status)`
  // One row locked by every link and stop, so two links made at once cannot close a cycle between them.
  yield* sql`CREATE TABLE account_links_lock (singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton))`
  yield* sql`INSERT INTO account_links_lock DEFAULT VALUES`

  yield* sql`ALTER TABLE items ADD COLUMN shared_item_id integer`
  yield* sql`
    CREATE UNIQUE INDEX items_shared_copy_key ON items (account_id, shared_item_id) WHERE shared_item_id IS NOT NULL`
  yield* sql`
    CREATE UNIQUE INDEX quotes_shared_copy_key ON quotes (account_id, shared_quote_id)
      WHERE shared_quote_id IS NOT NULL AND is_template`
})
