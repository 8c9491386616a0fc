/**
 * The spec's page refresh rules for the signed-in app: after 15 minutes in the foreground, or on becoming visible
 * after 10 s hidden, the page's data is fetched again. Not a reload: the query caches are made stale
 * (`refreshPageData`), so what is on screen refetches and nothing being typed is lost; the queries that seed a form
 * (the editor's draft, the email composer, the item, contact and settings forms) are left alone.
 */
import { type QueryClient, type QueryKey, useQueryClient } from "@tanstack/react-query"
import { useEffect } from "react"

/** How long the page may stay in the foreground before its data is fetched again. */
export const FOREGROUND_REFRESH_MS = 15 * 60_000
/** A page hidden at least this long fetches its data again when shown. */
export const HIDDEN_REFRESH_MS = 10_000

/** Key prefixes of queries that seed a form (refetching them would reset what is being typed). */
const formSources: ReadonlyArray<QueryKey> = [
  ["editor"],
  ["quotes", "composer"],
  ["content", "items", "edit"],
  ["contacts", "form"],
  ["settings"],
  ["invoices", "settings"]
]

/** Whether a query seeds a form, so refreshing everything leaves it alone. */
export const holdsEdits = (queryKey: QueryKey): boolean =>
  formSources.some((prefix) => prefix.every((part, i) => queryKey[i] === part))

/** Make every cache stale but the forms' sources; what is on screen refetches. Also what a push reset does. */
export const refreshPageData = (queryClient: QueryClient): Promise<void> =>
  queryClient.invalidateQueries({ predicate: (query) => !holdsEdits(query.queryKey) })

/** Apply the refresh rules while mounted (the signed-in shell). */
export const usePageRefresh = (): void => {
  const queryClient = useQueryClient()
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined
    let hiddenAt = document.visibilityState === "hidden" ? Date.now() : undefined
    const arm = () => {
      clearTimeout(timer)
      timer = document.visibilityState === "hidden" ? undefined : setTimeout(refresh, FOREGROUND_REFRESH_MS)
    }
    const refresh = () => {
      void refreshPageData(queryClient)
      arm()
    }
    const onVisibility = () => {
      if (document.visibilityState === "hidden") {
        hiddenAt ??= Date.now()
        clearTimeout(timer)
        timer = undefined
        return
      }
      const away = hiddenAt === undefined ? 0 : Date.now() - hiddenAt
      hiddenAt = undefined
      if (away >= HIDDEN_REFRESH_MS) refresh()
      else arm()
    }
    arm()
    document.addEventListener("visibilitychange", onVisibility)
    return () => {
      clearTimeout(timer)
      document.removeEventListener("visibilitychange", onVisibility)
    }
  }, [queryClient])
}
