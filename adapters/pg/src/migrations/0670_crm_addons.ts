/**
 * The CRM and marketing add-ons (Highrise 2, Capsule 3, Insightly 5, Mailchimp 6):
 *
 * - `contacts.marketing_opt_in`: the contact agreed to marketing email; Mailchimp adds only those.
 *   `leads.lead_marketing_opt_in`: the website form's visitor agreed; their contact agrees when the lead
 *   becomes one.
 * - `addon_connections.options`: a CRM's or Mailchimp's options (`AddOn.Options` as JSON; null: the defaults);
 *   changing them is audited (`options-changed`).
 * - `lookup_contact_cache` (spec: lookup contact cache: name, type, email, link ids, add-on id): one row per CRM
 *   record an account's searches found, refreshed whenever a search finds it again; `remote_company_id` is the
 *   link to the person's organisation there.
 * - `lookup_searches`: which cached records a search text found and when, so the same search within minutes is
 *   answered without calling the CRM.
 * - `addon_pushes`: the outbox of notes to CRMs (a quote sent or accepted, on each linked contact) and of
 *   Mailchimp subscriptions; one row per add-on, quote, contact and event (a resend writes no second note),
 *   claimed by one worker at a time under a lease, retried with backoff.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`ALTER TABLE contacts ADD COLUMN marketing_opt_in boolean NOT NULL DEFAULT false`
  yield* sql`ALTER TABLE leads ADD COLUMN lead_marketing_opt_in boolean NOT NULL DEFAULT false`
  yield* sql`ALTER TABLE addon_connections ADD COLUMN options jsonb`
  yield* sql`ALTER TABLE addon_audit DROP CONSTRAINT addon_audit_action_check`
  yield* sql`
    ALTER TABLE addon_audit ADD CONSTRAINT addon_audit_action_check CHECK (action IN ('switched-on', 'switched-off',
      'connected', 'disconnected', 'organisation-chosen', 'tax-mapping-changed', 'connection-failed',
      'options-changed'))`
  yield* sql`
    CREATE TABLE lookup_contact_cache (
      cache_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      account_id integer NOT NULL REFERENCES accounts ON DELETE CASCADE,
      addon_id smallint NOT NULL CHECK (addon_id IN (2, 3, 5)),
      remote_id text NOT NULL CHECK (length(remote_id) <= 200),
      type text NOT NULL CHECK (type IN ('person', 'company')),
      name_first text NOT NULL DEFAULT '',
      name_last text NOT NULL DEFAULT '',
      company text NOT NULL DEFAULT '',
      remote_company_id text NOT NULL DEFAULT '',
      email text NOT NULL DEFAULT '',
      phone text NOT NULL DEFAULT '',
      url text NOT NULL DEFAULT '',
      fetched_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (account_id, addon_id, remote_id)
    )`
  yield* sql`
    CREATE TABLE lookup_searches (
      account_id integer NOT NULL REFERENCES accounts ON DELETE CASCADE,
      addon_id smallint NOT NULL,
      companies boolean NOT NULL,
      search text NOT NULL,
      cache_ids integer[] NOT NULL,
      searched_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (account_id, addon_id, companies, search)
    )`
  yield* sql`CREATE INDEX lookup_searches_age_idx ON lookup_searches (searched_at)`
  yield* sql`
    CREATE TABLE addon_pushes (
      push_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      account_id integer NOT NULL REFERENCES accounts ON DELETE CASCADE,
      addon_id smallint NOT NULL CHECK (addon_id IN (2, 3, 5, 6)),
      quote_id integer NOT NULL,
      contact_id integer NOT NULL,
      event text NOT NULL CHECK (event IN ('sent', 'accepted', 'lead')),
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'done', 'error')),
      attempts integer NOT NULL DEFAULT 0,
      next_at timestamptz NOT NULL DEFAULT now(),
      lease_until timestamptz,
      last_error text NOT NULL DEFAULT '',
      created_at timestamptz NOT NULL DEFAULT now(),
      done_at timestamptz,
      UNIQUE (account_id, addon_id, quote_id, contact_id, event)
    )`
  yield* sql`CREATE INDEX addon_pushes_due_idx ON addon_pushes (next_at) WHERE status = 'pending'`
})
