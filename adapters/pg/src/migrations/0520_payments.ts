/**
 * Card payments with Stripe:
 * - `payment_settings`: an account's Stripe keys: the publishable key as it is (it is public), the secret key and
 *   the webhook signing secret sealed with the server's secret key (`SecretBox`, bound to
 *   `stripe-secret:<account>` / `stripe-webhook:<account>`) and their last 4 characters to show; the Stripe
 *   account's name from the key check. The account's saved card (its SetupIntent's payment method) and the
 *   last authorisation's outcome sit on the same row.
 * - `card_payments`: one PaymentIntent per invoice (made with an idempotency key per invoice, so a retry never
 *   makes a second): the amount in minor units and the currency it was made for, its last known status, what
 *   was received and when, and the last failure's message.
 * - `stripe_events`: every Stripe event id handled, per account, so a replayed event changes nothing.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE payment_settings (
      account_id integer PRIMARY KEY REFERENCES accounts ON DELETE CASCADE,
      publishable_key text NOT NULL DEFAULT '' CHECK (length(publishable_key) <= 300),
      secret_sealed text,
      secret_last4 text NOT NULL DEFAULT '' CHECK (length(secret_last4) <= 4),
      webhook_secret_sealed text,
      webhook_secret_last4 text NOT NULL DEFAULT '' CHECK (length(webhook_secret_last4) <= 4),
      stripe_account text NOT NULL DEFAULT '',
      livemode boolean NOT NULL DEFAULT false,
      card_payment_method text NOT NULL DEFAULT '',
      card_saved_at timestamptz,
      card_last_intent text NOT NULL DEFAULT '',
      card_last_error text NOT NULL DEFAULT '',
      modified_by integer REFERENCES signins ON DELETE SET NULL,
      modified_at timestamptz NOT NULL DEFAULT now()
    )`
  yield* sql`
    CREATE TABLE card_payments (
      account_id integer NOT NULL,
      quote_invoice_id integer NOT NULL,
      quote_id integer NOT NULL,
      intent_id text NOT NULL UNIQUE,
      amount_minor bigint NOT NULL CHECK (amount_minor > 0),
      currency text NOT NULL CHECK (currency ~ '^[a-z]{3}$'),
      status text NOT NULL,
      amount_received bigint NOT NULL DEFAULT 0,
      last_error text NOT NULL DEFAULT '',
      created_at timestamptz NOT NULL DEFAULT now(),
      paid_at timestamptz,
      PRIMARY KEY (account_id, quote_invoice_id),
      FOREIGN KEY (account_id, quote_invoice_id) REFERENCES quote_invoices (account_id, quote_invoice_id)
        ON DELETE CASCADE
    )`
  yield* sql`
    CREATE TABLE stripe_events (
      account_id integer NOT NULL REFERENCES accounts ON DELETE CASCADE,
      event_id text NOT NULL CHECK (length(event_id) BETWEEN 1 AND 255),
      event_type text NOT NULL,
      object_id text NOT NULL DEFAULT '',
      received_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (account_id, event_id)
    )`
})
