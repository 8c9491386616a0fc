import { assert } from "@effect/vitest"
import { describeBackends } from "@quotekit/pg/TestDatabase"
import { Effect } from "effect"
import { browser, layer, PASSWORD, TestServer, uniqueEmail } from "../Harness.ts"

const page = { accept: "text/html,application/xhtml+xml" }

describeBackends(
  "the public site: landing source, the special offer, example quotes",
  (it) => {
    it.effect("a page landing records its source; the new account keeps it and its settings show it", () =>
      Effect.gen(function* () {
        const b = yield* browser
        yield* b.request("GET", "/blog/pricing-tips?utm_source=newsletter", undefined, {}, page)
        yield* b.request("GET", "/sign-in", undefined, {}, { ...page, referer: "https://www.example.org/post" })
        // A script's call is not a landing.
        yield* b.request("GET", "/e/geo-you", undefined, {}, { accept: "application/json" })
        assert.strictEqual(decodeURIComponent(b.cookies.get("qk_landing") ?? ""), "blog.newsletter sign-in.example.org")

        const created = yield* b.post("/sign-in/new-account", {
          business_name: "Landed Ltd",
          your_name: "Lana Lander",
          email: uniqueEmail("landed"),
          password: PASSWORD
        })
        assert.strictEqual(created.status, 201, created.text)
        const settings = yield* b.get("/get/settings/account")
        assert.strictEqual(settings.status, 200, settings.text)
        assert.strictEqual(settings.body.signup_source, "blog.newsletter sign-in.example.org")

        // An account made with no landing cookie records nothing.
        const direct = yield* browser
        yield* direct.post("/sign-in/new-account", {
          business_name: "Direct Ltd",
          your_name: "Dee Rect",
          email: uniqueEmail("direct"),
          password: PASSWORD
        })
        assert.strictEqual((yield* direct.get("/get/settings/account")).body.signup_source, "")
      })
    )

    it.effect("the cookie lasts 730 days, is httpOnly and holds at most 5 clean parts", () =>
      Effect.gen(function* () {
        const { url } = yield* TestServer
        const answer = yield* Effect.promise(() =>
          fetch(`${url}/help/x?utm_source=${encodeURIComponent("<script>x</script>")}`, { headers: page })
        )
        const cookie = answer.headers.getSetCookie().find((c) => c.startsWith("qk_landing="))
        assert.isDefined(cookie)
        assert.match(cookie ?? "", /^qk_landing=help\.scriptxscript;/)
        assert.match(cookie ?? "", /Max-Age=63072000/)
        assert.match(cookie ?? "", /HttpOnly/)
        const b = yield* browser
        for (const s of ["a", "b", "c", "d", "e", "f", "g"])
          yield* b.request("GET", `/e/x?utm_source=${s}`, undefined, {}, page)
        assert.strictEqual(decodeURIComponent(b.cookies.get("qk_landing") ?? ""), "e.a e.d e.e e.f e.g")
      })
    )

    it.effect("the special offer is for referred visitors only", () =>
      Effect.gen(function* () {
        const plain = yield* browser
        yield* plain.request("GET", "/new-account", undefined, {}, page)
        assert.deepStrictEqual((yield* plain.get("/e/offer")).body, { offer: null })
        const referred = yield* browser
        yield* referred.request("GET", "/new-account?ref=friend42", undefined, {}, page)
        assert.deepStrictEqual((yield* referred.get("/e/offer")).body, { offer: "50% off the first 3 months" })
      })
    )

    it.effect("example quotes list their rows and totals; copying one goes through sign-in to the editor", () =>
      Effect.gen(function* () {
        const b = yield* browser
        const examples = (yield* b.get("/e/quote-examples")).body.examples as ReadonlyArray<{
          key: string
          title: string
          total: string
          monthly: string
        }>
        const garden = examples.find((e) => e.key === "landscaping")
        // 640 + 85 × 24 + 18.5 × 60 + 1150
        assert.deepStrictEqual([garden?.title, garden?.total, garden?.monthly], ["Garden makeover", "4940.00", "0.00"])

        const { url } = yield* TestServer
        const out = yield* Effect.promise(() =>
          fetch(`${url}/sign-in/quote-copy-example?example=landscaping`, { redirect: "manual", headers: page })
        )
        assert.strictEqual(out.status, 302)
        assert.strictEqual(
          out.headers.get("location"),
          `/sign-in?redirect=${encodeURIComponent("/quotes/new/is-editing?example=landscaping")}`
        )
        const odd = yield* Effect.promise(() =>
          fetch(`${url}/sign-in/quote-copy-example?example=${encodeURIComponent("//evil.example")}`, {
            redirect: "manual",
            headers: { ...page, cookie: "qk_session=anything" }
          })
        )
        assert.strictEqual(odd.headers.get("location"), "/quotes/new/is-editing")
      })
    )
  },
  { layer: layer({ referralOffer: "true" }) }
)
