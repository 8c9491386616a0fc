/**
 * Backups of an embedded data folder: one `.tar.gz` file holding a `pg_dump` of the database (`database.sql`,
 * plain SQL as PostgreSQL's own `pg_dump` writes it, made by PGlite's WebAssembly build of `pg_dump`), the uploads
 * (`files`), the customer-link secret (`link-secret`, so links already emailed keep working after a restore), the
 * secret key that seals stored secrets such as webhook signing secrets (`secret-key`) and a manifest. It is made
 * while no server uses the folder (its operating-system lock is held for the dump), so the dump is consistent.
 * The file is as sensitive as the data folder itself (it holds the link secret): it is written readable by its
 * owner only.
 *
 * `restore` replays the dump into a new embedded database in an empty folder. Because the dump is plain SQL, the
 * same `database.sql` also loads into a PostgreSQL server with `psql` (see docs/backups.md): moving from the
 * embedded database to PostgreSQL is a backup and a restore. Backups of version 1 (a copy of the database's
 * files, `pgdata`) are still restored as they were made.
 *
 * A quotekit on PostgreSQL (`DATABASE_URL`) is backed up with PostgreSQL's own tools (`pg_dump -Fc`,
 * `pg_restore`) plus a copy of `QUOTEKIT_DATA_DIR/files`; see the README.
 *
 * @since 0.1.0
 */
import { spawnSync } from "node:child_process"
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs"
import { basename, dirname, join, resolve } from "node:path"
import { PGlite } from "@electric-sql/pglite"
import { btree_gin } from "@electric-sql/pglite/contrib/btree_gin"
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm"
import { pgDump } from "@electric-sql/pglite-tools/pg_dump"
import { Data, Effect } from "effect"
import * as DataDirLock from "./DataDirLock.ts"
import * as SyncedNodeFs from "./SyncedNodeFs.ts"

/** What a backup file says about itself. */
export interface Manifest {
  readonly format: "quotekit-embedded-backup"
  /** 1: the database's files (`pgdata`); 2: a plain `pg_dump` (`database.sql`). */
  readonly version: 1 | 2
  readonly created: string
  /** The newest migration the database had. */
  readonly schemaVersion: number | null
  /** The PostgreSQL version of the dumped database (version 2). */
  readonly postgres?: string
}

/** A backup or restore could not be made; the message says why. */
export class BackupFailed extends Data.TaggedError("BackupFailed")<{ readonly reason: string }> {
  override get message() {
    return this.reason
  }
}

const MANIFEST = "quotekit-backup.json"
/** The dump's name inside a backup. */
export const DUMP = "database.sql"
/** What a backup holds from the data folder besides the dump, when present. */
const parts = ["files", "link-secret", "secret-key", "schema-version"] as const
/** The extensions the migrations create; a PGlite opening the database must load them. */
const extensions = { btree_gin, pg_trgm }

const failed = (what: string) => (cause: unknown) =>
  new BackupFailed({ reason: `${what}: ${cause instanceof Error ? cause.message : String(cause)}` })

const tar = (args: ReadonlyArray<string>) =>
  Effect.suspend(() => {
    const result = spawnSync("tar", args, { encoding: "utf8" })
    return result.status === 0
      ? Effect.void
      : Effect.fail(new BackupFailed({ reason: `tar failed: ${(result.stderr || String(result.error)).trim()}` }))
  })

/**
 * A plain-SQL `pg_dump` of the embedded database in `pgdata` (no owners or grants, so it loads as any user), and
 * the server's version. The caller holds the folder's lock.
 */
export const dump = (pgdata: string) =>
  Effect.acquireUseRelease(
    Effect.tryPromise({
      try: () => PGlite.create({ dataDir: pgdata, extensions }),
      catch: failed("The embedded database could not be opened")
    }),
    (db) =>
      Effect.tryPromise({
        try: async () => {
          const version = (await db.query<{ v: string }>("SHOW server_version")).rows[0]?.v ?? "unknown"
          const file = await pgDump({ pg: db, args: ["--no-owner", "--no-privileges", "--quote-all-identifiers"] })
          // The one line of PGlite's pg_dump (PostgreSQL 18) that PostgreSQL before 17 refuses; without it the
          // dump loads into PostgreSQL 15 and later with psql stopping at the first error.
          const sql = (await file.text()).replace(/^SET transaction_timeout = 0;\n/m, "")
          return { sql, postgres: version }
        },
        catch: failed("pg_dump failed")
      }),
    (db) => Effect.promise(() => db.close()).pipe(Effect.ignore)
  )

/** Load a plain-SQL dump into a new embedded database in `pgdata` (which must not hold one). */
export const load = (sql: string, pgdata: string) =>
  Effect.acquireUseRelease(
    Effect.tryPromise({
      try: () => {
        mkdirSync(pgdata, { recursive: true })
        return PGlite.create({
          fs: new SyncedNodeFs.Filesystem(pgdata),
          startParams: [...SyncedNodeFs.startParams],
          extensions
        })
      },
      catch: failed("A new embedded database could not be made")
    }),
    (db) => Effect.tryPromise({ try: () => db.exec(sql), catch: failed("The dump could not be loaded") }),
    (db) => Effect.promise(() => db.close()).pipe(Effect.ignore)
  )

/** The schema version a data folder records (`schema-version`, written after migrations), if any. */
export const schemaVersionOf = (dataDir: string): number | null => {
  try {
    const n = Number(readFileSync(join(dataDir, "schema-version"), "utf8").trim())
    return Number.isInteger(n) ? n : null
  } catch {
    return null
  }
}

