import { assert } from "@effect/vitest"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { describeBackends } from "../src/TestDatabase.ts"

describeBackends("audit_log", (it) => {
  const append = Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const [account] = yield* sql<{ readonly account_id: number }>`
      INSERT INTO accounts (name) VALUES ('Audited') RETURNING account_id`
    const [row] = yield* sql<{ readonly audit_id: bigint }>`
      INSERT INTO audit_log (account_id, actor, action, subject_table, subject_id, data)
      VALUES (${account!.account_id}, 'customer', 'quote.accepted', 'quotes', 7, ${JSON.stringify({ sign_name: "Ada" })})
      RETURNING audit_id`
    return row!.audit_id
  })

  it.effect("accepts appended rows", () =>
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const id = yield* append
      const [row] = yield* sql<{ readonly action: string; readonly data: { sign_name: string } }>`
        SELECT action, data FROM audit_log WHERE audit_id = ${id}`
      assert.strictEqual(row!.action, "quote.accepted")
      assert.strictEqual(row!.data.sign_name, "Ada")
    })
  )

  it.effect("refuses UPDATE, DELETE and TRUNCATE and keeps the row", () =>
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const id = yield* append
      for (const attempt of [
        sql`UPDATE audit_log SET action = 'forged' WHERE audit_id = ${id}`,
        sql`DELETE FROM audit_log WHERE audit_id = ${id}`,
        sql`TRUNCATE audit_log`
      ]) {
        const error = yield* Effect.flip(attempt)
        // 42501 insufficient_privilege, which sql-pg classifies as an AuthorizationError.
        assert.strictEqual(error.reason._tag, "AuthorizationError")
        assert.match(String(error.reason.cause), /audit_log is append-only: (UPDATE|DELETE|TRUNCATE) refused/)
      }
      const [row] = yield* sql<{ readonly action: string }>`SELECT action FROM audit_log WHERE audit_id = ${id}`
      assert.strictEqual(row!.action, "quote.accepted")
    })
  )

  it.effect("refuses unknown actors", () =>
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const error = yield* Effect.flip(sql`INSERT INTO audit_log (actor, action) VALUES ('somebody', 'x')`)
      assert.strictEqual(error._tag, "SqlError")
    })
  )
})
