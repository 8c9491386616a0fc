/** The dashboard (`/dashboard`): where the app opens and where archive actions return. */
import { Link } from "@tanstack/react-router"
import { useMessages } from "../page/useMessages.ts"
import { usePageTitle } from "../page/usePageTitle.ts"
import page from "../shell/Page.module.css"
import controls from "../theme/Controls.module.css"

/** The dashboard page. Its statistics arrive with the quote endpoints. */
export const DashboardPage = () => {
  const m = useMessages()
  usePageTitle(m.dashboard)
  return (
    <div className={page.page}>
      <div className={page.header}>
        <h1 className={page.heading}>{m.dashboard}</h1>
        <Link
          to="/quotes/$quoteId/$action"
          params={{ quoteId: "new", action: "is-editing" }}
          className={controls.primary}
        >
          {m.newQuote}
        </Link>
      </div>
      <section className={controls.card}>
        <p className={page.empty}>{m.noActivity}</p>
      </section>
    </div>
  )
}
