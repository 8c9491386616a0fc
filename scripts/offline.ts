/**
 * `npm run offline -- 15` announces planned downtime 15 minutes from now (or `-- 2026-11-25T22:00:00Z`); every
 * signed-in page shows 'We are about to go offline in ...' during the last 30 minutes, then 'Going offline…'.
 * `npm run offline -- cancel` withdraws it; `npm run offline` alone says what is announced. Writes
 * `<QUOTEKIT_DATA_DIR>/offline-at` (default `.quotekit`), which running servers read within 5 s.
 */
import { mkdirSync } from "node:fs"
import { dirname } from "node:path"
import * as PlannedDowntime from "@quotekit/server/service/PlannedDowntime"

const arg = (process.argv[2] ?? "").trim()
const path = PlannedDowntime.file()
const now = Math.floor(Date.now() / 1000)

if (arg === "") {
  const at = PlannedDowntime.current(Date.now(), path)
  console.log(
    at === null ? "No downtime is announced." : `Downtime is announced for ${new Date(at * 1000).toISOString()}.`
  )
} else if (arg === "cancel") {
  PlannedDowntime.cancel(path)
  console.log("The announced downtime is withdrawn.")
} else {
  const at = /^\d{1,4}$/.test(arg) ? now + Number(arg) * 60 : PlannedDowntime.parse(arg)
  if (at === null || at <= now) {
    console.error("Give the minutes from now (`npm run offline -- 15`) or an ISO time in the future, or `cancel`.")
    process.exit(1)
  }
  mkdirSync(dirname(path), { recursive: true })
  PlannedDowntime.announce(at, path)
  console.log(`Downtime announced for ${new Date(at * 1000).toISOString()}; pages warn from 30 minutes before.`)
}
