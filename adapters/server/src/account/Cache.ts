/**
 * The server-side account cache behind `GET /get/cache-account`, which every screen asks for: the
 * account-wide rows are kept per `account_id`, the accounts of a sign-in per `signin_id`, each for
 * `TTL_MS`. Concurrent misses share one load. Code that changes those rows calls `invalidateAccount` /
 * `invalidateSignin`: the entry is dropped here at once and, through the event bus, in every other server
 * process sharing the database (the TTL only bounds staleness if a notice is lost).
 *
 * Keys are the tenant's own ids from the session, so one account's entry is never served to another.
 *
 * @since 0.1.0
 */
import type { AccountId, SigninId } from "@quotekit/core/Account"
import type { CacheAccount } from "@quotekit/core/api/AccountApi"
import { NotFound } from "@quotekit/core/api/ApiError"
import type { AccountChoice } from "@quotekit/core/api/AuthApi"
import type { Tenant } from "@quotekit/core/api/Security"
import * as EventBus from "@quotekit/core/EventBus"
import { Clock, Context, Effect, Layer, Option, Stream } from "effect"
import { AuthRepo } from "../auth/Repo.ts"
import * as CacheFigures from "../http/CacheFigures.ts"
import { AccountRepo, type AccountRows } from "./Repo.ts"

/** How long an entry is served before it is loaded again. */
export const TTL_MS = 5_000
/** Event topics telling every process to drop an entry. */
export const Topic = { account: "cache.account", signin: "cache.signin" } as const
/** Account id of notices about a sign-in (which spans accounts); no account has it, so no page receives them. */
const NO_ACCOUNT = 0 as AccountId
/** Most entries of each kind kept; the oldest are dropped beyond it. */
const MAX_ENTRIES = 10_000

/** The cache service. */
export class AccountCache extends Context.Service<
  AccountCache,
  {
    /** The account cache answer for a tenant; `NotFound` when the account is gone. */
    readonly get: (tenant: Tenant) => Effect.Effect<CacheAccount, NotFound>
    readonly invalidateAccount: (account: AccountId) => Effect.Effect<void>
    readonly invalidateSignin: (signin: SigninId) => Effect.Effect<void>
  }
>()("quotekit/server/AccountCache") {}

interface Entry<A> {
  readonly loadedAt: number
  readonly value: Effect.Effect<A>
}

/** A TTL map of memoised loads. */
const makeTtlMap = <K, A>(load: (key: K) => Effect.Effect<A>) => {
  const entries = new Map<K, Entry<A>>()
  return {
    size: () => entries.size,
    get: (key: K) =>
      Effect.flatMap(Clock.currentTimeMillis, (now) => {
        const hit = entries.get(key)
        if (hit !== undefined && now - hit.loadedAt < TTL_MS) return hit.value
        return Effect.flatMap(Effect.cached(load(key)), (value) => {
          if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as K)
          entries.set(key, { loadedAt: now, value })
          // A failed load is not kept: the next request tries again.
          return Effect.tapCause(value, () =>
            Effect.sync(() => entries.get(key)?.value === value && entries.delete(key))
          )
        })
      }),
    invalidate: (key: K) => Effect.sync(() => void entries.delete(key))
  }
}

/** The cache over the repositories. */
export const layer = Layer.effect(
  AccountCache,
  Effect.gen(function* () {
    const accounts = yield* AccountRepo
    const auth = yield* AuthRepo
    const bus = yield* EventBus.EventBus
    const byAccount = makeTtlMap<AccountId, Option.Option<AccountRows>>((id) => accounts.rows(id))
    const bySignin = makeTtlMap<SigninId, ReadonlyArray<AccountChoice>>((id) => auth.accountsOf(id))
    yield* CacheFigures.track("accounts", MAX_ENTRIES, byAccount.size)
    yield* CacheFigures.track("signin-accounts", MAX_ENTRIES, bySignin.size)

    // Notices from every process (this one's included) drop the named entry.
    yield* bus.all.pipe(
      Stream.runForEach((event) => {
        if (event.topic === Topic.account) return byAccount.invalidate(event.account_id)
        const signin = (event.payload as { readonly signin_id?: unknown } | null)?.signin_id
        if (event.topic === Topic.signin && typeof signin === "number") return bySignin.invalidate(signin as SigninId)
        return Effect.void
      }),
      Effect.forkScoped
    )
    const notify = (event: EventBus.AccountEvent) =>
      bus.publish(event).pipe(Effect.catchCause((cause) => Effect.logWarning("cache notice not sent", cause)))

    return AccountCache.of({
      get: (tenant) =>
        Effect.gen(function* () {
          const rows = yield* byAccount.get(tenant.account_id)
          if (Option.isNone(rows)) return yield* NotFound.answer()
          const { settings, ...lists } = rows.value
          return {
            account_signin: {
              ...settings,
              signin_id: tenant.signin_id,
              is_admin: tenant.is_admin,
              accounts: yield* bySignin.get(tenant.signin_id)
            },
            ...lists
          }
        }),
      invalidateAccount: (account) =>
        Effect.andThen(
          byAccount.invalidate(account),
          notify({ account_id: account, topic: Topic.account, payload: null })
        ),
      invalidateSignin: (signin) =>
        Effect.andThen(
          bySignin.invalidate(signin),
          notify({ account_id: NO_ACCOUNT, topic: Topic.signin, payload: { signin_id: signin } })
        )
    })
  })
)
