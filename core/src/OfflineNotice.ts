/**
 * The planned-downtime banner: when the operator announces the server will go offline at a time (for an upgrade
 * or a restart), every signed-in page shows 'We are about to go offline in {time}. Please save what you are
 * doing.' during the last 1,800 seconds before it, and 'Going offline…' once the time has come. Nothing shows
 * earlier, or without an announcement.
 *
 * @example
 * import * as OfflineNotice from "@quotekit/core/OfflineNotice"
 * OfflineNotice.banner(1_000 + 600, 1_000) // { _tag: "Soon", text: "We are about to go offline in 10 minutes. ..." }
 *
 * @since 0.2.0
 */
import * as Message from "./Message.ts"

/** The banner shows only within this many seconds of the announced time (the spec's 1800 s). */
export const WINDOW_SECONDS = 1800

/** What the banner shows. */
export type Banner =
  | { readonly _tag: "None" }
  | { readonly _tag: "Soon"; readonly text: string; readonly seconds: number }
  | { readonly _tag: "Going"; readonly text: string }

/** A wait in words: '10 minutes', '1 minute', '45 seconds' (to the nearest whole minute from a minute on). */
export const describeWait = (seconds: number): string => {
  const s = Math.max(0, Math.ceil(seconds))
  if (s < 60) return s === 1 ? "1 second" : `${s} seconds`
  const minutes = Math.round(s / 60)
  return minutes === 1 ? "1 minute" : `${minutes} minutes`
}

/** The banner at `now` (epoch seconds) for an announcement at `offlineAt` (epoch seconds), or none. */
export const banner = (offlineAt: number | null, now: number): Banner => {
  if (offlineAt === null) return { _tag: "None" }
  const left = offlineAt - now
  if (left <= 0) return { _tag: "Going", text: Message.goingOffline }
  if (left > WINDOW_SECONDS) return { _tag: "None" }
  return { _tag: "Soon", text: Message.offlineSoon(describeWait(left)), seconds: left }
}
