/**
 * API keys: per account, named, scoped (`read` or `write`), made by an admin (`created_by`, whom the key acts as)
 * and revoked rather than deleted, so the list keeps what existed. Only the SHA-256 (hex) of a key is stored, with
 * its first characters (`prefix`) to tell keys apart; a leaked table calls no API. `last_used_at` is written at
 * most once a minute per key.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE api_keys (
      api_key_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      account_id integer NOT NULL REFERENCES accounts ON DELETE CASCADE,
      name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 100),
      prefix text NOT NULL CHECK (prefix ~ '^qk_live_[A-Za-z0-9_-]{6}$'),
      key_hash text NOT NULL UNIQUE CHECK (key_hash ~ '^[0-9a-f]{64}$'),
      scope text NOT NULL CHECK (scope IN ('read', 'write')),
      created_by integer NOT NULL REFERENCES signins ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_used_at timestamptz,
      revoked_at timestamptz,
      revoked_by integer REFERENCES signins ON DELETE SET NULL
    )`
  yield* sql`CREATE INDEX api_keys_account_idx ON api_keys (account_id, created_at DESC)`
})
