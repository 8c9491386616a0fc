/**
 * The quotes download form (`/quotes/download`): the format (CSV, or a PDF bundle), a status and a search that
 * list the quotes to choose from (the quote list's own query, most recent first, the first 100), a checkbox for
 * each (all chosen at first; Select all / Select none), and the download link, rebuilt from the values on every
 * change. With nothing chosen, or more than the format allows, the link gives way to the reason.
 */
import * as QuoteListTab from "@quotekit/core/QuoteListTab"
import * as QuoteStatus from "@quotekit/core/QuoteStatus"
import { keepPreviousData, useQuery } from "@tanstack/react-query"
import { Link as RouterLink } from "@tanstack/react-router"
import { useId, useMemo, useState } from "react"
import { useWire } from "../api/WireClient.ts"
import { useMessages } from "../page/useMessages.ts"
import { usePageTitle } from "../page/usePageTitle.ts"
import { useDebounced } from "../quotes/useDebounced.ts"
import { LoadFailure } from "../shell/LoadFailure.tsx"
import page from "../shell/Page.module.css"
import controls from "../theme/Controls.module.css"
import { linkOf } from "./downloadForm.ts"
import { downloadText as t } from "./downloadText.ts"
import styles from "./QuoteDownload.module.css"

/** The spec's search debounce. */
const SEARCH_DEBOUNCE_MS = 250

/** The download form page. */
export const QuoteDownloadPage = () => {
  const m = useMessages()
  usePageTitle(t.title)
  const wire = useWire()
  const id = useId()
  const [format, setFormat] = useState<"csv" | "pdf">("csv")
  const [status, setStatus] = useState<QuoteListTab.StatusFilter>("any")
  const [text, setText] = useState("")
  const search = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS)
  const [unchosen, setUnchosen] = useState<ReadonlySet<number>>(new Set())
  const query = { status, ...(search === "" ? {} : { search }), tab: "all" as const }
  const list = useQuery({
    queryKey: ["quotes", "list", query],
    queryFn: () => wire.listQuotes(query),
    placeholderData: keepPreviousData
  })
  const rows = list.data?.rows ?? []
  const listed = useMemo(() => rows.map((r) => r.quote_id as number), [rows])
  const link = linkOf({ format, listed, unchosen })
  const chosenCount = listed.filter((q) => !unchosen.has(q)).length

  return (
    <div className={page.page}>
      <RouterLink to="/quotes">{m.quotes}</RouterLink>
      <h1 className={page.heading}>{t.title}</h1>
      <form className={`${controls.card} ${styles.form}`} onSubmit={(e) => e.preventDefault()}>
        <fieldset className={styles.fieldset}>
          <legend className={controls.label}>{t.format}</legend>
          {(["csv", "pdf"] as const).map((f) => (
            <label key={f} className={styles.choice}>
              <input type="radio" name="format" value={f} checked={format === f} onChange={() => setFormat(f)} />
              {f === "csv" ? t.csv : t.pdf}
            </label>
          ))}
        </fieldset>
        <div className={styles.filters}>
          <div className={controls.field}>
            <label className={controls.label} htmlFor={`${id}-status`}>
              {t.status}
            </label>
            <select
              id={`${id}-status`}
              className={controls.input}
              value={status}
              onChange={(e) => {
                setStatus(e.currentTarget.value as QuoteListTab.StatusFilter)
                setUnchosen(new Set())
              }}
            >
              {QuoteListTab.filters.map((f) => (
                <option key={f} value={f}>
                  {f === "any" ? m.anyStatus : f === "deletedDrafts" ? m.deletedDrafts : QuoteStatus.label(f)}
                </option>
              ))}
            </select>
          </div>
          <div className={controls.field}>
            <label className={controls.label} htmlFor={`${id}-search`}>
              {t.search}
            </label>
            <input
              id={`${id}-search`}
              type="search"
              className={controls.input}
              value={text}
              onChange={(e) => {
                setText(e.currentTarget.value)
                setUnchosen(new Set())
              }}
            />
          </div>
        </div>
        <fieldset className={styles.fieldset} aria-busy={list.isFetching}>
          <legend className={controls.label}>{t.which}</legend>
          {list.isError ? (
            <LoadFailure error={list.error} onRetry={() => void list.refetch()} />
          ) : list.data === undefined ? (
            <p>{m.loading}</p>
          ) : rows.length === 0 ? (
            <p>{t.noneMatch}</p>
          ) : (
            <>
              <div className={styles.bulk}>
                <button type="button" className={controls.ghost} onClick={() => setUnchosen(new Set())}>
                  {t.selectAll}
                </button>
                <button type="button" className={controls.ghost} onClick={() => setUnchosen(new Set(listed))}>
                  {t.selectNone}
                </button>
                <span>{t.chosen(chosenCount, rows.length)}</span>
              </div>
              <ul className={styles.quotes}>
                {rows.map((r) => (
                  <li key={r.quote_id}>
                    <label className={styles.choice}>
                      <input
                        type="checkbox"
                        checked={!unchosen.has(r.quote_id)}
                        aria-label={t.choose(r.title, r.quote_no > 0 ? r.quote_no : null)}
                        onChange={(e) => {
                          const on = e.currentTarget.checked
                          setUnchosen((s) => {
                            const next = new Set(s)
                            if (on) next.delete(r.quote_id)
                            else next.add(r.quote_id)
                            return next
                          })
                        }}
                      />
                      <span>
                        {r.quote_no > 0 ? `#${r.quote_no} ` : ""}
                        {r.title || "(untitled)"}
                      </span>
                      <span className={styles.muted}>
                        {[r._companyOrPerson, r.status_label].filter((x) => x !== "").join(" · ")}
                      </span>
                    </label>
                  </li>
                ))}
              </ul>
              {list.data.rows.length >= 100 && <p className={styles.muted}>{t.firstPage(rows.length)}</p>}
            </>
          )}
        </fieldset>
        <p role="status" className={styles.linkLine}>
          {link._tag === "Ready" ? (
            <a className={controls.primary} href={link.href} download>
              {t.download(format, link.count)}
            </a>
          ) : (
            <span className={controls.hintError}>
              {link._tag === "NoneChosen" ? t.noneChosen : t.tooMany(link.max)}
            </span>
          )}
        </p>
      </form>
    </div>
  )
}
