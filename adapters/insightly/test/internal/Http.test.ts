import { assert, describe, it } from "@effect/vitest"
import * as Http from "../../src/internal/Http.ts"

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
    assert.strictEqual(limited.message, "Insightly's API limit was reached; it asks to wait 7 s.")
  })

  it("scrubs the key, and the Basic header made of it, from messages", () => {
    const key = "abcdef-123456"
    const e = Http.errorOf(400, new Headers(), `key ${key} header ${Http.basic(key)}`, { secrets: [key] })
    assert.strictEqual(e.message, "key [redacted] header Basic [redacted]")
  })
})
