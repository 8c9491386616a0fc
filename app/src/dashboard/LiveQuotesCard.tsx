/**
 * The dashboard's "Viewing now" card: every quote of the account someone is on right now, longest viewed first,
 * each linking to its quote page with who is on it and for how long. The titles come from the dashboard's own
 * rows when they list the quote, else from the quote's overview (fetched for at most `MAX_TITLES` quotes, cached
 * with the quote page's). Nothing shows while nobody is on a quote.
 */
import * as QuoteRoute from "@quotekit/core/QuoteRoute"
import { useQueries } from "@tanstack/react-query"
import { Link } from "@tanstack/react-router"
import { useApi } from "../api/client.ts"
import { useMessages } from "../page/useMessages.ts"
import styles from "../push/Live.module.css"
import { LiveIndicator } from "../push/LiveIndicator.tsx"
import { useLiveText } from "../push/liveText.ts"
import { useLiveQuotes } from "../push/useLiveQuotes.ts"
import { ViewerList } from "../push/ViewingNow.tsx"
import controls from "../theme/Controls.module.css"
import dashboard from "./Dashboard.module.css"

/** The most overviews the card fetches for titles it does not have. */
export const MAX_TITLES = 10

/** The card; `titles` are the quote titles the dashboard already has, by quote id. */
export const LiveQuotesCard = ({ titles }: { readonly titles: ReadonlyMap<number, string> }) => {
  const m = useMessages()
  const t = useLiveText()
  const api = useApi()
  const live = useLiveQuotes()
  const missing = live
    .map((q) => q.quote_id)
    .filter((id) => !titles.has(id))
    .slice(0, MAX_TITLES)
  const overviews = useQueries({
    queries: missing.map((id) => ({
      queryKey: ["quotes", "overview", id],
      queryFn: () => api.overview(String(id)),
      staleTime: 60_000
    }))
  })
  const fetched = new Map(missing.map((id, i) => [id, overviews[i]?.data?.quote.title]))
  if (live.length === 0) return null
  const titleOf = (id: number): string => {
    const title = titles.get(id) ?? fetched.get(id)
    return title === undefined ? t.someQuote : title.trim() === "" ? m.untitled : title
  }
  return (
    <section className={controls.card} aria-labelledby="viewing-now-heading" data-viewing-now>
      <h2 id="viewing-now-heading" className={dashboard.heading}>
        {t.viewingNow}
      </h2>
      <ul className={styles.quotes}>
        {live.map((q) => (
          <li key={q.quote_id} className={styles.quote} data-quote={q.quote_id}>
            <Link to={QuoteRoute.quotePage(q.quote_id)}>{titleOf(q.quote_id)}</Link>
            <LiveIndicator quoteId={q.quote_id} />
            <ViewerList viewers={q.viewers} />
          </li>
        ))}
      </ul>
    </section>
  )
}
