import { assert, describe, it } from "@effect/vitest"
import { Effect, Logger } from "effect"
import * as Mailer from "../../src/auth/Mailer.ts"
import * as AuthEmails from "../../src/email/AuthEmails.ts"
import * as ServerConfig from "../../src/ServerConfig.ts"

describe("the mailer without SMTP_URL", () => {
  it.effect("logs that mail is not configured, with the message and its link", () =>
    Effect.gen(function* () {
      const lines: Array<string> = []
      const capture = Logger.make(({ message }) => {
        lines.push((Array.isArray(message) ? message : [message]).map(String).join(" "))
      })
      const link = "http://localhost:3000/sign-in/reset-password?token=abc"
      yield* Effect.flatMap(Mailer.Mailer, (m) =>
        m.send(AuthEmails.resetPassword({ to: "ada@example.com", link, minutes: 60 }))
      ).pipe(Effect.provide(Mailer.layer(ServerConfig.make())), Effect.provide(Logger.layer([capture])))
      assert.strictEqual(lines.length, 1)
      assert.include(lines[0], "mail is not configured (set SMTP_URL to deliver it)")
      assert.include(lines[0], "email to ada@example.com: Reset your quotekit password")
      assert.include(lines[0], link)
    })
  )
})
