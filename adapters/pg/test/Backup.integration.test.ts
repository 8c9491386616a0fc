import { spawnSync } from "node:child_process"
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { assert, describe, it } from "@effect/vitest"
import { Effect, Layer, Redacted } from "effect"
import { SqlClient } from "effect/sql"
import { afterAll } from "vitest"
import * as Backup from "../src/Backup.ts"
import * as Database from "../src/Database.ts"
import * as Migrations from "../src/Migrations.ts"
import * as Seed from "../src/Seed.ts"

const scratch = mkdtempSync(join(tmpdir(), "quotekit-backup-"))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

const databaseUrl = process.env.DATABASE_URL ?? ""
const psqlPresent = spawnSync("psql", ["--version"]).status === 0

const embedded = (dataDir: string) =>
  Layer.fresh(
    Migrations.layer.pipe(Layer.provideMerge(Database.embedded({ dataDir: Database.pgdataDirectory(dataDir) })))
  )

/** Every table's rows, in key order, as JSON: what a restore must bring back exactly. */
const everything = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const tables = yield* sql<{ table_name: string }>`
    SELECT table_name FROM information_schema.tables
    WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`
  const out: Record<string, string> = {}
  for (const { table_name } of tables) {
    const rows = yield* sql.unsafe(`SELECT * FROM "${table_name}" ORDER BY 1`)
    out[table_name] = JSON.stringify(rows, (_key, value) => (typeof value === "bigint" ? `${value}n` : value))
  }
  return out
})

