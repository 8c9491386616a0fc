/**
 * Watch / Stop watching on a quote's page (add-on 9): a watcher hears of the quote's customer events (first view,
 * question, acceptance, decline) as its author does, by their own notification choices.
 */
import * as Notification from "@quotekit/core/Notification"
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { useApi } from "../api/client.ts"
import controls from "../theme/Controls.module.css"

/** The toggle for quote `quoteId`; nothing until the server has said whether the member watches it. */
export const WatchButton = ({ quoteId }: { readonly quoteId: number }) => {
  const api = useApi()
  const queryClient = useQueryClient()
  const key = ["notifications", "watch", quoteId] as const
  const watching = useQuery({
    queryKey: key,
    queryFn: () => api.call((c) => c.notifications.watching({ params: { quote_id: quoteId } })),
    retry: false
  })
  const set = useMutation({
    mutationFn: (on: boolean) =>
      api.call((c) => c.notifications.watch({ params: { quote_id: quoteId }, payload: { watching: on } })),
    onSuccess: (answer) => queryClient.setQueryData(key, answer)
  })
  if (watching.data === undefined) return null
  const on = watching.data.watching
  return (
    <button
      type="button"
      className={controls.button}
      aria-pressed={on}
      title={on ? Notification.text.watching : Notification.text.watchHint}
      disabled={set.isPending}
      onClick={() => set.mutate(!on)}
    >
      {on ? Notification.text.unwatch : Notification.text.watch}
    </button>
  )
}
