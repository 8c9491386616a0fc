import { assert } from "@effect/vitest"
import { describeBackends } from "@quotekit/pg/TestDatabase"
import { Effect } from "effect"
import * as SigninThrottle from "../src/auth/SigninThrottle.ts"
import { browser, layer, newAccount, PASSWORD, TestServer, uniqueEmail } from "./Harness.ts"

describeBackends(
  "sign-in rate limits",
  (it) => {
    it.effect("failed sign-ins to an email slow it down, doubling the wait; the Retry-After is exact", () =>
      Effect.gen(function* () {
        const server = yield* TestServer
        const { email } = yield* newAccount("Target")
        const attacker = yield* browser
        for (let i = 0; i < SigninThrottle.FREE_FAILURES; i++)
          assert.strictEqual((yield* attacker.post("/sign-in", { email, password: `guess ${i}` })).status, 400)
        // Five failures: the next attempt waits a second after the last.
        const limited = yield* attacker.post("/sign-in", { email, password: "guess again" })
        assert.strictEqual(limited.status, 429)
        assert.strictEqual(limited.body._tag, "TooManyAttempts")
        assert.strictEqual(limited.headers.get("retry-after"), "1")
        assert.strictEqual(limited.body.retry_after, 1)
        yield* server.advance(1000)
        assert.strictEqual((yield* attacker.post("/sign-in", { email, password: "guess six" })).status, 400)
        // Six: two seconds now; refused attempts do not add to it.
        assert.strictEqual((yield* attacker.post("/sign-in", { email, password: "x" })).headers.get("retry-after"), "2")
        assert.strictEqual((yield* attacker.post("/sign-in", { email, password: "x" })).headers.get("retry-after"), "2")
        yield* server.advance(2000)
        // An unknown browser with the right password waits like anyone else, then gets in.
        const owner = yield* browser
        assert.strictEqual((yield* owner.post("/sign-in", { email, password: PASSWORD })).status, 200)
      })
    )

    it.effect("the owner's known device signs in at once while someone else's guesses slow the email down", () =>
      Effect.gen(function* () {
        const { email, browser: owner } = yield* newAccount("Owner")
        // Signing up signed this browser in; signing in once marks it as known.
        assert.strictEqual((yield* owner.post("/sign-in", { email, password: PASSWORD })).status, 200)
        assert.isTrue(owner.cookies.has("qk_device"))
        assert.strictEqual((yield* owner.post("/sign-in/exit")).status, 204)
        const attacker = yield* browser
        for (let i = 0; i < SigninThrottle.FREE_FAILURES + 5; i++)
          yield* attacker.post("/sign-in", { email, password: `g${i}` })
        assert.strictEqual((yield* attacker.post("/sign-in", { email, password: PASSWORD })).status, 429)
        // The owner's own browser is not held back.
        const back = yield* owner.post("/sign-in", { email, password: PASSWORD })
        assert.strictEqual(back.status, 200, back.text)
        // Its cookie is for that email only: it does not help with another account's.
        const other = yield* newAccount("Other")
        for (let i = 0; i < SigninThrottle.FREE_FAILURES; i++)
          yield* attacker.post("/sign-in", { email: other.email, password: `g${i}` })
        assert.strictEqual((yield* owner.post("/sign-in", { email: other.email, password: "wrong" })).status, 429)
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
