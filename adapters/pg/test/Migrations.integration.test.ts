import { assert } from "@effect/vitest"
import { Effect, Redacted } from "effect"
import { SqlClient } from "effect/sql"
import * as Database from "../src/Database.ts"
import * as Migrations from "../src/Migrations.ts"
import { describeBackends, TestDatabase } from "../src/TestDatabase.ts"
import * as TestTemplate from "../src/TestTemplate.ts"

const tables = [
  "accounts",
  "signins",
  "memberships",
  "sessions",
  "password_resets",
  "signin_attempts",
  "audit_log",
  "item_taxes",
  "item_categories",
  "files",
  "items",
  "contacts",
  "contact_addresses",
  "contact_methods",
  "leads",
  "quotes",
  "quote_items",
  "quote_contacts",
  "quote_versions",
  "acceptances",
  "quote_views",
  "follow_ups",
  "discussion",
  "discussion_mentions",
  "history",
  "quote_invoices",
  "email_messages",
  "reviews",
  "addon_connections",
  "shared_accounts",
  "save_requests"
]

describeBackends("Migrations", (it, backend) => {
  it.effect("create every table in the test's own schema", () =>
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const { schema } = yield* TestDatabase
      const rows = yield* sql<{ readonly table_name: string }>`
        SELECT table_name FROM information_schema.tables WHERE table_schema = ${schema}`
      const found = new Set(rows.map((r) => r.table_name))
      for (const table of [...tables, "effect_sql_migrations"]) assert.isTrue(found.has(table), `${table} in ${schema}`)
      if (backend === "postgres") assert.match(schema, /^t_[0-9]+_[0-9a-f]{10}$/)
    })
  )

  it.effect("record every migration and apply nothing when run again", () =>
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const recorded = yield* sql<{ readonly migration_id: number }>`
        SELECT migration_id FROM effect_sql_migrations ORDER BY migration_id`
      assert.deepStrictEqual(
        recorded.map((r) => r.migration_id),
        Object.keys(Migrations.all).map((key) => Number(key.split("_")[0]))
      )
      assert.deepStrictEqual(yield* Migrations.run, [])
      assert.deepStrictEqual(yield* Migrations.run, [])
    })
  )

  it.effect("apply cleanly from scratch into an empty schema", () =>
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const template = (yield* TestDatabase).schema
      const fresh = TestTemplate.schemaName()
      yield* Effect.acquireRelease(sql`CREATE SCHEMA ${sql(fresh)}`, () =>
        Effect.ignore(sql`DROP SCHEMA ${sql(fresh)} CASCADE`)
      )
      // One connection for the whole check, so SET LOCAL applies to every statement of it. public stays out of the
      // path: the migrations must not need it (on PGlite the template's tables live there).
      const applied = yield* sql.withTransaction(
        Effect.gen(function* () {
          yield* sql`SET LOCAL search_path TO ${sql(fresh)}`
          const first = yield* Migrations.run
          const second = yield* Migrations.run
          const tablesIn = (schema: string) =>
            Effect.map(
              sql<{ readonly table_name: string }>`
                SELECT table_name FROM information_schema.tables WHERE table_schema = ${schema} ORDER BY table_name`,
              (rows) => rows.map((r) => r.table_name)
            )
          return { first, second, fresh: yield* tablesIn(fresh), template: yield* tablesIn(template) }
        })
      )
      assert.deepStrictEqual(
        applied.first.map(([id]) => id),
        Object.keys(Migrations.all).map((key) => Number(key.split("_")[0]))
      )
      assert.deepStrictEqual(applied.second, [])
      // From scratch gives the same tables as the migrated template the harness started from.
      assert.deepStrictEqual(applied.fresh, applied.template)
      assert.isAtLeast(applied.fresh.length, tables.length + 1)
    })
  )

  it.effect(
    "run once when several servers start at the same time on one PostgreSQL (the others wait, then apply none)",
    () =>
      Effect.gen(function* () {
        const { backend } = yield* TestDatabase
        if (backend !== "postgres") return
        const sql = yield* SqlClient.SqlClient
        const fresh = TestTemplate.schemaName()
        yield* Effect.acquireRelease(sql`CREATE SCHEMA ${sql(fresh)}`, () =>
          Effect.ignore(sql`DROP SCHEMA ${sql(fresh)} CASCADE`)
        )
        const url = Redacted.make(process.env.DATABASE_URL ?? "")
        // Three servers: three clients of their own, each migrating the fresh schema at once.
        const server = Migrations.run.pipe(
          Effect.provide(Database.postgres({ url, searchPath: [fresh], maxConnections: 2 }))
        )
        const results = yield* Effect.all([server, server, server], { concurrency: "unbounded" })
        const applied = results.map((r) => r.length).sort((a, b) => b - a)
        assert.deepStrictEqual(applied, [Object.keys(Migrations.all).length, 0, 0])
        const [row] = yield* sql<{ readonly n: number }>`
        SELECT count(*)::int AS n FROM ${sql(fresh)}.effect_sql_migrations`
        assert.strictEqual(row?.n, Object.keys(Migrations.all).length)
      })
  )

  it.effect("apply into a new schema searched before a migrated one, not taking that one's record for its own", () =>
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const migrated = (yield* TestDatabase).schema
      const fresh = TestTemplate.schemaName()
      yield* Effect.acquireRelease(sql`CREATE SCHEMA ${sql(fresh)}`, () =>
        Effect.ignore(sql`DROP SCHEMA ${sql(fresh)} CASCADE`)
      )
      // As a test or benchmark schema sees a database whose public schema a server once migrated.
      const path = [...new Set([fresh, migrated, "public"])]
      const applied = yield* sql.withTransaction(
        Effect.gen(function* () {
          yield* sql`SET LOCAL search_path TO ${sql.literal(path.map((p) => `"${p}"`).join(", "))}`
          const first = yield* Migrations.run
          const [own] = yield* sql<{ readonly n: number }>`
            SELECT count(*)::int AS n FROM information_schema.tables
            WHERE table_schema = ${fresh} AND table_name IN ('quotes', 'effect_sql_migrations')`
          return { first, own: own?.n ?? 0 }
        })
      )
      assert.strictEqual(applied.first.length, Object.keys(Migrations.all).length)
      assert.strictEqual(applied.own, 2)
    })
  )

  it.effect("keep foreign keys inside one account", () =>
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const [a] = yield* sql<{
        readonly account_id: number
      }>`INSERT INTO accounts (name) VALUES ('A') RETURNING account_id`
      const [b] = yield* sql<{
        readonly account_id: number
      }>`INSERT INTO accounts (name) VALUES ('B') RETURNING account_id`
      const [tax] = yield* sql<{ readonly item_tax_id: number }>`
        INSERT INTO item_taxes (account_id, tax_rate) VALUES (${a!.account_id}, 15) RETURNING item_tax_id`
      const error = yield* Effect.flip(
        sql`INSERT INTO items (account_id, item_type, item_tax_id) VALUES (${b!.account_id}, 1, ${tax!.item_tax_id})`
      )
      assert.strictEqual(error._tag, "SqlError")
      yield* sql`INSERT INTO items (account_id, item_type, item_tax_id) VALUES (${a!.account_id}, 1, ${tax!.item_tax_id})`
    })
  )
})
