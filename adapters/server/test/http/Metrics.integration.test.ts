import { assert, describe as plainDescribe, it as plainIt } from "@effect/vitest"
import { describeBackends } from "@quotekit/pg/TestDatabase"
import { Effect, Redacted } from "effect"
import { routeOf } from "../../src/http/Metrics.ts"
import { layer, TestServer } from "../Harness.ts"

const TOKEN = "metrics-token-of-the-test-1234"

const get = (url: string, headers: Record<string, string> = {}) =>
  Effect.promise(async () => {
    const res = await fetch(url, { headers })
    return { status: res.status, type: res.headers.get("content-type") ?? "", text: await res.text() }
  })

plainDescribe("metric routes", () => {
  plainIt("fold ids, tokens and asset names so the series stay few", () => {
    assert.strictEqual(routeOf("/get/quote-overview/123"), "/get/quote-overview/:id")
    assert.strictEqual(routeOf("/q/3azYodVbEN6kBC-D4R7XqAHp8RmTQdX3poIohltf9UI"), "/q/:token")
    assert.strictEqual(routeOf("/assets/main-DbOxKXaQ.js"), "/assets/*")
    assert.strictEqual(routeOf("/sign-in/invitation/abcdefghijklmnopqrstuvwxyz0123"), "/sign-in/invitation/:token")
    assert.strictEqual(routeOf("/"), "/")
  })
})

describeBackends(
  "metrics",
  (it) => {
    it.effect(
      "are served to the bearer of the token only, in Prometheus format, with requests, database and email queue",
      () =>
        Effect.gen(function* () {
          const { url } = yield* TestServer
          yield* get(`${url}/api/health`)
          yield* get(`${url}/get/quote-overview/42`, { accept: "application/json" })
          assert.strictEqual((yield* get(`${url}/metrics`)).status, 401)
          assert.strictEqual(
            (yield* get(`${url}/metrics`, { authorization: "Bearer wrong-token-wrong-token" })).status,
            401
          )
          const scrape = yield* get(`${url}/metrics`, { authorization: `Bearer ${TOKEN}` })
          assert.strictEqual(scrape.status, 200)
          assert.include(scrape.type, "text/plain")
          assert.match(
            scrape.text,
            /quotekit_http_request_duration_seconds_count\{method="GET",route="\/api\/health",status="200"\} [1-9]/
          )
          assert.match(scrape.text, /route="\/get\/quote-overview\/:id",status="401"/)
          assert.match(scrape.text, /^quotekit_database_up 1$/m)
          assert.match(scrape.text, /^quotekit_email_queue\{state="waiting"\} 0$/m)
          assert.match(scrape.text, /^quotekit_process_resident_memory_bytes \d+/m)
          // The caches' fill and bounds (this request's session is in the session cache).
          assert.match(scrape.text, /^quotekit_cache_max_entries\{cache="sessions"\} [1-9]\d*$/m)
          assert.match(scrape.text, /^quotekit_cache_max_entries\{cache="quote-lists"\} [1-9]\d*$/m)
          assert.match(scrape.text, /^quotekit_cache_entries\{cache="accounts"\} \d+$/m)
        })
    )
  },
  { layer: layer({ metricsToken: Redacted.make(TOKEN) }), only: ["pglite"] }
)

describeBackends(
  "metrics without a token",
  (it) => {
    it.effect("do not exist", () =>
      Effect.gen(function* () {
        const { url } = yield* TestServer
        const answer = yield* get(`${url}/metrics`, { accept: "application/json" })
        assert.strictEqual(answer.status, 404)
      })
    )
  },
  { layer: layer(), only: ["pglite"] }
)
