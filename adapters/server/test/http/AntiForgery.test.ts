import { assert, describe, it } from "@effect/vitest"
import fc from "fast-check"
import * as Token from "../../src/auth/Token.ts"
import { passes } from "../../src/http/AntiForgery.ts"
import * as AntiForgeryToken from "../../src/http/AntiForgeryToken.ts"

const key = AntiForgeryToken.key(new TextEncoder().encode("a server secret of more than 32 characters"))
const session = fc.option(
  fc.constant(null).map(() => Token.generate()),
  { nil: undefined }
)

const request = (
  method: string,
  cookie: string | undefined,
  header: string | undefined,
  sessionCookie: string | undefined,
  headers: Record<string, string | undefined> = {}
) => ({
  method,
  cookies: {
    ...(cookie === undefined ? {} : { qk_csrf: cookie }),
    ...(sessionCookie === undefined ? {} : { qk_session: sessionCookie })
  },
  headers: { "x-csrf-token": header, "x-requested-with": "XMLHttpRequest", host: "quotes.example", ...headers }
})

describe("AntiForgery.passes", () => {
  it("safe methods always pass", () =>
    fc.assert(
      fc.property(
        fc.constantFrom("GET", "HEAD", "OPTIONS", "get"),
        fc.dictionary(fc.string(), fc.string()),
        (method, headers) => passes({ method, cookies: {}, headers }, key)
      )
    ))

  it("a state-changing request passes only with its session's token in cookie and header, and X-Requested-With", () =>
    fc.assert(
      fc.property(
        fc.constantFrom("POST", "PUT", "PATCH", "DELETE", "post"),
        session,
        session,
        fc.boolean(),
        fc.boolean(),
        (method, madeFor, sentWith, sendSame, requestedWith) => {
          const cookie = AntiForgeryToken.make(key, AntiForgeryToken.bindingOf(madeFor))
          const header = sendSame ? cookie : AntiForgeryToken.make(key, AntiForgeryToken.bindingOf(madeFor))
          const r = request(method, cookie, header, sentWith, {
            "x-requested-with": requestedWith ? "XMLHttpRequest" : undefined
          })
          return passes(r, key) === (requestedWith && sendSame && madeFor === sentWith)
        }
      )
    ))

  it("a pair an attacker chose (any well-formed value in both) does not pass", () =>
    fc.assert(
      fc.property(
        session,
        fc.stringMatching(/^[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{43}$/),
        (sessionCookie, chosen) => !passes(request("POST", chosen, chosen, sessionCookie), key)
      )
    ))

  it("a token made under another key does not pass", () => {
    const other = AntiForgeryToken.key(new TextEncoder().encode("another server's secret, also long enough"))
    const t = AntiForgeryToken.make(other, "")
    assert.isFalse(passes(request("POST", t, t, undefined), key))
    assert.isTrue(passes(request("POST", AntiForgeryToken.make(key, ""), undefined, undefined), key) === false)
  })

  it("a browser saying the request comes from another site is refused, its own site passes", () => {
    const s = Token.generate()
    const t = AntiForgeryToken.make(key, AntiForgeryToken.bindingOf(s))
    const ok = (headers: Record<string, string>) => passes(request("POST", t, t, s, headers), key)
    assert.isTrue(ok({}))
    assert.isTrue(ok({ origin: "https://quotes.example", "sec-fetch-site": "same-origin" }))
    assert.isFalse(ok({ origin: "https://evil.quotes.example" }))
    assert.isFalse(ok({ origin: "https://quotes.example.evil.test" }))
    assert.isFalse(ok({ origin: "null" }))
    assert.isFalse(ok({ "sec-fetch-site": "same-site" }))
    assert.isFalse(ok({ "sec-fetch-site": "cross-site" }))
  })

  it("without the cookie nothing passes, whatever the header says", () => {
    const t = AntiForgeryToken.make(key, "")
    assert.isFalse(passes(request("POST", undefined, t, undefined), key))
    assert.isFalse(passes(request("POST", "", "", undefined), key))
  })
})

describe("AntiForgeryToken.verifyFor", () => {
  it("answers what verify answers for the session's binding, the first time and again from memory", () =>
    fc.assert(
      fc.property(fc.array(fc.tuple(session, session, fc.boolean()), { minLength: 1, maxLength: 20 }), (checks) =>
        checks.every(([madeFor, sentWith, forged]) => {
          const made = AntiForgeryToken.make(key, AntiForgeryToken.bindingOf(madeFor))
          // A forged token keeps the nonce and changes the MAC's first character.
          const token = forged ? `${made.slice(0, 44)}${made[44] === "A" ? "B" : "A"}${made.slice(45)}` : made
          const expected = AntiForgeryToken.verify(key, token, AntiForgeryToken.bindingOf(sentWith))
          return (
            AntiForgeryToken.verifyFor(key, token, sentWith) === expected &&
            AntiForgeryToken.verifyFor(key, token, sentWith) === expected &&
            expected === (!forged && madeFor === sentWith)
          )
        })
      )
    ))

  it("keeps passing pairs after more than it remembers have passed (the oldest forgotten, checked again)", () => {
    const s = Token.generate()
    const first = AntiForgeryToken.make(key, AntiForgeryToken.bindingOf(s))
    assert.isTrue(AntiForgeryToken.verifyFor(key, first, s))
    for (let i = 0; i < AntiForgeryToken.REMEMBERED; i++)
      assert.isTrue(AntiForgeryToken.verifyFor(key, AntiForgeryToken.make(key, ""), undefined))
    assert.isTrue(AntiForgeryToken.verifyFor(key, first, s))
    assert.isFalse(AntiForgeryToken.verifyFor(key, first, Token.generate()))
  })
})
