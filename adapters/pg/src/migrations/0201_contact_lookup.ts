/**
 * Indexes for the contact lookup (the completers of the quote editor and the contact form): names and emails
 * that start with the typed text, in byte order (`COLLATE "C"`), so the first ten matches come straight off
 * an index however many contacts an account has. Only current contacts (not archived, deleted or merged)
 * are ever looked up, so the indexes hold only those.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  for (const column of ["name_first", "name_last", "email"] as const) {
    yield* sql`
      CREATE INDEX ${sql(`contacts_lookup_${column}_idx`)} ON contacts
        (account_id, (lower(${sql(column)}) COLLATE "C"), contact_id)
      WHERE archive_id = 1 AND merged_into IS NULL`
  }
})
