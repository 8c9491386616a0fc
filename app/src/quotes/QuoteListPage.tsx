/**
 * The quote list (`/quotes`): title 'Quotes', the search box ('Quote Title, Number or Contact…', 250 ms after
 * typing stops), the status filter, the archive tabs the core shows for it (`QuoteListTab.tabsFor`), and the
 * team filter ('All Team Members' or a member, the signed-in one first). 100 rows a page by latest activity;
 * the total is fetched on demand. Each row shows 'Unopened' or its last view, and opens where the server's
 * `href` says (the editor for drafts and quotes being edited, else the quote page with `?do-follow-up=`).
 * The whole query lives in the address, so back and forward restore it. A quote someone is on right now shows
 * the live indicator beside its title ('Viewing now: …'); the list refreshes as the account's quotes change.
 */
import * as Money from "@quotekit/core/light/Money"
import * as QuoteListTab from "@quotekit/core/light/QuoteListTab"
import * as QuoteStatus from "@quotekit/core/light/QuoteStatus"
import { keepPreviousData, useQuery } from "@tanstack/react-query"
import { Link, useNavigate, useSearch } from "@tanstack/react-router"
import { useEffect, useState } from "react"
import { useWire } from "../api/WireClient.ts"
import { usePageTitle } from "../page/usePageTitle.ts"
import { useTexts } from "../page/useTexts.ts"
import { LiveIndicator } from "../push/LiveIndicator.tsx"
import { useAccountCache } from "../session/useAccountCache.ts"
import { LoadFailure } from "../shell/LoadFailure.tsx"
import page from "../shell/Page.module.css"
import controls from "../theme/Controls.module.css"
import { ListTabs } from "./ListTabs.tsx"
import { isFiltered, type ListSearch, listQuery, statusOf, tabOf, teamOrder } from "./listSearch.ts"
import { listText } from "./listText.ts"
import styles from "./QuoteList.module.css"
import { useDebounced } from "./useDebounced.ts"

/** How long typing must pause before the list searches (spec: search debounce 250 ms). */
export const SEARCH_DEBOUNCE_MS = 250

