import * as AddressLookup from "@quotekit/core/AddressLookup"
import * as Country from "@quotekit/core/Country"
import * as fc from "fast-check"
import { describe, expect, it } from "vitest"

const word = fc.stringMatching(/^[A-Za-zÀ-ÿ' -]{0,20}$/)
const parts = fc.record(
  {
    houseNumber: fc.stringMatching(/^[0-9]{0,4}[a-c]?$/),
    street: word,
    name: word,
    city: word,
    state: word,
    postcode: fc.stringMatching(/^[0-9A-Z ]{0,8}$/),
    countryCode: fc.constantFrom("NZ", "DE", "GB", "US", "XX", ""),
    country: word
  },
  { requiredKeys: [] }
)

describe("AddressLookup.placeOf", () => {
  it("gives trimmed fields with single spaces, whatever the service sent", () => {
    fc.assert(
      fc.property(parts, (p) => {
        const place = AddressLookup.placeOf(p)
        for (const value of Object.values(place)) {
          expect(value).toBe(value.trim())
          expect(value).not.toMatch(/\s{2}/)
        }
      })
    )
  })

  it("names a known country as our country list does, else keeps the service's name", () => {
    fc.assert(
      fc.property(parts, (p) => {
        const known = Country.fromCode(p.countryCode ?? "")
        const place = AddressLookup.placeOf(p)
        if (known._tag === "Some") expect(place.country).toBe(known.value.name)
        else expect(place.country).toBe((p.country ?? "").replace(/\s+/g, " ").trim())
      })
    )
  })

  it("the street line holds the number and the street in the country's order", () => {
    expect(AddressLookup.streetLine({ houseNumber: "12", street: "Harbour Street", countryCode: "NZ" })).toBe(
      "12 Harbour Street"
    )
    expect(AddressLookup.streetLine({ houseNumber: "5", street: "Unter den Linden", countryCode: "DE" })).toBe(
      "Unter den Linden 5"
    )
    expect(
      AddressLookup.streetLine({ name: "Te Papa", houseNumber: "55", street: "Cable Street", countryCode: "NZ" })
    ).toBe("Te Papa, 55 Cable Street")
    expect(AddressLookup.streetLine({ name: "Cable Street", street: "Cable Street" })).toBe("Cable Street")
    expect(AddressLookup.streetLine({ name: "Rose Farm" })).toBe("Rose Farm")
  })
})
