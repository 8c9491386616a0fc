/**
 * Tax rates, item categories, uploaded files and reusable price and text items, and the account defaults that
 * point at them.
 *
 * Every account-owned table has `UNIQUE (account_id, <id>)` so that children reference their parent through
 * `(account_id, <id>)`: a row can never point at another account's row, whatever a repository gets wrong.
 * Archive ids follow the spec (1 active/current, 2 complete/archived, 3 deleted, 4 dismissed, 5 waiting).
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient

  yield* sql`
    CREATE TABLE item_taxes (
      item_tax_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      account_id integer NOT NULL REFERENCES accounts ON DELETE CASCADE,
      tax_rate numeric(7, 4) NOT NULL CHECK (tax_rate >= 0 AND tax_rate <= 100),
      description text NOT NULL DEFAULT '',
      archive_id smallint NOT NULL DEFAULT 1 CHECK (archive_id IN (1, 2, 3)),
      modified timestamptz NOT NULL DEFAULT now(),
      UNIQUE (account_id, item_tax_id)
    )`

  yield* sql`
    CREATE TABLE item_categories (
      item_cat_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      account_id integer NOT NULL REFERENCES accounts ON DELETE CASCADE,
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
      description text NOT NULL DEFAULT '',
      archive_id smallint NOT NULL DEFAULT 1 CHECK (archive_id IN (1, 2, 3)),
      tax_id_default integer,
      modified timestamptz NOT NULL DEFAULT now(),
      UNIQUE (account_id, item_cat_id),
      FOREIGN KEY (account_id, tax_id_default) REFERENCES item_taxes (account_id, item_tax_id)
        ON DELETE SET NULL (tax_id_default)
    )`

  // Uploaded files. The bytes live in a blob store under storage_key; parent_table/parent_id say what the file
  // is attached to (a quote item, a reusable item, a discussion entry, a lead, a logo, an avatar).
  yield* sql`
    CREATE TABLE files (
      file_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      account_id integer NOT NULL REFERENCES accounts ON DELETE CASCADE,
      hash text NOT NULL CHECK (hash ~ '^[0-9a-f]{64}$'),
      original_filename text NOT NULL CHECK (length(original_filename) BETWEEN 1 AND 255),
      mime text NOT NULL,
      size bigint NOT NULL CHECK (size >= 0 AND size <= 153600000),
      storage_key text NOT NULL,
      parent_table text CHECK (parent_table IN
        ('quote_items', 'items', 'discussion', 'leads', 'accounts', 'signins', 'imports', 'content_images')),
      parent_id integer,
      created_by integer REFERENCES signins ON DELETE SET NULL,
      creation timestamptz NOT NULL DEFAULT now(),
      UNIQUE (account_id, file_id),
      CHECK ((parent_table IS NULL) = (parent_id IS NULL))
    )`
  yield* sql`CREATE INDEX files_parent_idx ON files (account_id, parent_table, parent_id)`
  yield* sql`CREATE INDEX files_hash_idx ON files (account_id, hash)`

  // Reusable content items: a price item (item_type 1) or a text item (2) that quotes and templates link to.
  yield* sql`
    CREATE TABLE items (
      item_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      account_id integer NOT NULL REFERENCES accounts ON DELETE CASCADE,
      item_type smallint NOT NULL CHECK (item_type IN (1, 2)),
      item_code text NOT NULL DEFAULT '',
      item_title text NOT NULL DEFAULT '',
      item_body text NOT NULL DEFAULT '',
      item_cat_id integer,
      item_tax_id integer,
      price_unit numeric(18, 4) NOT NULL DEFAULT 0,
      price_cost numeric(18, 4) NOT NULL DEFAULT 0,
      quantity numeric(18, 4) NOT NULL DEFAULT 1 CHECK (quantity >= 0),
      editable_quantity numeric(18, 4) NOT NULL DEFAULT 0 CHECK (editable_quantity >= 0),
      discount_item numeric(7, 4) NOT NULL DEFAULT 0 CHECK (discount_item BETWEEN 0 AND 100),
      contact_choice smallint NOT NULL DEFAULT 0 CHECK (contact_choice BETWEEN 0 AND 7),
      term_every smallint NOT NULL DEFAULT 0 CHECK (term_every BETWEEN 0 AND 255),
      term_type smallint NOT NULL DEFAULT 2 CHECK (term_type BETWEEN 1 AND 3),
      term_duration integer NOT NULL DEFAULT 0 CHECK (term_duration BETWEEN 0 AND 65535),
      archive_id smallint NOT NULL DEFAULT 1 CHECK (archive_id IN (1, 2, 3)),
      deleted_at timestamptz,
      shared_account_id integer REFERENCES accounts ON DELETE SET NULL,
      search_text text NOT NULL DEFAULT '',
      creation timestamptz NOT NULL DEFAULT now(),
      modified timestamptz NOT NULL DEFAULT now(),
      modified_by integer REFERENCES signins ON DELETE SET NULL,
      UNIQUE (account_id, item_id),
      CHECK ((archive_id = 3) = (deleted_at IS NOT NULL)),
      FOREIGN KEY (account_id, item_cat_id) REFERENCES item_categories (account_id, item_cat_id)
        ON DELETE SET NULL (item_cat_id),
      FOREIGN KEY (account_id, item_tax_id) REFERENCES item_taxes (account_id, item_tax_id)
        ON DELETE SET NULL (item_tax_id)
    )`
  yield* sql`CREATE INDEX items_list_idx ON items (account_id, item_type, archive_id, modified DESC)`

  yield* sql`
    ALTER TABLE accounts
      ADD FOREIGN KEY (account_id, default_tax_id) REFERENCES item_taxes (account_id, item_tax_id)
        ON DELETE SET NULL (default_tax_id),
      ADD FOREIGN KEY (account_id, default_category_id) REFERENCES item_categories (account_id, item_cat_id)
        ON DELETE SET NULL (default_category_id),
      ADD FOREIGN KEY (account_id, logo_file_id) REFERENCES files (account_id, file_id)
        ON DELETE SET NULL (logo_file_id)`
})
