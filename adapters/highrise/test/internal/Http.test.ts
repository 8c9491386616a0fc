import { assert, describe, it } from "@effect/vitest"
import { AddOnError } from "@quotekit/addons/AddOnError"
import * as Http from "../../src/internal/Http.ts"

const retry = { times: 3, baseDelayMs: 100, maxDelayMs: 10_000 }

describe("Http", () => {
  it("maps statuses to kinds, keeping Highrise's words and Retry-After", () => {
    const h = new Headers()
    assert.strictEqual(Http.errorOf(401, h, "HTTP Basic: Access denied.").kind, "auth")
    assert.strictEqual(Http.errorOf(404, h, "").kind, "rejected")
    assert.strictEqual(Http.errorOf(403, h, "").kind, "rejected")
    assert.strictEqual(Http.errorOf(302, h, "").kind, "rejected")
    const invalid = Http.errorOf(422, h, "<errors><error>Body can't be blank</error></errors>")
    assert.strictEqual(invalid.kind, "rejected")
    assert.strictEqual(invalid.message, "Body can't be blank")
    assert.strictEqual(Http.errorOf(500, h, "").kind, "unavailable")
    const limited = Http.errorOf(429, new Headers({ "retry-after": "7" }), "")
    assert.strictEqual(limited.kind, "rate-limited")
    assert.strictEqual(limited.retryAfterMs, 7_000)
    assert.strictEqual(limited.message, "Highrise's API limit was reached; it asks to wait 7 s.")
    const busy = Http.errorOf(503, new Headers({ "retry-after": "2" }), "")
    assert.strictEqual(busy.kind, "unavailable")
    assert.strictEqual(busy.retryAfterMs, 2_000)
  })

  it("Retry-After as seconds or as a date", () => {
    assert.strictEqual(Http.retryAfterMs(new Headers({ "retry-after": "3" })), 3_000)
    const now = Date.parse("2026-11-25T12:00:00Z")
    assert.strictEqual(Http.retryAfterMs(new Headers({ "retry-after": "Wed, 25 Nov 2026 12:00:30 GMT" }), now), 30_000)
    assert.strictEqual(Http.retryAfterMs(new Headers({ "retry-after": "soon" })), undefined)
    assert.strictEqual(Http.retryAfterMs(new Headers()), undefined)
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
