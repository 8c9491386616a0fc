import { assert, describe, it } from "@effect/vitest"
import * as Http from "../../src/internal/Http.ts"

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
    assert.strictEqual(Http.errorOf(502, h, "").message, "Highrise is unavailable (HTTP 502).")
    const limited = Http.errorOf(429, new Headers({ "retry-after": "7" }), "")
    assert.strictEqual(limited.kind, "rate-limited")
    assert.strictEqual(limited.retryAfterMs, 7_000)
    assert.strictEqual(limited.message, "Highrise's API limit was reached; it asks to wait 7 s.")
    const busy = Http.errorOf(503, new Headers({ "retry-after": "2" }), "")
    assert.strictEqual(busy.kind, "unavailable")
    assert.strictEqual(busy.retryAfterMs, 2_000)
    assert.strictEqual(busy.message, "Highrise is unavailable or limiting requests (HTTP 503); it asks to wait 2 s.")
  })
})
