/**
 * The card of a paged list (templates, items, leads, reviews): the load failure with 'Try Again', 'Loading…',
 * the list's own empty text, or its rows; then the 'Load more' footer (or the list's own footer).
 */
import type { ReactNode } from "react"
import styles from "../contacts/Records.module.css"
import { useMessages } from "../page/useMessages.ts"
import controls from "../theme/Controls.module.css"
import { LoadFailure } from "./LoadFailure.tsx"
import { LoadMoreFooter, type PagedList } from "./LoadMoreFooter.tsx"
import page from "./Page.module.css"

/** What the card needs of a paged query (a TanStack `useInfiniteQuery` result fits). */
export interface PagedQuery extends PagedList {
  readonly isError: boolean
  readonly isPending: boolean
  readonly error: unknown
  readonly refetch: () => Promise<unknown>
}

/** The card; `count` is how many rows are loaded, `children` the rows (`<li>`s). */
export const PagedListCard = ({
  list,
  count,
  empty,
  footer,
  children
}: {
  readonly list: PagedQuery
  readonly count: number
  readonly empty: string
  /** Replaces the plain 'Load more' footer (a list that shows its count). */
  readonly footer?: ReactNode
  readonly children: ReactNode
}) => {
  const m = useMessages()
  return (
    <section className={controls.card} aria-busy={list.isPending}>
      {list.isError ? (
        <LoadFailure error={list.error} onRetry={() => void list.refetch()} />
      ) : list.isPending ? (
        <p className={page.empty}>{m.loading}</p>
      ) : count === 0 ? (
        <p className={page.empty}>{empty}</p>
      ) : (
        <ul className={styles.rows}>{children}</ul>
      )}
      {footer !== undefined ? footer : list.hasNextPage && <LoadMoreFooter list={list} />}
    </section>
  )
}
