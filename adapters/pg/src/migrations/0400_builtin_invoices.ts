/**
 * Invoicing end to end:
 * - `invoicing_settings`: per account, the built-in invoices switch, the number prefix and the next number
 *   (a row lock on it hands out numbers: gap-free, since a rolled-back issue rolls the counter back too),
 *   payment terms, payment instructions, whether issued invoices are emailed, and the PDFs' page size.
 * - `invoice_documents`: the built-in invoice issued for a created quote invoice: its number (unique per
 *   account), dates, the document content (lines, taxes, totals) as issued, the currency, and payment.
 * - `quote_invoices`: `client_ref` makes a double-submitted stage of a new invoice (same quote edit sequence and
 *   temporary id) store one invoice; `claimed_until` and `sync_attempts` let one sync worker at a time create an
 *   invoice in its destination, whatever the number of server processes.
 * - `email_messages`: an invoice email names its invoice (`quote_invoice_id`) and is kind 6.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE invoicing_settings (
      account_id integer PRIMARY KEY REFERENCES accounts ON DELETE CASCADE,
      builtin_enabled boolean NOT NULL DEFAULT false,
      prefix text NOT NULL DEFAULT 'INV-' CHECK (length(prefix) <= 12),
      next_number integer NOT NULL DEFAULT 1 CHECK (next_number >= 1),
      payment_terms_days smallint NOT NULL DEFAULT 14 CHECK (payment_terms_days BETWEEN 0 AND 365),
      payment_instructions text NOT NULL DEFAULT '' CHECK (length(payment_instructions) <= 2000),
      email_invoices boolean NOT NULL DEFAULT true,
      page_size text NOT NULL DEFAULT 'A4' CHECK (page_size IN ('A4', 'Letter')),
      modified timestamptz NOT NULL DEFAULT now()
    )`
  yield* sql`
    CREATE TABLE invoice_documents (
      quote_invoice_id integer PRIMARY KEY,
      account_id integer NOT NULL,
      quote_id integer NOT NULL,
      number_seq integer NOT NULL,
      number text NOT NULL,
      issued_at timestamptz NOT NULL,
      due_at timestamptz NOT NULL,
      currency_id integer NOT NULL,
      content jsonb NOT NULL,
      total numeric(14, 2) NOT NULL,
      customer_name text NOT NULL DEFAULT '',
      paid_at timestamptz,
      paid_by integer REFERENCES signins ON DELETE SET NULL,
      UNIQUE (account_id, number_seq),
      FOREIGN KEY (account_id, quote_invoice_id) REFERENCES quote_invoices (account_id, quote_invoice_id)
        ON DELETE CASCADE,
      FOREIGN KEY (account_id, quote_id) REFERENCES quotes (account_id, quote_id) ON DELETE CASCADE
    )`
  yield* sql`CREATE INDEX invoice_documents_account_idx ON invoice_documents (account_id, issued_at DESC, number_seq DESC)`
  yield* sql`
    ALTER TABLE quote_invoices
      ADD COLUMN client_ref text,
      ADD COLUMN claimed_until timestamptz,
      ADD COLUMN sync_attempts smallint NOT NULL DEFAULT 0`
  yield* sql`CREATE UNIQUE INDEX quote_invoices_client_ref_idx ON quote_invoices (account_id, quote_id, client_ref)`
  yield* sql`
    ALTER TABLE email_messages
      ADD COLUMN quote_invoice_id integer,
      DROP CONSTRAINT IF EXISTS email_messages_subject_type_check,
      ADD CONSTRAINT email_messages_subject_type_check CHECK (subject_type BETWEEN 0 AND 6)`
})
