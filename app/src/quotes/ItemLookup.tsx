/**
 * Adding a reusable item to the quote: search the account's price and text items (`/get/lookup-item/search`,
 * after a 500 ms pause) and add one as a linked row, locked until 'Copy and Edit as New'. A combobox (the
 * WAI-ARIA pattern): ArrowDown and ArrowUp move through the results, Enter adds the highlighted one, Escape
 * closes them; a click adds one too.
 */
import { useQuery } from "@tanstack/react-query"
import { type Dispatch, memo, useId, useState } from "react"
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
  const [active, setActive] = useState(-1)
  const listId = useId()
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
  const open = enabled && text.trim() !== ""
  const add = (item: (typeof found)[number]) => {
    setText("")
    setActive(-1)
    dispatch({ type: "insertLinked", after, item })
  }
  return (
    <div className={styles.lookup}>
      <input
        type="search"
        role="combobox"
        className={controls.input}
        aria-label={m.itemSearchPlaceholder}
        aria-expanded={open && found.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && active >= 0 && active < found.length ? `${listId}-${active}` : undefined}
        placeholder={m.itemSearchPlaceholder}
        value={text}
        onChange={(e) => {
          setText(e.currentTarget.value)
          setActive(-1)
        }}
        onKeyDown={(e) => {
          if (e.key === "Escape") {
            setText("")
            setActive(-1)
            return
          }
          if (!open || found.length === 0) return
          if (e.key === "ArrowDown") {
            e.preventDefault()
            setActive((a) => Math.min(a + 1, found.length - 1))
          } else if (e.key === "ArrowUp") {
            e.preventDefault()
            setActive((a) => Math.max(a - 1, 0))
          } else if (e.key === "Enter") {
            const item = found[active < 0 ? 0 : active]
            if (item !== undefined) {
              e.preventDefault()
              add(item)
            }
          }
        }}
      />
      {open && (
        <div id={listId} role="listbox" className={styles.results} aria-label={m.items}>
          {found.map((item, i) => (
            <div
              key={item.item_id}
              id={`${listId}-${i}`}
              role="option"
              tabIndex={-1}
              aria-selected={i === active}
              className={`${controls.ghost} ${styles.result}`}
              onMouseDown={(e) => {
                // Chosen before the field loses its focus.
                e.preventDefault()
                add(item)
              }}
            >
              {item.item_code !== "" && <span className={styles.muted}>{item.item_code} </span>}
              {item.item_title !== "" ? item.item_title : item.item_body.slice(0, 80)}
            </div>
          ))}
          {(prices.isSuccess || texts.isSuccess) && found.length === 0 && <p className={styles.muted}>{m.noResults}</p>}
          {(prices.isError || texts.isError) && <p className={styles.muted}>{m.couldNotLoadResults}</p>}
        </div>
      )}
    </div>
  )
})
