/**
 * A call to a connected CRM or Mailchimp with the account's tokens: OAuth 2 add-ons (Capsule, Mailchimp) through
 * the framework's refresh (`addons/Tokens.withAccess`); API-token add-ons (Highrise, Insightly) with the token as
 * it was pasted, which is never refreshed. A refusal of the access (`auth`) marks the connection as needing
 * attention with the add-on's words, so Settings → Add-ons asks for a new token or a new connection. Every call
 * is bounded by `CALL_MS`.
 *
 * @since 0.5.0
 */
import { AddOnError } from "@quotekit/addons/AddOnError"
import type { Tokens as AccessTokens, OAuthService } from "@quotekit/addons/OAuthService"
import { NotConnected } from "@quotekit/addons/TokenRefresh"
import { Duration, Effect, Option } from "effect"
import { AddOnsRepo } from "../addons/Repo.ts"
import * as Tokens from "../addons/Tokens.ts"

/** The longest one call (with its retries) may take before it counts as unavailable. */
export const CALL_MS = 20_000

/** How an add-on's tokens are had: refreshed (OAuth 2) or as pasted (an API token). */
export type Refreshing = { readonly connects: "oauth2" } & Pick<OAuthService, "addonId" | "refresh">
/** An API-token add-on. */
export type AsPasted = { readonly connects: "api-token"; readonly addonId: number }

/** Run `use` with the account's tokens for `service`. */
export const withTokens = <A>(
  account: number,
  service: Refreshing | AsPasted,
  use: (tokens: AccessTokens) => Effect.Effect<A, AddOnError>
) =>
  Effect.gen(function* () {
    const repo = yield* AddOnsRepo
    const id = service.addonId
    const call =
      service.connects === "oauth2"
        ? Tokens.withAccess(account, service, use)
        : Effect.gen(function* () {
            const c = yield* repo.connection(account, id)
            if (Option.isNone(c) || c.value.status === "disconnected") return yield* new NotConnected()
            const tokens = yield* Tokens.open(account, id, c.value.credentials)
            if (Option.isNone(tokens)) return yield* new NotConnected()
            return yield* use(tokens.value).pipe(
              Effect.tapError((e) => (e.kind === "auth" ? repo.setError(account, id, e.message) : Effect.void))
            )
          })
    return yield* call.pipe(
      Effect.timeoutOrElse({
        duration: Duration.millis(CALL_MS),
        orElse: () => Effect.fail(new AddOnError({ kind: "unavailable", message: "" }))
      })
    )
  })
