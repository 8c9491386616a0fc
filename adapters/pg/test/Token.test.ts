import { assert, describe, it } from "@effect/vitest"
import fc from "fast-check"
import * as Token from "../src/Token.ts"

describe("Token", () => {
  it("makes 256-bit base64url tokens whose stored hash is their SHA-256 hex", () => {
    const { token, hash } = Token.make()
    assert.match(token, /^[A-Za-z0-9_-]{43}$/)
    assert.strictEqual(Buffer.from(token, "base64url").length, 32)
    assert.match(hash, /^[0-9a-f]{64}$/)
    assert.strictEqual(Token.hash(token), hash)
    // The SHA-256 of "abc", a published test vector.
    assert.strictEqual(Token.hash("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
  })

  it("never repeats a token (property)", () => {
    const seen = new Set<string>()
    fc.assert(
      fc.property(fc.constant(null), () => {
        const { token } = Token.make()
        assert.isFalse(seen.has(token))
        seen.add(token)
      }),
      { numRuns: 1000 }
    )
  })
})
