import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import fc from "fast-check"
import * as AddressGuard from "../src/AddressGuard.ts"

const refusal = AddressGuard.refusalOf

describe("AddressGuard.refusalOf", () => {
  it("refuses each IPv4 range and lets public addresses through", () => {
    const cases: ReadonlyArray<readonly [string, AddressGuard.Refusal | undefined]> = [
      ["127.0.0.1", "loopback"],
      ["127.255.255.254", "loopback"],
      ["10.0.0.1", "private"],
      ["172.16.0.1", "private"],
      ["172.31.255.255", "private"],
      ["192.168.1.20", "private"],
      ["100.64.0.1", "private"],
      ["169.254.169.254", "link-local"],
      ["0.0.0.0", "unspecified"],
      ["224.0.0.1", "multicast"],
      ["239.255.255.250", "multicast"],
      ["255.255.255.255", "reserved"],
      ["172.15.255.255", undefined],
      ["172.32.0.1", undefined],
      ["192.169.0.1", undefined],
      ["8.8.8.8", undefined],
      ["93.184.216.34", undefined]
    ]
    for (const [address, expected] of cases) assert.strictEqual(refusal(address), expected, address)
  })

  it("refuses the IPv6 ranges, with brackets and zones", () => {
    const cases: ReadonlyArray<readonly [string, AddressGuard.Refusal | undefined]> = [
      ["::", "unspecified"],
      ["::1", "loopback"],
      ["[::1]", "loopback"],
      ["0:0:0:0:0:0:0:1", "loopback"],
      ["fc00::1", "private"],
      ["fd12:3456:789a::1", "private"],
      ["fe80::1%eth0", "link-local"],
      ["febf::1", "link-local"],
      ["fec0::1", "private"],
      ["ff02::1", "multicast"],
      ["100::1", "reserved"],
      ["2001:4860:4860::8888", undefined],
      ["2606:4700::1111", undefined]
    ]
    for (const [address, expected] of cases) assert.strictEqual(refusal(address), expected, address)
  })

  it("sees the IPv4 address inside mapped, compatible, NAT64 and 6to4 forms", () => {
    const cases: ReadonlyArray<readonly [string, AddressGuard.Refusal | undefined]> = [
      ["::ffff:127.0.0.1", "loopback"],
      ["::ffff:7f00:1", "loopback"],
      ["[::ffff:10.0.0.1]", "private"],
      ["::ffff:a9fe:a9fe", "link-local"],
      ["0:0:0:0:0:ffff:192.168.0.1", "private"],
      ["::10.1.2.3", "private"],
      ["64:ff9b::169.254.169.254", "link-local"],
      ["2002:c0a8:0101::1", "private"],
      ["2002:0808:0808::1", undefined],
      ["::ffff:8.8.8.8", undefined]
    ]
    for (const [address, expected] of cases) assert.strictEqual(refusal(address), expected, address)
  })

  it("refuses text that is no address rather than guessing", () => {
    for (const text of ["", "localhost", "1.2.3", "1.2.3.256", "::1::2", "12345::", "g::1"])
      assert.strictEqual(refusal(text), "reserved", text)
  })

  it("a refused IPv4 address is refused in every IPv6 form that carries it", () =>
    fc.assert(
      fc.property(fc.ipV4(), (v4) => {
        const [a, b, c, d] = v4.split(".").map(Number) as [number, number, number, number]
        const hex = (x: number, y: number) => ((x << 8) | y).toString(16)
        const expected = refusal(v4)
        assert.strictEqual(refusal(`::ffff:${v4}`), expected)
        assert.strictEqual(refusal(`::ffff:${hex(a, b)}:${hex(c, d)}`), expected)
        assert.strictEqual(refusal(`64:ff9b::${v4}`), expected)
        assert.strictEqual(refusal(`2002:${hex(a, b)}:${hex(c, d)}::1`), expected)
      })
    ))
})

describe("AddressGuard.checkHost", () => {
  it.effect("refuses an address in the URL and a name that resolves to loopback; allows both when told", () =>
    Effect.gen(function* () {
      const literal = yield* Effect.flip(AddressGuard.checkHost("127.0.0.1", { allowPrivate: false }))
      assert.strictEqual(literal._tag, "AddressRefused")
      const bracketed = yield* Effect.flip(AddressGuard.checkHost("[::1]", { allowPrivate: false }))
      assert.strictEqual(bracketed._tag === "AddressRefused" && bracketed.reason, "loopback")
      const named = yield* Effect.flip(AddressGuard.checkHost("localhost", { allowPrivate: false }))
      assert.strictEqual(named._tag === "AddressRefused" && named.reason, "loopback")
      yield* AddressGuard.checkHost("127.0.0.1", { allowPrivate: true })
      yield* AddressGuard.checkHost("localhost", { allowPrivate: true })
    })
  )
})
