/**
 * Trigram indexes for the searches of the quote list ('Quote Title, Number or Contact…'), contacts and items.
 * Each searched table has a lower-cased `search_text` kept by its repository; `search_text LIKE '%term%'`
 * (or ILIKE) uses these indexes.
 *
 * pg_trgm is database-wide: it is created once in `public` (never in a test schema, where dropping the schema
 * would drop it for everyone) and its operator class is named through the schema it actually lives in, so a
 * database that already has it elsewhere works too.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient

  yield* sql`CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public`
  const [found] = yield* sql<{ readonly schema: string }>`
    SELECT n.nspname AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
    WHERE e.extname = 'pg_trgm'`
  const ops = sql`${sql(found?.schema ?? "public")}.gin_trgm_ops`

  yield* sql`CREATE INDEX quotes_search_idx ON quotes USING gin (search_text ${ops})`
  yield* sql`CREATE INDEX contacts_search_idx ON contacts USING gin (search_text ${ops})`
  yield* sql`CREATE INDEX items_search_idx ON items USING gin (search_text ${ops})`
})
