/**
 * Webhooks (add-on 12), a durable outbox:
 * - `webhook_endpoints`: an account's receivers: URL, description, the event types wanted, on or off, and the
 *   signing secret sealed with the server's secret key (`secret_sealed`, never the secret itself). `failing_since`
 *   is the time of the first failed attempt since the last success; `disabled_reason` says why the server turned
 *   the endpoint off.
 * - `webhook_messages`: one row per event worth delivering (`msg_…` id, the type, the JSON payload), written in
 *   the transaction of the change it reports, so a committed change always has its message and a rolled back
 *   one never does.
 * - `webhook_deliveries`: a message to one endpoint: pending until a 2xx answer (delivered) or the retry schedule
 *   runs out (failed); `next_attempt_at` is when it is due and `claimed_until` the lease of the worker holding it.
 * - `webhook_attempts`: the delivery log: every attempt with its time, status code, duration, error and the
 *   start of the answer.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE webhook_endpoints (
      endpoint_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      account_id integer NOT NULL REFERENCES accounts ON DELETE CASCADE,
      url text NOT NULL CHECK (length(url) BETWEEN 1 AND 2000),
      description text NOT NULL DEFAULT '' CHECK (length(description) <= 200),
      events text[] NOT NULL DEFAULT '{}',
      enabled boolean NOT NULL DEFAULT true,
      secret_sealed text NOT NULL,
      disabled_reason text,
      failing_since timestamptz,
      created_by integer REFERENCES signins ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      modified_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (account_id, endpoint_id)
    )`
  yield* sql`CREATE INDEX webhook_endpoints_account_idx ON webhook_endpoints (account_id)`
  yield* sql`
    CREATE TABLE webhook_messages (
      message_id text PRIMARY KEY CHECK (message_id ~ '^msg_[A-Za-z0-9]{24}$'),
      account_id integer NOT NULL REFERENCES accounts ON DELETE CASCADE,
      event_type text NOT NULL,
      payload jsonb NOT NULL,
      created_at timestamptz NOT NULL
    )`
  yield* sql`CREATE INDEX webhook_messages_created_idx ON webhook_messages (created_at)`
  yield* sql`
    CREATE TABLE webhook_deliveries (
      delivery_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      account_id integer NOT NULL,
      endpoint_id integer NOT NULL,
      message_id text NOT NULL REFERENCES webhook_messages ON DELETE CASCADE,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
      attempts smallint NOT NULL DEFAULT 0 CHECK (attempts >= 0),
      next_attempt_at timestamptz NOT NULL,
      claimed_until timestamptz,
      created_at timestamptz NOT NULL,
      finished_at timestamptz,
      FOREIGN KEY (account_id, endpoint_id) REFERENCES webhook_endpoints (account_id, endpoint_id) ON DELETE CASCADE
    )`
  yield* sql`CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at) WHERE status = 'pending'`
  yield* sql`CREATE INDEX webhook_deliveries_endpoint_idx ON webhook_deliveries (endpoint_id, delivery_id)`
  yield* sql`CREATE INDEX webhook_deliveries_message_idx ON webhook_deliveries (message_id)`
  yield* sql`
    CREATE TABLE webhook_attempts (
      attempt_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      delivery_id bigint NOT NULL REFERENCES webhook_deliveries ON DELETE CASCADE,
      account_id integer NOT NULL,
      endpoint_id integer NOT NULL,
      attempt smallint NOT NULL,
      at timestamptz NOT NULL,
      status_code smallint,
      duration_ms integer NOT NULL,
      error text,
      response_excerpt text NOT NULL DEFAULT ''
    )`
  yield* sql`CREATE INDEX webhook_attempts_endpoint_idx ON webhook_attempts (account_id, endpoint_id, attempt_id DESC)`
  yield* sql`CREATE INDEX webhook_attempts_delivery_idx ON webhook_attempts (delivery_id)`
})
