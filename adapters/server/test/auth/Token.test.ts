import { assert, describe, it } from "@effect/vitest"
import fc from "fast-check"
import { splitName } from "../../src/auth/Http.ts"
import * as Token from "../../src/auth/Token.ts"

describe("Token", () => {
  it("makes 256-bit base64url tokens, all different, recognised as well-formed", () => {
    const tokens = new Set(Array.from({ length: 1000 }, Token.generate))
    assert.strictEqual(tokens.size, 1000)
    for (const t of tokens) {
      assert.isTrue(Token.isWellFormed(t))
      assert.strictEqual(Buffer.from(t, "base64url").length, 32)
    }
  })

  it("stores a SHA-256 hex digest, never the token", () => {
    const t = Token.generate()
    const h = Token.hash(t)
    assert.match(h, /^[0-9a-f]{64}$/)
    assert.notInclude(h, t)
    assert.strictEqual(Token.hash(t), h)
  })

  it("refuses junk before it reaches the database", () =>
    fc.assert(fc.property(fc.string(), (s) => Token.isWellFormed(s) === /^[A-Za-z0-9_-]{43}$/.test(s))))

  it("compares secrets exactly", () =>
    fc.assert(fc.property(fc.string(), fc.string(), (a, b) => Token.equal(a, b) === (a === b))))
})

describe("splitName", () => {
  it("takes the last word as the last name", () => {
    assert.deepStrictEqual(splitName("Ada King Lovelace"), { name_first: "Ada King", name_last: "Lovelace" })
    assert.deepStrictEqual(splitName("  Ada  "), { name_first: "Ada", name_last: "" })
    assert.deepStrictEqual(splitName(""), { name_first: "", name_last: "" })
  })

  it("keeps every word, in order", () =>
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[a-zA-Z]{1,8}$/), { maxLength: 5 }), (words) => {
        const { name_first, name_last } = splitName(words.join("  "))
        return [name_first, name_last].filter((s) => s !== "").join(" ") === words.join(" ")
      })
    ))
})
