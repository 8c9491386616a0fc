/**
 * Offline acceptance with proof: an acceptance recorded by the team ('Accept on behalf') keeps how the customer
 * accepted (`AcceptanceProof`: purchase order number, signed document, email, phone or in person, a note) beside
 * the content hash of the quote as it was when recorded, so it has a certificate like a customer's own acceptance.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`ALTER TABLE acceptances ADD COLUMN proof jsonb`
})
