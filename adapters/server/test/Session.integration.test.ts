import { assert } from "@effect/vitest"
import * as Message from "@quotekit/core/Message"
import { describeBackends } from "@quotekit/pg/TestDatabase"
import { Effect } from "effect"
import { browser, layer, newAccount, PASSWORD, TestServer } from "./Harness.ts"

const HOUR = 60 * 60 * 1000
const DAY = 24 * HOUR

describeBackends(
  "session expiry",
  (it) => {
    it.effect("a first visit is asked to sign in; a session that ended is told so", () =>
      Effect.gen(function* () {
        const stranger = yield* browser
        const first = yield* stranger.get("/get/cache-account")
        assert.strictEqual(first.status, 401)
        assert.isTrue(first.body._signinAgain)
        assert.strictEqual(first.body._serveError.message, Message.signinNeeded)
        const { browser: b } = yield* newAccount("Ended")
        assert.strictEqual((yield* b.post("/sign-in/exit")).status, 204)
        // The browser still presents the old session's token (as a second tab does after signing out elsewhere).
        const token = b.cookies.get("qk_session")
        const old = yield* browser
        if (token !== undefined) old.cookies.set("qk_session", token)
        else old.cookies.set("qk_session", "A".repeat(43))
        const ended = yield* old.get("/get/cache-account")
        assert.strictEqual(ended.status, 401)
        assert.strictEqual(ended.body._serveError.message, Message.signinAgain)
      })
    )

    it.effect("a session survives idle gaps shorter than 14 days and ends after 14 idle days", () =>
      Effect.gen(function* () {
        const server = yield* TestServer
        const { browser: b } = yield* newAccount("Idle")
        yield* server.advance(13 * DAY)
        assert.strictEqual((yield* b.get("/get/cache-account")).status, 200)
        // That request counted as activity: another 13 days later the session still lives.
        yield* server.advance(13 * DAY)
        assert.strictEqual((yield* b.get("/get/cache-account")).status, 200)
        yield* server.advance(14 * DAY + HOUR)
        const gone = yield* b.get("/get/cache-account")
        assert.strictEqual(gone.status, 401)
        assert.isTrue(gone.body._signinAgain)
      })
    )

    it.effect("a busy session still ends 60 days after sign-in", () =>
      Effect.gen(function* () {
        const server = yield* TestServer
        const { browser: b, email } = yield* newAccount("Busy")
        for (let day = 0; day < 59; day += 5) {
          yield* server.advance(5 * DAY)
          const answer = yield* b.get("/get/cache-account")
          if (day + 5 < 60) assert.strictEqual(answer.status, 200, `day ${day + 5}`)
        }
        yield* server.advance(2 * DAY)
        assert.strictEqual((yield* b.get("/get/cache-account")).status, 401)
        // Signing in again starts a new 60 days.
        assert.strictEqual((yield* b.post("/sign-in", { email, password: PASSWORD })).status, 200)
        assert.strictEqual((yield* b.get("/get/cache-account")).status, 200)
      })
    )

    it.effect("the session cookie lasts until the absolute expiry", () =>
      Effect.gen(function* () {
        const b = yield* browser
        const { email } = yield* newAccount("Cookie")
        const signedIn = yield* b.post("/sign-in", { email, password: PASSWORD })
        const cookie = signedIn.headers.getSetCookie().find((c) => c.startsWith("qk_session="))!
        assert.match(cookie, new RegExp(`Max-Age=${60 * 24 * 60 * 60}`))
      })
    )
  },
  { layer: layer() }
)

describeBackends(
  "session expiry with configured durations",
  (it) => {
    it.effect("follows SESSION_IDLE_DAYS / SESSION_MAX_DAYS settings", () =>
      Effect.gen(function* () {
        const server = yield* TestServer
        const { browser: b } = yield* newAccount("Short")
        yield* server.advance(50 * 60 * 1000)
        assert.strictEqual((yield* b.get("/get/cache-account")).status, 200)
        yield* server.advance(61 * 60 * 1000)
        assert.strictEqual((yield* b.get("/get/cache-account")).status, 401)
      })
    )
  },
  { layer: layer({ sessionIdleSeconds: 3600, sessionAbsoluteSeconds: 7200 }) }
)
