/**
 * Signing a request in with an API key (`Authorization: Bearer qk_live_…`): the key must be well formed, live (not
 * revoked) and its creator still a member of its account; it then acts as that person in that account, with their
 * current admin flag, and carries its name and scope for the middleware (scope) and history (the actor's name).
 * Its last use is stamped at most once a minute. Unknown and revoked keys get the same 401.
 *
 * @since 0.4.0
 */
import * as ApiKey from "@quotekit/core/ApiKey"
import { SigninAgain } from "@quotekit/core/api/ApiError"
import { apiKeyBearer, type Signin } from "@quotekit/core/api/Security"
import * as Message from "@quotekit/core/Message"
import { Clock, Context, Effect, Layer, Option, Redacted } from "effect"
import { HttpServerRequest } from "effect/http"
import { HttpApiBuilder } from "effect/http-api"
import * as Token from "../auth/Token.ts"
import * as Repo from "./Repo.ts"

/** The API key sign-in service. */
export class ApiKeyAuth extends Context.Service<
  ApiKeyAuth,
  {
    /** The sign-in a key acts as (with `api_key` set), or `SigninAgain` for an unknown or revoked key. */
    readonly resolve: (key: string) => Effect.Effect<Signin & { readonly api_key: ApiKey.Actor }, SigninAgain>
  }
>()("quotekit/server/ApiKeyAuth") {}

/**
 * The key a request carries in `Authorization: Bearer`, or "" when it carries none: read exactly as the `SignedIn`
 * middleware's bearer scheme reads it, so the anti-forgery check and the sign-in agree on whether a key was sent.
 */
export const bearerKey: Effect.Effect<string, never, HttpServerRequest.HttpServerRequest> = Effect.map(
  HttpApiBuilder.securityDecode(apiKeyBearer).pipe(
    // The bearer scheme reads headers only; no search parameters are needed.
    Effect.provideService(HttpServerRequest.ParsedSearchParams, {})
  ),
  Redacted.value
)

/**
 * Why a key may not make a call, or undefined when it may: no key on a `SessionOnly` endpoint, a `read` key on
 * anything but GET.
 */
export const refusal = (scope: ApiKey.Scope, method: string, sessionOnly: boolean): string | undefined =>
  sessionOnly ? Message.apiKeyNeedsSession : ApiKey.allows(scope, method) ? undefined : Message.apiKeyReadOnly

/** The service over the repository and the `Clock`. */
export const layer = Layer.effect(
  ApiKeyAuth,
  Effect.gen(function* () {
    const repo = yield* Repo.ApiKeysRepo
    const invalid = SigninAgain.answer(Message.apiKeyInvalid)
    return ApiKeyAuth.of({
      resolve: (key) =>
        Effect.gen(function* () {
          if (!ApiKey.isWellFormed(key)) return yield* invalid
          const found = yield* repo.live(Token.hash(key))
          if (Option.isNone(found)) return yield* invalid
          const k = found.value
          const now = yield* Clock.currentTimeMillis
          if (ApiKey.needsTouch(k.last_used_ms, now)) yield* repo.touch(k.api_key_id, now)
          return {
            signin_id: k.created_by,
            // Names no session row, so nothing that ends "other sessions" can mistake it for one.
            session_id: `api-key:${k.api_key_id}`,
            account: { account_id: k.account_id, is_admin: k.is_admin },
            api_key: { api_key_id: k.api_key_id, name: k.name, scope: k.scope }
          }
        })
    })
  })
).pipe(Layer.provideMerge(Repo.layer))
