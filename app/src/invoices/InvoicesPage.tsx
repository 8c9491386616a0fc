/**
 * The account's invoices (`/invoices`): every built-in invoice, newest number first, with its number (linking
 * to the customer's page of it), customer, the quote it bills (#number and title, linking to the quote page),
 * issued and due dates, amount, status and whether it is paid. Filtered All / Paid / Unpaid (kept in the URL as
 * `?paid=`); 'Mark paid' takes a date (today by default), 'Mark unpaid' undoes it; 'Export CSV' downloads the
 * same filter's list.
 */
import type * as InvoicesApi from "@quotekit/core/api/InvoicesApi"
import * as Currency from "@quotekit/core/Currency"
import * as DateFormat from "@quotekit/core/DateFormat"
import * as Invoice from "@quotekit/core/Invoice"
import * as QuoteRoute from "@quotekit/core/QuoteRoute"
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query"
import { Link, useNavigate, useSearch } from "@tanstack/react-router"
import { DateTime, Option } from "effect"
import { useState } from "react"
import { useApi } from "../api/client.ts"
import records from "../contacts/Records.module.css"
import { DatePicker, fromLocalDate } from "../datepicker/DatePicker.tsx"
import { useMessages } from "../page/useMessages.ts"
import { usePageTitle } from "../page/usePageTitle.ts"
import { dateStyle } from "../quotes/QuoteDetails.tsx"
import { useAccount } from "../session/useAccount.ts"
import { LoadFailure } from "../shell/LoadFailure.tsx"
import { LoadMoreFooter } from "../shell/LoadMoreFooter.tsx"
import page from "../shell/Page.module.css"
import { FormBanner } from "../signin/FormBanner.tsx"
import controls from "../theme/Controls.module.css"
import { money, statusName, typeName } from "./InvoiceOffers.ts"
import styles from "./Invoicing.module.css"
import { useInvoicingText } from "./invoicingText.ts"

/** The list's paid filter. */
export type PaidFilter = "all" | "paid" | "unpaid"

const filters: ReadonlyArray<PaidFilter> = ["all", "paid", "unpaid"]

/** The filter a `?paid=` value names (anything else is all). */
export const paidFilterOf = (value: string | undefined): PaidFilter => filters.find((f) => f === value) ?? "all"

/** Where 'Export CSV' downloads the filter's list. */
export const csvHref = (filter: PaidFilter): string => `/get/invoices.csv?${new URLSearchParams({ paid: filter })}`

/** A date input's value (`YYYY-MM-DD`) as epoch seconds at noon that day, local time; `null` when not a date. */
export const paidAtOf = (value: string): number | null => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (match === null) return null
  const at = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 12)
  return Number.isNaN(at.getTime()) ? null : Math.floor(at.getTime() / 1000)
}

/** A `YYYY-MM-DD` value as a calendar date; null when it is not one. */
const dayOf = (value: string): DateFormat.CalendarDate | null => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (match === null) return null
  const d = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) }
  return DateFormat.isValid(d) ? d : null
}

/** A calendar date as a `YYYY-MM-DD` value. */
const dayValue = (d: DateFormat.CalendarDate): string =>
  `${String(d.year).padStart(4, "0")}-${String(d.month).padStart(2, "0")}-${String(d.day).padStart(2, "0")}`

/** Today as a date input's value, local time. */
export const todayValue = (now: Date = new Date()): string =>
  `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`

const PER_PAGE = 50

/** The paid cell: the paid date and 'Mark unpaid', or a date and 'Mark paid'. */
const PaidCell = ({
  invoice,
  date,
  style,
  busy,
  onMark
}: {
  readonly invoice: InvoicesApi.AccountInvoice
  readonly date: (seconds: number) => string
  readonly style: DateFormat.Style
  readonly busy: boolean
  readonly onMark: (paidAt: number) => void
}) => {
  const t = useInvoicingText()
  const [day, setDay] = useState(todayValue)
  if (invoice.paid_at > 0)
    return (
      <span className={styles.paidForm}>
        <span className={styles.sticker} data-status="11" data-paid>
          {t.paidOn(date(invoice.paid_at))}
        </span>
        <button type="button" className={controls.button} disabled={busy} onClick={() => onMark(0)}>
          {t.markUnpaid}
        </button>
      </span>
    )
  if (invoice.status === Invoice.InvoiceStatus.Removed) return <span className={styles.muted}>{t.unpaid}</span>
  const paidAt = paidAtOf(day)
  return (
    <form
      className={styles.paidForm}
      onSubmit={(e) => {
        e.preventDefault()
        if (paidAt !== null && !busy) onMark(paidAt)
      }}
    >
      <DatePicker
        label={`${t.paidDate} (${invoice.number})`}
        labelHidden
        value={dayOf(day)}
        onChange={(d) => {
          if (d !== null) setDay(dayValue(d))
        }}
        style={style}
        emptyText={t.paidDate}
        max={fromLocalDate(new Date())}
      />
      <button type="submit" className={controls.button} disabled={busy || paidAt === null}>
        {t.markPaid}
      </button>
    </form>
  )
}

