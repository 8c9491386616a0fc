/**
 * The contact lookup's first part (names and emails starting with the typed text, off the 0201 indexes) as a
 * function with a plan made once per connection. As a prepared statement PostgreSQL planned it again on every
 * call: its three range scans look cheaper with the typed text known, so the planner kept choosing a custom plan,
 * and planning cost four times the lookup itself (1.2 ms against 0.3 ms on 50,000 contacts). The plan is the
 * same whatever the text (each scan reads the first `wanted` entries of its index from the text on), so the
 * function keeps the generic one (`plan_cache_mode`). Returns at most `wanted` contacts, each with the best of
 * its matches: `rank` 1 first name, 2 last name, 3 email, and `k` the matching text (order it `COLLATE "C"`).
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const starting = (column: string, rank: number) => `(
    SELECT c.contact_id, ${rank} AS rank, lower(c.${column}) COLLATE "C" AS k FROM contacts c
    WHERE c.account_id = p_account AND c.archive_id = 1 AND c.merged_into IS NULL
      AND (NOT p_companies_only OR c.contact_type = 'company')
      AND lower(c.${column}) COLLATE "C" >= p_from AND lower(c.${column}) COLLATE "C" < p_to
    ORDER BY lower(c.${column}) COLLATE "C", c.contact_id LIMIT p_wanted)`
  yield* sql.unsafe(`
    CREATE FUNCTION contact_lookup_starting(
      p_account integer, p_from text, p_to text, p_companies_only boolean, p_wanted integer
    ) RETURNS TABLE (contact_id integer, rank integer, k text)
    LANGUAGE plpgsql STABLE ROWS 10
    SET plan_cache_mode = force_generic_plan
    AS $$
    BEGIN
      RETURN QUERY
      WITH p AS (${starting("name_first", 1)} UNION ALL ${starting("name_last", 2)} UNION ALL ${starting("email", 3)})
      SELECT p.contact_id, min(p.rank)::integer, min(p.k)::text FROM p
      GROUP BY p.contact_id ORDER BY 2, 3, 1 LIMIT p_wanted;
    END $$`)
})
