/**
 * Landing source tracking: an account keeps where its creator came from (`signup_source`, the landing cookie's
 * parts when the account was created: up to 5 space-separated parts of up to 50 letters, digits, dots,
 * underscores and dashes; "" when the visitor arrived with none).
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    ALTER TABLE accounts ADD COLUMN signup_source text NOT NULL DEFAULT ''
      CHECK (signup_source ~ '^([A-Za-z0-9._-]{1,50}( [A-Za-z0-9._-]{1,50}){0,4})?$')`
})
