import { assert } from "@effect/vitest"
import { describeBackends } from "@quotekit/pg/TestDatabase"
import * as Mailer from "@quotekit/server/auth/Mailer"
import * as Main from "@quotekit/server/main"
import * as EventBusLocal from "@quotekit/server/push/EventBusLocal"
import * as ServerConfig from "@quotekit/server/ServerConfig"
import { Effect, Layer, Redacted } from "effect"
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

const client = (options: Omit<Quotekit.Options, "baseUrl">) =>
  Effect.flatMap(Main.url, (baseUrl) =>
    Quotekit.make({ baseUrl, ...options }).pipe(Effect.provide(FetchHttpClient.layer))
  )

describeBackends(
  "SDK with an API key",
  (it) => {
    it.effect("a key signs every call in without a session; read keys only read; a revoked key is refused", () =>
      Effect.gen(function* () {
        const admin = yield* client({ cookies: "jar" })
        const created = yield* admin.auth.createAccount({
          payload: {
            business_name: "Keyed Works",
            your_name: "Kay Admin",
            email: `sdk.key.${process.pid}.${Date.now()}@example.com`,
            password: "a long enough secret"
          }
        })
        const write = yield* admin.apiKeys.create({ payload: { name: "Nightly sync", scope: "write" } })
        const read = yield* admin.apiKeys.create({ payload: { name: "Report", scope: "read" } })

        const program = yield* client({ apiKey: Redacted.make(write.secret) })
        const cache = yield* program.account.cacheAccount()
        assert.strictEqual(cache.account_signin.account_id, created.account_id)
        // A POST with no anti-forgery token: the key is enough.
        yield* program.reviews.markSeen()

        const reader = yield* client({ apiKey: read.secret })
        assert.strictEqual((yield* reader.reviews.list({ query: {} })).rows.length, 0)
        const denied = yield* Effect.flip(reader.reviews.markSeen())
        assert.instanceOf(denied, Quotekit.ApiError.AccessDenied)

        yield* admin.apiKeys.revoke({ params: { api_key_id: write.key.api_key_id } })
        const gone = yield* Effect.flip(program.account.cacheAccount())
        assert.instanceOf(gone, Quotekit.ApiError.SigninAgain)
      })
    )
  },
  { layer: server }
)
