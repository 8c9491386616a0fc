/**
 * `pglite.commit.synced` / `pglite.commit.unsynced` (ms): the median time of one autocommitted INSERT on the
 * embedded database on disk, with quotekit's synced file system (the WAL reaches the disk before the commit
 * returns) and with PGlite's own (fsync off): the price of durability on this machine's disk.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { PGlite } from "@electric-sql/pglite"
import * as SyncedNodeFs from "@quotekit/pg/SyncedNodeFs"
import { report } from "./measure.ts"

const scratch = mkdtempSync(join(tmpdir(), "quotekit-bench-commit-"))

const median = async (db: PGlite): Promise<number> => {
  await db.exec("CREATE TABLE notes (id serial PRIMARY KEY, body text NOT NULL)")
  const times: Array<number> = []
  for (let i = 0; i < 600; i++) {
    const start = performance.now()
    await db.query("INSERT INTO notes (body) VALUES ($1)", [`note ${i}`])
    if (i >= 100) times.push(performance.now() - start)
  }
  await db.close()
  times.sort((a, b) => a - b)
  return times[Math.floor(times.length / 2)] ?? Number.NaN
}

try {
  const synced = await PGlite.create({
    fs: new SyncedNodeFs.Filesystem(join(scratch, "synced")),
    startParams: [...SyncedNodeFs.startParams]
  })
  report("pglite.commit.synced", await median(synced), "ms")
  report("pglite.commit.unsynced", await median(await PGlite.create({ dataDir: join(scratch, "unsynced") })), "ms")
} finally {
  rmSync(scratch, { recursive: true, force: true })
}
