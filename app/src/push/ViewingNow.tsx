/**
 * Who is on a quote right now, in full: `ViewingNow`, the quote page's panel of the people on it and for how long;
 * `ViewerList`, one line per person with the time they have been on it (also the dashboard's); and the helpers
 * that pick the others than the signed-in member. The pulsing dot of a quote is `LiveIndicator`.
 */
import type * as AccountApi from "@quotekit/core/api/AccountApi"
import controls from "../theme/Controls.module.css"
import styles from "./Live.module.css"
import { useSecondTimer, viewerLabel, viewersText } from "./LiveIndicator.tsx"
import type { Viewer } from "./LiveQuotes.ts"
import { durationText, useLiveText } from "./liveText.ts"
import { useLiveViewers } from "./useLiveQuotes.ts"

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
