import { assert } from "@effect/vitest"
import { describeBackends } from "@quotekit/pg/TestDatabase"
import { Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import * as HistoryRepo from "../../src/history/Repo.ts"
import * as ExpirySweep from "../../src/quotes/ExpirySweep.ts"
import * as QuoteRepo from "../../src/quotes/Repo.ts"

describeBackends(
  "the expiry sweep",
  (it) => {
    it.effect("stores lapsed expiries with a history row, purges drafts deleted over 30 days ago", () =>
      Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        const [account] = yield* sql<{
          account_id: number
        }>`INSERT INTO accounts (name) VALUES ('Sweep') RETURNING account_id`
        const [signin] = yield* sql<{ signin_id: number }>`
          INSERT INTO signins (email) VALUES (${`sweep.${Date.now()}.${Math.random()}@example.com`}) RETURNING signin_id`
        const a = account!.account_id
        const s = signin!.signin_id
        const lapsed = yield* sql<{ quote_id: number }>`
          INSERT INTO quotes (account_id, quote_no, from_signin_id, title, status, expiry_date)
          VALUES (${a}, 1, ${s}, 'Lapsed', 'sent', now() - interval '1 minute'),
                 (${a}, 2, ${s}, 'Current', 'sent', now() + interval '1 day'),
                 (${a}, 3, ${s}, 'Old draft', 'draft', now() - interval '1 day')
          RETURNING quote_id`
        const oldDeleted = yield* sql<{ quote_id: number }>`
          INSERT INTO quotes (account_id, quote_no, from_signin_id, title, archive_id, deleted_at)
          VALUES (${a}, 4, ${s}, 'Gone', 3, now() - interval '31 days'),
                 (${a}, 5, ${s}, 'Restorable', 3, now() - interval '29 days')
          RETURNING quote_id`
        const expired = yield* ExpirySweep.sweep
        assert.isAtLeast(expired, 1)
        const statuses = yield* sql<{ title: string; status: string }>`
          SELECT title, status FROM quotes WHERE account_id = ${a} ORDER BY quote_no`
        assert.deepStrictEqual(
          statuses.map((q) => [q.title, q.status]),
          [
            ["Lapsed", "expired"],
            ["Current", "sent"],
            ["Old draft", "draft"],
            ["Restorable", "draft"]
          ]
        )
        const history = yield* sql<{ html_summary: string; actor: string }>`
          SELECT html_summary, actor FROM history WHERE account_id = ${a} AND category_id = ${lapsed[0]!.quote_id}`
        assert.deepStrictEqual(history, [{ html_summary: "The quote expired.", actor: "system" }])
        assert.strictEqual(oldDeleted.length, 2)
        // Nothing more to do the second time.
        assert.strictEqual(yield* ExpirySweep.sweep, 0)
      })
    )

    it.effect("sweeps running at once (one per server process) expire each quote once, with one history row", () =>
      Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        const [account] = yield* sql<{
          account_id: number
        }>`INSERT INTO accounts (name) VALUES ('Sweeps') RETURNING account_id`
        const [signin] = yield* sql<{ signin_id: number }>`
          INSERT INTO signins (email) VALUES (${`sweeps.${Date.now()}.${Math.random()}@example.com`}) RETURNING signin_id`
        const a = account!.account_id
        yield* sql`
          INSERT INTO quotes (account_id, quote_no, from_signin_id, title, status, expiry_date)
          SELECT ${a}, n, ${signin!.signin_id}, 'Lapsed ' || n, 'sent', now() - interval '1 minute'
          FROM generate_series(1, 40) AS n`
        const counts = yield* Effect.all([ExpirySweep.sweep, ExpirySweep.sweep, ExpirySweep.sweep], {
          concurrency: "unbounded"
        })
        const expired = yield* sql<{ n: number }>`
          SELECT count(*)::int AS n FROM quotes WHERE account_id = ${a} AND status = 'expired'`
        assert.strictEqual(expired[0]!.n, 40)
        assert.strictEqual(
          counts.reduce((x, y) => x + y, 0),
          40
        )
        const rows = yield* sql<{ category_id: number; n: number }>`
          SELECT category_id, count(*)::int AS n FROM history
          WHERE account_id = ${a} AND action = 'quote.expire' GROUP BY category_id`
        assert.strictEqual(rows.length, 40)
        assert.isTrue(rows.every((r) => r.n === 1))
      })
    )
  },
  { layer: Layer.mergeAll(QuoteRepo.layer, HistoryRepo.layer) }
)
