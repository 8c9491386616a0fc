import { assert, describe, it } from "@effect/vitest"
import { Option, Schema } from "effect"
import fc from "fast-check"
import * as ContactMethod from "../src/ContactMethod.ts"

const link = (phoneOther: string, phoneOther_type: ContactMethod.MethodType) =>
  ContactMethod.link({ phoneOther, phoneOther_type })

describe("ContactMethod", () => {
  it("has the spec's type codes and labels", () => {
    assert.deepStrictEqual(ContactMethod.Types, {
      phone_primary: 1,
      phone_work: 2,
      phone_mobile: 3,
      phone_home: 4,
      fax: 5,
      skype: 6,
      twitter: 7,
      website: 8
    })
    assert.strictEqual(ContactMethod.labels[7], "X")
    assert.strictEqual(ContactMethod.labels[8], "Website")
    assert.isTrue(Schema.is(ContactMethod.MethodType)(8))
    assert.isFalse(Schema.is(ContactMethod.MethodType)(9))
  })

  describe("phones", () => {
    it("link phones made of digits, spaces, #, -, + and brackets", () => {
      assert.deepStrictEqual(link("+64 21 555 0100", 3), Option.some("tel:+64215550100"))
      assert.deepStrictEqual(link("(04) 555-0100", 1), Option.some("tel:(04)555-0100"))
      assert.deepStrictEqual(link("555 0100 #22", 2), Option.some("tel:5550100%2322"))
    })

    it("do not link other text", () => {
      for (const v of ["call reception", "555 0100 ext 22", "+64.21.555", "", "  ", "()-#", "javascript:alert(1)"]) {
        assert.isTrue(Option.isNone(link(v, 1)), v)
      }
      assert.isTrue(Option.isNone(link("04 555 0100", 5)))
    })

    it("a tel link exists exactly for the allowed characters", () =>
      fc.assert(
        fc.property(fc.string({ unit: fc.constantFrom(..."0123456789 #-+()x.ab/:"), maxLength: 20 }), (value) => {
          const allowed = /^[\d\s#\-+()]+$/.test(value.trim()) && /\d/.test(value)
          return Option.isSome(link(value, 4)) === allowed
        })
      ))

    it("tel links carry only URI-safe characters", () =>
      fc.assert(
        fc.property(fc.string({ maxLength: 30 }), (value) =>
          Option.match(link(value, 1), { onNone: () => true, onSome: (href) => /^tel:[\d%+\-()]+$/.test(href) })
        )
      ))
  })

  it("builds Skype call links", () => {
    assert.deepStrictEqual(link("jane.smith", 6), Option.some("skype:jane.smith?call"))
    assert.deepStrictEqual(link("live:jane_1", 6), Option.some("skype:live:jane_1?call"))
    assert.deepStrictEqual(link("skype:jane", 6), Option.some("skype:jane?call"))
    assert.isTrue(Option.isNone(link("jane smith", 6)))
    assert.isTrue(Option.isNone(link("jane?call&x", 6)))
  })

  it("builds X profile links without the @", () => {
    assert.deepStrictEqual(link("@quotekit", 7), Option.some("https://x.com/quotekit"))
    assert.deepStrictEqual(link("quotekit", 7), Option.some("https://x.com/quotekit"))
    assert.deepStrictEqual(link("https://twitter.com/quote_kit?s=20", 7), Option.some("https://x.com/quote_kit"))
    assert.deepStrictEqual(link("x.com/quotekit", 7), Option.some("https://x.com/quotekit"))
    assert.isTrue(Option.isNone(link("@not a handle", 7)))
    assert.isTrue(Option.isNone(link("@waytoolonghandle16", 7)))
    assert.strictEqual(ContactMethod.display({ phoneOther: "https://x.com/quotekit", phoneOther_type: 7 }), "@quotekit")
  })

  describe("websites", () => {
    it("add https:// when no scheme is given", () => {
      assert.deepStrictEqual(link("acme.co", 8), Option.some("https://acme.co"))
      assert.deepStrictEqual(link("www.acme.co.nz/about", 8), Option.some("https://www.acme.co.nz/about"))
      assert.deepStrictEqual(link("http://acme.co", 8), Option.some("http://acme.co"))
      assert.deepStrictEqual(link("HTTPS://Acme.co", 8), Option.some("https://Acme.co"))
      assert.deepStrictEqual(link("localhost:3000", 8), Option.some("https://localhost:3000"))
      assert.deepStrictEqual(link("acme.co:8080/x", 8), Option.some("https://acme.co:8080/x"))
    })

    it("allow only http and https", () => {
      for (const v of [
        "javascript:alert(1)",
        "JavaScript://x.com",
        "ftp://acme.co",
        "mailto:jane@acme.co",
        "data:text/html,x"
      ]) {
        assert.isTrue(Option.isNone(link(v, 8)), v)
      }
      for (const v of ["acme", "", "acme .co", "https://", "https://user@evil.com"]) {
        assert.isTrue(Option.isNone(link(v, 8)), v)
      }
    })

    it("every website link is http or https", () =>
      fc.assert(
        fc.property(fc.oneof(fc.string(), fc.webUrl({ validSchemes: ["http", "https", "ftp", "javascript"] })), (v) =>
          Option.match(link(v, 8), { onNone: () => true, onSome: (href) => /^https?:\/\//.test(href) })
        )
      ))

    it("show without the scheme", () => {
      assert.strictEqual(ContactMethod.display({ phoneOther: "https://acme.co/", phoneOther_type: 8 }), "acme.co")
    })
  })
})
