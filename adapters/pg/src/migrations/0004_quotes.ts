/**
 * Quotes and templates (one table, `is_template`), their items, contacts with public links, versions,
 * acceptances, views and follow-ups.
 *
 * Spec values that mean "none" are NULL here: sent_when 0 (auto-updating until sent), item_id 0 (not linked),
 * item_cat_id / item_tax_id 0. Repositories translate at the boundary. Times are timestamptz; the wire carries
 * epoch seconds.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient

  // quote_no is allocated from accounts.next_quote_no (UPDATE ... RETURNING) so concurrent saves never collide.
  // search_text (title, number, contact names and companies, lower-cased) is kept by the quote repository and
  // serves the list search through a trigram index.
  yield* sql`
    CREATE TABLE quotes (
      quote_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      account_id integer NOT NULL REFERENCES accounts ON DELETE CASCADE,
      is_template boolean NOT NULL DEFAULT false,
      status text NOT NULL DEFAULT 'draft'
        CHECK (status IN ('draft', 'sentEditing', 'sent', 'accepted', 'declined', 'expired', 'withdrawn')),
      archive_id smallint NOT NULL DEFAULT 1 CHECK (archive_id IN (1, 2, 3, 4, 5)),
      quote_no integer CHECK (quote_no > 0),
      revision_no integer NOT NULL DEFAULT 0 CHECK (revision_no >= 0),
      title text NOT NULL DEFAULT '' CHECK (length(title) <= 500),
      sent_when timestamptz,
      expiry_date timestamptz,
      deposit_percent numeric(7, 4) NOT NULL DEFAULT 0 CHECK (deposit_percent BETWEEN 0 AND 100),
      discount_overall numeric(7, 4) NOT NULL DEFAULT 0 CHECK (discount_overall BETWEEN 0 AND 100),
      currency_id integer NOT NULL DEFAULT 156,
      amounts_entered text NOT NULL DEFAULT 'exclusive_including'
        CHECK (amounts_entered IN ('inclusive', 'exclusive_excluding', 'exclusive_including', 'no_tax')),
      private_pricing smallint NOT NULL DEFAULT 7 CHECK (private_pricing BETWEEN 0 AND 7),
      from_signin_id integer NOT NULL REFERENCES signins,
      price_current numeric(14, 2) NOT NULL DEFAULT 0,
      price_potential numeric(14, 2) NOT NULL DEFAULT 0,
      has_been_emailed boolean NOT NULL DEFAULT false,
      last_action_at timestamptz,
      greatest_scheduled timestamptz,
      last_item_adj smallint NOT NULL DEFAULT 0 CHECK (last_item_adj BETWEEN 0 AND 20),
      next_adj_index smallint NOT NULL DEFAULT 0 CHECK (next_adj_index BETWEEN 0 AND 21),
      shared_quote_id integer REFERENCES quotes ON DELETE SET NULL,
      from_template_id integer,
      from_quote_id integer,
      from_lead_id integer,
      meta jsonb NOT NULL DEFAULT '{}'::jsonb,
      last_view timestamptz,
      stat_opens integer NOT NULL DEFAULT 0,
      stat_edits integer NOT NULL DEFAULT 0,
      stat_followups integer NOT NULL DEFAULT 0,
      status_changed_at timestamptz,
      deleted_at timestamptz,
      search_text text NOT NULL DEFAULT '',
      creation timestamptz NOT NULL DEFAULT now(),
      modified timestamptz NOT NULL DEFAULT now(),
      modified_by integer REFERENCES signins ON DELETE SET NULL,
      UNIQUE (account_id, quote_id),
      CHECK (is_template OR quote_no IS NOT NULL),
      CHECK (NOT is_template OR status = 'draft'),
      CHECK ((archive_id = 3) = (deleted_at IS NOT NULL)),
      FOREIGN KEY (account_id, from_template_id) REFERENCES quotes (account_id, quote_id)
        ON DELETE SET NULL (from_template_id),
      FOREIGN KEY (account_id, from_quote_id) REFERENCES quotes (account_id, quote_id) ON DELETE SET NULL (from_quote_id),
      FOREIGN KEY (account_id, from_lead_id) REFERENCES leads (account_id, lead_id) ON DELETE SET NULL (from_lead_id)
    )`
  yield* sql`CREATE UNIQUE INDEX quotes_quote_no_key ON quotes (account_id, quote_no) WHERE NOT is_template`
  // The quote list: by account, archive tab and status, newest first; by author; templates apart.
  yield* sql`CREATE INDEX quotes_list_idx ON quotes (account_id, is_template, archive_id, status, modified DESC)`
  yield* sql`CREATE INDEX quotes_modified_idx ON quotes (account_id, is_template, modified DESC)`
  yield* sql`CREATE INDEX quotes_author_idx ON quotes (account_id, from_signin_id, modified DESC)`
  yield* sql`CREATE INDEX quotes_deleted_idx ON quotes (deleted_at) WHERE deleted_at IS NOT NULL`
  yield* sql`CREATE INDEX quotes_expiry_idx ON quotes (expiry_date) WHERE status IN ('sent', 'sentEditing')`

  yield* sql`
    ALTER TABLE accounts ADD FOREIGN KEY (account_id, default_template_id) REFERENCES quotes (account_id, quote_id)
      ON DELETE SET NULL (default_template_id)`
  yield* sql`
    ALTER TABLE leads ADD FOREIGN KEY (account_id, quote_id) REFERENCES quotes (account_id, quote_id)
      ON DELETE SET NULL (quote_id)`

  // Rows of a quote: item_type 1 price, 2 text, 3 subtotal, 4 total. contact_choice bits: 1 optional
  // (checkbox), 2 multiple choice (radio), 4 on by default; contact_selected: 0 no choice, 1 yes, 2 no.
  // A subscription has term_every > 0 (term_type 1 week, 2 month, 3 year); up-front items have term_every 0.
  yield* sql`
    CREATE TABLE quote_items (
      quote_item_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      account_id integer NOT NULL,
      quote_id integer NOT NULL,
      item_type smallint NOT NULL CHECK (item_type BETWEEN 1 AND 4),
      item_id integer,
      item_code text NOT NULL DEFAULT '' CHECK (length(item_code) <= 60),
      item_title text NOT NULL DEFAULT '',
      item_body text NOT NULL DEFAULT '',
      item_cat_id integer,
      item_tax_id integer,
      price_unit numeric(18, 4) NOT NULL DEFAULT 0,
      price_cost numeric(18, 4) NOT NULL DEFAULT 0,
      price_total numeric(14, 2) NOT NULL DEFAULT 0,
      quantity numeric(18, 4) NOT NULL DEFAULT 0 CHECK (quantity >= 0),
      original_quantity numeric(18, 4) CHECK (original_quantity >= 0),
      editable_quantity numeric(18, 4) NOT NULL DEFAULT 0 CHECK (editable_quantity >= 0),
      discount_item numeric(7, 4) NOT NULL DEFAULT 0 CHECK (discount_item BETWEEN 0 AND 100),
      contact_choice smallint NOT NULL DEFAULT 0 CHECK (contact_choice BETWEEN 0 AND 7),
      contact_selected smallint NOT NULL DEFAULT 0 CHECK (contact_selected IN (0, 1, 2)),
      term_every smallint NOT NULL DEFAULT 0 CHECK (term_every BETWEEN 0 AND 255),
      term_type smallint NOT NULL DEFAULT 2 CHECK (term_type BETWEEN 1 AND 3),
      term_duration integer NOT NULL DEFAULT 0 CHECK (term_duration BETWEEN 0 AND 65535),
      added_adj_at smallint NOT NULL DEFAULT 0 CHECK (added_adj_at BETWEEN 0 AND 20),
      credited_adj_at smallint NOT NULL DEFAULT 0 CHECK (credited_adj_at BETWEEN 0 AND 20),
      order_index integer NOT NULL,
      editing text NOT NULL DEFAULT 'normal' CHECK (editing IN ('locked', 'copied', 'normal')),
      archive_id smallint NOT NULL DEFAULT 1 CHECK (archive_id IN (1, 2, 3, 4, 5)),
      shared_account_id integer REFERENCES accounts ON DELETE SET NULL,
      modified timestamptz NOT NULL DEFAULT now(),
      UNIQUE (account_id, quote_item_id),
      FOREIGN KEY (account_id, quote_id) REFERENCES quotes (account_id, quote_id) ON DELETE CASCADE,
      FOREIGN KEY (account_id, item_id) REFERENCES items (account_id, item_id) ON DELETE SET NULL (item_id),
      FOREIGN KEY (account_id, item_cat_id) REFERENCES item_categories (account_id, item_cat_id)
        ON DELETE SET NULL (item_cat_id),
      FOREIGN KEY (account_id, item_tax_id) REFERENCES item_taxes (account_id, item_tax_id)
        ON DELETE SET NULL (item_tax_id)
    )`
  yield* sql`CREATE INDEX quote_items_quote_idx ON quote_items (account_id, quote_id, order_index)`
  // "Changes will be applied to N templates": where a reusable item is used.
  yield* sql`CREATE INDEX quote_items_item_idx ON quote_items (account_id, item_id) WHERE item_id IS NOT NULL`

  // The customer's link to a quote is per contact: only the SHA-256 (hex) of its random token (128+ bits) is
  // stored, so the table cannot be used to open quotes. A new link replaces link_token_hash.
  yield* sql`
    CREATE TABLE quote_contacts (
      quote_contact_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      account_id integer NOT NULL,
      quote_id integer NOT NULL,
      contact_id integer NOT NULL,
      contact_order smallint NOT NULL DEFAULT 0 CHECK (contact_order BETWEEN 0 AND 9),
      link_token_hash text UNIQUE CHECK (link_token_hash ~ '^[0-9a-f]{64}$'),
      link_created_at timestamptz,
      last_view timestamptz,
      creation timestamptz NOT NULL DEFAULT now(),
      UNIQUE (account_id, quote_contact_id),
      UNIQUE (quote_id, contact_id),
      FOREIGN KEY (account_id, quote_id) REFERENCES quotes (account_id, quote_id) ON DELETE CASCADE,
      FOREIGN KEY (account_id, contact_id) REFERENCES contacts (account_id, contact_id)
    )`
  yield* sql`CREATE INDEX quote_contacts_quote_idx ON quote_contacts (account_id, quote_id, contact_order)`
  yield* sql`CREATE INDEX quote_contacts_contact_idx ON quote_contacts (account_id, contact_id)`

  // A version is the whole quote (quote, meta, items, contacts) as the API returns it, kept when a sent quote
  // is edited or a save replaces someone else's changes.
  yield* sql`
    CREATE TABLE quote_versions (
      quote_version_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      account_id integer NOT NULL,
      quote_id integer NOT NULL,
      version_creation timestamptz NOT NULL DEFAULT now(),
      created_by integer REFERENCES signins ON DELETE SET NULL,
      reason text NOT NULL DEFAULT 'edit' CHECK (reason IN ('edit', 'sent', 'accepted', 'replaced', 'adjustment')),
      snapshot jsonb NOT NULL,
      content_hash text CHECK (content_hash ~ '^[0-9a-f]{64}$'),
      UNIQUE (account_id, quote_version_id),
      FOREIGN KEY (account_id, quote_id) REFERENCES quotes (account_id, quote_id) ON DELETE CASCADE
    )`
  yield* sql`CREATE INDEX quote_versions_quote_idx ON quote_versions (account_id, quote_id, version_creation DESC)`

  // The customer's signed acceptance. Undo Acceptance deletes the row (the audit log keeps the evidence).
  yield* sql`
    CREATE TABLE acceptances (
      acceptance_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      account_id integer NOT NULL,
      quote_id integer NOT NULL,
      quote_contact_id integer,
      quote_version_id integer,
      sign_method text NOT NULL CHECK (sign_method IN ('draw', 'text', 'instruct')),
      sign_value text NOT NULL CHECK (length(sign_value) BETWEEN 1 AND 10000),
      sign_name text NOT NULL DEFAULT '',
      state_name text NOT NULL DEFAULT '',
      terms_confirmed boolean NOT NULL DEFAULT false,
      on_behalf_signin_id integer REFERENCES signins ON DELETE SET NULL,
      accepted_at timestamptz NOT NULL DEFAULT now(),
      ip text,
      user_agent text,
      content_hash text CHECK (content_hash ~ '^[0-9a-f]{64}$'),
      UNIQUE (quote_id),
      FOREIGN KEY (account_id, quote_id) REFERENCES quotes (account_id, quote_id) ON DELETE CASCADE,
      FOREIGN KEY (account_id, quote_contact_id) REFERENCES quote_contacts (account_id, quote_contact_id)
        ON DELETE SET NULL (quote_contact_id),
      FOREIGN KEY (account_id, quote_version_id) REFERENCES quote_versions (account_id, quote_version_id)
        ON DELETE SET NULL (quote_version_id)
    )`

  // Customer opens of a quote: 'Unopened', the last view, the opens statistic.
  yield* sql`
    CREATE TABLE quote_views (
      view_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      account_id integer NOT NULL,
      quote_id integer NOT NULL,
      quote_contact_id integer,
      viewed_at timestamptz NOT NULL DEFAULT now(),
      ip text,
      user_agent text,
      FOREIGN KEY (account_id, quote_id) REFERENCES quotes (account_id, quote_id) ON DELETE CASCADE,
      FOREIGN KEY (account_id, quote_contact_id) REFERENCES quote_contacts (account_id, quote_contact_id)
        ON DELETE SET NULL (quote_contact_id)
    )`
  yield* sql`CREATE INDEX quote_views_quote_idx ON quote_views (account_id, quote_id, viewed_at DESC)`

  // Follow-ups due on sent quotes (the list's do-follow-up={followSubjectId}); step 1 or 2 is the message kind.
  yield* sql`
    CREATE TABLE follow_ups (
      follow_up_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      account_id integer NOT NULL,
      quote_id integer NOT NULL,
      step smallint NOT NULL DEFAULT 1 CHECK (step IN (1, 2)),
      due_at timestamptz NOT NULL,
      status text NOT NULL DEFAULT 'scheduled' CHECK (status IN ('scheduled', 'inProgress', 'done', 'dismissed')),
      created_by integer REFERENCES signins ON DELETE SET NULL,
      creation timestamptz NOT NULL DEFAULT now(),
      done_at timestamptz,
      UNIQUE (account_id, follow_up_id),
      FOREIGN KEY (account_id, quote_id) REFERENCES quotes (account_id, quote_id) ON DELETE CASCADE
    )`
  yield* sql`CREATE INDEX follow_ups_due_idx ON follow_ups (account_id, status, due_at)`
  yield* sql`CREATE INDEX follow_ups_quote_idx ON follow_ups (account_id, quote_id)`
})
