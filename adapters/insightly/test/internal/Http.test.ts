import { assert, describe, it } from "@effect/vitest"
import { AddOnError } from "@quotekit/addons/AddOnError"
import * as Http from "../../src/internal/Http.ts"

const retry = { times: 3, baseDelayMs: 100, maxDelayMs: 10_000 }

describe("Http", () => {
  it("an API key is Basic with an empty password", () => {
    assert.strictEqual(Http.basic("abc-123"), `Basic ${Buffer.from("abc-123:").toString("base64")}`)
  })

  it("reads Insightly's Message with its ModelState, a plain-text body, else nothing", () => {
    assert.strictEqual(
      Http.messageOf({
        Message: "The request is invalid.",
        ModelState: { "note.TITLE": ["The TITLE field is required."] }
      }),
      "The request is invalid. The TITLE field is required."
    )
    assert.strictEqual(Http.messageOf({ Message: "Bad field" }), "Bad field")
    assert.strictEqual(Http.messageOf({ message: "lower" }), "lower")
    assert.strictEqual(Http.messageOf("Invalid field_name"), "Invalid field_name")
    assert.strictEqual(Http.messageOf("<html><body>Bad Request</body></html>"), undefined)
    assert.strictEqual(Http.messageOf(undefined), undefined)
  })

  it("maps statuses to kinds", () => {
    const h = new Headers()
    assert.strictEqual(Http.errorOf(401, h, undefined).kind, "auth")
    assert.strictEqual(Http.errorOf(401, h, undefined, { unauthorized: "No." }).message, "No.")
    assert.strictEqual(Http.errorOf(400, h, { Message: "Bad" }).message, "Bad")
    assert.strictEqual(Http.errorOf(400, h, undefined).message, "Insightly refused the request (HTTP 400).")
    assert.strictEqual(Http.errorOf(403, h, undefined).kind, "rejected")
    assert.strictEqual(Http.errorOf(404, h, undefined).kind, "rejected")
    assert.strictEqual(Http.errorOf(502, h, undefined).message, "Insightly is unavailable (HTTP 502).")
    const limited = Http.errorOf(429, new Headers({ "retry-after": "7" }), undefined)
    assert.strictEqual(limited.kind, "rate-limited")
    assert.strictEqual(limited.retryAfterMs, 7_000)
  })

  it("Retry-After as seconds or as a date", () => {
    const now = Date.parse("2026-11-25T12:00:00Z")
    assert.strictEqual(Http.retryAfterMs(new Headers({ "retry-after": "3" })), 3_000)
    assert.strictEqual(Http.retryAfterMs(new Headers({ "retry-after": "Wed, 25 Nov 2026 12:00:30 GMT" }), now), 30_000)
    assert.strictEqual(Http.retryAfterMs(new Headers({ "retry-after": "soon" })), undefined)
  })

  it("scrubs the key, and the Basic header made of it, from messages", () => {
    const key = "abcdef-123456"
    const e = Http.errorOf(400, new Headers(), `key ${key} header ${Http.basic(key)}`, { secrets: [key] })
    assert.strictEqual(e.message, "key [redacted] header Basic [redacted]")
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
    const tomorrow = new AddOnError({ kind: "rate-limited", message: "x", retryAfterMs: 86_400_000 })
    assert.strictEqual(Http.delayBefore(tomorrow, 0, retry), undefined)
  })
})
