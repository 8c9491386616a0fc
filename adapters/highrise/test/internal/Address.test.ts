import { assert, describe, it } from "@effect/vitest"
import * as Address from "../../src/internal/Address.ts"

describe("Address", () => {
  it("reads the subdomain from a subdomain, a host or any address on the account", () => {
    for (const typed of [
      "acme",
      " Acme ",
      "acme.highrisehq.com",
      "https://acme.highrisehq.com",
      "https://acme.highrisehq.com/",
      "http://acme.highrisehq.com/people/12",
      "HTTPS://ACME.HIGHRISEHQ.COM"
    ])
      assert.strictEqual(Address.subdomainOf(typed), "acme", typed)
    assert.strictEqual(Address.subdomainOf("my-firm2"), "my-firm2")
    assert.strictEqual(Address.siteOf("acme"), "https://acme.highrisehq.com")
  })

  it("anything else is not a Highrise account", () => {
    for (const typed of [
      "",
      "-acme",
      "acme_co",
      "acme corp",
      "https://highrisehq.com",
      "https://www.example.com",
      "https://acme.highrisehq.com.example.com",
      "https://x.acme.highrisehq.com",
      "https://u:p@acme.highrisehq.com",
      "https://acme.highrisehq.com:444",
      "javascript://acme.highrisehq.com",
      "https://"
    ])
      assert.strictEqual(Address.subdomainOf(typed), undefined, typed)
  })
})
