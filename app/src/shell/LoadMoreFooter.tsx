/**
 * The footer of a paged list (contacts, items, templates): 'Showing {n} of {total}' when the total is known, and
 * 'Load more' while pages remain, which fetches the next page ('Loading…' meanwhile, pressed once).
 */
import styles from "../contacts/Records.module.css"
import { useMessages } from "../page/useMessages.ts"
import controls from "../theme/Controls.module.css"

/** What the footer needs of a paged query (a TanStack `useInfiniteQuery` result fits). */
export interface PagedList {
  readonly hasNextPage: boolean
  readonly isFetchingNextPage: boolean
  readonly fetchNextPage: () => Promise<unknown>
}

/** The footer; `shown` and `total` give the count line, left blank while the total is unknown. */
export const LoadMoreFooter = ({
  list,
  shown,
  total = null
}: {
  readonly list: PagedList
  readonly shown?: number
  readonly total?: number | null
}) => {
  const m = useMessages()
  return (
    <div className={styles.footer}>
      <span className={styles.muted}>{shown !== undefined && total !== null && m.shownOf(shown, total)}</span>
      {list.hasNextPage && (
        <button
          type="button"
          className={controls.button}
          disabled={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
        >
          {list.isFetchingNextPage ? m.loading : m.loadMore}
        </button>
      )}
    </div>
  )
}