describe("backups of the embedded database", () => {
  it.live(
    "a backup restored into another folder gives back every table, the uploads and the link secret",
    () =>
      Effect.gen(function* () {
        const original = join(scratch, "original")
        const before = yield* Effect.gen(function* () {
          yield* Seed.run
          return yield* everything
        }).pipe(Effect.provide(embedded(original)))
        mkdirSync(join(original, "files", "1"), { recursive: true })
        writeFileSync(join(original, "files", "1", "logo.png"), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2]))
        writeFileSync(join(original, "link-secret"), "a-secret-of-the-original-server-xyz")
        writeFileSync(join(original, "secret-key"), "the-key-sealing-stored-secrets")
        Backup.recordSchemaVersion(original, Migrations.latestId)

        const file = join(scratch, "out", "backup.tar.gz")
        const made = yield* Backup.create(original, file)
        assert.strictEqual(made.manifest.schemaVersion, Migrations.latestId)
        assert.strictEqual(made.manifest.version, 2)
        // The database is in the file as a plain pg_dump, not as PostgreSQL's files.
        const listed = spawnSync("tar", ["-tzf", file], { encoding: "utf8" }).stdout.split("\n")
        assert.include(listed, Backup.DUMP)
        assert.notInclude(listed, "pgdata/")
        const dumpText = spawnSync("tar", ["-xzOf", file, Backup.DUMP], { encoding: "utf8", maxBuffer: 1 << 28 }).stdout
        assert.match(dumpText, /^-- PostgreSQL database dump$/m)
        assert.include(dumpText, 'CREATE TABLE "public"."quotes"')

        const copy = join(scratch, "copy")
        const manifest = yield* Backup.restore(file, copy)
        assert.strictEqual(manifest.format, "quotekit-embedded-backup")
        assert.deepStrictEqual(
          readFileSync(join(copy, "files", "1", "logo.png")),
          readFileSync(join(original, "files", "1", "logo.png"))
        )
        assert.strictEqual(readFileSync(join(copy, "link-secret"), "utf8"), "a-secret-of-the-original-server-xyz")
        assert.strictEqual(readFileSync(join(copy, "secret-key"), "utf8"), "the-key-sealing-stored-secrets")
        const after = yield* everything.pipe(Effect.provide(embedded(copy)))
        assert.isAbove(Object.keys(before).length, 20)
        assert.deepStrictEqual(after, before)
        assert.isAbove(JSON.parse(after.quotes ?? "[]").length, 3)
      }),
    180_000
  )

  it.live.skipIf(databaseUrl === "" || !psqlPresent)(
    "the embedded backup's dump loads into PostgreSQL with psql and gives back every table",
    () =>
      Effect.gen(function* () {
        const original = join(scratch, "for-postgres")
        const before = yield* Effect.gen(function* () {
          yield* Seed.run
          return yield* everything
        }).pipe(Effect.provide(embedded(original)))
        const file = join(scratch, "out", "for-postgres.tar.gz")
        yield* Backup.create(original, file)
        const unpacked = join(scratch, "for-postgres-unpacked")
        mkdirSync(unpacked, { recursive: true })
        assert.strictEqual(spawnSync("tar", ["-xzf", file, "-C", unpacked, Backup.DUMP]).status, 0)

        // A database of its own on the server of DATABASE_URL, dropped afterwards.
        const name = `quotekit_restore_${process.pid}_${Date.now()}`
        const admin = new URL(databaseUrl)
        const target = new URL(databaseUrl)
        target.pathname = `/${name}`
        const psql = (url: URL, args: ReadonlyArray<string>) =>
          spawnSync("psql", ["-X", "-q", "-v", "ON_ERROR_STOP=1", "-d", url.toString(), ...args], {
            encoding: "utf8",
            maxBuffer: 1 << 26
          })
        const created = psql(admin, ["-c", `CREATE DATABASE "${name}"`])
        assert.strictEqual(created.status, 0, created.stderr)
        yield* Effect.addFinalizer(() =>
          Effect.sync(() => psql(admin, ["-c", `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`]))
        )
        // As docs/backups.md says to: psql, stopping at the first error.
        const loaded = psql(target, ["-f", join(unpacked, Backup.DUMP)])
        assert.strictEqual(loaded.status, 0, loaded.stderr)
        assert.strictEqual(loaded.stderr.trim(), "")

        const after = yield* everything.pipe(
          Effect.provide(Layer.fresh(Database.postgres({ url: Redacted.make(target.toString()), maxConnections: 1 })))
        )
        assert.deepStrictEqual(after, before)
        assert.isAbove(JSON.parse(after.quotes ?? "[]").length, 3)
      }).pipe(Effect.scoped),
    180_000
  )

  it.live(
    "uploads kept in object storage are taken from it into the backup and stored back into it on restore",
    () =>
      Effect.gen(function* () {
        const source = join(scratch, "with-bucket")
        yield* Effect.void.pipe(Effect.provide(embedded(source)))
        // Left over from before the uploads moved to the bucket: the bucket's copy is the one that counts.
        mkdirSync(join(source, "files", "9"), { recursive: true })
        writeFileSync(join(source, "files", "9", "stale"), "old")
        const bucket = new Map([
          ["3/aa11", "first upload"],
          ["12/bb22", "second upload"]
        ])
        const restored = new Map<string, string>()
        const walk = (dir: string, prefix = ""): Array<string> =>
          readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
            e.isDirectory() ? walk(join(dir, e.name), `${prefix}${e.name}/`) : [`${prefix}${e.name}`]
          )
        const uploads: Backup.Uploads = {
          save: (dir) =>
            Effect.sync(() => {
              for (const [key, text] of bucket) {
                mkdirSync(join(dir, key, ".."), { recursive: true })
                writeFileSync(join(dir, key), text)
              }
              return bucket.size
            }),
          load: (dir) =>
            Effect.sync(() => {
              for (const key of walk(dir)) restored.set(key, readFileSync(join(dir, key), "utf8"))
              return restored.size
            })
        }
        const file = join(scratch, "out", "with-bucket.tar.gz")
        yield* Backup.create(source, file, uploads)
        const listed = spawnSync("tar", ["-tzf", file], { encoding: "utf8" }).stdout.split("\n")
        assert.include(listed, "files/3/aa11")
        assert.include(listed, "files/12/bb22")
        assert.notInclude(listed, "files/9/stale")

        const copy = join(scratch, "with-bucket-copy")
        yield* Backup.restore(file, copy, uploads)
        assert.deepStrictEqual([...restored].sort(), [...bucket].sort())
        // Into the bucket, not the new data folder.
        assert.isFalse(existsSync(join(copy, "files")))
      }),
    120_000
  )

  it.live(
    "refuses to restore over a folder with data, to back up a folder in use, and a file that is no backup",
    () =>
      Effect.gen(function* () {
        const busy = join(scratch, "busy")
        mkdirSync(busy, { recursive: true })
        writeFileSync(join(busy, "something"), "x")
        const over = yield* Effect.flip(Backup.restore(join(scratch, "out", "backup.tar.gz"), busy))
        assert.include(over.message, "is not empty")

        const inUse = join(scratch, "in-use")
        const refused = yield* Effect.scoped(
          Effect.gen(function* () {
            yield* Layer.build(embedded(inUse))
            return yield* Effect.flip(Backup.create(inUse, join(scratch, "never.tar.gz")))
          })
        )
        assert.match(refused.message, /is in use by process \d+; stop it first\.$/)

        const junk = join(scratch, "junk.tar.gz")
        writeFileSync(junk, "not a tarball")
        const notBackup = yield* Effect.flip(Backup.restore(junk, join(scratch, "fresh")))
        assert.include(notBackup.message, "tar failed")
      }),
    120_000
  )
})
