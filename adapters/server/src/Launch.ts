/**
 * Running quotekit as one process (what `npm start` does): the database (embedded PGlite under the data
 * folder, or PostgreSQL from `DATABASE_URL`), migrations, the demo seed when asked (always on the embedded
 * database, with `--seed` on PostgreSQL), the event bus that fits the database, and the server, until
 * interrupted (Ctrl-C / SIGTERM stop it cleanly: open requests finish, the database closes). With `--prepare` it
 * makes the database ready (migrations, the seed) and exits without serving.
 *
 * @since 0.1.0
 */
import { existsSync } from "node:fs"
import { join } from "node:path"
import * as Backup from "@quotekit/pg/Backup"
import * as Database from "@quotekit/pg/Database"
import * as DataDirLock from "@quotekit/pg/DataDirLock"
import * as Maintenance from "@quotekit/pg/Maintenance"
import * as Migrations from "@quotekit/pg/Migrations"
import * as Seed from "@quotekit/pg/Seed"
import * as S3Config from "@quotekit/storage/S3Config"
import { Console, Data, Effect, Fiber, Layer, Logger, Option, Runtime } from "effect"
import { SqlError } from "effect/sql"
import * as LinkToken from "./customer/LinkToken.ts"
import * as HeapTrim from "./HeapTrim.ts"
import * as JsonLines from "./logging/JsonLines.ts"
import * as ServerConfig from "./ServerConfig.ts"

/** What the command line asked for. */
export interface Options {
  /** Seed the demo account on PostgreSQL too (`--seed`). */
  readonly seed: boolean
  /**
   * Make the database ready (migrations, the demo seed) and exit without serving (`--prepare`). `npm start` runs
   * this in a child process of its own on a new embedded data folder: creating PostgreSQL's files takes PGlite
   * far more memory than opening them, and that memory is handed back to the system only when its process ends.
   */
  readonly prepare: boolean
}

/** Read the options from command-line arguments. */
export const parseArgs = (args: ReadonlyArray<string>): Options => ({
  seed: args.includes("--seed"),
  prepare: args.includes("--prepare")
})

/** quotekit could not start, for a reason already printed in one line (no stack trace follows). */
export class CannotStart extends Data.TaggedError("CannotStart")<{ readonly reason: string }> {
  override readonly [Runtime.errorReported] = false
}

/** The data folder is another live process's: say so in one line and exit with status 1. */
const heldDataDir = (error: unknown): DataDirLock.DataDirInUse | undefined =>
  SqlError.isSqlError(error) && error.reason.cause instanceof DataDirLock.DataDirInUse ? error.reason.cause : undefined

const refuseHeldDataDir = <E>(error: E): Effect.Effect<never, E | CannotStart> => {
  const held = heldDataDir(error)
  return held === undefined
    ? Effect.fail(error)
    : Console.error(`quotekit cannot start: ${held.message}.`).pipe(
        Effect.andThen(Effect.fail(new CannotStart({ reason: held.message })))
      )
}

/**
 * The log format: readable lines on a terminal, one JSON object per line otherwise (a log collector, a file, a
 * container's output), written in 50 ms batches (`JsonLines`). `LOG_FORMAT=json` or `LOG_FORMAT=pretty` chooses
 * either way.
 */
export const loggerFor = (format: string | undefined, isTty: boolean) =>
  format === "json" || (format !== "pretty" && !isTty) ? JsonLines.logger() : Effect.succeed(Logger.consolePretty())

/**
 * Back the embedded data folder up into `<data>/backups/` when its database is older than this version (or of a
 * version that did not record its schema): the migrations about to run change it for good.
 */
const backupBeforeMigrating = (dataDir: string) =>
  Effect.gen(function* () {
    if (!existsSync(Database.pgdataDirectory(dataDir))) return
    const recorded = Backup.schemaVersionOf(dataDir)
    if (recorded !== null && recorded >= Migrations.latestId) return
    const stamp = new Date().toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15)
    const file = join(
      dataDir,
      "backups",
      `before-migration-${recorded ?? "unknown"}-to-${Migrations.latestId}-${stamp}.tar.gz`
    )
    yield* Console.log("Backing up the embedded database before migrating it…")
    yield* Backup.create(dataDir, file).pipe(
      Effect.tap((made) => Console.log(`  backup: ${made.file}`)),
      Effect.catch((e) =>
        Console.error(`quotekit cannot start: ${e.message}`).pipe(
          Effect.andThen(Effect.fail(new CannotStart({ reason: e.message })))
        )
      )
    )
  })

