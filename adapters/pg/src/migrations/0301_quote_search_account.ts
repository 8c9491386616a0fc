/**
 * The quote list's search scoped to the account: one GIN index over `(account_id, search_text)` (btree_gin
 * gives integers a GIN operator class), replacing the table-wide trigram index of migration 0007.
 *
 * Every search of quotes and templates is filtered by the account. With the trigram index alone, a common
 * term reads the posting lists of every account (a term in a quarter of 100,000 quotes: 25,000 entries read and
 * rechecked to count the 500 of one account); with the account in the same GIN index, the scan intersects the
 * account's entries with the term's trigrams and skips past the other accounts' entries, so a search or its
 * count costs what the account's own matches cost.
 *
 * Like pg_trgm, btree_gin is database-wide: created once in `public`, never in a test schema (PGlite loads it
 * with pg_trgm; the PostgreSQL test setup creates it before the test schemas migrate).
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient

  yield* sql`CREATE EXTENSION IF NOT EXISTS btree_gin WITH SCHEMA public`
  const [found] = yield* sql<{ readonly schema: string }>`
    SELECT n.nspname AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
    WHERE e.extname = 'pg_trgm'`
  const ops = sql`${sql(found?.schema ?? "public")}.gin_trgm_ops`

  yield* sql`CREATE INDEX quotes_account_search_idx ON quotes USING gin (account_id, search_text ${ops})`
  yield* sql`DROP INDEX quotes_search_idx`
})
