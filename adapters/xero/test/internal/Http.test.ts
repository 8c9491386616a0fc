import { assert, describe, it } from "@effect/vitest"
import * as Http from "../../src/internal/Http.ts"

describe("Http", () => {
  it("reads Xero's validation messages from every element and line, once each", () => {
    const body = {
      ErrorNumber: 10,
      Type: "ValidationException",
      Message: "A validation exception occurred",
      Elements: [
        {
          ValidationErrors: [{ Message: "Email address must be valid." }],
          LineItems: [{ ValidationErrors: [{ Message: "Description needs to be at least 1 char long." }] }]
        },
        { ValidationErrors: [{ Message: "Email address must be valid." }] }
      ]
    }
    assert.strictEqual(
      Http.messageOf(body),
      "Email address must be valid.\nDescription needs to be at least 1 char long."
    )
    assert.strictEqual(
      Http.messageOf({ Message: "A validation exception occurred", Elements: [] }),
      "A validation exception occurred"
    )
    assert.strictEqual(
      Http.messageOf({ Title: "Unauthorized", Detail: "TokenExpired: token expired" }),
      "TokenExpired: token expired"
    )
    assert.strictEqual(Http.messageOf({ error: "invalid_grant" }), "invalid_grant")
    assert.strictEqual(Http.messageOf("<html>"), undefined)
  })

  it("maps statuses to kinds", () => {
    const h = new Headers()
    assert.strictEqual(Http.errorOf(401, h, undefined).kind, "auth")
    assert.strictEqual(Http.errorOf(403, h, undefined).kind, "auth")
    assert.strictEqual(Http.errorOf(400, h, { Message: "Bad" }).kind, "rejected")
    assert.strictEqual(Http.errorOf(404, h, undefined).kind, "rejected")
    assert.strictEqual(Http.errorOf(500, h, undefined).kind, "unavailable")
    assert.strictEqual(Http.errorOf(503, h, undefined).message, "Xero is unavailable (HTTP 503).")
    const limited = Http.errorOf(429, new Headers({ "retry-after": "7", "x-rate-limit-problem": "minute" }), undefined)
    assert.strictEqual(limited.kind, "rate-limited")
    assert.strictEqual(limited.retryAfterMs, 7_000)
    assert.strictEqual(limited.message, "Xero's API limit was reached (minute limit); it asks to wait 7 s.")
  })

  it("reads a body with its numbers kept as their text", async () => {
    assert.deepStrictEqual(await Http.bodyOf(new Response('{"Total":1.10}')), { Total: "1.10" })
    assert.strictEqual(await Http.bodyOf(new Response("<html>")), undefined)
  })
})
