import { assert, describe, it } from "@effect/vitest"
import { Option } from "effect"
import fc from "fast-check"
import * as LandingSource from "../src/LandingSource.ts"

describe("LandingSource", () => {
  it("cleans a part to 50 letters, digits, dots, underscores and dashes", () => {
    assert.deepStrictEqual(LandingSource.cleanPart("google ads!"), Option.some("googleads"))
    assert.deepStrictEqual(LandingSource.cleanPart("a.b_c-D9"), Option.some("a.b_c-D9"))
    assert.strictEqual(Option.getOrThrow(LandingSource.cleanPart("x".repeat(80))).length, 50)
    assert.isTrue(Option.isNone(LandingSource.cleanPart("!!! ")))
  })

  it("every cleaned part is valid", () =>
    fc.assert(
      fc.property(fc.string({ maxLength: 120 }), (raw) =>
        Option.match(LandingSource.cleanPart(raw), {
          onNone: () => !/[A-Za-z0-9._-]/.test(raw),
          onSome: LandingSource.isValidPart
        })
      )
    ))

  it("the cookie never holds more than 5 valid parts", () =>
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 70 }), { maxLength: 12 }), (parts) => {
        const decoded = LandingSource.decode(LandingSource.encode(parts))
        return decoded.length <= 5 && decoded.every(LandingSource.isValidPart)
      })
    ))

  it("knows the landing categories", () => {
    const cat = (path: string) => Option.map(LandingSource.categoryOf(path), (c) => `${c.area}:${c.category}`)
    assert.deepStrictEqual(cat("/blog/five-tips"), Option.some("public:blog"))
    assert.deepStrictEqual(cat("/help/contacts"), Option.some("public:help"))
    assert.deepStrictEqual(cat("/e/plumbing"), Option.some("public:e"))
    assert.deepStrictEqual(cat("/examples/web-design"), Option.some("public:examples"))
    assert.deepStrictEqual(cat("/nz/examples/web-design"), Option.some("public:examples"))
    assert.deepStrictEqual(cat("/q/abc123"), Option.some("app:q"))
    assert.deepStrictEqual(cat("/sign-in"), Option.some("app:sign-in"))
    assert.deepStrictEqual(cat("/new-account?plan=x"), Option.some("app:new-account"))
    assert.isTrue(Option.isNone(LandingSource.categoryOf("/pricing")))
    assert.isTrue(Option.isNone(LandingSource.categoryOf("/blog")))
    assert.isTrue(Option.isNone(LandingSource.categoryOf("/nz/q/abc")))
  })

  it("describes a landing by category and source", () => {
    assert.strictEqual(
      LandingSource.partOf({ path: "/blog/x", query: { utm_source: "newsletter" } }),
      "blog.newsletter"
    )
    assert.strictEqual(LandingSource.partOf({ path: "/help/x", referrerHost: "www.Google.com" }), "help.google.com")
    assert.strictEqual(LandingSource.partOf({ path: "/q/abc" }), "q.direct")
    assert.strictEqual(LandingSource.partOf({ path: "/pricing" }), "site.direct")
    assert.strictEqual(LandingSource.partOf({ path: "/blog/x", query: { utm_source: "a b/c" } }), "blog.abc")
  })

  it("a referral link's code is the source, and the cookie remembers the referral", () => {
    assert.strictEqual(
      LandingSource.partOf({ path: "/new-account", query: { ref: "ACME 42!", utm_source: "x" } }),
      "new-account.ref-ACME42"
    )
    const referred = LandingSource.record("blog.google", { path: "/sign-in", query: { ref: "friend" } })
    assert.isTrue(LandingSource.isReferral(referred))
    assert.isFalse(LandingSource.isReferral("blog.google q.direct"))
    assert.isFalse(LandingSource.isReferral("blog.reference"))
  })

  it("a referral stays known however many landings follow while it is the first", () =>
    fc.assert(
      fc.property(fc.array(fc.constantFrom("a", "b", "google"), { maxLength: 12 }), (later) => {
        let cookie = LandingSource.record("", { path: "/e/x", query: { ref: "pal" } })
        for (const s of later) cookie = LandingSource.record(cookie, { path: "/blog/x", query: { utm_source: s } })
        return LandingSource.isReferral(cookie)
      })
    ))

  it("records landings, keeping the first and the latest", () => {
    let cookie = ""
    const sources = ["a", "b", "c", "d", "e", "f", "g"]
    for (const s of sources) cookie = LandingSource.record(cookie, { path: "/blog/x", query: { utm_source: s } })
    assert.strictEqual(cookie, "blog.a blog.d blog.e blog.f blog.g")
    assert.strictEqual(LandingSource.record(cookie, { path: "/blog/y", query: { utm_source: "g" } }), cookie)
  })

  it("recording always keeps the first landing and adds the newest", () =>
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: fc.constantFrom(..."abc"), minLength: 1, maxLength: 3 }), {
          minLength: 1,
          maxLength: 15
        }),
        (sources) => {
          let cookie = ""
          for (const s of sources) cookie = LandingSource.record(cookie, { path: "/e/x", query: { utm_source: s } })
          const parts = LandingSource.decode(cookie)
          return (
            parts.length <= 5 &&
            parts[0] === `e.${sources[0]}` &&
            parts[parts.length - 1] === `e.${sources[sources.length - 1]}`
          )
        }
      )
    ))
})
