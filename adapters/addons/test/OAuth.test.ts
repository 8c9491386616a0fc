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

  it("the consent page asks the add-on for a code with the attempt's state, PKCE challenge, redirect and scopes", () => {
    const attempt = { state: "st", codeChallenge: "ch", redirectUri: "https://q.example.com/back?x=1" }
    const url = OAuth.consentUrl("https://auth.example.com/authorize?prompt=consent", "client-1", attempt, [
      "contacts.read",
      "offline_access"
    ])
    assert.strictEqual(url.origin + url.pathname, "https://auth.example.com/authorize")
    assert.deepStrictEqual(Object.fromEntries(url.searchParams), {
      prompt: "consent",
      response_type: "code",
      client_id: "client-1",
      redirect_uri: "https://q.example.com/back?x=1",
      scope: "contacts.read offline_access",
      state: "st",
      code_challenge: "ch",
      code_challenge_method: "S256"
    })
    assert.isFalse(OAuth.consentUrl("https://auth.example.com/a", "c", attempt).searchParams.has("scope"))
  })

  it("the exchange checks the callback as sent, with the framework's code added only when the add-on sent none", () => {
    const input = (params: Record<string, string>) => ({
      code: "framework-code",
      codeVerifier: "v",
      redirectUri: "https://q.example.com/back",
      params: new URLSearchParams(params)
    })
    assert.deepStrictEqual(Object.fromEntries(OAuth.callbackParams(input({ state: "s", iss: "i" }))), {
      state: "s",
      iss: "i",
      code: "framework-code"
    })
    assert.strictEqual(OAuth.callbackParams(input({ code: "sent" })).get("code"), "sent")
    assert.isFalse(OAuth.callbackParams(input({ error: "access_denied" })).has("code"))
    const params = new URLSearchParams({ state: "s" })
    OAuth.callbackParams({ ...input({}), params })
    assert.isFalse(params.has("code"))
  })
})
