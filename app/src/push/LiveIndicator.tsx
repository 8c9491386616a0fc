/**
 * Who is on a quote right now, as the team app shows it: `LiveIndicator`, a pulsing dot beside a quote (list rows,
 * the dashboard) whose accessible name and status text say "Viewing now: Jane (customer)"; `ViewingNow`, the quote
 * page's panel of the people on it and for how long; `ViewerList`, one line per person with the time they have
 * been on it. The times re-render on a 1 s timer (spec: the live indicator refreshes every second), and only while
 * someone is on the quote.
 */
import type * as AccountApi from "@quotekit/core/api/AccountApi"
import { useNow } from "../history/useNow.ts"
import controls from "../theme/Controls.module.css"
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

/**
 * The viewers but this page's own member (one member entry of `myName`, the name the server gives a member), so
 * the quote page lists the others; the same member in another tab still shows.
 */
export const othersThan = (viewers: ReadonlyArray<Viewer>, myName: string): ReadonlyArray<Viewer> => {
  const mine = myName === "" ? -1 : viewers.findIndex((v) => v.kind === "member" && v.name === myName)
  return mine < 0 ? viewers : viewers.toSpliced(mine, 1)
}

/** The signed-in member's name as the server names a member viewer (display name, else first and last name). */
export const memberName = (account: AccountApi.CacheAccount): string => {
  const me = account.signins.find((s) => s.signin_id === account.account_signin.signin_id)
  return me === undefined ? "" : me.name_display.trim() || `${me.name_first} ${me.name_last}`.trim()
}

/** Now in epoch milliseconds, re-rendering every second. */
const useSecondTimer = (): number => useNow(1) * 1000

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

/** One line per viewer: "Jane (customer) for 3 min". */
export const ViewerList = ({ viewers }: { readonly viewers: ReadonlyArray<Viewer> }) => {
  const t = useLiveText()
  const now = useSecondTimer()
  return (
    <ul className={styles.viewers}>
      {viewers.map((v, i) => (
        // Two viewers may share a name and kind; their order is the server's and stable.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <li key={`${i}:${v.name}`}>
          {viewerLabel(t, v)} <span className={styles.muted}>{durationText(t, v.since, now)}</span>
        </li>
      ))}
    </ul>
  )
}

/**
 * The quote page's "Viewing now" panel: who else is on the quote and for how long (`myName` is left out once, as
 * `othersThan` says); nothing while nobody else is.
 */
export const ViewingNow = ({ quoteId, myName }: { readonly quoteId: number; readonly myName: string }) => {
  const t = useLiveText()
  const viewers = othersThan(useLiveViewers(quoteId), myName)
  if (viewers.length === 0) return null
  return (
    <section className={`${controls.card} ${styles.panel}`} aria-label={t.viewingNow} data-viewing-now>
      <p className={styles.title} role="status">
        <span className={styles.dot} aria-hidden="true" />
        {t.viewingNow}
        <span className="visually-hidden">: {viewersText(t, viewers)}</span>
      </p>
      <ViewerList viewers={viewers} />
    </section>
  )
}
