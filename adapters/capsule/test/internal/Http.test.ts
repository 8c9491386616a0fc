import { assert, describe, it } from "@effect/vitest"
import { AddOnError } from "@quotekit/addons/AddOnError"
import * as Http from "../../src/internal/Http.ts"

const retry = { times: 3, baseDelayMs: 100, maxDelayMs: 10_000 }

describe("Http", () => {
  it("reads Capsule's message with its errors, else the OAuth error", () => {
    assert.strictEqual(
      Http.messageOf({
        message: "validation failed",
        errors: [
          { message: "content is required", resource: "entry", field: "content" },
          { message: "content is required" }
        ]
      }),
      "validation failed: content is required"
    )
    assert.strictEqual(Http.messageOf({ message: "authentication failed" }), "authentication failed")
    assert.strictEqual(Http.messageOf({ errors: [{ message: "party not found" }] }), "party not found")
    assert.strictEqual(
      Http.messageOf({ error: "invalid_grant", error_description: "expired" }),
      "invalid_grant: expired"
    )
    assert.strictEqual(Http.messageOf("<html>"), undefined)
    assert.strictEqual(Http.messageOf({}), undefined)
  })

  it("maps statuses to kinds", () => {
    const h = new Headers()
    assert.strictEqual(Http.errorOf(401, h, undefined).kind, "auth")
    assert.strictEqual(Http.errorOf(403, h, undefined).kind, "auth")
    assert.strictEqual(Http.errorOf(422, h, { message: "validation failed" }).kind, "rejected")
    assert.strictEqual(Http.errorOf(400, h, undefined).message, "Capsule refused the request (HTTP 400).")
    assert.strictEqual(Http.errorOf(404, h, undefined).kind, "rejected")
    assert.strictEqual(Http.errorOf(503, h, undefined).message, "Capsule is unavailable (HTTP 503).")
    const limited = Http.errorOf(429, new Headers({ "retry-after": "7", "x-ratelimit-limit": "4000" }), undefined)
    assert.strictEqual(limited.kind, "rate-limited")
    assert.strictEqual(limited.retryAfterMs, 7_000)
    assert.strictEqual(limited.message, "Capsule's API limit was reached (4000 requests an hour); it asks to wait 7 s.")
  })

  it("Retry-After as seconds or a date, else X-RateLimit-Reset", () => {
    const now = Date.parse("2026-11-25T12:00:00Z")
    assert.strictEqual(Http.retryAfterMs(new Headers({ "retry-after": "3" })), 3_000)
    assert.strictEqual(Http.retryAfterMs(new Headers({ "retry-after": "Wed, 25 Nov 2026 12:00:30 GMT" }), now), 30_000)
    assert.strictEqual(Http.retryAfterMs(new Headers({ "x-ratelimit-reset": String(now / 1_000 + 90) }), now), 90_000)
    assert.strictEqual(Http.retryAfterMs(new Headers({ "retry-after": "soon" })), undefined)
    assert.strictEqual(Http.retryAfterMs(new Headers()), undefined)
  })

  it("scrubs secrets from messages", () => {
    const e = Http.errorOf(400, new Headers(), { message: "token abcdef123456 is bad" }, ["abcdef123456", ""])
    assert.strictEqual(e.message, "token [redacted] is bad")
  })

  it("retries only 429 and 5xx, a bounded number of times, backing off, and gives up on a long Retry-After", () => {
    const down = new AddOnError({ kind: "unavailable", message: "x" })
    const waits = [0, 1, 2].map((n) => Http.delayBefore(down, n, retry)!)
    assert.isAtLeast(waits[0]!, 100)
    assert.isBelow(waits[0]!, 126)
    assert.isAtLeast(waits[1]!, 200)
    assert.isAtLeast(waits[2]!, 400)
    assert.strictEqual(Http.delayBefore(down, 3, retry), undefined)
    assert.strictEqual(Http.delayBefore(new AddOnError({ kind: "rejected", message: "x" }), 0, retry), undefined)
    assert.strictEqual(Http.delayBefore(new AddOnError({ kind: "auth", message: "x" }), 0, retry), undefined)
    const soon = new AddOnError({ kind: "rate-limited", message: "x", retryAfterMs: 2_000 })
    assert.strictEqual(Http.delayBefore(soon, 0, retry), 2_000)
    const later = new AddOnError({ kind: "rate-limited", message: "x", retryAfterMs: 3_600_000 })
    assert.strictEqual(Http.delayBefore(later, 0, retry), undefined)
  })
})
