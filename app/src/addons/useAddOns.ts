/**
 * The account's add-ons as the server lists them (`GET /get/add-ons`), shared by the add-ons page, the callback
 * page and the organisation picker, which refresh it after each change, and by the contact searches, which ask
 * the CRMs only when one is connected.
 */

import type { AddOnList } from "@quotekit/core/api/AddOnsApi"
import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query"
import { type ApiClient, useApi } from "../api/client.ts"

/** The query key of the add-ons list; everything under it is refreshed after a change. */
export const addOnsKey = ["settings", "add-ons"] as const

/** How the add-ons list is read. */
const addOnsQuery = (api: ApiClient) =>
  queryOptions({ queryKey: addOnsKey, queryFn: () => api.call((c) => c.addons.list()) })

/** How long the contact searches trust the list they have (a minute between screens). */
const CRM_STALE_MS = 60_000

/** The add-ons list. */
export const useAddOns = () => useQuery(addOnsQuery(useApi()))

/** Whether a CRM is connected (working or needing attention): the server searches only those (`crm/Lookup`). */
export const crmConnected = (list: AddOnList): boolean =>
  list.addons.some((a) => a.kind === "crm" && (a.state === "connected" || a.state === "error"))

/**
 * Whether the contact searches should ask the connected CRMs too: false until the list is known, so an account
 * with none never sends their look-up. Read from the add-ons list, kept a minute between screens.
 */
export const useCrmConnected = (): boolean => {
  const { data } = useQuery({ ...addOnsQuery(useApi()), staleTime: CRM_STALE_MS, select: crmConnected })
  return data === true
}

/**
 * The same answer for a search made outside a query (the contact form's company completer): waits for the list
 * when it has not arrived yet, so text typed before it loads still asks the connected CRMs.
 */
export const useCrmConnectedCheck = (): (() => Promise<boolean>) => {
  const query = addOnsQuery(useApi())
  const queryClient = useQueryClient()
  return () => queryClient.ensureQueryData({ ...query, staleTime: CRM_STALE_MS }).then(crmConnected, () => false)
}
