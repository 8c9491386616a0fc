/**
 * `npm run restore -- FILE`: brings a backup made by `npm run backup` back into `QUOTEKIT_DATA_DIR` (default
 * `.quotekit`), which must be missing or empty: its dump loaded into a new embedded database, its uploads into
 * the data folder (or into the bucket when `QUOTEKIT_S3_BUCKET` is set). The next `npm start` opens it (and
 * migrates it if the backup came from an older version).
 */
import * as Backup from "@quotekit/pg/Backup"
import { Effect } from "effect"
import * as ObjectUploads from "./ObjectUploads.ts"

const file = process.argv[2]
if (file === undefined) {
  console.error("Usage: npm run restore -- FILE   (into QUOTEKIT_DATA_DIR, default .quotekit, which must be empty)")
  process.exit(1)
}
const dataDir = process.env.QUOTEKIT_DATA_DIR || ".quotekit"
const result = await Effect.runPromise(Effect.result(Backup.restore(file, dataDir, await ObjectUploads.fromEnv())))
if (result._tag === "Failure") {
  console.error(`quotekit restore failed: ${result.failure.message}`)
  process.exit(1)
}
console.log(`Restored ${file} (made ${result.success.created}) into ${dataDir}`)
