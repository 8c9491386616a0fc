import { describe, expect, it } from "vitest"
import * as GeoIp from "../src/GeoIp.ts"

describe("GeoIp", () => {
  it("finds the country of public addresses, IPv4-mapped ones too, from the local database", () => {
    expect(GeoIp.countryCode("81.2.69.142")).toBe("GB")
    expect(GeoIp.countryCode("::ffff:81.2.69.142")).toBe("GB")
    expect(GeoIp.countryCode("8.8.8.8")).toBe("US")
  })

  it("has no country for loopback, private or unreadable addresses", () => {
    for (const ip of ["127.0.0.1", "10.1.2.3", "192.168.0.10", "::1", "unknown", ""])
      expect(GeoIp.countryCode(ip)).toBeUndefined()
  })
})
