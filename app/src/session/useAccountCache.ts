/**
 * The account cache as the shell and the quote list read it: the same `GET /get/cache-account` as `useAccount`,
 * fetched by the light reads (`WireClient`), with its decimals left as the wire's text, so these screens load no
 * Schema. Its key is under `accountKey`, so whatever makes the account stale makes this stale too. Screens that
 * need the account decoded (tax rates as decimals) use `useAccount`.
 *
 * @since 0.5.0
 */
import { useQuery } from "@tanstack/react-query"
import { type AccountCache, useWire } from "../api/WireClient.ts"
import { accountKey, retryTransient } from "./useAccount.ts"

/** The query key of the wire account cache (under `accountKey`). */
export const accountCacheKey = [...accountKey, "wire"] as const

/** The account cache query, as the wire carries it. */
export const useAccountCache = () => {
  const wire = useWire()
  return useQuery<AccountCache>({
    queryKey: accountCacheKey,
    queryFn: wire.cacheAccount,
    retry: retryTransient,
    staleTime: 600_000
  })
}
