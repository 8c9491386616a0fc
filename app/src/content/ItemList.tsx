/**
 * The price or text item list: search, Current / Archived / Deleted, 'Load more' paging, how many templates use
 * each item, and merge mode (`?merge_loser={id}`): 'Select a winner of the merge', rows open the winner's editor
 * in merge mode, 'Cancel Merge' returns to the loser.
 */
import * as ItemsApi from "@quotekit/core/api/ItemsApi"
import type * as ContentArchive from "@quotekit/core/ContentArchive"
import * as Money from "@quotekit/core/Money"
import { useInfiniteQuery } from "@tanstack/react-query"
import { Link, useSearch } from "@tanstack/react-router"
import { useState } from "react"
import { useApi } from "../api/client.ts"
import styles from "../contacts/Records.module.css"
import { useMessages } from "../page/useMessages.ts"
import { sharedAccountsText } from "../sharedaccounts/sharedAccountsText.ts"
import { LoadMoreFooter } from "../shell/LoadMoreFooter.tsx"
import { PagedListCard } from "../shell/PagedListCard.tsx"
import controls from "../theme/Controls.module.css"
import { ArchiveFilter } from "./ArchiveFilter.tsx"

/** Every item query starts with this key. */
export const itemsKey = ["content", "items"] as const

/** The item list of one kind. */
export const ItemList = ({ kind }: { readonly kind: ItemsApi.ItemKind }) => {
  const m = useMessages()
  const api = useApi()
  const { merge_loser }: { merge_loser?: string } = useSearch({ strict: false })
  const loser = merge_loser !== undefined && /^\d+$/.test(merge_loser) ? merge_loser : undefined
  const [search, setSearch] = useState("")
  const [archive, setArchive] = useState<ContentArchive.ContentState>("current")
  const list = useInfiniteQuery({
    queryKey: [...itemsKey, "list", kind, archive, search],
    initialPageParam: 1,
    queryFn: ({ pageParam }) =>
      api.call((c) =>
        c.items.list({
          params: { kind },
          query: { archive, page: pageParam, getCount: "1", ...(search.trim() === "" ? {} : { search: search.trim() }) }
        })
      ),
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined)
  })
  const rows = list.data?.pages.flatMap((p) => p.rows) ?? []
  const total = list.data?.pages[0]?.total ?? null
  const editor =
    kind === "price-items" ? "/content/templates/price-items/$itemId" : "/content/templates/text-items/$itemId"
  return (
    <div className={styles.stack}>
      {loser !== undefined && (
        <div className={styles.notice} role="status">
          <div className={styles.line}>
            <strong>{m.selectMergeWinner}</strong>
            <Link to={editor} params={{ itemId: loser }} className={controls.button}>
              {m.cancelMerge}
            </Link>
          </div>
        </div>
      )}
      <div className={styles.toolbar}>
        <input
          type="search"
          className={`${controls.input} ${styles.search}`}
          placeholder={m.itemSearchPlaceholder}
          aria-label={m.itemSearchPlaceholder}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
        />
        <ArchiveFilter value={archive} onChange={setArchive} />
        <Link to={editor} params={{ itemId: "new" }} className={controls.primary}>
          {kind === "price-items" ? m.newPriceItem : m.newTextItem}
        </Link>
      </div>
      <PagedListCard
        list={list}
        count={rows.length}
        empty={search.trim() !== "" ? m.noResults : m.noItems}
        footer={rows.length > 0 && <LoadMoreFooter list={list} shown={rows.length} total={total} />}
      >
        {rows
          .filter((r) => String(r.item_id) !== loser)
          .map((r) => (
            <li key={r.item_id} className={styles.row}>
              <div className={styles.rowMain}>
                <Link
                  to={editor}
                  params={{ itemId: String(r.item_id) }}
                  search={loser === undefined ? {} : { merge_loser: loser }}
                  className={styles.rowTitle}
                >
                  {r.item_title || m.untitled}
                </Link>
                <span className={styles.muted}>
                  {[
                    r.item_code,
                    ItemsApi.typeOfKind(kind) === 1 ? Money.format(r.price_unit) : "",
                    r.templates_count > 0 ? m.usedIn(r.templates_count) : ""
                  ]
                    .filter((s) => s !== "")
                    .join(" · ")}
                </span>
              </div>
              {r.shared && <span className={styles.sticker}>{sharedAccountsText.shared}</span>}
              {r.archive_id !== 1 && (
                <span className={styles.sticker}>{r.archive_id === 2 ? m.archived : m.deleted}</span>
              )}
            </li>
          ))}
      </PagedListCard>
    </div>
  )
}
