import { assert } from "@effect/vitest"
import { Context, Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { backends, describeBackends, TestDatabase } from "../src/TestDatabase.ts"

/** A service built on the database, as a repository would be. */
class AccountNames extends Context.Service<AccountNames, { readonly add: (name: string) => Effect.Effect<number> }>()(
  "test/AccountNames"
) {
  static readonly layer = Layer.effect(
    AccountNames,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      return AccountNames.of({
        add: (name) =>
          sql<{ readonly account_id: number }>`INSERT INTO accounts (name) VALUES (${name}) RETURNING account_id`.pipe(
            Effect.map((rows) => rows[0]!.account_id),
            Effect.orDie
          )
      })
    })
  )
}

const schemas: Record<string, string> = {}

describeBackends(
  "TestDatabase with extra layers",
  (it, backend) => {
    it.effect("provides the extra layers on top of a migrated database of the block's own", () =>
      Effect.gen(function* () {
        const names = yield* AccountNames
        const db = yield* TestDatabase
        assert.strictEqual(db.backend, backend)
        schemas[backend] = db.schema
        const id = yield* names.add("Block one")
        assert.isAbove(id, 0)
        const sql = yield* SqlClient.SqlClient
        const [row] = yield* sql<{ readonly n: number }>`SELECT count(*)::int AS n FROM accounts`
        assert.strictEqual(row!.n, 1, "a fresh database holds only this block's rows")
      })
    )
  },
  { layer: AccountNames.layer }
)

describeBackends("TestDatabase isolation", (it, backend) => {
  it.effect("gives the next block a different database and drops the previous schema", () =>
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const db = yield* TestDatabase
      const [row] = yield* sql<{ readonly n: number }>`SELECT count(*)::int AS n FROM accounts`
      assert.strictEqual(row!.n, 0)
      if (backend === "postgres") {
        assert.notStrictEqual(db.schema, schemas.postgres)
        const left = yield* sql`SELECT 1 FROM pg_namespace WHERE nspname = ${schemas.postgres ?? ""}`
        assert.strictEqual(left.length, 0, "the previous block's schema is dropped")
      }
    })
  )
})

describeBackends("backends", (it) => {
  it("runs on PostgreSQL exactly when DATABASE_URL is set", () => {
    const url = process.env.DATABASE_URL
    assert.deepStrictEqual(backends(), url === undefined || url === "" ? ["pglite"] : ["pglite", "postgres"])
  })
})
