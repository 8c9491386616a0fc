/** The 'Not Found' page: what an unknown address shows, with a way back to the dashboard. */
import { Link } from "@tanstack/react-router"
import { usePageTitle } from "../page/usePageTitle.ts"
import { useTexts } from "../page/useTexts.ts"
import controls from "../theme/Controls.module.css"
import styles from "./Page.module.css"
import { shellText } from "./shellText.ts"

/** The page for addresses no route matches (and `/not-found`). */
export const NotFoundPage = () => {
  const m = useTexts(shellText)
  usePageTitle(m.notFoundTitle)
  return (
    <main className={styles.centered}>
      <h1>{m.notFoundTitle}</h1>
      <p className={styles.lead}>{m.notFoundBody}</p>
      <Link to="/dashboard" className={controls.primary}>
        {m.dashboard}
      </Link>
    </main>
  )
}
