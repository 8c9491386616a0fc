import { assert, describe, it } from "@effect/vitest"
import * as Http from "../../src/internal/Http.ts"

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

  it("Retry-After first, else X-RateLimit-Reset as epoch seconds", () => {
    const now = Date.parse("2026-11-25T12:00:00Z")
    const reset = String(now / 1_000 + 90)
    assert.strictEqual(Http.retryAfterMs(new Headers({ "x-ratelimit-reset": reset }), now), 90_000)
    assert.strictEqual(Http.retryAfterMs(new Headers({ "retry-after": "3", "x-ratelimit-reset": reset }), now), 3_000)
    assert.strictEqual(
      Http.retryAfterMs(new Headers({ "retry-after": "soon", "x-ratelimit-reset": reset }), now),
      90_000
    )
    assert.strictEqual(Http.retryAfterMs(new Headers({ "x-ratelimit-reset": "90" }), now), undefined)
    assert.strictEqual(Http.retryAfterMs(new Headers()), undefined)
  })

  it("scrubs secrets from messages", () => {
    const e = Http.errorOf(400, new Headers(), { message: "token abcdef123456 is bad" }, ["abcdef123456", ""])
    assert.strictEqual(e.message, "token [redacted] is bad")
  })
})
