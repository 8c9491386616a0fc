import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import * as Relay from "../../src/emaildomain/Relay.ts"

const mail = { to: "ada@example.com", subject: "Hi", text: "Hi", html: "<p>Hi</p>", from: "a@acme.com" }
const relay = { host: "127.0.0.1", port: 2525, security: "none", username: "", password: null } as const

describe("the account's relay", () => {
  it.effect("an address on the server's own network is refused before connecting, unless the server allows it", () =>
    Effect.gen(function* () {
      for (const host of ["127.0.0.1", "10.0.0.8", "169.254.169.254", "192.168.1.1"]) {
        const error = yield* Effect.flip(Relay.send({ ...relay, host }, mail, { allowPrivate: false }))
        assert.strictEqual(error._tag, "MailNotSent")
        assert.include(error.reason, "on the server's own network")
      }
      // Allowed: it connects (and nothing listens on port 1).
      const refused = yield* Effect.flip(Relay.send({ ...relay, port: 1 }, mail, { allowPrivate: true }))
      assert.include(refused.reason, "ECONNREFUSED")
    })
  )

  it.effect("refusalOf: a private address is refused (checked when the settings are saved), a public one is not", () =>
    Effect.gen(function* () {
      assert.strictEqual((yield* Relay.refusalOf("10.1.2.3", { allowPrivate: false }))?.kind, "private")
      assert.strictEqual((yield* Relay.refusalOf("::1", { allowPrivate: false }))?.kind, "private")
      assert.isNull(yield* Relay.refusalOf("10.1.2.3", { allowPrivate: true }))
      assert.isNull(yield* Relay.refusalOf("93.184.216.34", { allowPrivate: false }))
    })
  )

  it("shows the relay's SMTP reply when there is one, else the connection's error", () => {
    assert.strictEqual(
      Relay.answerOf({ response: "535 5.7.8 Bad credentials ", message: "Invalid login" }),
      "535 5.7.8 Bad credentials"
    )
    assert.strictEqual(
      Relay.answerOf(new Error("connect ECONNREFUSED 127.0.0.1:1")),
      "connect ECONNREFUSED 127.0.0.1:1"
    )
    assert.strictEqual(Relay.answerOf("odd"), "odd")
  })
})
