import { assert, describe, it } from "@effect/vitest"
import * as Pod from "../../src/internal/Pod.ts"

describe("Pod", () => {
  it("reads the pod from a pod or an API address", () => {
    assert.strictEqual(Pod.parse("na1"), "na1")
    assert.strictEqual(Pod.parse(" EU1 "), "eu1")
    assert.strictEqual(Pod.parse("https://api.au1.insightly.com"), "au1")
    assert.strictEqual(Pod.parse("https://api.na1.insightly.com/v3.1/"), "na1")
    assert.strictEqual(Pod.parse("HTTPS://API.NA1.INSIGHTLY.COM/V3.1"), "na1")
    assert.strictEqual(Pod.parse("api.na1.insightly.com"), "na1")
  })

  it("names none for anything else", () => {
    for (const input of [
      "",
      "n",
      "acme",
      "na1.insightly.com",
      "https://na1.insightly.com",
      "https://api.insightly.com/v3.1",
      "ftp://api.na1.insightly.com",
      "http://api.na1.insightly.com",
      "https://api.na1.insightly.com/v3.1/Contacts",
      "https://api.na1.insightly.com?x=1",
      "https://api.na1.insightly.com#v3.1",
      "https://api.na1.insightly.com.example.org",
      "https://api.a.b.insightly.com",
      "https://api.na1.insightly.com:444"
    ])
      assert.isUndefined(Pod.parse(input), input)
  })

  it("the pod's addresses", () => {
    assert.strictEqual(Pod.siteOf("na1"), "https://api.na1.insightly.com")
    assert.strictEqual(Pod.apiUrlOf("eu1"), "https://api.eu1.insightly.com")
    assert.strictEqual(Pod.appUrlOf("au1"), "https://crm.au1.insightly.com")
  })
})
