import { createHash } from "node:crypto"
import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import * as OAuth from "../src/OAuth.ts"

describe("OAuth", () => {
  it.effect("an attempt's challenge is the S256 of its verifier, and attempts never repeat", () =>
    Effect.gen(function* () {
      const a = yield* OAuth.start
      const b = yield* OAuth.start
      assert.strictEqual(a.codeChallenge, createHash("sha256").update(a.codeVerifier).digest("base64url"))
      assert.notStrictEqual(a.state, b.state)
      assert.notStrictEqual(a.codeVerifier, b.codeVerifier)
      assert.match(OAuth.stateHash(a.state), /^[0-9a-f]{64}$/)
    })
  )

  it.effect("the callback gives the code for the right state, and refuses a wrong one or an error", () =>
    Effect.gen(function* () {
      const code = yield* OAuth.readCallback(new URLSearchParams({ code: "abc", state: "s1", realmId: "9" }), "s1")
      assert.strictEqual(code, "abc")
      const wrong = yield* Effect.flip(OAuth.readCallback(new URLSearchParams({ code: "abc", state: "s2" }), "s1"))
      assert.strictEqual(wrong._tag, "CallbackInvalid")
      const none = yield* Effect.flip(OAuth.readCallback(new URLSearchParams({ state: "s1" }), "s1"))
      assert.strictEqual(none._tag, "CallbackInvalid")
      const refused = yield* Effect.flip(
        OAuth.readCallback(
          new URLSearchParams({ error: "access_denied", error_description: "The user said no", state: "s1" }),
          "s1"
        )
      )
      assert.strictEqual(refused._tag, "ConsentRefused")
      if (refused._tag === "ConsentRefused") assert.strictEqual(refused.description, "The user said no")
    })
  )
})
