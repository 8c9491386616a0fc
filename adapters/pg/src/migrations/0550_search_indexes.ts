/**
 * The contact and item searches scoped to the account, as the quote list's is (migration 0301): one GIN index
 * over `(account_id, search_text)` each (btree_gin gives the integer a GIN operator class, pg_trgm the text),
 * replacing the table-wide trigram indexes of migration 0007.
 *
 * Every search of contacts (the contact list, and the contact lookup's "text found anywhere" half) and of items
 * (the item lists and the item lookup of the quote editor) is filtered by the account. With the table-wide
 * index a term common in other accounts reads and rechecks every account's entries; with the account in the
 * same index the bitmap scan intersects the account's entries with the term's trigrams, so a search costs what
 * the account's own matches cost however many accounts share the database.
 *
 * pg_trgm and btree_gin are database-wide and already created (0007, 0301); their operator class is named
 * through the schema they live in.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient

  const [found] = yield* sql<{ readonly schema: string }>`
    SELECT n.nspname AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
    WHERE e.extname = 'pg_trgm'`
  const ops = sql`${sql(found?.schema ?? "public")}.gin_trgm_ops`

  yield* sql`CREATE INDEX contacts_account_search_idx ON contacts USING gin (account_id, search_text ${ops})`
  yield* sql`DROP INDEX contacts_search_idx`
  yield* sql`CREATE INDEX items_account_search_idx ON items USING gin (account_id, search_text ${ops})`
  yield* sql`DROP INDEX items_search_idx`
})
