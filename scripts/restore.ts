/**
 * `npm run restore -- FILE`: unpacks a backup made by `npm run backup` into `QUOTEKIT_DATA_DIR` (default
 * `.quotekit`), which must be missing or empty. The next `npm start` opens it (and migrates it if the backup came
 * from an older version).
 */
import * as Backup from "@quotekit/pg/Backup"
import { Effect } from "effect"

const file = process.argv[2]
if (file === undefined) {
  console.error("Usage: npm run restore -- FILE   (into QUOTEKIT_DATA_DIR, default .quotekit, which must be empty)")
  process.exit(1)
}
const dataDir = process.env.QUOTEKIT_DATA_DIR || ".quotekit"
const result = await Effect.runPromise(Effect.result(Backup.restore(file, dataDir)))
if (result._tag === "Failure") {
  console.error(`quotekit restore failed: ${result.failure.message}`)
  process.exit(1)
}
console.log(`Restored ${file} (made ${result.success.created}) into ${dataDir}`)
