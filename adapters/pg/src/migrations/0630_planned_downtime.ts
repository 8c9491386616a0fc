/**
 * The announced downtime, for servers that do not share a data folder (several machines on one PostgreSQL):
 * `npm run offline` writes the time here as well as into `QUOTEKIT_DATA_DIR/offline-at`, and every server
 * process answers it from `GET /api/notice`. One row at most (`singleton` is always true).
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE planned_downtime (
      singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
      offline_at timestamptz NOT NULL,
      announced_at timestamptz NOT NULL DEFAULT now()
    )`
})