/** Record the schema version of a data folder (after migrations ran). */
export const recordSchemaVersion = (dataDir: string, version: number): void => {
  mkdirSync(dataDir, { recursive: true })
  writeFileSync(join(dataDir, "schema-version"), `${version}\n`)
}

/**
 * Where the uploads are when they are not in the data folder's `files` (S3-compatible object storage): `save`
 * writes them all into a folder (as `<key>` files), `load` stores a folder's files back.
 */
export interface Uploads {
  readonly save: (dir: string) => Effect.Effect<number, BackupFailed>
  readonly load: (dir: string) => Effect.Effect<number, BackupFailed>
}

/**
 * Write a backup of `dataDir` to `file`, holding the folder's lock meanwhile (no server may be using it); the
 * uploads come from `uploads` when given, else from the folder's `files`.
 */
export const create = (dataDir: string, file: string, uploads?: Uploads) =>
  Effect.scoped(
    Effect.gen(function* () {
      const folder = resolve(dataDir)
      const pgdata = join(folder, "pgdata")
      if (!existsSync(pgdata))
        return yield* new BackupFailed({ reason: `There is no embedded database in ${folder} to back up.` })
      yield* DataDirLock.hold(pgdata).pipe(Effect.mapError((e) => new BackupFailed({ reason: `${e.message}.` })))
      const target = resolve(file)
      mkdirSync(dirname(target), { recursive: true })
      // The dump and manifest are written beside the target, never into the data folder.
      const staging = `${target}.staging-${process.pid}`
      rmSync(staging, { recursive: true, force: true })
      mkdirSync(staging, { recursive: true, mode: 0o700 })
      yield* Effect.addFinalizer(() => Effect.sync(() => rmSync(staging, { recursive: true, force: true })))
      const dumped = yield* dump(pgdata)
      const manifest: Manifest = {
        format: "quotekit-embedded-backup",
        version: 2,
        created: new Date().toISOString(),
        schemaVersion: schemaVersionOf(folder),
        postgres: dumped.postgres
      }
      writeFileSync(join(staging, DUMP), dumped.sql, { mode: 0o600 })
      writeFileSync(join(staging, MANIFEST), JSON.stringify(manifest, null, 2))
      if (uploads !== undefined) yield* uploads.save(join(staging, "files"))
      const fromStaging = uploads !== undefined && existsSync(join(staging, "files")) ? ["files"] : []
      const present = parts.filter((p) => (uploads === undefined || p !== "files") && existsSync(join(folder, p)))
      const partial = `${target}.partial-${process.pid}`
      yield* tar([
        "-czf",
        partial,
        "-C",
        staging,
        MANIFEST,
        DUMP,
        ...fromStaging,
        ...(present.length > 0 ? ["-C", folder] : []),
        ...present
      ])
      chmodSync(partial, 0o600)
      renameSync(partial, target)
      return { file: target, manifest }
    })
  )

/**
 * Restore a backup into `dataDir`, which must be missing or empty (a restore never mixes two databases): the dump
 * is loaded into a new embedded database, the secrets unpacked beside it, and the uploads too (or stored through
 * `uploads` when they live in object storage).
 */
export const restore = (file: string, dataDir: string, uploads?: Uploads) =>
  Effect.gen(function* () {
    const source = resolve(file)
    const folder = resolve(dataDir)
    if (!existsSync(source)) return yield* new BackupFailed({ reason: `There is no backup file ${source}.` })
    if (existsSync(folder) && readdirSync(folder).length > 0)
      return yield* new BackupFailed({
        reason: `${folder} is not empty: restore into a new folder (QUOTEKIT_DATA_DIR) or move this one aside first.`
      })
    const unpacking = join(dirname(folder), `.${basename(folder)}.restoring-${process.pid}`)
    rmSync(unpacking, { recursive: true, force: true })
    mkdirSync(unpacking, { recursive: true })
    yield* tar(["-xzf", source, "-C", unpacking]).pipe(
      Effect.tapError(() => Effect.sync(() => rmSync(unpacking, { recursive: true, force: true })))
    )
    const manifest = (() => {
      try {
        return JSON.parse(readFileSync(join(unpacking, MANIFEST), "utf8")) as Manifest
      } catch {
        return undefined
      }
    })()
    const dumped = join(unpacking, DUMP)
    const hasDatabase = existsSync(manifest?.version === 2 ? dumped : join(unpacking, "pgdata"))
    if (manifest?.format !== "quotekit-embedded-backup" || !hasDatabase) {
      rmSync(unpacking, { recursive: true, force: true })
      return yield* new BackupFailed({ reason: `${source} is not a quotekit backup.` })
    }
    if (manifest.version === 2) {
      yield* load(readFileSync(dumped, "utf8"), join(unpacking, "pgdata")).pipe(
        Effect.tapError(() => Effect.sync(() => rmSync(unpacking, { recursive: true, force: true })))
      )
      rmSync(dumped, { force: true })
    }
    if (uploads !== undefined && existsSync(join(unpacking, "files"))) {
      yield* uploads
        .load(join(unpacking, "files"))
        .pipe(Effect.tapError(() => Effect.sync(() => rmSync(unpacking, { recursive: true, force: true }))))
      rmSync(join(unpacking, "files"), { recursive: true, force: true })
    }
    rmSync(join(unpacking, MANIFEST), { force: true })
    rmSync(folder, { recursive: true, force: true })
    renameSync(unpacking, folder)
    return manifest
  })
