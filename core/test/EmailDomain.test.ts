import { assert, describe, it } from "@effect/vitest"
import fc from "fast-check"
import * as EmailDomain from "../src/EmailDomain.ts"

describe("EmailDomain addresses and hosts", () => {
  it("takes sender addresses on public domains and refuses the rest", () => {
    for (const ok of ["quotes@acme.com", "Quotes.Team+x@mail.acme.co.uk", "a@b-c.io"])
      assert.isTrue(EmailDomain.isEmailAddress(ok), ok)
    for (const bad of [
      "",
      "acme.com",
      "@acme.com",
      "quotes@",
      "quotes@localhost",
      "quotes@acme",
      "quotes@127.0.0.1",
      "quo tes@acme.com",
      "quotes@acme..com",
      "quotes@-acme.com",
      ".quotes@acme.com",
      "quotes@acme.com\r\nBcc: x@y.com",
      `${"a".repeat(65)}@acme.com`,
      `a@${"b".repeat(250)}.com`
    ])
      assert.isFalse(EmailDomain.isEmailAddress(bad), bad)
  })

  it("takes relay host names and IPv4 addresses, not URLs or ports", () => {
    for (const ok of ["smtp.sendgrid.net", "mail", "127.0.0.1", "email-smtp.eu-west-1.amazonaws.com", "smtp.acme.com."])
      assert.isTrue(EmailDomain.isHostName(ok), ok)
    for (const bad of ["", "smtp://x.com", "x.com:587", "x .com", "256.1.1.1", "-x.com", "a..b", "1.2.3", "x.com/y"])
      assert.isFalse(EmailDomain.isHostName(bad), bad)
  })

  it("takes ports 1 to 65535", () => {
    assert.isTrue(EmailDomain.isPort(587))
    for (const bad of [0, -1, 65536, 1.5, Number.NaN]) assert.isFalse(EmailDomain.isPort(bad))
  })

  it("the domain of an address is lower case", () => {
    assert.strictEqual(EmailDomain.domainOf("Quotes@Acme.COM"), "acme.com")
  })

  it("no header can be smuggled in through an accepted address (property)", () =>
    fc.assert(fc.property(fc.string(), (s) => !EmailDomain.isEmailAddress(s) || !/[\r\n<>,;:"\s]/.test(s))))
})

describe("EmailDomain records", () => {
  it("names the DKIM and DMARC records and writes their text", () => {
    assert.strictEqual(EmailDomain.dkimName("qk202611", "acme.com"), "qk202611._domainkey.acme.com")
    assert.strictEqual(EmailDomain.dkimValue("MIIBIj"), "v=DKIM1; k=rsa; p=MIIBIj")
    assert.strictEqual(EmailDomain.dmarcName("acme.com"), "_dmarc.acme.com")
    assert.strictEqual(EmailDomain.dmarcValue, "v=DMARC1; p=none; adkim=r; aspf=r")
    assert.strictEqual(EmailDomain.selectorFor(new Date(Date.UTC(2026, 10, 27)), "a3f9"), "qk202611a3f9")
    assert.strictEqual(EmailDomain.selectorFor(new Date(Date.UTC(2027, 0, 1)), "00FF"), "qk20270100ff")
  })

  it("the SPF mechanism follows the relay: a provider's include, an address, or the host", () => {
    assert.strictEqual(EmailDomain.spfMechanism("smtp.sendgrid.net"), "include:sendgrid.net")
    assert.strictEqual(EmailDomain.spfMechanism("email-smtp.eu-west-1.amazonaws.com"), "include:amazonses.com")
    assert.strictEqual(EmailDomain.spfMechanism("smtp.gmail.com"), "include:_spf.google.com")
    assert.strictEqual(EmailDomain.spfMechanism("smtp.office365.com"), "include:spf.protection.outlook.com")
    assert.strictEqual(EmailDomain.spfMechanism("SMTP.Mailgun.org"), "include:mailgun.org")
    assert.strictEqual(EmailDomain.spfMechanism("203.0.113.7"), "ip4:203.0.113.7")
    assert.strictEqual(EmailDomain.spfMechanism("mail.acme.com"), "a:mail.acme.com")
  })

  it("the SPF record to publish adds the mechanism to an existing one, before its all", () => {
    assert.strictEqual(EmailDomain.spfValue(null, "include:sendgrid.net"), "v=spf1 include:sendgrid.net ~all")
    assert.strictEqual(
      EmailDomain.spfValue("v=spf1 include:_spf.google.com -all", "include:sendgrid.net"),
      "v=spf1 include:_spf.google.com include:sendgrid.net -all"
    )
    assert.strictEqual(
      EmailDomain.spfValue("v=spf1 mx redirect=_spf.acme.com", "a:mail.x.com"),
      "v=spf1 mx a:mail.x.com redirect=_spf.acme.com"
    )
    assert.strictEqual(
      EmailDomain.spfValue("v=spf1 include:sendgrid.net ~all", "include:sendgrid.net"),
      "v=spf1 include:sendgrid.net ~all"
    )
  })

  it("judges SPF: missing, lacking the include, twice, or verified", () => {
    const m = "include:sendgrid.net"
    assert.deepStrictEqual(EmailDomain.checkSpf([["google-site-verification=x"]], m), {
      state: "not-found",
      found: null
    })
    assert.strictEqual(EmailDomain.checkSpf([["v=spf1 mx -all"]], m).state, "different")
    assert.strictEqual(
      EmailDomain.checkSpf([["v=spf1 include:sendgrid.net ~all"], ["v=spf1 mx ~all"]], m).state,
      "different"
    )
    // Long records come back split into strings; they are read joined.
    assert.deepStrictEqual(EmailDomain.checkSpf([["v=spf1 mx ", "include:SendGrid.net ~all"]], m), {
      state: "verified",
      found: "v=spf1 mx include:SendGrid.net ~all"
    })
    assert.strictEqual(EmailDomain.checkSpf([["v=spf1 +include:sendgrid.net -all"]], m).state, "verified")
  })

  it("judges DKIM: the exact key (split across strings, spaced), another key, or none", () => {
    const key = "MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAx"
    assert.strictEqual(EmailDomain.checkDkim([], key).state, "not-found")
    assert.strictEqual(EmailDomain.checkDkim([["v=DKIM1; k=rsa; p=MIIBother"]], key).state, "different")
    assert.strictEqual(
      EmailDomain.checkDkim([["v=DKIM1; k=rsa; p=MIIBIjANBgkqhkiG9w0B", "AQEFAAOCAQ8AMIIBCgKCAQEAx"]], key).state,
      "verified"
    )
    assert.strictEqual(
      EmailDomain.checkDkim([["v=DKIM1; k=rsa; p= MIIBIjANBgkqhkiG9w0B AQEFAAOCAQ8AMIIBCgKCAQEAx ;"]], key).state,
      "verified"
    )
    assert.strictEqual(EmailDomain.checkDkim([[EmailDomain.dkimValue(key)]], key).state, "verified")
    assert.isTrue(EmailDomain.isVerified("verified"))
    assert.isFalse(EmailDomain.isVerified("different"))
  })

  it("judges DMARC: one policy is verified; none, two or no policy are not", () => {
    assert.strictEqual(EmailDomain.checkDmarc([]).state, "not-found")
    assert.strictEqual(EmailDomain.checkDmarc([[EmailDomain.dmarcValue]]).state, "verified")
    assert.strictEqual(EmailDomain.checkDmarc([["v=DMARC1; p=reject"]]).state, "verified")
    assert.strictEqual(EmailDomain.checkDmarc([["v=DMARC1; rua=mailto:a@b.com"]]).state, "different")
    assert.strictEqual(EmailDomain.checkDmarc([["v=DMARC1; p=none"], ["v=DMARC1; p=reject"]]).state, "different")
  })

  it("a record found again after being published is verified whatever its string split (property)", () =>
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Za-z0-9+/]{40,400}$/),
        fc.array(fc.integer({ min: 1, max: 255 }), { minLength: 1, maxLength: 5 }),
        (key, cuts) => {
          const text = EmailDomain.dkimValue(key)
          const parts: Array<string> = []
          let rest = text
          for (const n of cuts) {
            parts.push(rest.slice(0, n))
            rest = rest.slice(n)
          }
          parts.push(rest)
          return EmailDomain.checkDkim([parts.filter((p) => p !== "")], key).state === "verified"
        }
      )
    ))
})

