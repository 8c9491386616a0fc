import { assert, describe, it } from "@effect/vitest"
import { ConfigProvider, Effect, Redacted } from "effect"
import * as ServerConfig from "../../src/ServerConfig.ts"

const read = (env: Record<string, string>) =>
  ServerConfig.fromEnv.pipe(Effect.provideService(ConfigProvider.ConfigProvider, ConfigProvider.fromUnknown(env)))

describe("mail settings", () => {
  it.effect("no SMTP_URL (or a blank one): email is only logged, from the default sender", () =>
    Effect.gen(function* () {
      for (const env of [{}, { SMTP_URL: "  " }]) {
        const settings = yield* read(env)
        assert.isUndefined(settings.smtpUrl)
        assert.strictEqual(settings.mailFrom, "quotekit <no-reply@localhost>")
      }
    })
  )

  it.effect("SMTP_URL and SMTP_FROM are read once, the URL kept out of logs", () =>
    Effect.gen(function* () {
      for (const url of ["smtp://user:secret@mail.example.com:587", "smtps://user:secret@mail.example.com"]) {
        const settings = yield* read({ SMTP_URL: url, SMTP_FROM: "Acme <quotes@acme.test>" })
        assert.strictEqual(Redacted.value(settings.smtpUrl!), url)
        assert.notInclude(String(settings.smtpUrl), "secret")
        assert.strictEqual(settings.mailFrom, "Acme <quotes@acme.test>")
      }
    })
  )

  it.effect("an SMTP_URL that is not smtp:// or smtps:// stops the start without repeating the password", () =>
    Effect.gen(function* () {
      for (const url of ["http://user:secret@mail.example.com", "secret", "smtp://"]) {
        const error = yield* Effect.flip(read({ SMTP_URL: url }))
        assert.strictEqual(error._tag, "ConfigError")
        assert.include(error.message, "SMTP_URL")
        assert.notInclude(error.message, "secret")
      }
    })
  )
})
