import { assert, describe, it } from "@effect/vitest"
import { Exit, Schema } from "effect"
import fc from "fast-check"
import * as Account from "../src/Account.ts"
import * as Message from "../src/Message.ts"

const messageOf = (exit: Exit.Exit<unknown, Schema.SchemaError>): string =>
  Exit.isFailure(exit) ? String(exit.cause) : ""

describe("Account", () => {
  it("normalises emails: trimmed, lower-cased, idempotent", () => {
    assert.strictEqual(Account.normalizeEmail("  Ada@Example.COM "), "ada@example.com")
    fc.assert(
      fc.property(fc.string(), (s) => Account.normalizeEmail(Account.normalizeEmail(s)) === Account.normalizeEmail(s))
    )
  })

  it("accepts generated addresses and decodes them to their normal form", () => {
    fc.assert(
      fc.property(fc.emailAddress(), fc.constantFrom("", " ", "\t"), (email, pad) => {
        fc.pre(email.length <= Account.EMAIL_MAX && !email.includes('"'))
        const decoded = Schema.decodeUnknownSync(Account.Email)(`${pad}${email.toUpperCase()}${pad}`)
        return decoded === Account.normalizeEmail(email)
      })
    )
  })

  it("refuses what is not an email with the catalogue message", () => {
    for (const bad of ["", "ada", "ada@", "@example.com", "ada@example", "a da@example.com", "ada@@example.com"]) {
      const exit = Schema.decodeUnknownExit(Account.Email)(bad)
      assert.isTrue(Exit.isFailure(exit), bad)
      assert.include(messageOf(exit), Message.catalogue.emailInvalid)
    }
  })

  it("bounds passwords by length with readable messages", () => {
    assert.include(
      messageOf(Schema.decodeUnknownExit(Account.Password)("short")),
      Message.catalogue.passwordTooShort(Account.PASSWORD_MIN)
    )
    assert.isTrue(Exit.isFailure(Schema.decodeUnknownExit(Account.Password)("x".repeat(Account.PASSWORD_MAX + 1))))
    fc.assert(
      fc.property(fc.string({ minLength: 0, maxLength: 260 }), (s) => {
        const ok = Exit.isSuccess(Schema.decodeUnknownExit(Account.Password)(s))
        return ok === (s.length >= Account.PASSWORD_MIN && s.length <= Account.PASSWORD_MAX)
      })
    )
  })

  it("trims names and requires them", () => {
    const BusinessName = Account.Name("Business name")
    assert.strictEqual(Schema.decodeUnknownSync(BusinessName)("  Acme Ltd "), "Acme Ltd")
    assert.include(
      messageOf(Schema.decodeUnknownExit(BusinessName)("   ")),
      Message.catalogue.fieldRequired("Business name")
    )
    assert.include(
      messageOf(Schema.decodeUnknownExit(BusinessName)("x".repeat(Account.NAME_MAX + 1))),
      Message.catalogue.fieldTooLong("Business name", Account.NAME_MAX)
    )
  })
})
