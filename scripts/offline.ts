/**
 * `npm run offline -- 15` announces planned downtime 15 minutes from now (or `-- 2026-11-25T22:00:00Z`); every
 * signed-in page shows 'We are about to go offline in ...' during the last 30 minutes, then 'Going offline…'.
 * `npm run offline -- cancel` withdraws it; `npm run offline` alone says what is announced. Writes
 * `<QUOTEKIT_DATA_DIR>/offline-at` (default `.quotekit`), which running servers read within 5 s, and, on
 * PostgreSQL (`DATABASE_URL`), the database's `planned_downtime` too, so every server process on that database
 * sees it whatever machine it runs on (docs/scale-out.md).
 */
import { mkdirSync } from "node:fs"
import { dirname } from "node:path"
import * as Database from "@quotekit/pg/Database"
import * as DowntimeRepo from "@quotekit/server/service/DowntimeRepo"
import * as PlannedDowntime from "@quotekit/server/service/PlannedDowntime"
import { Effect, Layer, Redacted } from "effect"
import type { SqlClient } from "effect/sql"

const arg = (process.argv[2] ?? "").trim()
const path = PlannedDowntime.file()
const now = Math.floor(Date.now() / 1000)
const databaseUrl = (process.env.DATABASE_URL ?? "").trim()

/** Run `effect` on the PostgreSQL of `DATABASE_URL`; `undefined` without one. */
const onDatabase = async <A>(effect: Effect.Effect<A, unknown, SqlClient.SqlClient>): Promise<A | undefined> => {
  if (databaseUrl === "") return undefined
  const layer = Layer.fresh(Database.postgres({ url: Redacted.make(databaseUrl), maxConnections: 1 }))
  const result = await Effect.runPromise(Effect.result(Effect.provide(effect, layer)))
  if (result._tag === "Failure") {
    console.error(`The database (DATABASE_URL) could not be reached: ${String(result.failure)}`)
    process.exit(1)
  }
  return result.success
}

if (arg === "") {
  const inDatabase = await onDatabase(DowntimeRepo.read)
  const announced = [PlannedDowntime.current(Date.now(), path), inDatabase ?? null].filter((t) => t !== null)
  console.log(
    announced.length === 0
      ? "No downtime is announced."
      : `Downtime is announced for ${new Date(Math.min(...announced) * 1000).toISOString()}.`
  )
} else if (arg === "cancel") {
  await onDatabase(DowntimeRepo.cancel)
  PlannedDowntime.cancel(path)
  console.log("The announced downtime is withdrawn.")
} else {
  const at = /^\d{1,4}$/.test(arg) ? now + Number(arg) * 60 : PlannedDowntime.parse(arg)
  if (at === null || at <= now) {
    console.error("Give the minutes from now (`npm run offline -- 15`) or an ISO time in the future, or `cancel`.")
    process.exit(1)
  }
  await onDatabase(DowntimeRepo.announce(at))
  mkdirSync(dirname(path), { recursive: true })
  PlannedDowntime.announce(at, path)
  console.log(`Downtime announced for ${new Date(at * 1000).toISOString()}; pages warn from 30 minutes before.`)
}
