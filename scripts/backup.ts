/**
 * `npm run backup [-- FILE]`: writes a `pg_dump` of the embedded database, the uploads (from the data folder, or
 * from the bucket when `QUOTEKIT_S3_BUCKET` is set) and the secrets of `QUOTEKIT_DATA_DIR` (default `.quotekit`)
 * to one `.tar.gz` file (default `quotekit-backup-<time>.tar.gz` here).
 * The server must be stopped: the backup holds the data folder's lock while it copies. See `@quotekit/pg/Backup`.
 */
import * as Backup from "@quotekit/pg/Backup"
import { Effect } from "effect"
import * as ObjectUploads from "./ObjectUploads.ts"

if ((process.env.DATABASE_URL ?? "").trim() !== "") {
  console.error(
    "This quotekit uses PostgreSQL (DATABASE_URL): back it up with `pg_dump -Fc`, and the uploads (QUOTEKIT_DATA_DIR/files, or the bucket); see docs/scale-out.md."
  )
  process.exit(1)
}
const dataDir = process.env.QUOTEKIT_DATA_DIR || ".quotekit"
const stamp = new Date().toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15)
const file = process.argv[2] ?? `quotekit-backup-${stamp}.tar.gz`
const result = await Effect.runPromise(Effect.result(Backup.create(dataDir, file, await ObjectUploads.fromEnv())))
if (result._tag === "Failure") {
  console.error(`quotekit backup failed: ${result.failure.message}`)
  process.exit(1)
}
console.log(`Backed up ${dataDir} to ${result.success.file}`)
