/**
 * The operator's announcement of planned downtime: `npm run offline -- 15` (minutes from now, or an ISO time)
 * writes the time into `<QUOTEKIT_DATA_DIR>/offline-at`, `npm run offline -- cancel` removes it. Every server
 * reading that folder answers it from `GET /api/notice` within a few seconds (the file is read at most every
 * 5 s), and the app shows the banner (`OfflineNotice`). A file: it works while the embedded database is held
 * by the running server, and on several servers sharing one folder. On PostgreSQL the command also writes the
 * database (`DowntimeRepo`), which reaches servers on other machines; the notice answers the sooner of the two.
 *
 * @since 0.2.0
 */
import { readFileSync, rmSync, writeFileSync } from "node:fs"
import { join } from "node:path"

/** The announcement file in a data folder. */
export const file = (dataDir: string = process.env.QUOTEKIT_DATA_DIR || ".quotekit"): string =>
  join(dataDir, "offline-at")

/** Read an announcement's text: an ISO time or epoch seconds; `null` for anything else. */
export const parse = (text: string): number | null => {
  const t = text.trim()
  if (/^\d{9,11}$/.test(t)) return Number(t)
  const ms = Date.parse(t)
  return Number.isFinite(ms) && /^\d{4}-\d{2}-\d{2}T/.test(t) ? Math.floor(ms / 1000) : null
}

let cached: { readonly at: number; readonly path: string; readonly value: number | null } | undefined

/** The announced time (epoch seconds), read at most every 5 s; `null` without a (valid) announcement. */
export const current = (nowMs: number, path: string = file()): number | null => {
  if (cached !== undefined && cached.path === path && nowMs - cached.at < 5_000) return cached.value
  let value: number | null = null
  try {
    value = parse(readFileSync(path, "utf8"))
  } catch {
    value = null
  }
  cached = { at: nowMs, path, value }
  return value
}

/** Announce downtime at `at` (epoch seconds). */
export const announce = (at: number, path: string = file()): void => {
  writeFileSync(path, `${new Date(at * 1000).toISOString()}\n`, { mode: 0o644 })
  cached = undefined
}

/** Withdraw the announcement. */
export const cancel = (path: string = file()): void => {
  rmSync(path, { force: true })
  cached = undefined
}
