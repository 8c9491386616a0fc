/**
 * The chosen account's cache (`GET /get/cache-account`): settings, taxes, categories, team and templates.
 * Every screen of the signed-in app reads it through this query; a missing session surfaces as a
 * `signinAgain` failure (the overlay opens), an unchosen account as `chooseAccount`.
 */
import type * as AccountApi from "@quotekit/core/api/AccountApi"
import { useQuery } from "@tanstack/react-query"
import { isFailure, useApi } from "../api/client.ts"

/** The query key of the account cache; invalidate it after sign-in, account switch or sign-out. */
export const accountKey = ["account"] as const

/** Retry only failures that may pass (network, server), twice. */
export const retryTransient = (count: number, error: unknown): boolean =>
  count < 2 && (isFailure(error, "network") || isFailure(error, "server"))

/** The account cache query. */
export const useAccount = () => {
  const api = useApi()
  return useQuery<AccountApi.CacheAccount>({
    queryKey: accountKey,
    queryFn: api.cacheAccount,
    retry: retryTransient,
    staleTime: 600_000
  })
}
