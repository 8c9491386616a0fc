import { assert, describe, it } from "@effect/vitest"
import * as Http from "../../src/internal/Http.ts"

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
    assert.strictEqual(limited.message, "Mailchimp's API limit was reached; it asks to wait 4 s.")
    assert.strictEqual(
      Http.errorOf(500, h, problem(500, "Internal Server Error", "")).message,
      "Mailchimp is unavailable (HTTP 500: Internal Server Error)."
    )
  })
})
