/**
 * The custom email domain (add-on 10), one row per account in `email_domains`:
 * - the sender (`sender_name`, `sender_email`) and its `domain`;
 * - the account's own SMTP relay, when it has one (`relay_host` null: the server's relay sends its emails), with
 *   the password sealed with the server's secret key (`relay_password_sealed`, never the password itself);
 * - the DKIM key made for the domain: the selector it is published under, the public key (base64 DER, as the
 *   record carries it) and the private key sealed (`dkim_private_sealed`);
 * - what the last DNS look-up found for each record (`*_state` one of verified, different, not-found,
 *   unchecked, and `*_found` the text) and when it ran (`checked_at`).
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE email_domains (
      account_id integer PRIMARY KEY REFERENCES accounts ON DELETE CASCADE,
      sender_name text NOT NULL CHECK (length(sender_name) BETWEEN 1 AND 100),
      sender_email text NOT NULL CHECK (length(sender_email) BETWEEN 3 AND 254),
      domain text NOT NULL CHECK (length(domain) BETWEEN 3 AND 253),
      relay_host text CHECK (length(relay_host) <= 253),
      relay_port integer CHECK (relay_port BETWEEN 1 AND 65535),
      relay_security text CHECK (relay_security IN ('starttls', 'tls', 'none')),
      relay_username text NOT NULL DEFAULT '',
      relay_password_sealed text,
      dkim_selector text NOT NULL,
      dkim_public_key text NOT NULL,
      dkim_private_sealed text NOT NULL,
      spf_state text NOT NULL DEFAULT 'unchecked',
      spf_found text,
      dkim_state text NOT NULL DEFAULT 'unchecked',
      dkim_found text,
      dmarc_state text NOT NULL DEFAULT 'unchecked',
      dmarc_found text,
      checked_at timestamptz,
      modified_by integer REFERENCES signins ON DELETE SET NULL,
      modified_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((relay_host IS NULL) = (relay_port IS NULL) AND (relay_host IS NULL) = (relay_security IS NULL))
    )`
})
