import { assert } from "@effect/vitest"
import type { AccountId, SigninId } from "@quotekit/core/Account"
import { describeBackends, TestDatabase } from "@quotekit/pg/TestDatabase"
import { Context, Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import * as AccountCache from "../../src/account/Cache.ts"
import * as AccountRepo from "../../src/account/Repo.ts"
import * as AuthRepo from "../../src/auth/Repo.ts"
import * as EventBusLocal from "../../src/push/EventBusLocal.ts"
import * as EventBusPg from "../../src/push/EventBusPg.ts"

/** One server process's cache: its own repositories, its own bus connection. */
const processCache = Effect.gen(function* () {
  const db = yield* TestDatabase
  const bus = db.backend === "postgres" ? EventBusPg.layer(`events_${db.schema}`) : EventBusLocal.layer
  const ctx = yield* Layer.build(AccountCache.layer.pipe(Layer.provide([AccountRepo.layer, AuthRepo.layer, bus])))
  return Context.get(ctx, AccountCache.AccountCache)
})

const makeAccount = (name: string) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const [account] = yield* sql<{
      account_id: number
    }>`INSERT INTO accounts (name) VALUES (${name}) RETURNING account_id`
    const [signin] = yield* sql<{ signin_id: number }>`
      INSERT INTO signins (email, name_display) VALUES (${`${name.toLowerCase()}.${Date.now()}@example.com`}, ${name})
      RETURNING signin_id`
    yield* sql`INSERT INTO memberships (account_id, signin_id, is_admin, joined_at)
               VALUES (${account!.account_id}, ${signin!.signin_id}, true, now())`
    return { account_id: account!.account_id as AccountId, signin_id: signin!.signin_id as SigninId, is_admin: true }
  })

describeBackends("account cache", (it, backend) => {
  it.effect("serves cached rows, and fresh ones at once after an invalidation", () =>
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const cache = yield* processCache
      const tenant = yield* makeAccount("Cached")
      assert.strictEqual((yield* cache.get(tenant)).account_signin.taxWord, "tax")
      yield* sql`UPDATE accounts SET tax_word = 'GST' WHERE account_id = ${tenant.account_id}`
      // Within the TTL the cached row is served...
      assert.strictEqual((yield* cache.get(tenant)).account_signin.taxWord, "tax")
      // ...until the change is announced.
      yield* cache.invalidateAccount(tenant.account_id)
      assert.strictEqual((yield* cache.get(tenant)).account_signin.taxWord, "GST")
    }).pipe(Effect.scoped)
  )

  it.effect("an account's entry is never served for another account", () =>
    Effect.gen(function* () {
      const cache = yield* processCache
      const a = yield* makeAccount("Alpha")
      const b = yield* makeAccount("Beta")
      const [ca, cb] = yield* Effect.all([cache.get(a), cache.get(b)], { concurrency: 2 })
      assert.strictEqual(ca.account_signin.account_name, "Alpha")
      assert.strictEqual(cb.account_signin.account_name, "Beta")
      assert.deepStrictEqual(
        cb.signins.map((s) => s.signin_id),
        [b.signin_id]
      )
    }).pipe(Effect.scoped)
  )

  if (backend === "postgres") {
    it.effect("an invalidation in one server process reaches the others", () =>
      Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        const one = yield* processCache
        const two = yield* processCache
        const tenant = yield* makeAccount("Shared")
        assert.strictEqual((yield* two.get(tenant)).account_signin.taxWord, "tax")
        yield* sql`UPDATE accounts SET tax_word = 'VAT' WHERE account_id = ${tenant.account_id}`
        yield* one.invalidateAccount(tenant.account_id)
        // The notice travels through PostgreSQL; well within the 5 s TTL.
        let seen = "tax"
        for (let i = 0; i < 40 && seen !== "VAT"; i++) {
          yield* Effect.sleep("25 millis")
          seen = (yield* two.get(tenant)).account_signin.taxWord
        }
        assert.strictEqual(seen, "VAT")
      }).pipe(Effect.scoped)
    )
  }
})
