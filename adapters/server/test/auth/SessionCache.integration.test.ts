import { assert } from "@effect/vitest"
import type { AccountId, SigninId } from "@quotekit/core/Account"
import { describeBackends, TestDatabase } from "@quotekit/pg/TestDatabase"
import { Context, Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"
import { TestClock } from "effect/testing"
import * as AccountCache from "../../src/account/Cache.ts"
import * as AccountRepo from "../../src/account/Repo.ts"
import * as AuthRepo from "../../src/auth/Repo.ts"
import * as SessionCache from "../../src/auth/SessionCache.ts"
import * as Token from "../../src/auth/Token.ts"
import * as EventBusLocal from "../../src/push/EventBusLocal.ts"
import * as EventBusPg from "../../src/push/EventBusPg.ts"

/** One server process: its own bus connection, its cached repository and its account cache. */
const serverProcess = Effect.gen(function* () {
  const db = yield* TestDatabase
  const bus = db.backend === "postgres" ? EventBusPg.layer(`events_${db.schema}`) : EventBusLocal.layer
  const repo = SessionCache.layer.pipe(Layer.provide(AuthRepo.layer))
  const ctx = yield* Layer.build(
    Layer.mergeAll(repo, AccountCache.layer.pipe(Layer.provide([AccountRepo.layer, repo]))).pipe(
      Layer.provideMerge(bus)
    )
  )
  return { repo: Context.get(ctx, AuthRepo.AuthRepo), cache: Context.get(ctx, AccountCache.AccountCache) }
})

let serial = 0
/** A sign-in with a member account and `n` sessions; answers the sign-in and the sessions' token hashes. */
const signinWithSessions = (n: number) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const raw = yield* Effect.provide(Effect.service(AuthRepo.AuthRepo), AuthRepo.layer)
    serial += 1
    const [account] = yield* sql<{ account_id: number }>`
      INSERT INTO accounts (name) VALUES ('Sessions') RETURNING account_id`
    const [signin] = yield* sql<{ signin_id: number }>`
      INSERT INTO signins (email, name_display)
      VALUES (${`sessions.${serial}.${Date.now()}@example.com`}, 'Sam') RETURNING signin_id`
    yield* sql`INSERT INTO memberships (account_id, signin_id, is_admin, joined_at)
               VALUES (${account!.account_id}, ${signin!.signin_id}, true, now())`
    const hashes = Array.from({ length: n }, () => Token.hash(Token.generate()))
    for (const token_hash of hashes) {
      yield* raw.insertSession({
        token_hash,
        signin_id: signin!.signin_id as SigninId,
        account_id: account!.account_id as AccountId,
        at: Date.now(),
        expires_at: Date.now() + 86_400_000,
        address: "127.0.0.1",
        user_agent: null
      })
    }
    return { signin_id: signin!.signin_id as SigninId, account_id: account!.account_id as AccountId, hashes }
  })

/** Whether the repository finds the session now. */
const finds = (repo: AuthRepo.AuthRepo["Service"], hash: string) =>
  Effect.map(repo.sessionByTokenHash(hash), Option.isSome)

/** Poll until `check` holds (the notice travels through PostgreSQL); answers whether it did within 2 s. */
const eventually = (check: Effect.Effect<boolean>) =>
  Effect.gen(function* () {
    for (let i = 0; i < 80; i++) {
      if (yield* check) return true
      yield* Effect.sleep("25 millis")
    }
    return false
  })

describeBackends("session cache", (it, backend) => {
  it.effect("answers a session from memory within the TTL and reads it again after", () =>
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const { repo } = yield* serverProcess
      const { hashes } = yield* signinWithSessions(1)
      const hash = hashes[0]!
      assert.isTrue(yield* finds(repo, hash))
      // Gone from the table behind the repository's back: still answered from memory...
      yield* sql`DELETE FROM sessions WHERE token_hash = ${hash}`
      assert.isTrue(yield* finds(repo, hash))
      yield* TestClock.adjust(SessionCache.TTL_MS - 1)
      assert.isTrue(yield* finds(repo, hash))
      // ...but never longer than the TTL.
      yield* TestClock.adjust(1)
      assert.isFalse(yield* finds(repo, hash))
    }).pipe(Effect.provide(TestClock.layer()), Effect.scoped)
  )

  it.effect("signing out, choosing an account and ending all sessions of a sign-in are seen at once", () =>
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const { repo } = yield* serverProcess
      const { signin_id, account_id, hashes } = yield* signinWithSessions(3)
      for (const hash of hashes) assert.isTrue(yield* finds(repo, hash))

      yield* repo.deleteSession(hashes[0]!)
      assert.isFalse(yield* finds(repo, hashes[0]!))

      const [other] = yield* sql<{
        account_id: number
      }>`INSERT INTO accounts (name) VALUES ('Other') RETURNING account_id`
      yield* sql`INSERT INTO memberships (account_id, signin_id, is_admin, joined_at)
                 VALUES (${other!.account_id}, ${signin_id}, false, now())`
      yield* repo.chooseAccount(hashes[1]!, other!.account_id as AccountId)
      const chosen = yield* repo.sessionByTokenHash(hashes[1]!)
      assert.deepStrictEqual(
        Option.map(chosen, (s) => s.account),
        Option.some({ account_id: other!.account_id as AccountId, is_admin: false })
      )
      assert.notStrictEqual(other!.account_id, account_id)

      yield* repo.deleteSessionsOf(signin_id)
      assert.isFalse(yield* finds(repo, hashes[1]!))
      assert.isFalse(yield* finds(repo, hashes[2]!))
    }).pipe(Effect.scoped)
  )

  it.effect("a touch updates the kept session, so the next request does not touch it again", () =>
    Effect.gen(function* () {
      const { repo } = yield* serverProcess
      const { hashes } = yield* signinWithSessions(1)
      const hash = hashes[0]!
      yield* repo.sessionByTokenHash(hash)
      const at = Date.now() + 60_000
      yield* repo.touchSession(hash, at)
      const kept = yield* repo.sessionByTokenHash(hash)
      assert.strictEqual(Option.map(kept, (s) => s.last_seen_at).pipe(Option.getOrUndefined), at)
    }).pipe(Effect.scoped)
  )

  if (backend === "postgres") {
    it.effect("a sign-out in one server process ends the session in the others", () =>
      Effect.gen(function* () {
        const one = yield* serverProcess
        const two = yield* serverProcess
        const { signin_id, hashes } = yield* signinWithSessions(2)
        for (const hash of hashes) assert.isTrue(yield* finds(two.repo, hash))
        yield* one.repo.deleteSession(hashes[0]!)
        assert.isTrue(yield* eventually(Effect.map(finds(two.repo, hashes[0]!), (found) => !found)))
        // A change to the sign-in's memberships (the account cache's notice) drops its sessions everywhere too.
        const sql = yield* SqlClient.SqlClient
        yield* sql`UPDATE memberships SET is_admin = false WHERE signin_id = ${signin_id}`
        yield* one.cache.invalidateSignin(signin_id)
        assert.isTrue(
          yield* eventually(
            Effect.map(two.repo.sessionByTokenHash(hashes[1]!), (s) =>
              Option.exists(s, (r) => r.account?.is_admin === false)
            )
          )
        )
      }).pipe(Effect.scoped)
    )
  }
})
