/**
 * The account group's handlers: `GET /get/cache-account` for the session's tenant.
 *
 * @since 0.1.0
 */
import { Api } from "@quotekit/core/api/Api"
import { CurrentAccount } from "@quotekit/core/api/Security"
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { AccountCache } from "./Cache.ts"

/** The account group's handlers. */
export const layer = HttpApiBuilder.group(
  Api,
  "account",
  Effect.fn(function* (handlers) {
    const cache = yield* AccountCache
    return handlers.handle("cacheAccount", () => Effect.flatMap(CurrentAccount, cache.get))
  })
)
