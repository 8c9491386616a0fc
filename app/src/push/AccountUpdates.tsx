/**
 * Live updates of the whole signed-in app: the shell keeps the account room joined, and every event of it makes
 * the caches it concerns stale (`LiveEvent.staleKeys`), so every open page of the account shows the change
 * without a reload. `live-quote` events and the room's joined state feed the live quotes (`LiveQuotes`); an
 * `invoice-sync` is merged into the quote's invoicing picture or logged (`invoices/invoiceSync.ts`); a reset
 * (missed events that cannot be replayed) makes everything stale but the forms (`refreshPageData`).
 */
import * as Push from "@quotekit/core/Push"
import { type QueryClient, useQueryClient } from "@tanstack/react-query"
import { refreshPageData } from "../page/usePageRefresh.ts"
import * as LiveEvent from "./LiveEvent.ts"
import { type LiveQuotes, liveOf } from "./LiveQuotes.ts"
import type { PushEvent } from "./PushClient.ts"
import { usePush } from "./PushProvider.tsx"
import { useRoom } from "./useRoom.ts"

/** Act on one account-room event: stale caches, live viewers, an invoice sync. */
export const onAccountEvent = (queryClient: QueryClient, live: LiveQuotes, event: PushEvent): void => {
  const e = LiveEvent.read(event)
  if (e === undefined) return
  for (const queryKey of LiveEvent.staleKeys(e)) void queryClient.invalidateQueries({ queryKey })
  if (e._tag === "LiveChanged") live.set(e.live.quote_id, e.live.viewers)
  if (e._tag === "InvoiceSynced") {
    // No picture held: nothing to merge into, and no need to load the invoice schema to say so.
    if (queryClient.getQueryData(["quotes", "invoicing", e.quote_id]) === undefined)
      console.debug(`invoice-sync for quote ${e.quote_id} skipped: not on the page`)
    else void import("../invoices/invoiceSync.ts").then((m) => m.applyInvoiceSync(queryClient, e.quote_id, e.invoice))
  }
}

/**
 * Keeps the account room joined while the signed-in shell is shown; renders nothing. `onJoined` hears each time
 * the server has joined the page to the room (from then on no event of the account is missed).
 */
export const AccountUpdates = ({ onJoined }: { readonly onJoined?: () => void }) => {
  const queryClient = useQueryClient()
  const { live } = usePush()
  useRoom(Push.ACCOUNT_ROOM, (event) => onAccountEvent(queryClient, live, event), {
    onJoined: (state) => {
      const quotes = liveOf(state)
      if (quotes !== undefined) live.replace(quotes)
      onJoined?.()
    },
    onReset: () => void refreshPageData(queryClient)
  })
  return null
}
