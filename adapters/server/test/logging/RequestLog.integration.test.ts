import { assert, describe, it as unit } from "@effect/vitest"
import { describeBackends } from "@quotekit/pg/TestDatabase"
import { Effect, Layer, Logger } from "effect"
import fc from "fast-check"
import * as Token from "../../src/auth/Token.ts"
import { pathForLog } from "../../src/logging/RequestLog.ts"
import { browser, layer, newAccount } from "../Harness.ts"

describe("RequestLog.pathForLog", () => {
  unit("writes every token-like segment as :token, keeps ids, the API's words and asset names, drops the query", () => {
    assert.strictEqual(pathForLog("/get/quote-overview/123?x=1"), "/get/quote-overview/123")
    assert.strictEqual(
      pathForLog("/assets/NotificationPanel-BxYz1234abcd.js"),
      "/assets/NotificationPanel-BxYz1234abcd.js"
    )
    assert.strictEqual(pathForLog("/files/12/Quote-1042-Bathroom.pdf"), "/files/12/Quote-1042-Bathroom.pdf")
    // The API's own long words are not tokens.
    assert.strictEqual(pathForLog("/post/webhook-endpoint-delete/12"), "/post/webhook-endpoint-delete/12")
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom("q", "api", "sign-in", "invitation", "pdf", "42"), { maxLength: 3 }),
        (words) => {
          const token = Token.generate()
          const path = `/${[...words, token, ...words].join("/")}`
          const logged = pathForLog(`${path}?t=${token}#${token}`)
          return !logged.includes(token) && logged === `/${[...words, ":token", ...words].join("/")}`
        }
      )
    )
  })
})

/** Every log line the server writes while the test runs: its message and annotations. */
const lines: Array<{ readonly message: unknown; readonly annotations: Record<string, unknown> }> = []
const capture = Logger.map(Logger.formatStructured, (entry) => void lines.push(entry))

describeBackends(
  "the request log",
  (it) => {
    it.effect("writes method, path and status of each answer, never a token in the path or the query", () =>
      Effect.gen(function* () {
        const token = Token.generate()
        const { browser: member } = yield* newAccount("Logged")
        const stranger = yield* browser
        yield* stranger.get(`/q/${token}`)
        yield* stranger.get(`/sign-in/invitation/${token}`)
        yield* member.get(`/api/session?hint=${token}`)
        const requests = lines.filter((l) => l.message === "Sent HTTP response")
        const urls = requests.map((l) => l.annotations["http.url"])
        assert.include(urls, "/q/:token")
        assert.include(urls, "/sign-in/invitation/:token")
        assert.include(urls, "/api/session")
        const session = requests.find((l) => l.annotations["http.url"] === "/api/session")
        assert.strictEqual(session?.annotations["http.method"], "GET")
        assert.strictEqual(session?.annotations["http.status"], 200)
        assert.notInclude(JSON.stringify(lines), token)
      })
    )
  },
  { layer: layer({ logRequests: true }).pipe(Layer.provide(Logger.layer([capture]))), only: ["pglite"] }
)
