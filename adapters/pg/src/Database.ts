/**
 * The database connection of quotekit: one `PgClient` (also provided as `SqlClient`) whether the data lives in
 * PostgreSQL (`DATABASE_URL`) or in the embedded PGlite under `QUOTEKIT_DATA_DIR`.
 *
 * The embedded database is served on a loopback port by pglite-socket and reached through the same
 * `@effect/sql-pg` client as PostgreSQL, so repositories never know which one they talk to. PGlite is a single
 * backend: pglite-socket accepts one connection by default and every connection would share one session
 * anyway, so the pool holds exactly one connection and concurrent queries queue for it. A transaction holds
 * that connection, so code inside `withTransaction` must not wait on a query running outside it, and
 * `PgClient.listen` (which holds a connection for good, and whose notifications PGlite never delivers) must not
 * be used on the embedded database.
 *
 * @example
 * // main.ts: everything that needs SQL is provided by one layer
 * Layer.launch(ServerLive.pipe(Layer.provide(Migrations.layer), Layer.provideMerge(Database.layer)))
 */

import { mkdirSync } from "node:fs"
import { join, resolve } from "node:path"
import { PgClient } from "@effect/sql-pg"
import { PGlite } from "@electric-sql/pglite"
import { btree_gin } from "@electric-sql/pglite/contrib/btree_gin"
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm"
import { PGLiteSocketServer } from "@electric-sql/pglite-socket"
import { Config, Effect, Layer, Option, Redacted } from "effect"
import { type SqlClient, SqlError } from "effect/sql"
import * as DataDirLock from "./DataDirLock.ts"
import * as SyncedNodeFs from "./SyncedNodeFs.ts"

/** Where the embedded database keeps its files inside `QUOTEKIT_DATA_DIR`. */
export const pgdataDirectory = (dataDir: string): string => join(resolve(dataDir), "pgdata")

/** How to open the embedded database. */
export interface EmbeddedOptions {
  /** Directory holding the PGlite files; created when missing. Omit for an in-memory database. */
  readonly dataDir?: string | undefined
  /** A `PGlite.dumpDataDir()` tarball to start from (tests copy a migrated template this way). */
  readonly loadDataDir?: Blob | File | undefined
  /** Told of each file PostgreSQL synced to the disk (tests watch the WAL being synced). */
  readonly onSync?: SyncedNodeFs.SyncObserver | undefined
  /** Schemas to search, first one first; defaults to PostgreSQL's `"$user", public`. */
  readonly searchPath?: ReadonlyArray<string> | undefined
}

const openError = (operation: string) => (cause: unknown) =>
  new SqlError.SqlError({
    reason: new SqlError.ConnectionError({ cause, message: `Could not ${operation} the embedded database`, operation })
  })

const quoteIdentifier = (name: string) => `"${name.replaceAll('"', '""')}"`

/**
 * Holds the data folder's operating-system lock (`DataDirLock`) until the scope closes; a folder another live
 * process holds is refused with a message naming it.
 */
export const lockDataDir = Effect.fn("Database.lockDataDir")(function* (dataDir: string) {
  yield* DataDirLock.hold(dataDir).pipe(
    Effect.mapError(
      (error) =>
        new SqlError.SqlError({
          reason: new SqlError.ConnectionError({ cause: error, message: error.message, operation: "lock" })
        })
    )
  )
})

/**
 * PostgreSQL's memory settings for the embedded database on disk, sized for a small server. PGlite's PostgreSQL
 * lives in its WebAssembly heap, which grows to the most it ever held and never gives memory back, so every
 * buffer PostgreSQL may fill stays resident for the life of the process: shared buffers 16 MB (PostgreSQL's
 * default is 128 MB; the operating system's page cache still holds the data files), WAL buffers 1 MB, 2 MB per
 * sort or hash (`work_mem`, 4 MB by default; a bigger sort spills to a temporary file), 1 MB of temporary
 * buffers, and 16 MB for index builds and `VACUUM` (`maintenance_work_mem`, 64 MB by default).
 */
export const memorySettings: ReadonlyArray<string> = [
  "-c",
  "shared_buffers=16MB",
  "-c",
  "wal_buffers=1MB",
  "-c",
  "work_mem=2MB",
  "-c",
  "temp_buffers=1MB",
  "-c",
  "maintenance_work_mem=16MB"
]

