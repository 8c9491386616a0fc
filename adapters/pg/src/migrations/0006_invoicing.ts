/**
 * Quote invoices synced to an accounting add-on, outbound email messages, reviews, add-on connections and
 * shared-account links.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient

  // Codes from the spec: invoice type 0 invoice, 5 deposit, 10 credit, 20 subscription; invoice status 0 ready,
  // 10 queued, 11 sent, 100 removed; sync status 1 ready, 10 syncing, 11 synced, 100 error.
  yield* sql`
    CREATE TABLE quote_invoices (
      quote_invoice_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      account_id integer NOT NULL,
      quote_id integer NOT NULL,
      invoice_adj_at smallint NOT NULL DEFAULT 0 CHECK (invoice_adj_at BETWEEN 0 AND 20),
      addon_id smallint,
      addon_org_id text NOT NULL DEFAULT '',
      addon_invoice_id text NOT NULL DEFAULT '',
      addon_invoice_number text NOT NULL DEFAULT '',
      addon_invoice_url text NOT NULL DEFAULT '',
      addon_url text NOT NULL DEFAULT '',
      invoice_sync_status smallint NOT NULL DEFAULT 1 CHECK (invoice_sync_status IN (1, 10, 11, 100)),
      per_chosen numeric(7, 4) NOT NULL DEFAULT 100 CHECK (per_chosen BETWEEN 0 AND 100),
      invoice_status smallint NOT NULL DEFAULT 0 CHECK (invoice_status IN (0, 10, 11, 100)),
      invoice_type_in smallint NOT NULL CHECK (invoice_type_in IN (0, 5, 10, 20)),
      invoice_type_out smallint NOT NULL CHECK (invoice_type_out IN (0, 5, 10, 20)),
      invoice_amount numeric(14, 2) NOT NULL DEFAULT 0,
      term_every smallint NOT NULL DEFAULT 0 CHECK (term_every BETWEEN 0 AND 255),
      term_type smallint NOT NULL DEFAULT 2 CHECK (term_type BETWEEN 1 AND 3),
      term_duration integer NOT NULL DEFAULT 0 CHECK (term_duration BETWEEN 0 AND 65535),
      invoice_group text NOT NULL DEFAULT 'up-front',
      invoice_removed_index integer NOT NULL DEFAULT 0 CHECK (invoice_removed_index >= 0),
      invoice_sent_date timestamptz,
      error_html text NOT NULL DEFAULT '',
      invoice_creation timestamptz NOT NULL DEFAULT now(),
      invoice_modified timestamptz NOT NULL DEFAULT now(),
      UNIQUE (account_id, quote_invoice_id),
      FOREIGN KEY (account_id, quote_id) REFERENCES quotes (account_id, quote_id) ON DELETE CASCADE
    )`
  yield* sql`CREATE INDEX quote_invoices_quote_idx ON quote_invoices (account_id, quote_id, invoice_creation)`
  yield* sql`CREATE INDEX quote_invoices_sync_idx ON quote_invoices (invoice_sync_status) WHERE invoice_sync_status = 10`

  // subject_type: 0 none, 1 new, 2 accepted, 3 follow-up 1, 4 follow-up 2, 5 ask review.
  // email_status: 0 delivered, 1 in queue, 2 stopped. recipients holds quote_contact ids and addresses.
  yield* sql`
    CREATE TABLE email_messages (
      email_message_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      account_id integer NOT NULL,
      quote_id integer,
      follow_up_id integer,
      subject text NOT NULL DEFAULT '',
      subject_type smallint NOT NULL DEFAULT 0 CHECK (subject_type BETWEEN 0 AND 5),
      body_text text NOT NULL DEFAULT '',
      body_html text NOT NULL DEFAULT '',
      recipients jsonb NOT NULL DEFAULT '[]'::jsonb,
      from_signin_id integer REFERENCES signins ON DELETE SET NULL,
      scheduled_when timestamptz NOT NULL,
      email_status smallint NOT NULL DEFAULT 1 CHECK (email_status IN (0, 1, 2)),
      sent_at timestamptz,
      error text,
      creation timestamptz NOT NULL DEFAULT now(),
      UNIQUE (account_id, email_message_id),
      FOREIGN KEY (account_id, quote_id) REFERENCES quotes (account_id, quote_id) ON DELETE CASCADE,
      FOREIGN KEY (account_id, follow_up_id) REFERENCES follow_ups (account_id, follow_up_id)
        ON DELETE SET NULL (follow_up_id)
    )`
  yield* sql`CREATE INDEX email_messages_quote_idx ON email_messages (account_id, quote_id, scheduled_when DESC)`
  // The sender polls this: queued messages whose time has come.
  yield* sql`CREATE INDEX email_messages_queue_idx ON email_messages (scheduled_when) WHERE email_status = 1`

  yield* sql`
    CREATE TABLE reviews (
      review_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      account_id integer NOT NULL REFERENCES accounts ON DELETE CASCADE,
      quote_id integer,
      contact_id integer,
      stars smallint NOT NULL CHECK (stars BETWEEN 1 AND 5),
      message text NOT NULL DEFAULT '' CHECK (length(message) <= 5000),
      reviewer_name text NOT NULL DEFAULT '',
      featured boolean NOT NULL DEFAULT false,
      seen boolean NOT NULL DEFAULT false,
      archive_id smallint NOT NULL DEFAULT 1 CHECK (archive_id IN (1, 2, 3)),
      creation timestamptz NOT NULL DEFAULT now(),
      modified timestamptz NOT NULL DEFAULT now(),
      FOREIGN KEY (account_id, quote_id) REFERENCES quotes (account_id, quote_id) ON DELETE SET NULL (quote_id),
      FOREIGN KEY (account_id, contact_id) REFERENCES contacts (account_id, contact_id) ON DELETE SET NULL (contact_id)
    )`
  yield* sql`CREATE INDEX reviews_account_idx ON reviews (account_id, archive_id, creation DESC)`
  yield* sql`CREATE INDEX reviews_featured_idx ON reviews (account_id) WHERE featured AND archive_id = 1`

  // Add-on ids: Xero 1, Highrise 2, Capsule 3, Insightly 5, MailChimp 6, QuickBooks 7, FollowUps 8,
  // Notifications 9, CustomEmail 10, Zapier 11, Webhooks 12, Leads 13, Reviews 14, TwoFactor 15.
  // credentials must be encrypted by the application before they are stored.
  yield* sql`
    CREATE TABLE addon_connections (
      addon_connection_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      account_id integer NOT NULL REFERENCES accounts ON DELETE CASCADE,
      addon_id smallint NOT NULL CHECK (addon_id IN (1, 2, 3, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)),
      status text NOT NULL DEFAULT 'connected' CHECK (status IN ('connected', 'disconnected', 'error')),
      addon_org_id text NOT NULL DEFAULT '',
      settings jsonb NOT NULL DEFAULT '{}'::jsonb,
      credentials text,
      connected_by integer REFERENCES signins ON DELETE SET NULL,
      connected_at timestamptz NOT NULL DEFAULT now(),
      disconnected_at timestamptz,
      modified timestamptz NOT NULL DEFAULT now(),
      UNIQUE (account_id, addon_id)
    )`

  yield* sql`
    CREATE TABLE shared_accounts (
      parent_account_id integer NOT NULL REFERENCES accounts ON DELETE CASCADE,
      child_account_id integer NOT NULL REFERENCES accounts ON DELETE CASCADE,
      relationship_status text NOT NULL DEFAULT 'active' CHECK (relationship_status IN ('invited', 'active', 'stopped')),
      started_by integer REFERENCES signins ON DELETE SET NULL,
      stopped_by integer REFERENCES signins ON DELETE SET NULL,
      started_at timestamptz NOT NULL DEFAULT now(),
      stopped_at timestamptz,
      PRIMARY KEY (parent_account_id, child_account_id),
      CHECK (parent_account_id <> child_account_id)
    )`
  yield* sql`CREATE INDEX shared_accounts_child_idx ON shared_accounts (child_account_id)`
})
