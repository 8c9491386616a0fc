/**
 * The open quote's live changes in the editor: while a quote (not a template, not a new one) is open, the editor is
 * on its `quote-view:{id}` room (so the member counts as a live viewer) and hears its `quote-changed` events. One
 * whose edit sequence is newer than the one the draft is based on (as loaded, or as this tab's last save answered)
 * means someone or something changed the quote elsewhere: the editor says so before the user saves. The save's
 * own conflict check stays the guard; this only warns earlier.
 *
 * This tab's own save publishes the same event, sometimes before its answer arrives: events heard while a save
 * runs are judged once it has answered (`track`), against the sequence it answered.
 */
import { useCallback, useState } from "react"
import * as LiveEvent from "../push/LiveEvent.ts"
import { useQuoteView } from "../push/useLiveQuotes.ts"

/** A sequence heard or saved, for the quote it belongs to (the route may move to another quote). */
interface Seq {
  readonly quoteId: number
  readonly seq: number
}

/** What the editor needs: whether to show the banner, and the wrapper of its saves. */
export interface ChangedElsewhere {
  readonly changed: boolean
  /** Run a save through this, so its own event is not taken for someone else's. */
  readonly track: <A extends { readonly _modifiedIn: number }>(save: Promise<A>) => Promise<A>
}

/** Watch quote `quoteId` (none at 0), whose draft was loaded at edit sequence `loadedSeq`. */
export const useChangedElsewhere = (quoteId: number, loadedSeq: number | undefined): ChangedElsewhere => {
  const [heard, setHeard] = useState<Seq | undefined>(undefined)
  const [saved, setSaved] = useState<Seq | undefined>(undefined)
  const [saving, setSaving] = useState(0)
  useQuoteView(quoteId, (event) => {
    const e = LiveEvent.read(event)
    if (e?._tag !== "QuoteChanged" || e.quote_id !== quoteId || e.edit_seq === undefined) return
    const seq = e.edit_seq
    setHeard((h) => (h?.quoteId === quoteId && h.seq >= seq ? h : { quoteId, seq }))
  })
  const track = useCallback(
    <A extends { readonly _modifiedIn: number }>(save: Promise<A>): Promise<A> => {
      setSaving((n) => n + 1)
      return save
        .then((answer) => {
          setSaved({ quoteId, seq: answer._modifiedIn })
          return answer
        })
        .finally(() => setSaving((n) => n - 1))
    },
    [quoteId]
  )
  const base = saved?.quoteId === quoteId ? saved.seq : loadedSeq
  const latest = heard?.quoteId === quoteId ? heard.seq : undefined
  return { changed: saving === 0 && base !== undefined && latest !== undefined && latest > base, track }
}