describe("EmailDomain.senderFor", () => {
  const base = { senderName: "Acme Ltd", senderEmail: "quotes@acme.com", serverFrom: "quotekit <no-reply@qk.example>" }
  it("a verified domain sends from the account's own address", () => {
    assert.deepStrictEqual(EmailDomain.senderFor({ ...base, verified: true }), {
      from: "Acme Ltd <quotes@acme.com>",
      replyTo: null
    })
  })
  it("an unverified one sends from the server's address under the account's name, replies to the account", () => {
    assert.deepStrictEqual(EmailDomain.senderFor({ ...base, verified: false }), {
      from: "Acme Ltd <no-reply@qk.example>",
      replyTo: "quotes@acme.com"
    })
    assert.strictEqual(
      EmailDomain.senderFor({ ...base, serverFrom: "no-reply@qk.example", verified: false }).from,
      "Acme Ltd <no-reply@qk.example>"
    )
  })
  it("quotes a sender name with special characters and drops line breaks", () => {
    assert.strictEqual(EmailDomain.formatAddress('Tom & "Jerry", Ltd', "a@b.com"), '"Tom & \\"Jerry\\", Ltd" <a@b.com>')
    assert.strictEqual(EmailDomain.formatAddress("A\r\nBcc: x@y.com", "a@b.com"), '"A Bcc: x@y.com" <a@b.com>')
    assert.strictEqual(EmailDomain.formatAddress("", "a@b.com"), "a@b.com")
  })
})
