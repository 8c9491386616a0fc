/**
 * Backups of an embedded data folder: one `.tar.gz` file holding the database's files (`pgdata`), the uploads
 * (`files`), the customer-link secret (`link-secret`, so links already emailed keep working after a restore), the
 * secret key that seals stored secrets such as webhook signing secrets (`secret-key`) and a manifest. It is made while no server uses the folder (its operating-system lock is held for the copy), so
 * the database files are those of a stopped PostgreSQL: a consistent copy, restored by unpacking it into an
 * empty folder. The file is as sensitive as the data folder itself (it holds the link secret): it is written
 * readable by its owner only.
 *
 * A quotekit on PostgreSQL (`DATABASE_URL`) is backed up with PostgreSQL's own tools (`pg_dump -Fc`,
 * `pg_restore`) plus a copy of `QUOTEKIT_DATA_DIR/files`; see the README.
 *
 * @since 0.1.0
 */
import { spawnSync } from "node:child_process"
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs"
import { basename, dirname, join, resolve } from "node:path"
import { Data, Effect } from "effect"
import * as DataDirLock from "./DataDirLock.ts"

/** What a backup file says about itself. */
export interface Manifest {
  readonly format: "quotekit-embedded-backup"
  readonly version: 1
  readonly created: string
  /** The newest migration the database had. */
  readonly schemaVersion: number | null
}

/** A backup or restore could not be made; the message says why. */
export class BackupFailed extends Data.TaggedError("BackupFailed")<{ readonly reason: string }> {
  override get message() {
    return this.reason
  }
}

const MANIFEST = "quotekit-backup.json"
/** What a backup holds from the data folder, when present. */
const parts = ["pgdata", "files", "link-secret", "secret-key", "schema-version"] as const

const tar = (args: ReadonlyArray<string>) =>
  Effect.suspend(() => {
    const result = spawnSync("tar", args, { encoding: "utf8" })
    return result.status === 0
      ? Effect.void
      : Effect.fail(new BackupFailed({ reason: `tar failed: ${(result.stderr || String(result.error)).trim()}` }))
  })

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

/** Write a backup of `dataDir` to `file`, holding the folder's lock meanwhile (no server may be using it). */
export const create = (dataDir: string, file: string) =>
  Effect.scoped(
    Effect.gen(function* () {
      const folder = resolve(dataDir)
      if (!existsSync(join(folder, "pgdata")))
        return yield* new BackupFailed({ reason: `There is no embedded database in ${folder} to back up.` })
      yield* DataDirLock.hold(join(folder, "pgdata")).pipe(
        Effect.mapError((e) => new BackupFailed({ reason: `${e.message}.` }))
      )
      const manifest: Manifest = {
        format: "quotekit-embedded-backup",
        version: 1,
        created: new Date().toISOString(),
        schemaVersion: schemaVersionOf(folder)
      }
      const target = resolve(file)
      mkdirSync(dirname(target), { recursive: true })
      const manifestFile = join(folder, MANIFEST)
      writeFileSync(manifestFile, JSON.stringify(manifest, null, 2))
      const present = parts.filter((p) => existsSync(join(folder, p)))
      const partial = `${target}.partial-${process.pid}`
      yield* tar(["-czf", partial, "-C", folder, MANIFEST, ...present]).pipe(
        Effect.ensuring(Effect.sync(() => rmSync(manifestFile, { force: true })))
      )
      chmodSync(partial, 0o600)
      renameSync(partial, target)
      return { file: target, manifest }
    })
  )

/** Unpack a backup into `dataDir`, which must be missing or empty (a restore never mixes two databases). */
export const restore = (file: string, dataDir: string) =>
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
    if (manifest?.format !== "quotekit-embedded-backup" || !existsSync(join(unpacking, "pgdata"))) {
      rmSync(unpacking, { recursive: true, force: true })
      return yield* new BackupFailed({ reason: `${source} is not a quotekit backup.` })
    }
    rmSync(join(unpacking, MANIFEST), { force: true })
    rmSync(folder, { recursive: true, force: true })
    renameSync(unpacking, folder)
    return manifest
  })
