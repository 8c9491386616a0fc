/**
 * The contact list's pages (100 rows each, from `GET /get/contacts`), as one infinite query keyed by the
 * filters, so 'Load more' appends the next page and a filter change starts again from page 1.
 */
import type * as Contact from "@quotekit/core/Contact"
import { useInfiniteQuery } from "@tanstack/react-query"
import { useApi } from "../api/client.ts"

/** The list filters kept in the address. */
export interface ContactFilters {
  readonly type: Contact.ContactType | undefined
  readonly search: string
  readonly archive: "current" | "archived"
}

/** Every query of the contacts screens starts with this key; invalidate it after a save, archive or merge. */
export const contactsKey = ["contacts"] as const

/** The paged list for the filters. */
export const useContactsPage = (filters: ContactFilters) => {
  const api = useApi()
  return useInfiniteQuery({
    queryKey: [...contactsKey, "list", filters],
    initialPageParam: 1,
    queryFn: ({ pageParam }) =>
      api.call((c) =>
        c.contacts.list({
          query: {
            ...(filters.type === undefined ? {} : { type: filters.type }),
            ...(filters.search.trim() === "" ? {} : { search: filters.search.trim() }),
            archive: filters.archive,
            page: pageParam,
            ...(pageParam === 1 ? { getCount: "1" as const } : {})
          }
        })
      ),
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined)
  })
}
