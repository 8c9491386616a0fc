/**
 * Accounts, sign-ins, memberships, sessions, password resets, sign-in attempts and the append-only audit log.
 *
 * Conventions for every migration: ids are `integer` identities (they decode to JS numbers; `bigint` columns
 * decode to `bigint`), times are `timestamptz`, money is `numeric`, enumerations are the spec's codes guarded
 * by CHECK constraints, and names are never schema-qualified so the same migrations run inside a test schema.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient

  yield* sql`
    CREATE TABLE accounts (
      account_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 200),
      country_id integer,
      state_id integer,
      currency_id integer NOT NULL DEFAULT 156,
      amounts_entered text NOT NULL DEFAULT 'exclusive_including'
        CHECK (amounts_entered IN ('inclusive', 'exclusive_excluding', 'exclusive_including', 'no_tax')),
      tax_word text NOT NULL DEFAULT 'tax' CHECK (length(tax_word) <= 30),
      show_code boolean NOT NULL DEFAULT false,
      show_symbol boolean NOT NULL DEFAULT true,
      private_pricing smallint NOT NULL DEFAULT 7 CHECK (private_pricing BETWEEN 0 AND 7),
      default_template_id integer,
      cost_always boolean NOT NULL DEFAULT false,
      default_margin numeric(7, 4) CHECK (default_margin <= 100),
      default_category_id integer,
      default_tax_id integer,
      product_noun text NOT NULL DEFAULT 'quote' CHECK (product_noun IN ('quote', 'proposal', 'estimate')),
      date_format text NOT NULL DEFAULT 'MMM d, yyyy'
        CHECK (date_format IN ('d MMM yyyy', 'dd/MM/yyyy', 'dd-MM-yyyy', 'MMM d, yyyy', 'MM/dd/yyyy', 'MM-dd-yyyy')),
      logo_file_id integer,
      leads_enabled boolean NOT NULL DEFAULT false,
      reviews_enabled boolean NOT NULL DEFAULT false,
      appearance jsonb NOT NULL DEFAULT '{}'::jsonb,
      review_settings jsonb NOT NULL DEFAULT '{}'::jsonb,
      plan_state text NOT NULL DEFAULT 'trial' CHECK (plan_state IN ('trial', 'active', 'past_due', 'cancelled')),
      trial_ends_at timestamptz,
      next_quote_no integer NOT NULL DEFAULT 1 CHECK (next_quote_no > 0),
      creation timestamptz NOT NULL DEFAULT now(),
      modified timestamptz NOT NULL DEFAULT now()
    )`

  yield* sql`
    CREATE TABLE signins (
      signin_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      email text NOT NULL CHECK (length(email) BETWEEN 3 AND 254 AND position('@' IN email) > 1),
      password_hash text,
      name_first text NOT NULL DEFAULT '',
      name_last text NOT NULL DEFAULT '',
      name_display text NOT NULL DEFAULT '',
      profile_phone text NOT NULL DEFAULT '',
      profile_title text NOT NULL DEFAULT '',
      image text,
      signin_tz text NOT NULL DEFAULT 'UTC',
      level smallint NOT NULL DEFAULT 0,
      archive_id smallint NOT NULL DEFAULT 1 CHECK (archive_id IN (1, 2, 3, 4, 5)),
      creation timestamptz NOT NULL DEFAULT now(),
      modified timestamptz NOT NULL DEFAULT now()
    )`
  // Emails are unique whatever their case; look-ups must use lower(email) to hit this index.
  yield* sql`CREATE UNIQUE INDEX signins_email_lower_key ON signins (lower(email))`

  yield* sql`
    CREATE TABLE memberships (
      account_id integer NOT NULL REFERENCES accounts ON DELETE CASCADE,
      signin_id integer NOT NULL REFERENCES signins ON DELETE CASCADE,
      is_admin boolean NOT NULL DEFAULT false,
      invited_by integer REFERENCES signins ON DELETE SET NULL,
      invited_at timestamptz NOT NULL DEFAULT now(),
      joined_at timestamptz,
      PRIMARY KEY (account_id, signin_id)
    )`
  yield* sql`CREATE INDEX memberships_signin_idx ON memberships (signin_id)`

  // Only the SHA-256 (hex) of a session token is stored: a leaked table does not sign anyone in.
  yield* sql`
    CREATE TABLE sessions (
      token_hash text PRIMARY KEY CHECK (token_hash ~ '^[0-9a-f]{64}$'),
      signin_id integer NOT NULL REFERENCES signins ON DELETE CASCADE,
      account_id integer REFERENCES accounts ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_seen_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      user_agent text,
      ip text,
      CHECK (expires_at > created_at)
    )`
  yield* sql`CREATE INDEX sessions_signin_idx ON sessions (signin_id)`
  yield* sql`CREATE INDEX sessions_expires_idx ON sessions (expires_at)`

  yield* sql`
    CREATE TABLE password_resets (
      token_hash text PRIMARY KEY CHECK (token_hash ~ '^[0-9a-f]{64}$'),
      signin_id integer NOT NULL REFERENCES signins ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      CHECK (expires_at > created_at)
    )`
  yield* sql`CREATE INDEX password_resets_signin_idx ON password_resets (signin_id)`

  // Sign-in attempts back rate limits that survive a restart and span several server processes.
  yield* sql`
    CREATE TABLE signin_attempts (
      attempt_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      email_lower text NOT NULL,
      ip text,
      at timestamptz NOT NULL DEFAULT now(),
      succeeded boolean NOT NULL
    )`
  yield* sql`CREATE INDEX signin_attempts_email_idx ON signin_attempts (email_lower, at DESC)`
  yield* sql`CREATE INDEX signin_attempts_ip_idx ON signin_attempts (ip, at DESC)`

  // The audit log is evidence (acceptances, signatures, permission changes), so it is append-only. Its foreign
  // keys take no ON DELETE action: an account or sign-in with audit rows cannot be deleted, only archived.
  yield* sql`
    CREATE TABLE audit_log (
      audit_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      account_id integer REFERENCES accounts,
      at timestamptz NOT NULL DEFAULT now(),
      actor text NOT NULL CHECK (actor ~ '^([0-9]+|customer|system)$'),
      actor_signin_id integer REFERENCES signins,
      action text NOT NULL CHECK (length(action) BETWEEN 1 AND 100),
      subject_table text,
      subject_id bigint,
      data jsonb NOT NULL DEFAULT '{}'::jsonb,
      content_hash text CHECK (content_hash ~ '^[0-9a-f]{64}$')
    )`
  yield* sql`CREATE INDEX audit_log_account_idx ON audit_log (account_id, at DESC)`
  yield* sql`CREATE INDEX audit_log_subject_idx ON audit_log (account_id, subject_table, subject_id)`
  // Privileges are not enough (the owner and PGlite's single user bypass them): a trigger refuses changes.
  yield* sql`
    CREATE FUNCTION audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
    END
    $$`
  yield* sql`
    CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
    FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_change()`
  yield* sql`
    CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
    FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change()`
})
