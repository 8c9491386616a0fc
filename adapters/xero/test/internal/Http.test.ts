import { assert, describe, it } from "@effect/vitest"
import { AccountingError } from "@quotekit/addons/Accounting"
import * as Http from "../../src/internal/Http.ts"

const retry = { times: 3, baseDelayMs: 100, maxDelayMs: 10_000 }

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

  it("Retry-After as seconds or as a date", () => {
    assert.strictEqual(Http.retryAfterMs(new Headers({ "retry-after": "3" })), 3_000)
    const now = Date.parse("2026-11-25T12:00:00Z")
    assert.strictEqual(Http.retryAfterMs(new Headers({ "retry-after": "Wed, 25 Nov 2026 12:00:30 GMT" }), now), 30_000)
    assert.strictEqual(Http.retryAfterMs(new Headers({ "retry-after": "soon" })), undefined)
    assert.strictEqual(Http.retryAfterMs(new Headers()), undefined)
  })

  it("retries only 429 and 5xx, a bounded number of times, backing off, and gives up on a long Retry-After", () => {
    const down = new AccountingError({ kind: "unavailable", message: "x" })
    const waits = [0, 1, 2].map((n) => Http.delayBefore(down, n, retry)!)
    assert.isAtLeast(waits[0]!, 100)
    assert.isBelow(waits[0]!, 126)
    assert.isAtLeast(waits[1]!, 200)
    assert.isAtLeast(waits[2]!, 400)
    assert.strictEqual(Http.delayBefore(down, 3, retry), undefined)
    assert.strictEqual(Http.delayBefore(new AccountingError({ kind: "rejected", message: "x" }), 0, retry), undefined)
    assert.strictEqual(Http.delayBefore(new AccountingError({ kind: "auth", message: "x" }), 0, retry), undefined)
    const soon = new AccountingError({ kind: "rate-limited", message: "x", retryAfterMs: 2_000 })
    assert.strictEqual(Http.delayBefore(soon, 0, retry), 2_000)
    const tomorrow = new AccountingError({ kind: "rate-limited", message: "x", retryAfterMs: 86_400_000 })
    assert.strictEqual(Http.delayBefore(tomorrow, 0, retry), undefined)
  })
})
