import { assert } from "@effect/vitest"
import { CSRF_COOKIE } from "@quotekit/core/api/Security"
import * as Message from "@quotekit/core/Message"
import { describeBackends } from "@quotekit/pg/TestDatabase"
import { Effect } from "effect"
import { browser, type Forgery, layer, newAccount, PASSWORD, uniqueEmail } from "./Harness.ts"

const contact = (first: string) => ({
  contact: { type: "person", name_first: first, name_last: "Bound", email: "", company_id: null },
  phones: [],
  addresses: []
})

const forgeries: ReadonlyArray<[string, Forgery]> = [
  ["no anti-forgery header", { csrfHeader: "missing" }],
  ["a wrong anti-forgery token", { csrfHeader: "wrong" }],
  ["no X-Requested-With", { requestedWith: false }]
]

describeBackends(
  "anti-forgery",
  (it) => {
    it.effect("any GET sets the one-day anti-forgery cookie, readable by the page", () =>
      Effect.gen(function* () {
        const b = yield* browser
        const answer = yield* Effect.promise(() => fetch(`${b.base}/api/health`))
        const cookie = answer.headers.getSetCookie().find((c) => c.startsWith(`${CSRF_COOKIE}=`))!
        assert.match(cookie, /Max-Age=86400/)
        assert.match(cookie, /SameSite=Lax/)
        assert.notMatch(cookie, /HttpOnly/)
        // GET /api/csrf answers the token it sets (or the one the browser has).
        const token = yield* b.get("/api/csrf")
        assert.strictEqual(token.body.token, b.cookies.get(CSRF_COOKIE))
      })
    )

    for (const [name, forgery] of forgeries) {
      it.effect(`refuses ${name} with 403 and changes nothing`, () =>
        Effect.gen(function* () {
          const b = yield* browser
          const email = uniqueEmail("forged")
          const created = yield* b.post(
            "/sign-in/new-account",
            { business_name: "Forged", your_name: "Forged", email, password: PASSWORD },
            forgery
          )
          assert.strictEqual(created.status, 403)
          assert.strictEqual(created.body._tag, "AccessDenied")
          assert.strictEqual(created.body._serveError.message, Message.catalogue.antiForgeryFailed)
          // The account was not created: signing in with it fails.
          assert.strictEqual((yield* (yield* browser).post("/sign-in", { email, password: PASSWORD })).status, 400)

          // A forged sign-in makes no session, even with the right password.
          const { email: real } = yield* newAccount("Victim")
          const signIn = yield* b.post("/sign-in", { email: real, password: PASSWORD }, forgery)
          assert.strictEqual(signIn.status, 403)
          assert.isFalse(b.cookies.has("qk_session"))

          // A forged sign-out leaves the session alone.
          const { browser: victim } = yield* newAccount("Victim")
          assert.strictEqual((yield* victim.post("/sign-in/exit", undefined, forgery)).status, 403)
          assert.strictEqual((yield* victim.get("/get/cache-account")).status, 200)

          // A forged invitation sends nothing.
          const invite = yield* victim.post("/sign-in/invite", { email: uniqueEmail("x"), is_admin: true }, forgery)
          assert.strictEqual(invite.status, 403)
        })
      )
    }

    it.effect("the token of another browser does not pass", () =>
      Effect.gen(function* () {
        const { browser: victim } = yield* newAccount("Victim")
        const attacker = yield* browser
        yield* attacker.get("/api/csrf")
        // The attacker knows its own token, not the victim's: the victim's cookie with the attacker's header.
        const answer = yield* Effect.promise(() =>
          fetch(`${victim.base}/sign-in/exit`, {
            method: "POST",
            headers: {
              cookie: victim.cookieHeader(),
              "x-csrf-token": attacker.cookies.get(CSRF_COOKIE)!,
              "x-requested-with": "XMLHttpRequest"
            }
          })
        )
        assert.strictEqual(answer.status, 403)
        assert.strictEqual((yield* victim.get("/get/cache-account")).status, 200)
      })
    )

    it.effect("the token is bound to the session: signing in replaces it, and the old or a planted one fails", () =>
      Effect.gen(function* () {
        const { browser: b } = yield* newAccount("Bound")
        const signedInToken = b.cookies.get(CSRF_COOKIE)!
        assert.strictEqual((yield* b.post("/post/contact-update/0", contact("Ok"))).status, 200)
        // A token made before sign-in (for no session), presented with the session: refused.
        const anonymous = yield* browser
        yield* anonymous.get("/api/csrf")
        const before = anonymous.cookies.get(CSRF_COOKIE)!
        assert.notStrictEqual(before, signedInToken)
        b.cookies.set(CSRF_COOKIE, before)
        const planted = yield* b.post("/post/contact-update/0", contact("Planted"))
        assert.strictEqual(planted.status, 403)
        assert.strictEqual(planted.body._serveError.message, Message.antiForgeryFailed)
        // The refusal carried a fresh token for the session, so the page recovers on its own.
        assert.notStrictEqual(b.cookies.get(CSRF_COOKIE), before)
        assert.strictEqual((yield* b.post("/post/contact-update/0", contact("Again"))).status, 200)
        // A browser saying the request comes from another site is refused.
        const cross = yield* b.request(
          "POST",
          "/post/contact-update/0",
          contact("Cross"),
          {},
          {
            origin: "https://evil.example"
          }
        )
        assert.strictEqual(cross.status, 403)
      })
    )

    it.effect("GET requests need no anti-forgery header", () =>
      Effect.gen(function* () {
        const { browser: b } = yield* newAccount("Reader")
        const answer = yield* Effect.promise(() =>
          fetch(`${b.base}/get/cache-account`, { headers: { cookie: b.cookieHeader() } })
        )
        assert.strictEqual(answer.status, 200)
      })
    )
  },
  { layer: layer() }
)
