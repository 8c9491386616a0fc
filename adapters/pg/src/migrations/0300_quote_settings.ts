/**
 * Per-quote settings (`QuoteSettings` in the core): one row per quote that has chosen any, each setting NULL
 * while it follows the account's default (so a later change of the default still reaches quotes that never
 * chose). A table of its own rather than columns or `quotes.meta`: a save of the editor rewrites the quote row
 * and its meta, and must not undo a setting changed on the quote page meanwhile.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient

  yield* sql`
    CREATE TABLE quote_settings (
      account_id integer NOT NULL,
      quote_id integer NOT NULL,
      terms_checkbox boolean,
      customer_quantities boolean,
      modified timestamptz NOT NULL DEFAULT now(),
      modified_by integer REFERENCES signins ON DELETE SET NULL,
      PRIMARY KEY (account_id, quote_id),
      FOREIGN KEY (account_id, quote_id) REFERENCES quotes (account_id, quote_id) ON DELETE CASCADE
    )`
})