/** Opens PGlite (with pg_trgm and btree_gin) and closes it when the scope closes. */
export const openPglite = Effect.fn("Database.openPglite")(function* (options: EmbeddedOptions) {
  if (options.dataDir !== undefined) {
    mkdirSync(options.dataDir, { recursive: true })
    yield* lockDataDir(options.dataDir)
  }
  const db = yield* Effect.acquireRelease(
    Effect.tryPromise({
      try: () =>
        PGlite.create({
          // On disk, PostgreSQL syncs its WAL at every commit (PGlite's own NodeFS never syncs).
          ...(options.dataDir === undefined
            ? {}
            : {
                fs: new SyncedNodeFs.Filesystem(options.dataDir, options.onSync),
                startParams: [...SyncedNodeFs.startParams, ...memorySettings]
              }),
          ...(options.loadDataDir === undefined ? {} : { loadDataDir: options.loadDataDir }),
          extensions: { btree_gin, pg_trgm }
        }),
      catch: openError("open")
    }),
    (db) => Effect.promise(() => db.close()).pipe(Effect.ignore)
  )
  // Startup parameters do not reach PGlite through pglite-socket, but every socket connection shares this one
  // session, so setting the search path here sets it for the client.
  if (options.searchPath !== undefined && options.searchPath.length > 0) {
    const path = options.searchPath.map(quoteIdentifier).join(", ")
    yield* Effect.tryPromise({ try: () => db.exec(`SET search_path TO ${path}`), catch: openError("configure") })
  }
  return db
})

/** Serves an open PGlite on a loopback port until the scope closes; returns `host:port`. */
export const servePglite = Effect.fn("Database.servePglite")(function* (db: PGlite) {
  // The client pool uses one connection at a time; the spare slots only cover a reconnect racing the close of
  // the previous socket, which pglite-socket would otherwise refuse.
  const server = new PGLiteSocketServer({ db, host: "127.0.0.1", port: 0, maxConnections: 4 })
  yield* Effect.acquireRelease(Effect.tryPromise({ try: () => server.start(), catch: openError("serve") }), () =>
    Effect.promise(() => server.stop()).pipe(Effect.ignore)
  )
  return server.getServerConn()
})

/** A client for an already open PGlite: served on loopback, one pooled connection. */
export const fromPglite = (db: PGlite): Layer.Layer<PgClient.PgClient | SqlClient.SqlClient, SqlError.SqlError> =>
  Layer.unwrap(
    Effect.map(servePglite(db), (address) =>
      PgClient.layer({
        url: Redacted.make(`postgres://postgres@${address}/postgres`),
        maxConnections: 1,
        minConnections: 1,
        idleTimeout: "1 hour",
        applicationName: "quotekit"
      })
    )
  )

/** The embedded database: PGlite opened, served and closed with the layer. */
export const embedded = (
  options: EmbeddedOptions = {}
): Layer.Layer<PgClient.PgClient | SqlClient.SqlClient, SqlError.SqlError> =>
  Layer.unwrap(Effect.map(openPglite(options), fromPglite))

/** How to reach a PostgreSQL server. */
export interface PostgresOptions {
  readonly url: Redacted.Redacted
  /** Schemas to search on every connection, first one first (tests use a schema of their own). */
  readonly searchPath?: ReadonlyArray<string> | undefined
  readonly maxConnections?: number | undefined
}

/** A pooled client for a PostgreSQL server. */
export const postgres = (
  options: PostgresOptions
): Layer.Layer<PgClient.PgClient | SqlClient.SqlClient, SqlError.SqlError> =>
  PgClient.layer({
    url: options.url,
    maxConnections: options.maxConnections ?? 10,
    applicationName: "quotekit",
    ...(options.searchPath === undefined || options.searchPath.length === 0
      ? {}
      : { startupParameters: { search_path: options.searchPath.map(quoteIdentifier).join(", ") } })
  })

/** The settings the database layer reads: `DATABASE_URL` (optional) and `QUOTEKIT_DATA_DIR` (default `.quotekit`). */
export const config = Config.all({
  url: Config.option(Config.Redacted("DATABASE_URL")),
  dataDir: Config.String("QUOTEKIT_DATA_DIR").pipe(Config.withDefault(".quotekit"))
})

/**
 * The database of a running quotekit: PostgreSQL when `DATABASE_URL` is set, otherwise the embedded PGlite in
 * `QUOTEKIT_DATA_DIR/pgdata`. Provide `Migrations.layer` on top of it.
 */
export const layer: Layer.Layer<PgClient.PgClient | SqlClient.SqlClient, SqlError.SqlError | Config.ConfigError> =
  Layer.unwrap(
    Effect.map(config, ({ url, dataDir }) =>
      // An empty DATABASE_URL (a blank line in an env file) means "not set".
      Option.match(
        Option.filter(url, (u) => Redacted.value(u).trim() !== ""),
        {
          onSome: (url) => postgres({ url }),
          onNone: () => embedded({ dataDir: pgdataDirectory(dataDir) })
        }
      )
    )
  )
