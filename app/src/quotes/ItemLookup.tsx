/**
 * Adding a reusable item to the quote: search the account's price and text items (`/get/lookup-item/search`,
 * after a 500 ms pause) and add one as a linked row, locked until 'Copy and Edit as New'.
 */
import { useQuery } from "@tanstack/react-query"
import { type Dispatch, memo, useState } from "react"
import { useApi } from "../api/client.ts"
import { useMessages } from "../page/useMessages.ts"
import controls from "../theme/Controls.module.css"
import { LOOKUP_DEBOUNCE_MS } from "./QuoteContacts.tsx"
import styles from "./QuoteEditor.module.css"
import { useDebounced } from "./useDebounced.ts"
import type { Action } from "./useQuoteDraft.ts"

/** The item lookup; `after` is the row the new one goes below. */
export const ItemLookup = memo(function ItemLookup({
  after,
  dispatch
}: {
  readonly after: number
  readonly dispatch: Dispatch<Action>
}) {
  const m = useMessages()
  const api = useApi()
  const [text, setText] = useState("")
  const search = useDebounced(text, LOOKUP_DEBOUNCE_MS)
  const enabled = search.trim() !== ""
  const prices = useQuery({
    queryKey: ["lookup-item", 1, search],
    queryFn: () => api.lookupItems(1, search),
    enabled,
    staleTime: 60_000
  })
  const texts = useQuery({
    queryKey: ["lookup-item", 2, search],
    queryFn: () => api.lookupItems(2, search),
    enabled,
    staleTime: 60_000
  })
  const found = [...(prices.data ?? []), ...(texts.data ?? [])]
  return (
    <div className={styles.lookup}>
      <input
        type="search"
        className={controls.input}
        aria-label={m.itemSearchPlaceholder}
        placeholder={m.itemSearchPlaceholder}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
      />
      {enabled && text.trim() !== "" && (
        <ul className={styles.results} aria-label={m.items}>
          {found.map((item) => (
            <li key={item.item_id}>
              <button
                type="button"
                className={controls.ghost}
                onClick={() => {
                  setText("")
                  dispatch({ type: "insertLinked", after, item })
                }}
              >
                {item.item_code !== "" && <span className={styles.muted}>{item.item_code} </span>}
                {item.item_title !== "" ? item.item_title : item.item_body.slice(0, 80)}
              </button>
            </li>
          ))}
          {(prices.isSuccess || texts.isSuccess) && found.length === 0 && (
            <li className={styles.muted}>{m.noResults}</li>
          )}
          {(prices.isError || texts.isError) && <li className={styles.muted}>{m.couldNotLoadResults}</li>}
        </ul>
      )}
    </div>
  )
})
