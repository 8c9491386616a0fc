import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { Dns, DnsFake, layerFake } from "../../src/emaildomain/Dns.ts"

describe("the fake resolver", () => {
  it.effect("answers the zone's records by name in any case, nothing for other names, and fails while down", () =>
    Effect.gen(function* () {
      const zone = yield* DnsFake
      const dns = yield* Dns
      zone.records.set("acme.com", [["v=spf1 ", "mx -all"]])
      assert.deepStrictEqual(yield* dns.txt("ACME.com."), [["v=spf1 ", "mx -all"]])
      assert.deepStrictEqual(yield* dns.txt("_dmarc.acme.com"), [])
      zone.down = true
      const error = yield* Effect.flip(dns.txt("acme.com"))
      assert.strictEqual(error._tag, "DnsUnavailable")
    }).pipe(Effect.provide(layerFake))
  )
})
