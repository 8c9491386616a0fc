/**
 * The dashboard (`/dashboard`): what needs attention. Quotes waiting on the customer (with the follow-ups that
 * are due and new questions marked), quotes accepted this month, the value of open quotes per currency, and
 * the count of quotes per status, each linking into the filtered list or straight to a quote. Archive actions
 * return here. Quotes someone is on right now are listed under 'Viewing now' and marked in the rows with the live
 * indicator; the figures refresh as the account's quotes change.
 */
import type * as DashboardApi from "@quotekit/core/api/DashboardApi"
import type * as QuotesApi from "@quotekit/core/api/QuotesApi"
import * as Money from "@quotekit/core/Money"
import { useQuery } from "@tanstack/react-query"
import { Link } from "@tanstack/react-router"
import { useApi } from "../api/client.ts"
import records from "../contacts/Records.module.css"
import { useInvoicingText } from "../invoices/invoicingText.ts"
import { useMessages } from "../page/useMessages.ts"
import { usePageTitle } from "../page/usePageTitle.ts"
import { LiveIndicator } from "../push/LiveIndicator.tsx"
import { LoadFailure } from "../shell/LoadFailure.tsx"
import page from "../shell/Page.module.css"
import controls from "../theme/Controls.module.css"
import styles from "./Dashboard.module.css"
import { LiveQuotesCard } from "./LiveQuotesCard.tsx"

const values = (vs: ReadonlyArray<DashboardApi.CurrencyValue>): string =>
  vs.map((v) => `${v.symbol}${Money.format(v.value)}${v.currencyCode === "" ? "" : ` ${v.currencyCode}`}`).join(" · ")

const QuoteRows = ({ rows, empty }: { readonly rows: ReadonlyArray<QuotesApi.ListRow>; readonly empty: string }) => {
  const m = useMessages()
  if (rows.length === 0) return <p className={page.empty}>{empty}</p>
  return (
    <ul className={styles.rows}>
      {rows.map((r) => (
        <li key={r.quote_id} className={styles.row}>
          <span>
            <Link to={r.href} className={styles.rowLink}>
              {r.title.trim() === "" ? m.untitled : r.title}
            </Link>
            <LiveIndicator quoteId={r.quote_id} />
          </span>
          <span className={styles.muted}>{r._companyOrPerson}</span>
          {r._followSubjectId > 0 && <span className={styles.flag}>{m.followUpsDue}</span>}
          {r._new_questions > 0 && (
            <span className={styles.flag}>
              {m.newQuestions}: {r._new_questions}
            </span>
          )}
          <span className={styles.muted}>{r.last_view ?? ""}</span>
          <span className={styles.amount}>
            {r.symbol}
            {Money.format(r.price_current)}
          </span>
        </li>
      ))}
    </ul>
  )
}

/** The dashboard page. */
export const DashboardPage = () => {
  const m = useMessages()
  const invoicingText = useInvoicingText()
  usePageTitle(m.dashboard)
  const api = useApi()
  const data = useQuery({ queryKey: ["dashboard"], queryFn: api.dashboard })
  const d = data.data
  const waiting = d?.waiting_on_customer.rows ?? []
  const followUps = waiting.filter((r) => r._followSubjectId > 0).length
  const questions = waiting.reduce((n, r) => n + r._new_questions, 0)
  const titles = new Map([...waiting, ...(d?.accepted_this_month.rows ?? [])].map((r) => [r.quote_id, r.title]))
  return (
    <div className={page.page}>
      <div className={page.header}>
        <h1 className={page.heading}>{m.dashboard}</h1>
        <div className={records.actions}>
          <Link to="/invoices" className={controls.button}>
            {invoicingText.invoices}
          </Link>
          <Link
            to="/quotes/$quoteId/$action"
            params={{ quoteId: "new", action: "is-editing" }}
            className={controls.primary}
          >
            {m.newQuote}
          </Link>
        </div>
      </div>
      {data.isError ? (
        <LoadFailure error={data.error} onRetry={() => void data.refetch()} />
      ) : d === undefined ? (
        <p className={page.empty}>{m.loading}</p>
      ) : (
        <>
          <section className={styles.figures} aria-label={m.dashboard}>
            <Link to="/quotes" search={{ status: "sent", archive: "waiting" }} className={styles.figure}>
              <span className={styles.figureLabel}>{m.waitingOnCustomer}</span>
              <span className={styles.figureValue}>{d.waiting_on_customer.count}</span>
              <span className={styles.muted}>{values(d.waiting_on_customer.values)}</span>
            </Link>
            <div className={styles.figure}>
              <span className={styles.figureLabel}>{m.followUpsDue}</span>
              <span className={styles.figureValue}>{followUps}</span>
            </div>
            <div className={styles.figure}>
              <span className={styles.figureLabel}>{m.newQuestions}</span>
              <span className={styles.figureValue}>{questions}</span>
            </div>
            <Link to="/quotes" search={{ status: "accepted" }} className={styles.figure}>
              <span className={styles.figureLabel}>{m.acceptedThisMonth}</span>
              <span className={styles.figureValue}>{d.accepted_this_month.count}</span>
              <span className={styles.muted}>{values(d.accepted_this_month.values)}</span>
            </Link>
            <div className={styles.figure}>
              <span className={styles.figureLabel}>{m.openValue}</span>
              <span className={styles.figureValue}>{d.open_value.length === 0 ? "0" : values(d.open_value)}</span>
            </div>
          </section>
          <LiveQuotesCard titles={titles} />
          <section className={controls.card} aria-labelledby="waiting-heading">
            <div className={styles.cardHeader}>
              <h2 id="waiting-heading" className={styles.heading}>
                {m.waitingOnCustomer}
              </h2>
              <Link to="/quotes" search={{ status: "sent" }}>
                {m.seeAll}
              </Link>
            </div>
            <QuoteRows rows={waiting} empty={m.nothingWaiting} />
          </section>
          <section className={controls.card} aria-labelledby="accepted-heading">
            <div className={styles.cardHeader}>
              <h2 id="accepted-heading" className={styles.heading}>
                {m.acceptedThisMonth}
              </h2>
              <Link to="/quotes" search={{ status: "accepted" }}>
                {m.seeAll}
              </Link>
            </div>
            <QuoteRows rows={d.accepted_this_month.rows} empty={m.nothingAccepted} />
          </section>
          <section className={controls.card} aria-labelledby="status-heading">
            <h2 id="status-heading" className={styles.heading}>
              {m.statusFilter}
            </h2>
            <ul className={styles.statuses}>
              {d.by_status.map((s) => (
                <li key={s.status}>
                  <Link to="/quotes" search={{ status: s.status }} className={styles.statusLink}>
                    <span>{s.label}</span>
                    <span className={styles.figureValue}>{s.count}</span>
                    <span className={styles.muted}>{values(s.values)}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        </>
      )}
    </div>
  )
}
