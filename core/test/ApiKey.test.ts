import { assert, describe, it } from "@effect/vitest"
import * as ApiKey from "@quotekit/core/ApiKey"
import * as Message from "@quotekit/core/Message"
import { Schema } from "effect"
import fc from "fast-check"

const secret = fc.stringMatching(/^[A-Za-z0-9_-]{43}$/)
const method = fc.constantFrom("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "get", "post")

describe("ApiKey", () => {
  it("a key is qk_live_ and 43 base64url characters; its prefix keeps 6 of them", () => {
    const key = ApiKey.fromSecret(`AbC123${"x_-9".repeat(9)}z`)
    assert.strictEqual(key.length, 51)
    assert.isTrue(ApiKey.isWellFormed(key))
    assert.strictEqual(ApiKey.prefixOf(key), "qk_live_AbC123")
    for (const junk of ["", "qk_live_", `${key}x`, key.replace("qk_live_", "qk_test_"), `${key.slice(0, -1)}=`])
      assert.isFalse(ApiKey.isWellFormed(junk), junk)
  })

  it("every key made from a secret is well formed and starts with its prefix", () =>
    fc.assert(
      fc.property(secret, (s) => {
        const key = ApiKey.fromSecret(s)
        return ApiKey.isWellFormed(key) && key.startsWith(ApiKey.prefixOf(key)) && ApiKey.prefixOf(key).length === 14
      })
    ))

  it("write includes read: whatever a read key may call, a write key may too; read keys call GET only", () => {
    assert.isTrue(ApiKey.allows("read", "GET"))
    assert.isFalse(ApiKey.allows("read", "POST"))
    assert.isTrue(ApiKey.allows("write", "POST"))
    fc.assert(
      fc.property(method, (m) => {
        const read = ApiKey.allows("read", m)
        return (!read || ApiKey.allows("write", m)) && read === ["GET", "HEAD"].includes(m.toUpperCase())
      })
    )
  })

  it("last use is written when never used, and then at most once a minute", () => {
    assert.isTrue(ApiKey.needsTouch(null, 0))
    assert.isFalse(ApiKey.needsTouch(1_000, 60_999))
    assert.isTrue(ApiKey.needsTouch(1_000, 61_000))
    fc.assert(
      fc.property(
        fc.nat(),
        fc.nat({ max: 10 * 60_000 }),
        (last, gap) => ApiKey.needsTouch(last, last + gap) === gap >= ApiKey.TOUCH_INTERVAL_MS
      )
    )
  })

  it("a name must say something and stay short", () => {
    const decode = Schema.decodeUnknownResult(ApiKey.Name)
    assert.strictEqual(decode("Zapier")._tag, "Success")
    const blank = decode("   ")
    assert.strictEqual(blank._tag, "Failure")
    if (blank._tag === "Failure") assert.include(String(blank.failure), Message.apiKeyNameNeeded)
    assert.strictEqual(decode("x".repeat(ApiKey.NAME_MAX + 1))._tag, "Failure")
  })
})
