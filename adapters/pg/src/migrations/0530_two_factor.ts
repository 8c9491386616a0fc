/**
 * Two-factor sign-in (add-on 15):
 * - `two_factor`: a sign-in's TOTP secret, sealed with the server's secret key (`secret_sealed`, never the secret
 *   itself); `confirmed_at` is null while enrolment waits for its first code; `last_step` is the TOTP step of the
 *   last accepted code, so a code is never accepted twice.
 * - `two_factor_recovery_codes`: the SHA-256 of each one-time recovery code; `used_at` once it signed someone in.
 * - `two_factor_challenges`: the second step of a sign-in (the hash of the `qk_2fa` cookie's token): whose, what
 *   it waits for (a code or enrolment), the account to choose afterwards, and when it runs out. No session exists
 *   until it is passed.
 * - `two_factor_failures`: failed codes per sign-in, for the growing delays.
 * - `accounts.two_factor_required`: the admin's switch requiring two-factor of every member.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`ALTER TABLE accounts ADD COLUMN two_factor_required boolean NOT NULL DEFAULT false`
  yield* sql`
    CREATE TABLE two_factor (
      signin_id integer PRIMARY KEY REFERENCES signins ON DELETE CASCADE,
      secret_sealed text NOT NULL,
      confirmed_at timestamptz,
      last_step bigint,
      created_at timestamptz NOT NULL
    )`
  yield* sql`
    CREATE TABLE two_factor_recovery_codes (
      signin_id integer NOT NULL REFERENCES signins ON DELETE CASCADE,
      code_hash text NOT NULL CHECK (code_hash ~ '^[0-9a-f]{64}$'),
      used_at timestamptz,
      PRIMARY KEY (signin_id, code_hash)
    )`
  yield* sql`
    CREATE TABLE two_factor_challenges (
      token_hash text PRIMARY KEY CHECK (token_hash ~ '^[0-9a-f]{64}$'),
      signin_id integer NOT NULL REFERENCES signins ON DELETE CASCADE,
      step text NOT NULL CHECK (step IN ('code', 'enrol')),
      account_id integer REFERENCES accounts ON DELETE SET NULL,
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      CHECK (expires_at > created_at)
    )`
  yield* sql`CREATE INDEX two_factor_challenges_expires_idx ON two_factor_challenges (expires_at)`
  yield* sql`
    CREATE TABLE two_factor_failures (
      failure_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      signin_id integer NOT NULL REFERENCES signins ON DELETE CASCADE,
      at timestamptz NOT NULL
    )`
  yield* sql`CREATE INDEX two_factor_failures_signin_idx ON two_factor_failures (signin_id, at DESC)`
})
