import { mkdtempSync, readFileSync, statSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { assert, describe, it } from "@effect/vitest"
import { Option } from "effect"
import fc from "fast-check"
import * as SecretBox from "../../src/crypto/SecretBox.ts"

const box = SecretBox.make(new Uint8Array(32).fill(7))

describe("SecretBox", () => {
  it("opens what it sealed, under the same context only", () =>
    fc.assert(
      fc.property(fc.string(), fc.string(), (plain, context) => {
        const sealed = box.seal(plain, context)
        assert.isFalse(sealed.includes(plain) && plain.length > 3)
        assert.deepStrictEqual(box.open(sealed, context), Option.some(plain))
        assert.isTrue(Option.isNone(box.open(sealed, `${context}x`)))
      })
    ))

  it("seals the same secret differently each time; another key or a changed byte does not open", () => {
    const a = box.seal("whsec_abc", "webhook-endpoint:1")
    assert.notStrictEqual(box.seal("whsec_abc", "webhook-endpoint:1"), a)
    assert.isTrue(Option.isNone(SecretBox.make(new Uint8Array(32).fill(8)).open(a, "webhook-endpoint:1")))
    const flipped = `${a.slice(0, -2)}${a.at(-2) === "A" ? "B" : "A"}${a.at(-1)}`
    assert.isTrue(Option.isNone(box.open(flipped, "webhook-endpoint:1")))
    assert.isTrue(Option.isNone(box.open("not sealed", "webhook-endpoint:1")))
  })

  it("keeps a random key in the data folder (mode 600, made once) unless QUOTEKIT_SECRET_KEY is set", () => {
    const dir = mkdtempSync(join(tmpdir(), "quotekit-secret-key-"))
    const first = SecretBox.loadKey({ QUOTEKIT_DATA_DIR: dir })
    assert.strictEqual(first.byteLength, 32)
    assert.strictEqual(statSync(join(dir, "secret-key")).mode & 0o777, 0o600)
    assert.deepStrictEqual(SecretBox.loadKey({ QUOTEKIT_DATA_DIR: dir }), first)
    assert.isAbove(readFileSync(join(dir, "secret-key"), "utf8").length, 40)
    const fromEnv = SecretBox.loadKey({ QUOTEKIT_DATA_DIR: dir, QUOTEKIT_SECRET_KEY: "k".repeat(32) })
    assert.notDeepEqual(fromEnv, first)
    assert.throws(() => SecretBox.loadKey({ QUOTEKIT_SECRET_KEY: "too short" }), /at least 32/)
  })
})
