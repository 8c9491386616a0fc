/**
 * Contacts (people and companies; a person may belong to a company), their addresses and phones or other
 * methods, and leads.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient

  // A company keeps its name in name_first (name_last empty); a person's company is company_id. merged_into
  // records the winner of a merge so old links still resolve.
  yield* sql`
    CREATE TABLE contacts (
      contact_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      account_id integer NOT NULL REFERENCES accounts ON DELETE CASCADE,
      contact_type text NOT NULL CHECK (contact_type IN ('person', 'company')),
      name_first text NOT NULL DEFAULT '',
      name_last text NOT NULL DEFAULT '',
      company_id integer,
      email text NOT NULL DEFAULT '' CHECK (length(email) <= 254),
      archive_id smallint NOT NULL DEFAULT 1 CHECK (archive_id IN (1, 2, 3)),
      deleted_at timestamptz,
      company_addon_id smallint,
      company_found_id text,
      lookup_url text,
      lookup_addon_id smallint,
      merged_into integer,
      search_text text NOT NULL DEFAULT '',
      creation timestamptz NOT NULL DEFAULT now(),
      modified timestamptz NOT NULL DEFAULT now(),
      modified_by integer REFERENCES signins ON DELETE SET NULL,
      UNIQUE (account_id, contact_id),
      CHECK (company_id IS NULL OR (contact_type = 'person' AND company_id <> contact_id)),
      CHECK ((archive_id = 3) = (deleted_at IS NOT NULL)),
      FOREIGN KEY (account_id, company_id) REFERENCES contacts (account_id, contact_id) ON DELETE SET NULL (company_id),
      FOREIGN KEY (account_id, merged_into) REFERENCES contacts (account_id, contact_id) ON DELETE SET NULL (merged_into)
    )`
  yield* sql`CREATE INDEX contacts_list_idx ON contacts (account_id, contact_type, archive_id, modified DESC)`
  yield* sql`CREATE INDEX contacts_company_idx ON contacts (account_id, company_id) WHERE company_id IS NOT NULL`
  yield* sql`CREATE INDEX contacts_email_idx ON contacts (account_id, lower(email)) WHERE email <> ''`

  yield* sql`
    CREATE TABLE contact_addresses (
      contact_address_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      account_id integer NOT NULL,
      contact_id integer NOT NULL,
      address text NOT NULL DEFAULT '',
      city text NOT NULL DEFAULT '',
      state text NOT NULL DEFAULT '',
      zip text NOT NULL DEFAULT '',
      country text NOT NULL DEFAULT '',
      address_type text NOT NULL DEFAULT 'primary' CHECK (address_type IN ('primary', 'postal', 'physical')),
      order_index smallint NOT NULL DEFAULT 0,
      FOREIGN KEY (account_id, contact_id) REFERENCES contacts (account_id, contact_id) ON DELETE CASCADE
    )`
  yield* sql`CREATE INDEX contact_addresses_contact_idx ON contact_addresses (account_id, contact_id, order_index)`

  // The spec's contact_phoneOther rows: phone_other_type 1 primary, 2 work, 3 mobile, 4 home, 5 fax, 6 skype,
  // 7 X (twitter), 8 website.
  yield* sql`
    CREATE TABLE contact_methods (
      contact_method_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      account_id integer NOT NULL,
      contact_id integer NOT NULL,
      phone_other text NOT NULL CHECK (length(phone_other) BETWEEN 1 AND 500),
      phone_other_type smallint NOT NULL DEFAULT 1 CHECK (phone_other_type BETWEEN 1 AND 8),
      order_index smallint NOT NULL DEFAULT 0,
      FOREIGN KEY (account_id, contact_id) REFERENCES contacts (account_id, contact_id) ON DELETE CASCADE
    )`
  yield* sql`CREATE INDEX contact_methods_contact_idx ON contact_methods (account_id, contact_id, order_index)`

  // Leads: 1 open, 2 dismissed, 10 converted (quote_id then says into which quote; its FK is added with quotes).
  yield* sql`
    CREATE TABLE leads (
      lead_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      account_id integer NOT NULL REFERENCES accounts ON DELETE CASCADE,
      lead_subject text NOT NULL DEFAULT '',
      lead_message text NOT NULL DEFAULT '',
      lead_email text NOT NULL DEFAULT '',
      lead_name_first text NOT NULL DEFAULT '',
      lead_name_last text NOT NULL DEFAULT '',
      lead_company text NOT NULL DEFAULT '',
      lead_phone text NOT NULL DEFAULT '',
      lead_notes text NOT NULL DEFAULT '',
      lead_author integer REFERENCES signins ON DELETE SET NULL,
      lead_potential_value numeric(14, 2),
      lead_status smallint NOT NULL DEFAULT 1 CHECK (lead_status IN (1, 2, 10)),
      lead_file_name text,
      lead_file_key text,
      contact_id integer,
      quote_id integer,
      lead_creation timestamptz NOT NULL DEFAULT now(),
      lead_modified timestamptz NOT NULL DEFAULT now(),
      UNIQUE (account_id, lead_id),
      CHECK ((lead_file_name IS NULL) = (lead_file_key IS NULL)),
      FOREIGN KEY (account_id, contact_id) REFERENCES contacts (account_id, contact_id) ON DELETE SET NULL (contact_id)
    )`
  yield* sql`CREATE INDEX leads_list_idx ON leads (account_id, lead_status, lead_creation DESC)`
})
