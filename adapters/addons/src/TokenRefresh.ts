/**
 * Tokens fresh enough to use, refreshed by one process at a time. Every caller reads the stored tokens; one
 * with less than five minutes left takes the connection's row lock (`TokenStore.withLock`: `SELECT … FOR UPDATE`
 * in a transaction), reads them again under it, and refreshes only if no other process did meanwhile. So a
 * burst of calls across any number of server processes spends a refresh token once (Xero and QuickBooks rotate
 * it: a second use of the old one fails and would end the connection).
 *
 * @example
 * const tokens = yield* TokenRefresh.fresh(store, accounting.refresh, yield* Clock.currentTimeMillis)
 *
 * @since 0.5.0
 */
import { Effect, Option, Schema } from "effect"
import type { AddOnError as AccountingError } from "./AddOnError.ts"
import * as Connection from "./Connection.ts"
import type { Tokens } from "./OAuthService.ts"

/** The connection has no tokens (never connected, disconnected, or sealed under another key). */
export class NotConnected extends Schema.TaggedError<NotConnected>()("NotConnected", {}) {}

/** Where a connection's tokens are kept; the server implements it over its connection row. */
export interface TokenStore<R> {
  /** The stored tokens, read without a lock. */
  readonly current: Effect.Effect<Option.Option<Tokens>, never, R>
  /**
   * Run `f` on the tokens with the row locked until it ends; store what it answers in `save` (in the same
   * transaction).
   */
  readonly withLock: <E>(
    f: (tokens: Option.Option<Tokens>) => Effect.Effect<{ readonly tokens: Tokens; readonly save: boolean }, E>
  ) => Effect.Effect<Tokens, E, R>
}

/**
 * Tokens valid for at least five more minutes at `nowMs`, refreshed through `refresh` when needed. `refused`: an
 * access token the add-on just refused (401) before its time was up; it is refreshed too, unless another process
 * already replaced it (then the replacement is used, and the refresh token is not spent twice).
 */
export const fresh = <R>(
  store: TokenStore<R>,
  refresh: (tokens: Tokens) => Effect.Effect<Tokens, AccountingError>,
  nowMs: number,
  refused?: string
): Effect.Effect<Tokens, AccountingError | NotConnected, R> =>
  Effect.gen(function* () {
    const stale = (tokens: Tokens) => Connection.needsRefresh(tokens, nowMs) || tokens.access_token === refused
    const current = yield* store.current
    if (Option.isNone(current)) return yield* new NotConnected()
    if (!stale(current.value)) return current.value
    return yield* store.withLock(
      (locked): Effect.Effect<{ readonly tokens: Tokens; readonly save: boolean }, AccountingError | NotConnected> => {
        if (Option.isNone(locked)) return Effect.fail(new NotConnected())
        // Another process may have refreshed while this one waited for the lock.
        if (!stale(locked.value)) return Effect.succeed({ tokens: locked.value, save: false })
        return Effect.map(refresh(locked.value), (tokens) => ({ tokens, save: true }))
      }
    )
  })
