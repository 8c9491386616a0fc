import { createHash } from "node:crypto"
import { assert, describe, it } from "@effect/vitest"
import { Effect, Option, Semaphore } from "effect"
import type { Tokens } from "../src/Accounting.ts"
import * as Connection from "../src/Connection.ts"
import * as TokenRefresh from "../src/TokenRefresh.ts"
import * as FakeAccounting from "../src/testing/FakeAccounting.ts"

/** A box that "seals" by prefixing a hash of the context (enough to test binding). */
const box: Connection.Sealer = {
  seal: (plain, ctx) => `${createHash("sha256").update(ctx).digest("hex").slice(0, 8)}:${plain}`,
  open: (sealed, ctx) => {
    const prefix = `${createHash("sha256").update(ctx).digest("hex").slice(0, 8)}:`
    return sealed.startsWith(prefix) ? Option.some(sealed.slice(prefix.length)) : Option.none()
  }
}

/** A store over one variable, its lock a semaphore (as the row lock serialises processes). */
const store = (initial: Tokens) => {
  let sealed = Connection.seal(box, initial, "row")
  const lock = Semaphore.makeUnsafe(1)
  const current = Effect.sync(() => Connection.open(box, sealed, "row"))
  const s: TokenRefresh.TokenStore<never> = {
    current,
    withLock: (f) =>
      lock.withPermits(1)(
        Effect.gen(function* () {
          const got = yield* f(yield* current)
          if (got.save) sealed = Connection.seal(box, got.tokens, "row")
          return got.tokens
        })
      )
  }
  return s
}

describe("Connection and TokenRefresh", () => {
  it("tokens sealed for one row do not open for another", () => {
    const tokens = { access_token: "a", refresh_token: "r", expires_at: 1 }
    const sealed = Connection.seal(box, tokens, Connection.context(1, 1))
    assert.deepStrictEqual(Connection.open(box, sealed, Connection.context(1, 1)), Option.some(tokens))
    assert.isTrue(Option.isNone(Connection.open(box, sealed, Connection.context(2, 1))))
  })

  it("needs a refresh under five minutes left", () => {
    assert.isFalse(Connection.needsRefresh({ expires_at: 1_000_000 + 5 * 60_000 }, 1_000_000))
    assert.isTrue(Connection.needsRefresh({ expires_at: 1_000_000 + 5 * 60_000 - 1 }, 1_000_000))
  })

  it.effect("fresh tokens are used as they are; expiring ones are refreshed once by many callers at once", () =>
    Effect.gen(function* () {
      let clock = Date.now()
      const fake = FakeAccounting.make({ addonId: 1, now: () => clock })
      const connected = yield* fake.accounting.exchange({
        code: fake.code,
        codeVerifier: "v",
        redirectUri: "https://x.invalid/cb",
        params: new URLSearchParams()
      })
      const s = store(connected.tokens)
      assert.strictEqual((yield* TokenRefresh.fresh(s, fake.accounting.refresh, clock)).access_token, "access-1-1")
      assert.strictEqual(fake.refreshes(), 0)
      // Ten callers at a time 26 minutes later: one refresh, and all get the new token.
      clock += 26 * 60_000
      const later = clock
      const got = yield* Effect.forEach(
        Array.from({ length: 10 }, () => TokenRefresh.fresh(s, fake.accounting.refresh, later)),
        (e) => e,
        { concurrency: "unbounded" }
      )
      assert.strictEqual(fake.refreshes(), 1)
      assert.deepStrictEqual([...new Set(got.map((t) => t.access_token))], ["access-1-2"])
    })
  )

  it.effect("an access token refused before its time is refreshed once, however many callers saw the refusal", () =>
    Effect.gen(function* () {
      const clock = Date.now()
      const fake = FakeAccounting.make({ addonId: 1, now: () => clock })
      const connected = yield* fake.accounting.exchange({
        code: fake.code,
        codeVerifier: "v",
        redirectUri: "https://x.invalid/cb",
        params: new URLSearchParams()
      })
      const s = store(connected.tokens)
      const refused = connected.tokens.access_token
      const got = yield* Effect.forEach(
        Array.from({ length: 5 }, () => TokenRefresh.fresh(s, fake.accounting.refresh, clock, refused)),
        (e) => e,
        { concurrency: "unbounded" }
      )
      assert.strictEqual(fake.refreshes(), 1)
      assert.deepStrictEqual([...new Set(got.map((t) => t.access_token))], ["access-1-2"])
      // A token nobody refused is left alone.
      yield* TokenRefresh.fresh(s, fake.accounting.refresh, clock, "another")
      assert.strictEqual(fake.refreshes(), 1)
    })
  )
})
