import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { assert, describe, it } from "@effect/vitest"
import { ConfigProvider, Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import * as Database from "../src/Database.ts"
import * as Migrations from "../src/Migrations.ts"

/** The database of a quotekit started with these environment variables. */
const started = (env: Record<string, string>) =>
  Migrations.layer.pipe(
    Layer.provideMerge(Database.layer),
    Layer.provide(ConfigProvider.layer(ConfigProvider.fromUnknown(env)))
  )

const names = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const rows = yield* sql<{ readonly name: string }>`SELECT name FROM accounts ORDER BY account_id`
  return rows.map((r) => r.name)
})

describe("Database", () => {
  it.live(
    "opens an embedded data directory, closes it and reopens it with the data kept",
    () =>
      Effect.gen(function* () {
        const dataDir = mkdtempSync(join(tmpdir(), "quotekit-db-"))
        yield* Effect.addFinalizer(() => Effect.sync(() => rmSync(dataDir, { recursive: true, force: true })))
        const env = { QUOTEKIT_DATA_DIR: dataDir }

        yield* Effect.gen(function* () {
          const sql = yield* SqlClient.SqlClient
          yield* sql`INSERT INTO accounts (name) VALUES ('Kept across restarts')`
        }).pipe(Effect.provide(started(env)))

        const [kept, applied] = yield* Effect.all([names, Migrations.run]).pipe(Effect.provide(started(env)))
        assert.deepStrictEqual(kept, ["Kept across restarts"])
        assert.deepStrictEqual(applied, [])
        assert.strictEqual(Database.pgdataDirectory(dataDir), join(dataDir, "pgdata"))
      }),
    120_000
  )

  it.live(
    "runs the embedded database on disk with the small server's memory settings",
    () =>
      Effect.gen(function* () {
        const dataDir = join(mkdtempSync(join(tmpdir(), "quotekit-mem-")), "pgdata")
        yield* Effect.addFinalizer(() => Effect.sync(() => rmSync(dirname(dataDir), { recursive: true, force: true })))
        const db = yield* Database.openPglite({ dataDir })
        const setting = (name: string) =>
          Effect.promise(() =>
            db.query<{ readonly value: string }>("SELECT current_setting($1) AS value", [name])
          ).pipe(Effect.map((r) => r.rows[0]?.value))
        assert.strictEqual(yield* setting("shared_buffers"), "16MB")
        assert.strictEqual(yield* setting("wal_buffers"), "1MB")
        assert.strictEqual(yield* setting("work_mem"), "2MB")
        assert.strictEqual(yield* setting("temp_buffers"), "1MB")
        assert.strictEqual(yield* setting("maintenance_work_mem"), "16MB")
        assert.strictEqual(yield* setting("fsync"), "on", "still synced")
      }).pipe(Effect.scoped),
    120_000
  )

  it.live(
    "refuses a second open of a data directory in use, and opens it again once the first is closed",
    () =>
      Effect.gen(function* () {
        const dataDir = join(mkdtempSync(join(tmpdir(), "quotekit-lock-")), "pgdata")
        yield* Effect.addFinalizer(() => Effect.sync(() => rmSync(dirname(dataDir), { recursive: true, force: true })))
        // A crashed server's lock file naming a live process (here our parent) holds nothing: the OS lock is gone.
        writeFileSync(`${dataDir}.lock`, String(process.ppid))
        const refused = yield* Effect.scoped(
          Effect.gen(function* () {
            yield* Database.openPglite({ dataDir })
            assert.strictEqual(readFileSync(`${dataDir}.lock`, "utf8"), String(process.pid))
            return yield* Effect.flip(Effect.scoped(Database.openPglite({ dataDir })))
          })
        )
        assert.strictEqual(
          refused.message,
          `The embedded database in ${dataDir} is in use by process ${process.pid}; stop it first`
        )
        yield* Effect.scoped(Database.openPglite({ dataDir }))
      }),
    120_000
  )

  it.live(
    "queues concurrent queries and transactions on the single embedded connection",
    () =>
      Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        yield* Migrations.run
        const results = yield* Effect.forEach(
          Array.from({ length: 60 }, (_, i) => i),
          (i) =>
            i % 6 === 0
              ? sql.withTransaction(
                  Effect.gen(function* () {
                    yield* sql`INSERT INTO accounts (name) VALUES (${`Concurrent ${i}`})`
                    yield* Effect.sleep("2 millis")
                    const rows = yield* sql<{ readonly n: number }>`
                      SELECT count(*)::int AS n FROM accounts WHERE name = ${`Concurrent ${i}`}`
                    return rows[0]!.n
                  })
                )
              : Effect.map(sql<{ readonly n: number }>`SELECT 1 AS n`, (rows) => rows[0]!.n),
          { concurrency: "unbounded" }
        )
        assert.deepStrictEqual(
          results,
          Array.from({ length: 60 }, () => 1)
        )
        const [count] = yield* sql<{ readonly n: number }>`SELECT count(*)::int AS n FROM accounts`
        assert.strictEqual(count!.n, 10)
        // A failed transaction rolls back and leaves the connection usable for the next one.
        const failed = yield* Effect.flip(
          sql.withTransaction(
            Effect.andThen(sql`INSERT INTO accounts (name) VALUES ('Rolled back')`, Effect.fail("abort" as const))
          )
        )
        assert.strictEqual(failed, "abort")
        assert.deepStrictEqual((yield* names).includes("Rolled back"), false)
      }).pipe(Effect.provide(Database.embedded({}))),
    120_000
  )

  it.live.runIf(process.env.DATABASE_URL !== undefined && process.env.DATABASE_URL !== "")(
    "uses PostgreSQL when DATABASE_URL is set",
    () =>
      Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        const [row] = yield* sql<{ readonly db: string; readonly version: string }>`
          SELECT current_database() AS db, version() AS version`
        // The database named in the URL, not the embedded one (which is always "postgres", built with emscripten).
        assert.strictEqual(row!.db, new URL(process.env.DATABASE_URL ?? "").pathname.slice(1))
        assert.notMatch(row!.version, /emscripten|wasm/i)
      }).pipe(
        Effect.provide(
          Database.layer.pipe(
            Layer.provide(
              ConfigProvider.layer(ConfigProvider.fromUnknown({ DATABASE_URL: process.env.DATABASE_URL ?? "" }))
            )
          )
        )
      ),
    60_000
  )
})
