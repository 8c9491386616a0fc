import { assert, describe, it } from "@effect/vitest"
import fc from "fast-check"
import * as Token from "../../src/auth/Token.ts"
import { passes } from "../../src/http/AntiForgery.ts"

const token = fc.constant(null).map(() => Token.generate())

describe("AntiForgery.passes", () => {
  it("safe methods always pass", () =>
    fc.assert(
      fc.property(
        fc.constantFrom("GET", "HEAD", "OPTIONS", "get"),
        fc.dictionary(fc.string(), fc.string()),
        (method, headers) => passes({ method, cookies: {}, headers })
      )
    ))

  it("a state-changing request passes only with the matching token and X-Requested-With", () =>
    fc.assert(
      fc.property(
        fc.constantFrom("POST", "PUT", "PATCH", "DELETE", "post"),
        token,
        fc.option(fc.oneof(token, fc.string()), { nil: undefined }),
        fc.boolean(),
        fc.boolean(),
        (method, cookie, other, sendSame, requestedWith) => {
          const header = sendSame ? cookie : other
          const result = passes({
            method,
            cookies: { qk_csrf: cookie },
            headers: {
              "x-csrf-token": header,
              "x-requested-with": requestedWith ? "XMLHttpRequest" : undefined
            }
          })
          return result === (requestedWith && header === cookie)
        }
      )
    ))

  it("without the cookie nothing passes, whatever the header says", () => {
    const t = Token.generate()
    assert.isFalse(
      passes({ method: "POST", cookies: {}, headers: { "x-csrf-token": t, "x-requested-with": "XMLHttpRequest" } })
    )
    assert.isFalse(
      passes({
        method: "POST",
        cookies: { qk_csrf: "" },
        headers: { "x-csrf-token": "", "x-requested-with": "XMLHttpRequest" }
      })
    )
  })
})