/** Run the server until interrupted. */
export const run = (options: Options) =>
  Effect.gen(function* () {
    const settings = yield* ServerConfig.fromEnv
    const { url, dataDir } = yield* Database.config
    const embedded = Option.isNone(url)
    const seeding = embedded || options.seed
    // The demo's customer links are derived under the server's link secret, so the team can copy and email them.
    const secret = yield* LinkToken.LinkSecret
    const seedLinks = Layer.succeed(Seed.LinkTokens, (link: Seed.LinkIdentity) => LinkToken.derive(secret, link))
    // An embedded database of an older version is backed up before its migrations run.
    if (embedded) yield* backupBeforeMigrating(dataDir)

    // Migrations first, then the demo seed (a no-op once the demo sign-in exists), over one database.
    // The embedded database has no autovacuum: it gets its statistics and dead rows seen to in the background.
    const database = Layer.mergeAll(
      Migrations.layer,
      seeding ? Seed.layer.pipe(Layer.provide([Migrations.layer, seedLinks])) : Layer.empty,
      embedded && !options.prepare ? Maintenance.layer : Layer.empty
    ).pipe(Layer.provideMerge(Database.layer))
    if (options.prepare) {
      // Built and closed again: the database is migrated and seeded, and its folder free for the server.
      yield* Effect.scoped(Layer.build(database))
      if (embedded) Backup.recordSchemaVersion(dataDir, Migrations.latestId)
      return
    }
    // Open the database while the server's modules load: the two take about as long as each other. Yielding once
    // lets the opening fiber start PGlite (whose WebAssembly compiles off the main thread) before the imports
    // below hold the thread.
    const opening = yield* Layer.build(database).pipe(Effect.forkScoped)
    yield* Effect.yieldNow
    const [Main, Mailer, EventBusLocal, EventBusPg] = yield* Effect.promise(() =>
      Promise.all([
        import("./main.ts"),
        import("./auth/Mailer.ts"),
        import("./push/EventBusLocal.ts"),
        import("./push/EventBusPg.ts")
      ])
    )
    const ready = yield* Fiber.join(opening)
    if (embedded) Backup.recordSchemaVersion(dataDir, Migrations.latestId)
    // One process owns the embedded database, so its events stay in it; PostgreSQL may serve several.
    const bus = embedded ? EventBusLocal.layer : EventBusPg.layer()
    const server = Main.layer.pipe(
      Layer.provide([ServerConfig.layer(settings), Mailer.layer(settings), bus]),
      Layer.provide(Layer.succeedContext(ready))
    )

    return yield* Effect.gen(function* () {
      const address = yield* Main.url
      const shown = settings.publicUrl ?? address.replace("://0.0.0.0:", "://localhost:")
      yield* Console.log(`\nquotekit is running at ${shown}  (ready in ${process.uptime().toFixed(1)} s)`)
      yield* Console.log(
        embedded ? `  database: embedded, data in ${dataDir}` : "  database: PostgreSQL (DATABASE_URL)"
      )
      const s3 = yield* S3Config.config
      yield* Console.log(
        Option.match(s3, {
          onNone: () => `  uploads: ${join(dataDir, "files")}`,
          onSome: (o) =>
            `  uploads: bucket ${o.bucket}${o.prefix === undefined ? "" : ` under ${o.prefix}`} (${o.endpoint ?? `AWS S3, ${o.region}`})`
        })
      )
      if (seeding) yield* Console.log(`  demo sign-in: ${Seed.demoEmail} / ${Seed.demoPassword}`)
      yield* Console.log(`  API reference: ${shown}/api/docs\n  Stop with Ctrl-C.\n`)
      // The memory the start needed (module loading, migrations, the seed) goes back to the system.
      yield* Effect.sync(HeapTrim.now)
      return yield* Effect.never
    }).pipe(Effect.provide(server))
  }).pipe(
    Effect.scoped,
    Effect.catch(refuseHeldDataDir),
    Effect.provide(Logger.layer([loggerFor(process.env.LOG_FORMAT, process.stdout.isTTY === true)]))
  )
