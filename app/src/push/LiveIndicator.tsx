/**
 * Who is on a quote right now, as the team app shows it: `LiveIndicator`, a pulsing dot beside a quote (list rows,
 * the dashboard) whose accessible name and status text say "Viewing now: Jane (customer)". The quote page's panel
 * and the dashboard's list of the people on a quote are in `ViewingNow.tsx`, so the quote list does not load them.
 * The times re-render on a 1 s timer (spec: the live indicator refreshes every second), and only while someone is
 * on the quote.
 */
import { useNow } from "../history/useNow.ts"
import styles from "./Live.module.css"
import type { Viewer } from "./LiveQuotes.ts"
import { durationText, type LiveText, useLiveText } from "./liveText.ts"
import { useLiveViewers } from "./useLiveQuotes.ts"

/** One viewer as people read it: "Jane (customer)". */
export const viewerLabel = (t: LiveText, v: Viewer): string =>
  t.viewer(v.name, v.kind === "customer" ? t.customer : t.member)

/** Everyone on a quote, as one line: "Jane (customer), Ann (team member)". */
export const viewersText = (t: LiveText, viewers: ReadonlyArray<Viewer>): string =>
  viewers.map((v) => viewerLabel(t, v)).join(", ")

/** Now in epoch milliseconds, re-rendering every second. */
export const useSecondTimer = (): number => useNow(1) * 1000

const Dot = ({ viewers }: { readonly viewers: ReadonlyArray<Viewer> }) => {
  const t = useLiveText()
  const now = useSecondTimer()
  const text = t.viewingNowList(viewersText(t, viewers))
  return (
    <span
      className={styles.indicator}
      role="status"
      aria-label={text}
      title={viewers.map((v) => `${viewerLabel(t, v)} ${durationText(t, v.since, now)}`).join(", ")}
      data-live-indicator
    >
      <span className={styles.dot} aria-hidden="true" />
      <span className="visually-hidden">{text}</span>
    </span>
  )
}

/** The pulsing dot beside a quote someone is on now; nothing while nobody is. */
export const LiveIndicator = ({ quoteId }: { readonly quoteId: number }) => {
  const viewers = useLiveViewers(quoteId)
  return viewers.length === 0 ? null : <Dot viewers={viewers} />
}
