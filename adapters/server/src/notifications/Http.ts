/**
 * The notifications group's handlers: the signed-in member's own list, marking read, their choices, and watching
 * a quote of the chosen account.
 *
 * @since 0.5.0
 */
import { Api } from "@quotekit/core/api/Api"
import { NotFound } from "@quotekit/core/api/ApiError"
import { LIST_LIMIT } from "@quotekit/core/api/NotificationsApi"
import { CurrentAccount } from "@quotekit/core/api/Security"
import { Clock, Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { NotificationsRepo } from "./Repo.ts"

/** The group's handlers. */
export const layer = HttpApiBuilder.group(
  Api,
  "notifications",
  Effect.fn(function* (handlers) {
    const repo = yield* NotificationsRepo

    /** The quote of the path when it is the account's, with the member; 404 otherwise. */
    const quoteOf = (quoteId: number) =>
      Effect.gen(function* () {
        const tenant = yield* CurrentAccount
        if (!(yield* repo.quoteExists(tenant.account_id, quoteId))) return yield* NotFound.answer()
        return tenant
      })

    return handlers
      .handle("list", () => Effect.flatMap(CurrentAccount, (t) => repo.list(t.account_id, t.signin_id, LIST_LIMIT)))
      .handle("markRead", ({ payload }) =>
        Effect.gen(function* () {
          const t = yield* CurrentAccount
          yield* repo.markRead(t.account_id, t.signin_id, payload.ids, yield* Clock.currentTimeMillis)
          return yield* repo.list(t.account_id, t.signin_id, LIST_LIMIT)
        })
      )
      .handle("settings", () => Effect.flatMap(CurrentAccount, (t) => repo.preferences(t.account_id, t.signin_id)))
      .handle("saveSettings", ({ payload }) =>
        Effect.gen(function* () {
          const t = yield* CurrentAccount
          yield* repo.savePreferences(t.account_id, t.signin_id, payload, yield* Clock.currentTimeMillis)
          return yield* repo.preferences(t.account_id, t.signin_id)
        })
      )
      .handle("watching", ({ params }) =>
        Effect.gen(function* () {
          const t = yield* quoteOf(params.quote_id)
          return { watching: yield* repo.watching(t.account_id, t.signin_id, params.quote_id) }
        })
      )
      .handle("watch", ({ params, payload }) =>
        Effect.gen(function* () {
          const t = yield* quoteOf(params.quote_id)
          const at = yield* Clock.currentTimeMillis
          yield* repo.setWatching(t.account_id, t.signin_id, params.quote_id, payload.watching, at)
          return { watching: yield* repo.watching(t.account_id, t.signin_id, params.quote_id) }
        })
      )
  })
)
