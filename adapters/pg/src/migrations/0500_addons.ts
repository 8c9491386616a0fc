/**
 * The add-on framework (Settings → Add-ons; Xero 1 and QuickBooks 7 the first to connect):
 * - `addon_switches`: an add-on switched on or off per account (Leads and Reviews keep their account flags).
 * - `addon_connections` (from 0006, one row per account and add-on, kept on disconnect): gains the organisation's
 *   name, the organisations the connection reaches while one is still to be chosen, the access token's expiry
 *   and the add-on's text of the last failure. `credentials` holds the tokens sealed with the server's secret
 *   key (`SecretBox`), never the tokens themselves.
 * - `addon_oauth_attempts`: one per Connect: the SHA-256 of its `state` (the value itself only travels in the
 *   browser), the PKCE verifier sealed, who started it, when it expires, and when it was used (once).
 * - `addon_audit`: who switched, connected, disconnected or chose what, and when.
 * - `addon_tax_map`: our tax (`item_taxes`) -> the organisation's tax code, per add-on and organisation.
 * - `addon_org_settings`: the revenue account code invoice lines go to, per add-on and organisation.
 * - `addon_contacts`: our contact's record in an add-on's organisation (found or created when an invoice
 *   syncs), so the next invoice reuses it.
 * - `addon_instance`: one random id of this installation, part of every document's reference in an add-on
 *   (`qk-<instance>-<account>-<invoice>`), so two installations (or a fresh one) writing to the same
 *   organisation never take each other's invoices for their own.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const addonId = sql.literal("smallint NOT NULL CHECK (addon_id IN (1, 2, 3, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15))")
  yield* sql`
    CREATE TABLE addon_switches (
      account_id integer NOT NULL REFERENCES accounts ON DELETE CASCADE,
      addon_id ${addonId},
      enabled boolean NOT NULL,
      modified_by integer REFERENCES signins ON DELETE SET NULL,
      modified_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (account_id, addon_id)
    )`
  yield* sql`
    ALTER TABLE addon_connections
      ADD COLUMN organisation_name text NOT NULL DEFAULT '',
      ADD COLUMN organisations jsonb NOT NULL DEFAULT '[]'::jsonb,
      ADD COLUMN token_expires_at timestamptz,
      ADD COLUMN last_error text NOT NULL DEFAULT '' CHECK (length(last_error) <= 2000),
      ADD COLUMN disconnected_by integer REFERENCES signins ON DELETE SET NULL`
  yield* sql`
    CREATE TABLE addon_oauth_attempts (
      attempt_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      account_id integer NOT NULL REFERENCES accounts ON DELETE CASCADE,
      addon_id ${addonId},
      signin_id integer NOT NULL REFERENCES signins ON DELETE CASCADE,
      state_hash text NOT NULL UNIQUE CHECK (state_hash ~ '^[0-9a-f]{64}$'),
      verifier_sealed text NOT NULL,
      redirect_uri text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      used_at timestamptz
    )`
  yield* sql`CREATE INDEX addon_oauth_attempts_expiry_idx ON addon_oauth_attempts (expires_at)`
  yield* sql`
    CREATE TABLE addon_audit (
      audit_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      account_id integer NOT NULL REFERENCES accounts ON DELETE CASCADE,
      addon_id ${addonId},
      signin_id integer REFERENCES signins ON DELETE SET NULL,
      action text NOT NULL CHECK (action IN ('switched-on', 'switched-off', 'connected', 'disconnected',
        'organisation-chosen', 'tax-mapping-changed', 'connection-failed')),
      detail text NOT NULL DEFAULT '' CHECK (length(detail) <= 500),
      at timestamptz NOT NULL DEFAULT now()
    )`
  yield* sql`CREATE INDEX addon_audit_account_idx ON addon_audit (account_id, audit_id DESC)`
  yield* sql`
    CREATE TABLE addon_tax_map (
      account_id integer NOT NULL,
      addon_id ${addonId},
      organisation_id text NOT NULL,
      item_tax_id integer NOT NULL,
      tax_code text NOT NULL CHECK (length(tax_code) BETWEEN 1 AND 100),
      PRIMARY KEY (account_id, addon_id, organisation_id, item_tax_id),
      FOREIGN KEY (account_id, item_tax_id) REFERENCES item_taxes (account_id, item_tax_id) ON DELETE CASCADE
    )`
  yield* sql`
    CREATE TABLE addon_org_settings (
      account_id integer NOT NULL REFERENCES accounts ON DELETE CASCADE,
      addon_id ${addonId},
      organisation_id text NOT NULL,
      account_code text NOT NULL DEFAULT '' CHECK (length(account_code) <= 50),
      PRIMARY KEY (account_id, addon_id, organisation_id)
    )`
  yield* sql`
    CREATE TABLE addon_contacts (
      account_id integer NOT NULL,
      addon_id ${addonId},
      organisation_id text NOT NULL,
      contact_id integer NOT NULL,
      remote_id text NOT NULL,
      url text NOT NULL DEFAULT '',
      PRIMARY KEY (account_id, addon_id, organisation_id, contact_id),
      FOREIGN KEY (account_id, contact_id) REFERENCES contacts (account_id, contact_id) ON DELETE CASCADE
    )`
  yield* sql`CREATE TABLE addon_instance (instance_id text NOT NULL CHECK (instance_id ~ '^[0-9a-f]{10}$'))`
  yield* sql`INSERT INTO addon_instance SELECT substr(md5(random()::text || clock_timestamp()::text), 1, 10)`
})
