import { assert } from "@effect/vitest"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { describeBackends } from "../src/TestDatabase.ts"

describeBackends("search", (it) => {
  const setup = Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const [account] = yield* sql<{ readonly account_id: number }>`
      INSERT INTO accounts (name) VALUES ('Searcher') RETURNING account_id`
    const [signin] = yield* sql<{ readonly signin_id: number }>`
      INSERT INTO signins (email) VALUES (${`s${Date.now()}${Math.random()}@example.com`}) RETURNING signin_id`
    const accountId = account!.account_id
    const rows = [
      { quote_no: 1, title: "Bathroom renovation", contacts: "Ada Lovelace Analytical Engines Ltd" },
      { quote_no: 2, title: "Kitchen sink replacement", contacts: "Charles Babbage" },
      { quote_no: 3, title: "Hot water cylinder", contacts: "Grace Hopper" }
    ]
    for (const row of rows) {
      yield* sql`INSERT INTO quotes ${sql.insert({
        account_id: accountId,
        from_signin_id: signin!.signin_id,
        quote_no: row.quote_no,
        title: row.title,
        search_text: `${row.title} ${row.quote_no} ${row.contacts}`.toLowerCase()
      })}`
    }
    return accountId
  })

  const search = (accountId: number, term: string) =>
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const rows = yield* sql<{ readonly quote_no: number }>`
        SELECT quote_no FROM quotes
        WHERE account_id = ${accountId} AND search_text LIKE ${`%${term.toLowerCase()}%`}
        ORDER BY quote_no`
      return rows.map((r) => r.quote_no)
    })

  it.effect("finds quotes by title, number and contact name, case-insensitively", () =>
    Effect.gen(function* () {
      const accountId = yield* setup
      assert.deepStrictEqual(yield* search(accountId, "RENOV"), [1])
      assert.deepStrictEqual(yield* search(accountId, "babbage"), [2])
      assert.deepStrictEqual(yield* search(accountId, "analytical eng"), [1])
      assert.deepStrictEqual(yield* search(accountId, "lace"), [1, 2])
      assert.deepStrictEqual(yield* search(accountId, "plumbus"), [])
    })
  )

  it.effect("has trigram GIN indexes on quotes, contacts and items within the account", () =>
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const rows = yield* sql<{ readonly indexname: string; readonly indexdef: string }>`
        SELECT indexname, indexdef FROM pg_indexes
        WHERE schemaname = current_schema() AND indexname LIKE '%_search_idx' ORDER BY indexname`
      assert.deepStrictEqual(
        rows.map((r) => r.indexname),
        ["contacts_account_search_idx", "items_account_search_idx", "quotes_account_search_idx"]
      )
      for (const row of rows) assert.match(row.indexdef, /USING gin \(account_id, search_text .*gin_trgm_ops\)/)
    })
  )

  it.effect("searches one account's quotes only, however common the term is elsewhere", () =>
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const accountId = yield* setup
      const other = yield* setup
      yield* sql`
        INSERT INTO quotes (account_id, from_signin_id, quote_no, title, search_text)
        SELECT a.account_id, q.from_signin_id, 100 + n, 'Kitchen ' || n, 'kitchen ' || n || ' ' || (100 + n)
        FROM (VALUES (${accountId}, 3000), (${other}, 30)) AS a(account_id, quotes)
        CROSS JOIN LATERAL generate_series(1, a.quotes) AS n
        CROSS JOIN LATERAL (SELECT from_signin_id FROM quotes WHERE account_id = a.account_id LIMIT 1) q`
      yield* sql`ANALYZE quotes`
      assert.deepStrictEqual(yield* search(other, "hopper"), [3])
      assert.deepStrictEqual(yield* search(other, "kitchen 29"), [129])
      assert.strictEqual((yield* search(accountId, "kitchen 29")).length, 111)
      assert.deepStrictEqual(yield* search(other, "kitchen 2999"), [])
    })
  )

  it.effect("ranks by trigram similarity with pg_trgm's functions", () =>
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const [row] = yield* sql<{ readonly s: number }>`SELECT similarity('bathroom', 'bathrooms') AS s`
      assert.isAbove(row!.s, 0.5)
    })
  )
})
