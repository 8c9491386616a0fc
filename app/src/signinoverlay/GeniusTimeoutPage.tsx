/**
 * The timeout page (`/genius-timeout`), reached when the sign-in overlay is left open for 5 minutes
 * (`OverlayMessage.geniusTimeoutMs`): it says so, offers to sign in again (the overlay again inside a frame,
 * the full sign-in page outside one) and, inside a frame, to close.
 */
import { useState } from "react"
import { usePageTitle } from "../page/usePageTitle.ts"
import controls from "../theme/Controls.module.css"
import styles from "./Overlay.module.css"
import * as OverlayMessage from "./OverlayMessage.ts"
import { overlayText as t } from "./overlayText.ts"

/** The timeout page. */
export const GeniusTimeoutPage = () => {
  usePageTitle(t.timedOutTitle)
  const [framed] = useState(() => OverlayMessage.isFramed(window))
  return (
    <main className={styles.screen}>
      <section className={styles.card} aria-labelledby="timed-out">
        <h1 id="timed-out" className={styles.heading}>
          {t.timedOutTitle}
        </h1>
        {framed && (
          <button
            type="button"
            className={`${controls.ghost} ${styles.close}`}
            onClick={() => OverlayMessage.tellParent(OverlayMessage.hide("close"))}
          >
            {t.close}
          </button>
        )}
        <p>{t.timedOut}</p>
        <a className={controls.primary} href={framed ? "/sign-in/overlay" : "/sign-in"}>
          {t.signInAgain}
        </a>
      </section>
    </main>
  )
}
