import { spawnSync } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { assert, describe, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { afterAll } from "vitest"
import * as Database from "../src/Database.ts"

const scratch = mkdtempSync(join(tmpdir(), "quotekit-durability-"))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

const hasStrace = spawnSync("strace", ["-V"], { stdio: "ignore" }).status === 0

describe("the embedded database's durability", () => {
  it.live(
    "syncs the WAL to the disk before each commit returns",
    () => {
      const synced: Array<string> = []
      const database = Database.embedded({ dataDir: join(scratch, "in-process"), onSync: (path) => synced.push(path) })
      return Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        yield* sql`CREATE TABLE notes (id serial PRIMARY KEY, body text NOT NULL)`
        for (let i = 0; i < 20; i++) {
          const before = synced.length
          yield* sql`INSERT INTO notes (body) VALUES (${`note ${i}`})`
          const during = synced.slice(before)
          assert.isTrue(
            during.some((path) => path.includes("/pg_wal/")),
            `commit ${i} returned without a sync of the WAL (synced: ${JSON.stringify(during)})`
          )
        }
        // A transaction of several writes syncs once, at its commit.
        const before = synced.length
        yield* sql.withTransaction(
          Effect.gen(function* () {
            yield* sql`INSERT INTO notes (body) VALUES ('a')`
            yield* sql`INSERT INTO notes (body) VALUES ('b')`
            assert.isFalse(
              synced.slice(before).some((path) => path.includes("/pg_wal/")),
              "no sync before the commit"
            )
          })
        )
        assert.isTrue(synced.slice(before).some((path) => path.includes("/pg_wal/")))
      }).pipe(Effect.provide(Layer.fresh(database)))
    },
    120_000
  )

  it.skipIf(!hasStrace)(
    "asks the kernel to sync WAL files once per commit at least (strace)",
    () => {
      const dataDir = join(scratch, "traced")
      const module = new URL("../src/SyncedNodeFs.ts", import.meta.url).href
      const script = `
      const { PGlite } = await import("@electric-sql/pglite")
      const Synced = await import(${JSON.stringify(module)})
      const db = await PGlite.create({ fs: new Synced.Filesystem(${JSON.stringify(dataDir)}), startParams: [...Synced.startParams] })
      await db.exec("CREATE TABLE notes (id serial PRIMARY KEY, body text NOT NULL)")
      for (let i = 0; i < 20; i++) await db.query("INSERT INTO notes (body) VALUES ($1)", ["note " + i])
      await db.close()`
      const trace = spawnSync(
        "strace",
        [
          "-f",
          "-y",
          "-e",
          "trace=fsync,fdatasync,sync_file_range",
          process.execPath,
          "--input-type=module",
          "-e",
          script
        ],
        { cwd: new URL("..", import.meta.url).pathname, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 }
      )
      assert.strictEqual(trace.status, 0, trace.stderr.slice(-2000))
      const walSyncs = trace.stderr
        .split("\n")
        .filter((line) => /^(\[pid\s+\d+\] )?f(data)?sync\(\d+<[^>]*\/pg_wal\/[0-9A-F]{24}>\) = 0/.test(line))
      // The CREATE TABLE and 20 inserts are 21 commits.
      assert.isAtLeast(
        walSyncs.length,
        21,
        trace.stderr
          .split("\n")
          .filter((l) => l.includes("sync"))
          .slice(0, 20)
          .join("\n")
      )
    },
    120_000
  )
})
