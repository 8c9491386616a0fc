import { assert } from "@effect/vitest"
import { describeBackends } from "@quotekit/pg/TestDatabase"
import * as Mailer from "@quotekit/server/auth/Mailer"
import * as Main from "@quotekit/server/main"
import * as EventBusLocal from "@quotekit/server/push/EventBusLocal"
import * as ServerConfig from "@quotekit/server/ServerConfig"
import { Effect, Layer } from "effect"
import { FetchHttpClient } from "effect/http"
import * as Quotekit from "../src/index.ts"

/** The real server on a free loopback port over the test database. */
const server = Main.layer.pipe(
  Layer.provide([
    ServerConfig.layer({ port: 0, host: "127.0.0.1", logRequests: false }),
    Mailer.layerMemory,
    EventBusLocal.layer
  ])
)

const client = Effect.flatMap(Main.url, (baseUrl) =>
  Quotekit.make({ baseUrl, cookies: "jar" }).pipe(Effect.provide(FetchHttpClient.layer))
)

const email = () => `sdk.${process.pid}.${Date.now()}.${Math.floor(Math.random() * 1e9)}@example.com`

describeBackends(
  "SDK against a running server",
  (it) => {
    it.effect(
      "creates an account, signs out, signs in and reads the account cache with cookies and anti-forgery handled",
      () =>
        Effect.gen(function* () {
          const api = yield* client
          const address = email()
          const created = yield* api.auth.createAccount({
            payload: {
              business_name: "SDK Works",
              your_name: "Sam Dev",
              email: address,
              password: "a long enough secret"
            }
          })
          assert.strictEqual(created.accounts[0]?.account_name, "SDK Works")
          const cache = yield* api.account.cacheAccount()
          assert.strictEqual(cache.account_signin.account_name, "SDK Works")
          assert.strictEqual(cache.account_signin.signin_id, created.signin_id)

          yield* api.auth.signOut()
          const gone = yield* Effect.flip(api.account.cacheAccount())
          assert.strictEqual(gone._tag, "SigninAgain")

          const wrong = yield* Effect.flip(api.auth.signIn({ payload: { email: address, password: "not the secret" } }))
          assert.strictEqual(wrong._tag, "InvalidInput")
          const state = yield* api.auth.signIn({ payload: { email: address, password: "a long enough secret" } })
          // Without two-factor the answer is the sign-in state (with it, a second step: docs/two-factor.md).
          assert.isFalse("two_factor" in state)
          assert.strictEqual("account_id" in state ? state.account_id : null, created.account_id)
          const again = yield* api.account.cacheAccount()
          assert.strictEqual(again.account_signin.account_id, created.account_id)
        })
    )

    it.effect("two clients keep separate sessions", () =>
      Effect.gen(function* () {
        const a = yield* client
        const b = yield* client
        yield* a.auth.createAccount({
          payload: { business_name: "Client A", your_name: "A", email: email(), password: "a long enough secret" }
        })
        yield* b.auth.createAccount({
          payload: { business_name: "Client B", your_name: "B", email: email(), password: "a long enough secret" }
        })
        assert.strictEqual((yield* a.account.cacheAccount()).account_signin.account_name, "Client A")
        assert.strictEqual((yield* b.account.cacheAccount()).account_signin.account_name, "Client B")
      })
    )

    it.effect("typed errors decode to the contract's classes", () =>
      Effect.gen(function* () {
        const api = yield* client
        const address = email()
        yield* api.auth.createAccount({
          payload: { business_name: "First", your_name: "First", email: address, password: "a long enough secret" }
        })
        const other = yield* client
        const taken = yield* Effect.flip(
          other.auth.createAccount({
            payload: { business_name: "Second", your_name: "Second", email: address, password: "a long enough secret" }
          })
        )
        assert.instanceOf(taken, Quotekit.ApiError.InvalidInput)
        if (taken instanceof Quotekit.ApiError.InvalidInput) assert.strictEqual(taken.form_errors[0]?.input_id, "email")
        yield* api.auth.signOut()
        const select = yield* Effect.flip(api.auth.whichAccount())
        assert.instanceOf(select, Quotekit.ApiError.SigninAgain)
      })
    )
  },
  { layer: server }
)
