/**
 * Sessions kept in memory for a few seconds: every request of a signed-in user resolves its cookie, and without
 * this each one would first wait for a database round trip to find the same row it found a moment ago.
 *
 * A decorator of `AuthRepo`: `sessionByTokenHash` answers from memory for up to `TTL_MS`; whatever ends or
 * changes a session through the repository (sign out, choosing an account, a password reset or change ending the
 * sessions of a sign-in) drops the entries here at once and, through the event bus, in every other server process sharing
 * the database. Touches update the kept copy, so a busy session is not touched again on every request. The TTL
 * only bounds how long a change made outside the repository, or a lost notice, can go unseen.
 *
 * Keys are SHA-256 hashes of the cookie's token (the `sessions` table's own key), never the token.
 *
 * @since 0.1.0
 */
import type { AccountId, SigninId } from "@quotekit/core/Account"
import * as EventBus from "@quotekit/core/EventBus"
import { Clock, Effect, Layer, Option, Stream } from "effect"
import * as AccountCache from "../account/Cache.ts"
import * as CacheFigures from "../http/CacheFigures.ts"
import { AuthRepo, type SessionRecord } from "./Repo.ts"

/** How long a session row is answered from memory. */
export const TTL_MS = 5_000
/** Most sessions kept; the oldest are dropped beyond it. */
const MAX_ENTRIES = 20_000
/** Event topic telling every process to drop sessions: one (`token_hash`) or all of a sign-in (`signin_id`). */
export const Topic = "cache.session"
/** Notices about sessions belong to no account, so no page's subscription receives them. */
const NO_ACCOUNT = 0 as AccountId

interface Entry {
  readonly at: number
  readonly record: SessionRecord
}

type Notice = { readonly token_hash: string } | { readonly signin_id: number }

/** `AuthRepo` with its session reads answered from memory; needs the plain `AuthRepo` and the `EventBus`. */
export const layer = Layer.effect(
  AuthRepo,
  Effect.gen(function* () {
    const repo = yield* AuthRepo
    const bus = yield* EventBus.EventBus
    const entries = new Map<string, Entry>()
    yield* CacheFigures.track("sessions", MAX_ENTRIES, () => entries.size)

    const drop = (notice: Notice) =>
      Effect.sync(() => {
        if ("token_hash" in notice) entries.delete(notice.token_hash)
        else for (const [key, e] of entries) if (e.record.signin_id === notice.signin_id) entries.delete(key)
      })
    const notify = (notice: Notice) =>
      bus
        .publish({ account_id: NO_ACCOUNT, topic: Topic, payload: notice })
        .pipe(Effect.catchCause((cause) => Effect.logWarning("session notice not sent", cause)))
    // Drop here first (this request's next read must not see the old row), then tell every process.
    const dropEverywhere = (notice: Notice) => Effect.andThen(drop(notice), notify(notice))

    yield* bus.all.pipe(
      Stream.runForEach((event) => {
        // A sign-in's memberships changed (the account cache's notice): its sessions' rows name them.
        const ours = event.topic === Topic || event.topic === AccountCache.Topic.signin
        if (!ours || typeof event.payload !== "object" || event.payload === null) return Effect.void
        const p = event.payload as Record<string, unknown>
        if (typeof p.token_hash === "string") return drop({ token_hash: p.token_hash })
        if (typeof p.signin_id === "number") return drop({ signin_id: p.signin_id })
        return Effect.void
      }),
      Effect.forkScoped
    )

    return AuthRepo.of({
      ...repo,
      sessionByTokenHash: (tokenHash) =>
        Effect.flatMap(Clock.currentTimeMillis, (now) => {
          const hit = entries.get(tokenHash)
          if (hit !== undefined && now - hit.at < TTL_MS) return Effect.succeed(Option.some(hit.record))
          return Effect.tap(repo.sessionByTokenHash(tokenHash), (found) =>
            Effect.sync(() => {
              entries.delete(tokenHash)
              if (Option.isNone(found)) return
              if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string)
              entries.set(tokenHash, { at: now, record: found.value })
            })
          )
        }),
      touchSession: (sessionId, at) =>
        Effect.tap(repo.touchSession(sessionId, at), () =>
          Effect.sync(() => {
            const hit = entries.get(sessionId)
            if (hit !== undefined) entries.set(sessionId, { ...hit, record: { ...hit.record, last_seen_at: at } })
          })
        ),
      chooseAccount: (sessionId, account) =>
        Effect.andThen(repo.chooseAccount(sessionId, account), dropEverywhere({ token_hash: sessionId })),
      deleteSession: (sessionId) =>
        Effect.andThen(repo.deleteSession(sessionId), dropEverywhere({ token_hash: sessionId })),
      deleteSessionsOf: (signin: SigninId) =>
        Effect.andThen(repo.deleteSessionsOf(signin), dropEverywhere({ signin_id: signin })),
      // The kept session is dropped too; its next request reads it again.
      deleteOtherSessionsOf: (signin: SigninId, keep: string) =>
        Effect.andThen(repo.deleteOtherSessionsOf(signin, keep), dropEverywhere({ signin_id: signin }))
    })
  })
)