/** The invoices page. */
export const InvoicesPage = () => {
  const m = useMessages()
  const t = useInvoicingText()
  usePageTitle(t.invoices)
  const api = useApi()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const search: { paid?: string } = useSearch({ strict: false })
  const filter = paidFilterOf(search.paid)
  const style = dateStyle(useAccount().data?.account_signin.dateFormat)
  const [zone] = useState(() => DateTime.zoneMakeLocal())
  const date = (seconds: number) => (seconds > 0 ? DateFormat.format(seconds, style, zone) : "")
  const list = useInfiniteQuery({
    queryKey: ["invoices", "list", filter],
    initialPageParam: 1,
    queryFn: ({ pageParam }) =>
      api.call((c) => c.invoices.list({ query: { paid: filter, page: pageParam, per_page: PER_PAGE } })),
    getNextPageParam: (last, pages) =>
      pages.reduce((n, p) => n + p.invoices.length, 0) < last.total_rows && last.invoices.length > 0
        ? pages.length + 1
        : undefined
  })
  const mark = useMutation({
    mutationFn: (v: { readonly id: number; readonly paidAt: number }) =>
      api.call((c) => c.invoices.markPaid({ params: { id: v.id }, payload: { paid_at: v.paidAt } })),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ["invoices", "list"] })
  })
  const rows = list.data?.pages.flatMap((p) => p.invoices) ?? []
  const total = list.data?.pages[0]?.total_rows ?? 0
  const filterLabel = { all: m.all, paid: t.paid, unpaid: t.unpaid } as const
  return (
    <div className={page.page}>
      <div className={page.header}>
        <h1 className={page.heading}>{t.invoices}</h1>
        <div className={records.actions}>
          <a href={csvHref(filter)} download className={controls.button}>
            {t.exportCsv}
          </a>
          <Link to="/settings/invoicing" className={controls.button}>
            {t.invoicingSettings}
          </Link>
        </div>
      </div>
      <section className={controls.card} aria-busy={list.isPending}>
        <div className={styles.filters}>
          <fieldset className={`${records.filters} ${styles.bare}`} aria-label={t.paidFilter}>
            {filters.map((f) => (
              <button
                key={f}
                type="button"
                className={records.filter}
                aria-pressed={f === filter}
                onClick={() =>
                  void navigate({ to: "/invoices", search: f === "all" ? {} : { paid: f }, replace: true })
                }
              >
                {filterLabel[f]}
              </button>
            ))}
          </fieldset>
        </div>
        <FormBanner error={mark.error} />
        {list.isError ? (
          <LoadFailure error={list.error} onRetry={() => void list.refetch()} />
        ) : list.isPending ? (
          <p className={page.empty}>{m.loading}</p>
        ) : rows.length === 0 ? (
          <p className={page.empty}>{t.noInvoices}</p>
        ) : (
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{m.quoteNumber}</th>
                <th scope="col">{t.customer}</th>
                <th scope="col">{t.quote}</th>
                <th scope="col">{t.issued}</th>
                <th scope="col">{t.due}</th>
                <th scope="col" className={styles.amount}>
                  {m.lineTotal}
                </th>
                <th scope="col">{m.statusFilter}</th>
                <th scope="col">{t.paid}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => {
                const symbol = Option.match(Currency.byId(r.currency_id), {
                  onNone: () => "",
                  onSome: (c) => c.symbol
                })
                return (
                  <tr key={r.quote_invoice_id} data-invoice={r.quote_invoice_id}>
                    <td>
                      <a href={r.url} target="_blank" rel="noopener" className={styles.rowLink}>
                        {r.number}
                      </a>
                      <span className={styles.sub}>{typeName(m, t, r.kind)}</span>
                    </td>
                    <td>{r.customer}</td>
                    <td>
                      <Link to={QuoteRoute.quotePage(r.quote_id)} className={styles.rowLink}>
                        {r.quote_no > 0 ? `#${r.quote_no} ` : ""}
                        {r.quote_title.trim() === "" ? m.untitled : r.quote_title}
                      </Link>
                    </td>
                    <td>
                      <span className={styles.cellLabel} aria-hidden="true">
                        {t.issued}
                      </span>
                      {date(r.issued)}
                    </td>
                    <td>
                      <span className={styles.cellLabel} aria-hidden="true">
                        {t.due}
                      </span>
                      {date(r.due)}
                    </td>
                    <td className={styles.amount}>{money(symbol, r.total)}</td>
                    <td>
                      <span className={styles.sticker} data-status={r.status}>
                        {statusName(m, t, r.status)}
                      </span>
                    </td>
                    <td>
                      <PaidCell
                        invoice={r}
                        date={date}
                        style={style}
                        busy={mark.isPending}
                        onMark={(paidAt) => mark.mutate({ id: r.quote_invoice_id, paidAt })}
                      />
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        )}
        <LoadMoreFooter list={list} shown={rows.length} total={list.data === undefined ? null : total} />
      </section>
    </div>
  )
}
