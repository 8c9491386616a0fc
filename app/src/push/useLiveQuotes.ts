/**
 * The account's live quotes as React state (`LiveQuotes`, filled by `AccountUpdates` from the account room), and
 * being on a quote: `useQuoteView` joins its `quote-view:{id}` room while the quote page or editor is open, which
 * is what makes the member a live viewer, and hears that quote's changes.
 */
import * as Push from "@quotekit/core/Push"
import { useCallback, useSyncExternalStore } from "react"
import type { LiveQuote, Viewer } from "./LiveQuotes.ts"
import { viewersOf } from "./LiveQuotes.ts"
import type { PushEvent } from "./PushClient.ts"
import { usePush } from "./PushProvider.tsx"
import { useRoom } from "./useRoom.ts"

/** Every quote someone is on now, longest viewed first. */
export const useLiveQuotes = (): ReadonlyArray<LiveQuote> => {
  const { live } = usePush()
  return useSyncExternalStore(live.subscribe, live.all, live.all)
}

/** Who is on a quote now. */
export const useLiveViewers = (quoteId: number): ReadonlyArray<Viewer> => {
  const { live } = usePush()
  const viewers = useCallback(() => live.viewers(quoteId), [live, quoteId])
  return useSyncExternalStore(live.subscribe, viewers, viewers)
}

const ignore = () => {}

/**
 * Be on quote `quoteId` (none at 0 or below) while mounted: join its room, take who is on it from the room's
 * state, and hear its events (`quote-changed`) with `onEvent`.
 */
export const useQuoteView = (quoteId: number, onEvent: (event: PushEvent) => void = ignore): void => {
  const { live } = usePush()
  useRoom(quoteId > 0 ? Push.quoteViewRoom(quoteId) : undefined, onEvent, {
    onJoined: (state) => {
      const viewers = viewersOf(state)
      if (viewers !== undefined) live.set(quoteId, viewers)
    }
  })
}
