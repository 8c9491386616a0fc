/**
 * The sample-quote picker (`/quotes/examples`): the example quotes (`GET /e/quote-examples`) with their items and
 * totals; 'Use this example' starts a draft from one (`/quotes/new/is-editing?example={key}`, whose editor says
 * 'Here’s a draft quote based on the example.'). Reached from the quote list; the public site's link
 * `/sign-in/quote-copy-example?example=` lands in the same editor after sign-in.
 */
import type * as SiteApi from "@quotekit/core/api/SiteApi"
import * as Money from "@quotekit/core/Money"
import { useQuery } from "@tanstack/react-query"
import { Link } from "@tanstack/react-router"
import { useApi } from "../api/client.ts"
import { useMessages } from "../page/useMessages.ts"
import { usePageTitle } from "../page/usePageTitle.ts"
import { LoadFailure } from "../shell/LoadFailure.tsx"
import page from "../shell/Page.module.css"
import controls from "../theme/Controls.module.css"
import styles from "./ExamplePicker.module.css"

const amount = (text: string) => Money.format(Money.make(text))

const ExampleCard = ({ example }: { readonly example: SiteApi.QuoteExample }) => {
  const m = useMessages()
  const monthly = Money.make(example.monthly)
  return (
    <article className={`${controls.card} ${styles.example}`} aria-labelledby={`example-${example.key}`}>
      <h2 className={styles.title} id={`example-${example.key}`}>
        {example.title}
      </h2>
      <ul className={styles.rows}>
        {example.rows
          .filter((r) => r.unit_price !== null)
          .map((r) => (
            <li key={r.title} className={styles.row}>
              <span>{r.title}</span>
              <span>
                {r.quantity === "1" ? "" : `${Money.formatTrimmed(Money.make(r.quantity ?? "1"), 0, 4)} × `}
                {amount(r.unit_price ?? "0")}
                {r.monthly ? ` ${m.perMonth}` : ""}
              </span>
            </li>
          ))}
      </ul>
      <p className={styles.total}>
        {m.total} {amount(example.total)}
        {Money.isZero(monthly) ? "" : `, ${m.monthlyTotal(amount(example.monthly))}`}
      </p>
      <Link
        to="/quotes/$quoteId/$action"
        params={{ quoteId: "new", action: "is-editing" }}
        search={{ example: example.key }}
        className={`${controls.primary} ${styles.use}`}
        aria-describedby={`example-${example.key}`}
      >
        {m.useThisExample}
      </Link>
    </article>
  )
}

/** The picker page. */
export const ExamplePickerPage = () => {
  const m = useMessages()
  const api = useApi()
  usePageTitle(m.exampleQuotes)
  const examples = useQuery({
    queryKey: ["quote-examples"],
    queryFn: () => api.call((c) => c.site.quoteExamples()),
    staleTime: Number.POSITIVE_INFINITY
  })
  return (
    <div className={page.page}>
      <div className={page.header}>
        <h1 className={page.heading}>{m.exampleQuotes}</h1>
      </div>
      <p className={page.lead}>{m.exampleQuotesIntro}</p>
      {examples.isError ? (
        <LoadFailure error={examples.error} onRetry={() => void examples.refetch()} />
      ) : examples.data === undefined ? (
        <p className={page.empty}>{m.loading}</p>
      ) : (
        <div className={styles.grid}>
          {examples.data.examples.map((e) => (
            <ExampleCard key={e.key} example={e} />
          ))}
        </div>
      )}
    </div>
  )
}
