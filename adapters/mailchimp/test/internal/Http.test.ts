import { assert, describe, it } from "@effect/vitest"
import { AddOnError } from "@quotekit/addons/AddOnError"
import * as Http from "../../src/internal/Http.ts"

const retry = { times: 3, baseDelayMs: 100, maxDelayMs: 10_000 }
const problem = (status: number, title: string, detail: string) => ({
  type: "https://mailchimp.com/developer/marketing/docs/errors/",
  title,
  status,
  detail,
  instance: "995c5cb0-3280-4a6e-808b-3b096d0bb219"
})

describe("Http", () => {
  it("reads a problem+json answer and an OAuth error", () => {
    assert.deepStrictEqual(Http.problemOf(problem(400, "Invalid Resource", "Bad email.")), {
      title: "Invalid Resource",
      detail: "Bad email."
    })
    assert.deepStrictEqual(Http.problemOf({ error: "invalid_grant", error_description: "Invalid code" }), {
      title: "invalid_grant",
      detail: "Invalid code"
    })
    assert.deepStrictEqual(Http.problemOf("<html>"), { title: "", detail: "" })
  })

  it("maps statuses to kinds with Mailchimp's detail", () => {
    const h = new Headers()
    const auth = Http.errorOf(401, h, problem(401, "API Key Invalid", "Your API key may be invalid."))
    assert.strictEqual(auth.kind, "auth")
    assert.strictEqual(
      auth.message,
      "Mailchimp refused the connection's access (Your API key may be invalid.); connect Mailchimp again."
    )
    assert.strictEqual(
      Http.errorOf(403, h, problem(403, "User Disabled", "This account has been disabled.")).kind,
      "auth"
    )
    const bad = Http.errorOf(
      400,
      h,
      problem(400, "Invalid Resource", "x looks fake or invalid, please enter a real email address.")
    )
    assert.strictEqual(bad.kind, "rejected")
    assert.strictEqual(bad.message, "x looks fake or invalid, please enter a real email address.")
    assert.strictEqual(Http.errorOf(404, h, undefined).kind, "rejected")
    assert.strictEqual(Http.errorOf(500, h, undefined).kind, "unavailable")
    assert.strictEqual(Http.errorOf(503, h, undefined).message, "Mailchimp is unavailable (HTTP 503).")
    const limited = Http.errorOf(
      429,
      new Headers({ "retry-after": "4" }),
      problem(429, "Too Many Requests", "Slow down.")
    )
    assert.strictEqual(limited.kind, "rate-limited")
    assert.strictEqual(limited.retryAfterMs, 4_000)
  })

  it("Retry-After as seconds or as a date", () => {
    assert.strictEqual(Http.retryAfterMs(new Headers({ "retry-after": "3" })), 3_000)
    const now = Date.parse("2026-11-25T12:00:00Z")
    assert.strictEqual(Http.retryAfterMs(new Headers({ "retry-after": "Wed, 25 Nov 2026 12:00:30 GMT" }), now), 30_000)
    assert.strictEqual(Http.retryAfterMs(new Headers({ "retry-after": "soon" })), undefined)
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
    const later = new AddOnError({ kind: "rate-limited", message: "x", retryAfterMs: 3_600_000 })
    assert.strictEqual(Http.delayBefore(later, 0, retry), undefined)
  })

  it("scrubs secrets out of a message, keeping the kind and the wait", () => {
    const error = new AddOnError({ kind: "rate-limited", message: "token abc123 refused abc123", retryAfterMs: 5 })
    const clean = Http.scrub(error, ["abc123", ""])
    assert.strictEqual(clean.message, "token [secret] refused [secret]")
    assert.strictEqual(clean.kind, "rate-limited")
    assert.strictEqual(clean.retryAfterMs, 5)
    assert.strictEqual(Http.scrub(error, ["zzz"]), error)
  })
})
