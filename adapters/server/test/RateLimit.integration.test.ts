import { assert } from "@effect/vitest"
import { describeBackends } from "@quotekit/pg/TestDatabase"
import { Effect } from "effect"
import { browser, layer, newAccount, PASSWORD, TestServer, uniqueEmail } from "./Harness.ts"

describeBackends(
  "sign-in rate limits",
  (it) => {
    it.effect("10 sign-ins per email per 15 minutes, then 429 with Retry-After, then allowed again", () =>
      Effect.gen(function* () {
        const server = yield* TestServer
        const { email } = yield* newAccount("Target")
        const b = yield* browser
        for (let i = 0; i < 10; i++) {
          assert.strictEqual((yield* b.post("/sign-in", { email, password: `guess number ${i}` })).status, 400)
        }
        const limited = yield* b.post("/sign-in", { email, password: PASSWORD })
        assert.strictEqual(limited.status, 429)
        assert.strictEqual(limited.body._tag, "TooManyAttempts")
        const retryAfter = Number(limited.headers.get("retry-after"))
        assert.isTrue(retryAfter > 0 && retryAfter <= 15 * 60, `Retry-After ${retryAfter}`)
        assert.strictEqual(limited.body.retry_after, retryAfter)
        assert.isFalse(b.cookies.has("qk_session"))
        // The email is limited, not the sign-in: the right password is refused too while limited...
        // ...and a refused attempt does not extend the lock.
        yield* server.advance(retryAfter * 1000 + 1000)
        const again = yield* b.post("/sign-in", { email, password: PASSWORD })
        assert.strictEqual(again.status, 200, again.text)
      })
    )

    it.effect("successful sign-ins do not count against the email", () =>
      Effect.gen(function* () {
        const { email } = yield* newAccount("Often")
        for (let i = 0; i < 12; i++) {
          assert.strictEqual((yield* (yield* browser).post("/sign-in", { email, password: PASSWORD })).status, 200)
        }
      })
    )
  },
  { layer: layer() }
)

describeBackends(
  "sign-in rate limit per address",
  (it) => {
    it.effect("counts every sign-in from one address across emails", () =>
      Effect.gen(function* () {
        const server = yield* TestServer
        const b = yield* browser
        for (let i = 0; i < 5; i++) {
          assert.strictEqual(
            (yield* b.post("/sign-in", { email: uniqueEmail("spray"), password: PASSWORD })).status,
            400
          )
        }
        const limited = yield* b.post("/sign-in", { email: uniqueEmail("spray"), password: PASSWORD })
        assert.strictEqual(limited.status, 429)
        assert.isTrue(Number(limited.headers.get("retry-after")) > 0)
        yield* server.advance(15 * 60 * 1000 + 1000)
        assert.strictEqual((yield* b.post("/sign-in", { email: uniqueEmail("spray"), password: PASSWORD })).status, 400)
      })
    )
  },
  // Every test client comes from 127.0.0.1, so the address limit is lowered to test it within one file.
  { layer: layer({ signinPerAddress: { max: 5, windowSeconds: 15 * 60 } }) }
)
