/**
 * A connection's tokens for a call: opened from their sealed form, refreshed first when fewer than five minutes
 * are left, by one process at a time under the connection's row lock (`TokenRefresh.fresh`). A refresh the
 * add-on refuses (`auth`: the access was revoked or the refresh token expired) marks the connection as needing
 * attention with the add-on's words, so the page asks to connect again. An access token the add-on refuses
 * before its time (revoked by a password change, a clock that drifted) is refreshed once and the call made again
 * (`withAccess`); only a second refusal means connecting again.
 *
 * @since 0.5.0
 */
import type { AccountingError, Tokens } from "@quotekit/addons/Accounting"
import * as Connection from "@quotekit/addons/Connection"
import type { OAuthService } from "@quotekit/addons/OAuthService"
import * as TokenRefresh from "@quotekit/addons/TokenRefresh"
import { Clock, Effect, Option } from "effect"
import { SqlClient } from "effect/sql"
import * as SecretBox from "../crypto/SecretBox.ts"
import { AddOnsRepo } from "./Repo.ts"

/** What refreshing needs of an add-on: its id and its refresh call (any OAuth 2 add-on). */
export type Refresher = Pick<OAuthService, "addonId" | "refresh">

/** Seal `tokens` for the account's connection to `addonId`. */
export const seal = (account: number, addonId: number, tokens: Tokens) =>
  Effect.map(SecretBox.SecretBox, (box) => Connection.seal(box, tokens, Connection.context(account, addonId)))

/** Open sealed tokens of the account's connection to `addonId`. */
export const open = (account: number, addonId: number, sealed: string | null) =>
  Effect.map(SecretBox.SecretBox, (box) =>
    sealed === null ? Option.none<Tokens>() : Connection.open(box, sealed, Connection.context(account, addonId))
  )

/**
 * Tokens good for a call to `accounting` for the account; `refused`: the access token the add-on just refused
 * (401) before its time, to be replaced (once, whichever process gets there first).
 */
export const fresh = (
  account: number,
  accounting: Refresher,
  refused?: string
): Effect.Effect<Tokens, AccountingError | TokenRefresh.NotConnected, SqlClient.SqlClient | AddOnsRepo> =>
  Effect.gen(function* () {
    const repo = yield* AddOnsRepo
    const sql = yield* SqlClient.SqlClient
    const id = accounting.addonId
    const readable = (c: Option.Option<{ readonly status: string; readonly credentials: string | null }>) =>
      Option.isSome(c) && c.value.status !== "disconnected"
        ? open(account, id, c.value.credentials)
        : Effect.succeed(Option.none<Tokens>())
    const store: TokenRefresh.TokenStore<never> = {
      current: Effect.flatMap(repo.connection(account, id), readable),
      withLock: (f) =>
        sql
          .withTransaction(
            Effect.gen(function* () {
              const locked = yield* Effect.flatMap(repo.lockConnection(account, id), readable)
              const got = yield* f(locked)
              if (got.save)
                yield* repo.setTokens(account, id, yield* seal(account, id, got.tokens), got.tokens.expires_at)
              return got.tokens
            })
          )
          .pipe(Effect.catchTag("SqlError", Effect.die))
    }
    return yield* TokenRefresh.fresh(store, accounting.refresh, yield* Clock.currentTimeMillis, refused).pipe(
      Effect.tapError((e) =>
        e._tag === "AddOnError" && e.kind === "auth" ? repo.setError(account, id, e.message) : Effect.void
      )
    )
  })

/**
 * Run `use` with fresh tokens; when the add-on refuses the access token (`auth`), refresh it once (unless another
 * process already did) and run `use` again with the new one.
 */
export const withAccess = <A>(
  account: number,
  accounting: Refresher,
  use: (tokens: Tokens) => Effect.Effect<A, AccountingError>
): Effect.Effect<A, AccountingError | TokenRefresh.NotConnected, SqlClient.SqlClient | AddOnsRepo> =>
  Effect.gen(function* () {
    const tokens = yield* fresh(account, accounting)
    return yield* use(tokens).pipe(
      Effect.catchIf(
        (e) => e.kind === "auth",
        () => Effect.flatMap(fresh(account, accounting, tokens.access_token), use)
      )
    )
  })
