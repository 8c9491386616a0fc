import { assert } from "@effect/vitest"
import { Duration, Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { TestClock } from "effect/testing"
import * as Maintenance from "../src/Maintenance.ts"
import { describeBackends } from "../src/TestDatabase.ts"

/** What the planner believes about the `quotes` table of the test's schema. */
const quoteStats = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const [row] = yield* sql<{ readonly tuples: number; readonly analyzed: boolean }>`
    SELECT c.reltuples::float8 AS tuples, s.last_analyze IS NOT NULL AS analyzed
    FROM pg_class c JOIN pg_stat_user_tables s ON s.relid = c.oid
    WHERE c.oid = 'quotes'::regclass`
  return row!
})

const addQuotes = (n: number) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const [account] = yield* sql<{ readonly account_id: number }>`
      INSERT INTO accounts (name) VALUES ('Maintained') RETURNING account_id`
    const [signin] = yield* sql<{ readonly signin_id: number }>`
      INSERT INTO signins (email) VALUES (${`m${Date.now()}${Math.random()}@example.com`}) RETURNING signin_id`
    yield* sql`
      INSERT INTO quotes (account_id, from_signin_id, quote_no, title, search_text)
      SELECT ${account!.account_id}, ${signin!.signin_id}, g, 'Quote ' || g, 'quote ' || g
      FROM generate_series(1, ${n}) AS g`
  })

// The embedded database only: a real PostgreSQL server vacuums and analyzes by itself (and a whole-database
// VACUUM there would wait on the other test files' schema changes).
describeBackends(
  "database maintenance",
  (it) => {
    it.effect("a pass gives the planner the tables' statistics", () =>
      Effect.gen(function* () {
        yield* addQuotes(400)
        yield* Maintenance.run
        const after = yield* quoteStats
        assert.isTrue(after.analyzed)
        assert.isAtLeast(after.tuples, 400)
      })
    )

    it.effect("the layer's first pass waits a minute after start, then runs", () =>
      Effect.gen(function* () {
        yield* addQuotes(300)
        const before = (yield* quoteStats).tuples
        yield* Layer.build(Maintenance.layer)
        yield* TestClock.adjust(Duration.subtract(Maintenance.timing.first, Duration.seconds(1)))
        yield* TestClock.withLive(Effect.sleep("50 millis"))
        assert.strictEqual((yield* quoteStats).tuples, before)
        yield* TestClock.adjust(Duration.seconds(1))
        let tuples = before
        for (let i = 0; i < 100 && tuples === before; i++) {
          yield* TestClock.withLive(Effect.sleep("20 millis"))
          tuples = (yield* quoteStats).tuples
        }
        assert.isAbove(tuples, before)
      }).pipe(Effect.provide(TestClock.layer()), Effect.scoped)
    )
  },
  { only: ["pglite"] }
)
