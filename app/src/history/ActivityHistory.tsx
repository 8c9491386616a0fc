/**
 * The All Activity panel of a contact, quote, template, item or lead: the recent-activity snippet (the latest
 * rows), 'All Activity' to load every page of the history, and 'Hide' to fold it back to the snippet. The panel
 * is in one of the spec's states: default (snippet), loading, full. Times read as '5 minutes ago' and refresh
 * every 15 seconds (core `RelativeTime`).
 */
import type * as HistoryApi from "@quotekit/core/api/HistoryApi"
import * as RelativeTime from "@quotekit/core/RelativeTime"
import { useInfiniteQuery } from "@tanstack/react-query"
import { useEffect, useState } from "react"
import { useApi } from "../api/client.ts"
import styles from "../contacts/Records.module.css"
import { useMessages } from "../page/useMessages.ts"
import controls from "../theme/Controls.module.css"
import { useNow } from "./useNow.ts"

/**
 * The text of a history row's HTML (the server stores escaped text with its own markup): parsed inertly, never
 * inserted as markup, so nothing in it can run.
 */
const textOf = (html: string): string => new DOMParser().parseFromString(html, "text/html").body.textContent ?? ""

/** How many rows the snippet shows. */
export const SNIPPET_ROWS = 3

/** The history of one record; `table` as the API names it. */
export const ActivityHistory = ({
  table,
  id,
  title
}: {
  readonly table: typeof HistoryApi.TableParam.Type
  readonly id: number
  readonly title?: string
}) => {
  const m = useMessages()
  const api = useApi()
  const now = useNow()
  const [full, setFull] = useState(false)
  const history = useInfiniteQuery({
    queryKey: ["history", table, id],
    initialPageParam: 1,
    queryFn: ({ pageParam }) =>
      api.call((c) => c.history.history({ params: { table, categoryId: id }, query: { page: pageParam } })),
    getNextPageParam: (last) => (last.more_history ? last.page + 1 : undefined)
  })
  // 'All Activity' loads every page, one after another.
  useEffect(() => {
    if (full && history.hasNextPage && !history.isFetchingNextPage) void history.fetchNextPage()
  }, [full, history.hasNextPage, history.isFetchingNextPage, history.fetchNextPage])
  const rows = history.data?.pages.flatMap((p) => p.rows) ?? []
  const total = history.data?.pages[0]?.total_rows ?? 0
  const shown = full ? rows : rows.slice(0, SNIPPET_ROWS)
  const loadingAll = full && history.hasNextPage
  return (
    <section className={styles.section} aria-labelledby={`history-${table}-${id}`} aria-busy={loadingAll}>
      <h2 className={styles.sectionTitle} id={`history-${table}-${id}`}>
        {title ?? (full ? m.allActivity : m.recentActivity)}
      </h2>
      {history.isPending ? (
        <p className={styles.muted}>{m.loading}</p>
      ) : history.isError ? (
        <p className={styles.muted}>{m.couldNotLoadResults}</p>
      ) : rows.length === 0 ? (
        <p className={styles.muted}>{m.noActivity}</p>
      ) : (
        <ul className={styles.rows}>
          {shown.map((r) => (
            <li key={r.history_id} className={styles.row}>
              <div className={styles.rowMain}>
                <span>{textOf(full && r.html_full !== "" ? r.html_full : r.html_summary)}</span>
                <time className={styles.muted} dateTime={new Date(r.action_time * 1000).toISOString()}>
                  {RelativeTime.describe(r.action_time, now)}
                </time>
              </div>
            </li>
          ))}
        </ul>
      )}
      {total > SNIPPET_ROWS && (
        <div className={styles.actions}>
          {full ? (
            <button type="button" className={controls.button} onClick={() => setFull(false)}>
              {loadingAll ? m.loading : m.hide}
            </button>
          ) : (
            <button type="button" className={controls.button} onClick={() => setFull(true)}>
              {m.allActivity}
            </button>
          )}
        </div>
      )}
    </section>
  )
}
