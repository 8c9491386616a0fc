/**
 * The account's add-ons as the server lists them (`GET /get/add-ons`), shared by the add-ons page, the callback
 * page and the organisation picker, which refresh it after each change.
 */
import { useQuery } from "@tanstack/react-query"
import { useApi } from "../api/client.ts"

/** The query key of the add-ons list; everything under it is refreshed after a change. */
export const addOnsKey = ["settings", "add-ons"] as const

/** The add-ons list. */
export const useAddOns = () => {
  const api = useApi()
  return useQuery({ queryKey: addOnsKey, queryFn: () => api.call((c) => c.addons.list()) })
}
