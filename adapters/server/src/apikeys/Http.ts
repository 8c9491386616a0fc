/**
 * The API keys group's handlers: the account's keys, creating one (answered with the key, once) and revoking one.
 * Admins only (`requireAdmin`); the contract marks the group `SessionOnly`, so a key never reaches these.
 * Revoking a revoked key answers it as it is.
 *
 * @since 0.4.0
 */
import { Api } from "@quotekit/core/api/Api"
import { NotFound } from "@quotekit/core/api/ApiError"
import { CurrentAccount } from "@quotekit/core/api/Security"
import * as Message from "@quotekit/core/Message"
import { Clock, Effect, Option } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { requireAdmin } from "../settings/AdminOnly.ts"
import { create } from "./Create.ts"
import { ApiKeysRepo } from "./Repo.ts"

/** The API keys group's handlers. */
export const layer = HttpApiBuilder.group(
  Api,
  "apiKeys",
  Effect.fn(function* (handlers) {
    const repo = yield* ApiKeysRepo
    return handlers
      .handle("list", () =>
        Effect.gen(function* () {
          yield* requireAdmin
          return { keys: yield* repo.list((yield* CurrentAccount).account_id) }
        })
      )
      .handle("create", ({ payload }) =>
        Effect.gen(function* () {
          yield* requireAdmin
          return yield* create(yield* CurrentAccount, payload)
        }).pipe(Effect.provideService(ApiKeysRepo, repo))
      )
      .handle("revoke", ({ params }) =>
        Effect.gen(function* () {
          yield* requireAdmin
          const { account_id, signin_id } = yield* CurrentAccount
          const revoked = yield* repo.revoke(account_id, params.api_key_id, signin_id, yield* Clock.currentTimeMillis)
          return yield* Option.match(revoked, {
            onNone: () => Effect.fail(NotFound.answer(Message.apiKeyNotFound)),
            onSome: Effect.succeed
          })
        })
      )
  })
)