/** The quote list page. */
export const QuoteListPage = () => {
  const m = useTexts(listText)
  usePageTitle(m.quotes)
  const wire = useWire()
  const navigate = useNavigate()
  const account = useAccountCache()
  const search: ListSearch = useSearch({ strict: false })
  const status = statusOf(search)
  const tab = tabOf(search)
  const tabs = QuoteListTab.tabsFor(status)
  const [text, setText] = useState(search.search ?? "")
  const typed = useDebounced(text, SEARCH_DEBOUNCE_MS)
  const [wantCount, setWantCount] = useState(false)
  const go = (patch: ListSearch, replace = false) =>
    void navigate({
      to: "/quotes",
      search: (prev: ListSearch) => {
        const next: ListSearch = { ...prev, ...patch }
        // Any change of filter starts again at page 1.
        if (!("page" in patch)) delete next.page
        for (const k of Object.keys(next) as Array<keyof ListSearch>)
          if (next[k] === "" || next[k] === undefined) delete next[k]
        return next
      },
      replace
    })
  // Each settled search is an entry of its own in the history, so back returns to the previous search.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a settled search text is the trigger
  useEffect(() => {
    if (typed !== (search.search ?? "")) go({ search: typed })
  }, [typed])
  useEffect(() => {
    setText((t) => (t === (search.search ?? "") ? t : (search.search ?? "")))
  }, [search.search])
  const query = listQuery(search)
  const list = useQuery({
    queryKey: ["quotes", "list", query],
    queryFn: () => wire.listQuotes(query),
    placeholderData: keepPreviousData
  })
  const count = useQuery({
    queryKey: ["quotes", "count", query],
    queryFn: () => wire.listQuotes({ ...query, getCount: "1" }),
    enabled: wantCount
  })
  const me = account.data?.account_signin.signin_id ?? 0
  const team = teamOrder(account.data?.signins ?? [], me)
  const pageNo = list.data?.page ?? 1
  const rows = list.data?.rows ?? []
  const results = (
    <section className={controls.card} aria-busy={list.isFetching} aria-label={m.quotes}>
      {list.isError ? (
        <LoadFailure error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data === undefined ? (
        <p className={page.empty}>{m.loading}</p>
      ) : rows.length === 0 ? (
        <div className={styles.empty}>
          <p className={page.empty}>{isFiltered(search) ? m.noQuotesMatch : m.noQuotesYet}</p>
          {!isFiltered(search) && (
            <Link
              to="/quotes/$quoteId/$action"
              params={{ quoteId: "new", action: "is-editing" }}
              className={controls.primary}
            >
              {m.newQuote}
            </Link>
          )}
          {!isFiltered(search) && (
            <Link to="/quotes/examples" className={controls.button}>
              {m.exampleQuotes}
            </Link>
          )}
        </div>
      ) : (
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{m.title}</th>
              <th scope="col">{m.quoteContact}</th>
              <th scope="col">{m.statusFilter}</th>
              <th scope="col">{m.lastView}</th>
              <th scope="col" className={styles.amount}>
                {m.total}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr
                key={r.quote_id}
                className={styles.row}
                data-quote={r.quote_id}
                onClick={(e) => {
                  if ((e.target as HTMLElement).closest("a") === null) void navigate({ to: r.href })
                }}
              >
                <td>
                  <Link to={r.href} className={styles.rowLink}>
                    {r.title.trim() === "" ? m.untitled : r.title}
                  </Link>
                  <LiveIndicator quoteId={r.quote_id} />
                  <span className={styles.sub}>
                    {r.quote_no > 0 ? `#${r.quote_no}` : ""} {r._name_from}
                  </span>
                </td>
                <td>{r._companyOrPerson}</td>
                <td>
                  <span className={`${styles.status} ${styles[QuoteStatus.colourClass(r.status)] ?? ""}`}>
                    {r.status_label}
                  </span>
                  {r._new_questions > 0 && (
                    <span className={styles.sub}>
                      {m.newQuestions}: {r._new_questions}
                    </span>
                  )}
                </td>
                <td>{r.last_view ?? ""}</td>
                <td className={styles.amount}>
                  {r.symbol}
                  {Money.format(r.price_current)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  )
  return (
    <div className={page.page}>
      <div className={page.header}>
        <h1 className={page.heading}>{m.quotes}</h1>
        <div className={styles.headerActions}>
          <Link to="/quotes/examples" className={controls.button}>
            {m.exampleQuotes}
          </Link>
          <Link to="/quotes/download" className={controls.button}>
            {m.download}
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
      <div className={styles.filters}>
        <input
          type="search"
          className={`${controls.input} ${styles.search}`}
          placeholder={m.quoteSearchPlaceholder}
          aria-label={m.quoteSearchPlaceholder}
          maxLength={200}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
        />
        <label className={styles.filter}>
          <span className={controls.label}>{m.statusFilter}</span>
          <select
            className={controls.select}
            value={status}
            onChange={(e) => go({ status: e.currentTarget.value === "any" ? "" : e.currentTarget.value, archive: "" })}
          >
            {QuoteListTab.filters.map((f) => (
              <option key={f} value={f}>
                {f === "any" ? m.anyStatus : f === "deletedDrafts" ? m.deletedDrafts : QuoteStatus.label(f)}
              </option>
            ))}
          </select>
        </label>
        {team.length > 1 && (
          <label className={styles.filter}>
            <span className={controls.label}>{m.teamFilter}</span>
            <select
              className={controls.select}
              value={search.author ?? ""}
              onChange={(e) => go({ author: e.currentTarget.value })}
            >
              <option value="">{m.allTeamMembers}</option>
              {team.map((s) => (
                <option key={s.signin_id} value={String(s.signin_id)}>
                  {s.name_display}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      {tabs.length > 0 ? (
        <ListTabs
          tabs={tabs}
          value={tab}
          onValueChange={(t) => go({ archive: t === "all" ? "" : t })}
          label={m.quotes}
          labelOf={QuoteListTab.label}
          listClassName={styles.tabs}
          tabClassName={styles.tab}
        >
          {results}
        </ListTabs>
      ) : (
        results
      )}
      {list.data !== undefined && rows.length > 0 && (
        <nav className={styles.pager} aria-label={m.pageOf(pageNo)}>
          <button
            type="button"
            className={controls.button}
            disabled={pageNo <= 1}
            onClick={() => go({ page: pageNo - 1 <= 1 ? "" : String(pageNo - 1) })}
          >
            {m.previousPage}
          </button>
          <span>{m.pageOf(pageNo)}</span>
          <button
            type="button"
            className={controls.button}
            disabled={!list.data.has_more}
            onClick={() => go({ page: String(pageNo + 1) })}
          >
            {m.next}
          </button>
          {count.data?.total != null ? (
            <span role="status">{m.quotesTotal(count.data.total)}</span>
          ) : (
            <button type="button" className={controls.ghost} onClick={() => setWantCount(true)}>
              {m.showTotal}
            </button>
          )}
        </nav>
      )}
    </div>
  )
}
