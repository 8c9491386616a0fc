/**
 * The migrated template database that tests start from: built once (an in-memory PGlite with every
 * migration applied, dumped with `dumpDataDir`), cached on disk under `node_modules/.cache/quotekit-pg`, keyed
 * by the migrations' source and the PGlite version so that a changed migration rebuilds it. Opening a copy
 * costs about 0.5 s instead of 3-7 s for a new PGlite plus migrations.
 *
 * Also prepares a PostgreSQL server for tests: pg_trgm and btree_gin created once (parallel test files would
 * race to create them) and schemas left over by crashed runs dropped.
 */

import { createHash, randomBytes } from "node:crypto"
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs"
import { createRequire } from "node:module"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import type { PGlite } from "@electric-sql/pglite"
import { Effect, Layer, type Redacted } from "effect"
import { SqlClient } from "effect/sql"
import * as Database from "./Database.ts"
import * as Migrations from "./Migrations.ts"

declare module "vitest" {
  export interface ProvidedContext {
    /** Path of the migrated PGlite template tarball, provided by `TestGlobalSetup`. */
    quotekitPgTemplate: string
  }
}

/** Name of a test schema on PostgreSQL: `t_<epoch seconds>_<random>`, so stale ones can be recognised. */
export const schemaName = (): string => `t_${Math.floor(Date.now() / 1000)}_${randomBytes(5).toString("hex")}`

const schemaPattern = /^t_([0-9]+)_[0-9a-f]+$/

const pgliteVersion = (): string => {
  let dir = dirname(createRequire(import.meta.url).resolve("@electric-sql/pglite"))
  while (dir !== dirname(dir)) {
    const file = join(dir, "package.json")
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, "utf8")) as { name?: string; version?: string }
      if (pkg.name === "@electric-sql/pglite") return pkg.version ?? "unknown"
    }
    dir = dirname(dir)
  }
  return "unknown"
}

/** A digest of everything the template depends on: migration sources and the PGlite version. */
export const templateKey = (): string => {
  const hash = createHash("sha256").update(pgliteVersion())
  const dir = fileURLToPath(new URL("./migrations/", import.meta.url))
  for (const name of readdirSync(dir).sort()) hash.update(name).update(readFileSync(join(dir, name)))
  hash.update(readFileSync(fileURLToPath(new URL("./Migrations.ts", import.meta.url))))
  return hash.digest("hex").slice(0, 16)
}

/** Builds the template in memory: every migration applied, dumped as a tarball. */
export const build: Effect.Effect<Blob, unknown> = Effect.scoped(
  Effect.gen(function* () {
    const db: PGlite = yield* Database.openPglite({})
    yield* Migrations.run.pipe(Effect.provide(Database.fromPglite(db)))
    return yield* Effect.promise(() => db.dumpDataDir("none"))
  })
)

/** The path of the cached template for the current migrations, building it when missing. */
export const ensureFile = (cacheDir: string): Effect.Effect<string, unknown> =>
  Effect.gen(function* () {
    const file = join(cacheDir, `template-${templateKey()}.tar`)
    if (existsSync(file)) return file
    const blob = yield* build
    mkdirSync(cacheDir, { recursive: true })
    // Written aside then renamed, so a concurrent run never reads half a file.
    const partial = `${file}.${process.pid}.partial`
    writeFileSync(partial, new Uint8Array(yield* Effect.promise(() => blob.arrayBuffer())))
    renameSync(partial, file)
    return file
  })

/** Reads a template file as the Blob that `PGlite.create({ loadDataDir })` takes. */
export const read = (file: string): Blob => new Blob([readFileSync(file)])

/**
 * Readies a PostgreSQL server for test schemas: pg_trgm and btree_gin in public, stale test schemas (over 6 h
 * old) dropped.
 */
export const preparePostgres = (url: Redacted.Redacted): Effect.Effect<void, unknown> =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    yield* sql`CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public`
    yield* sql`CREATE EXTENSION IF NOT EXISTS btree_gin WITH SCHEMA public`
    const schemas = yield* sql<{
      readonly nspname: string
    }>`SELECT nspname FROM pg_namespace WHERE nspname LIKE 't\\_%'`
    const cutoff = Date.now() / 1000 - 6 * 3600
    for (const { nspname } of schemas) {
      const created = schemaPattern.exec(nspname)?.[1]
      if (created !== undefined && Number(created) < cutoff) yield* sql`DROP SCHEMA IF EXISTS ${sql(nspname)} CASCADE`
    }
  }).pipe(Effect.provide(Layer.fresh(Database.postgres({ url, maxConnections: 1 }))))
