import { assert, describe, it } from "@effect/vitest"
import { Option, Schema } from "effect"
import fc from "fast-check"
import * as Address from "../src/Address.ts"
import * as Country from "../src/Country.ts"

const fields = (f: Partial<Address.Fields>): Address.Fields => ({ ...Address.empty, ...f })

describe("Address", () => {
  it("decodes an address row", () => {
    const row = Schema.decodeUnknownSync(Address.Address)({
      contact_address_id: 3,
      contact_id: 7,
      address: "12 High St",
      city: "Wellington",
      state: "",
      zip: "6011",
      country: "New Zealand",
      address_type: "postal"
    })
    assert.strictEqual(row.address_type, "postal")
    assert.throws(() => Schema.decodeUnknownSync(Address.AddressType)("billing"))
  })

  it("splits the address on commas and newlines", () => {
    assert.deepStrictEqual(Address.streetLines("Level 2, 12 High St\n\n  Thorndon "), [
      "Level 2",
      "12 High St",
      "Thorndon"
    ])
    assert.deepStrictEqual(Address.streetLines(" ,\n"), [])
  })

  describe("display", () => {
    it("puts city with state and postcode on one line, country optional", () => {
      const us = fields({
        address: "PO Box 123",
        city: "Springfield",
        state: "IL",
        zip: "62704",
        country: "United States"
      })
      assert.deepStrictEqual(Address.displayLines(us), ["PO Box 123", "Springfield, IL 62704"])
      assert.deepStrictEqual(Address.displayLines(us, { withCountry: true }), [
        "PO Box 123",
        "Springfield, IL 62704",
        "United States"
      ])
      assert.deepStrictEqual(Address.displayLines(fields({ address: "12 High St", city: "Wellington", zip: "6011" })), [
        "12 High St",
        "Wellington 6011"
      ])
      assert.strictEqual(Address.cityLine(fields({ state: "NSW", zip: "2000" })), "NSW 2000")
      assert.strictEqual(Address.cityLine(fields({ city: "Paris" })), "Paris")
      assert.deepStrictEqual(Address.displayLines(Address.empty, { withCountry: true }), [])
    })

    it("builds a maps link from the lines", () => {
      const a = fields({ address: "12 High St", city: "Wellington", zip: "6011", country: "New Zealand" })
      assert.deepStrictEqual(
        Address.mapsUrl(a),
        Option.some(
          "https://www.google.com/maps/search/?api=1&query=12%20High%20St%2C%20Wellington%206011%2C%20New%20Zealand"
        )
      )
      assert.deepStrictEqual(
        Address.mapsUrl(fields({ address: "5 Rue d'Été & Co #2" })),
        Option.some("https://www.google.com/maps/search/?api=1&query=5%20Rue%20d'%C3%89t%C3%A9%20%26%20Co%20%232")
      )
      assert.isTrue(Option.isNone(Address.mapsUrl(Address.empty)))
    })

    it("the maps query decodes back to the display lines", () =>
      fc.assert(
        fc.property(
          fc.record({
            address: fc.string(),
            city: fc.string(),
            state: fc.string(),
            zip: fc.string(),
            country: fc.string()
          }),
          (a) =>
            Option.match(Address.mapsUrl(a), {
              onNone: () => Address.displayLines(a, { withCountry: true }).length === 0,
              onSome: (url) => {
                const query = url.slice("https://www.google.com/maps/search/?api=1&query=".length)
                return (
                  !/[\s&#?]/.test(query) &&
                  decodeURIComponent(query) === Address.displayLines(a, { withCountry: true }).join(", ")
                )
              }
            })
        )
      ))
  })

  describe("fromLines", () => {
    const read = (...lines: Array<string>) => Address.fromLines(lines)

    it("reads New Zealand, Australian, US, Canadian, UK and European lines", () => {
      assert.deepStrictEqual(read("12 High St", "Wellington 6011", "New Zealand"), {
        address: "12 High St",
        city: "Wellington",
        state: "",
        zip: "6011",
        country: "New Zealand"
      })
      assert.deepStrictEqual(read("Level 2, 12 High St", "Sydney NSW 2000"), {
        address: "Level 2\n12 High St",
        city: "Sydney",
        state: "NSW",
        zip: "2000",
        country: "Australia"
      })
      assert.deepStrictEqual(read("1600 Pennsylvania Ave NW", "Washington, DC 20500"), {
        address: "1600 Pennsylvania Ave NW",
        city: "Washington",
        state: "DC",
        zip: "20500",
        country: "United States"
      })
      assert.deepStrictEqual(read("1 Queen St W", "Toronto ON M5V 2T6", "canada"), {
        address: "1 Queen St W",
        city: "Toronto",
        state: "ON",
        zip: "M5V 2T6",
        country: "Canada"
      })
      assert.deepStrictEqual(read("10 Downing St", "London SW1A 2AA", "UK"), {
        address: "10 Downing St",
        city: "London",
        state: "",
        zip: "SW1A 2AA",
        country: "United Kingdom"
      })
      assert.deepStrictEqual(read("5 Rue de Rivoli", "75001 Paris", "France"), {
        address: "5 Rue de Rivoli",
        city: "Paris",
        state: "",
        zip: "75001",
        country: "France"
      })
    })

    it("reads one comma-separated line", () => {
      assert.deepStrictEqual(read("12 High St, Thorndon, Wellington 6011, New Zealand"), {
        address: "12 High St\nThorndon",
        city: "Wellington",
        state: "",
        zip: "6011",
        country: "New Zealand"
      })
    })

    it("understands a lone postcode line and a bare city", () => {
      assert.deepStrictEqual(
        read("12 High St", "Wellington", "6011"),
        fields({ address: "12 High St", city: "Wellington", zip: "6011" })
      )
      assert.deepStrictEqual(read("12 High St", "Wellington"), fields({ address: "12 High St", city: "Wellington" }))
      assert.deepStrictEqual(
        read("PO Box 123", "Springfield, IL"),
        fields({ address: "PO Box 123", city: "Springfield", state: "IL" })
      )
    })

    it("does not guess a country when the state fits several", () => {
      // WA is Washington and Western Australia; a five-digit code is a US ZIP.
      assert.strictEqual(read("1 Main St", "Seattle WA 98101").country, "United States")
      assert.strictEqual(read("1 Hay St", "Perth WA 6000").country, "Australia")
      assert.strictEqual(read("1 Main St", "Seattle WA").country, "")
    })

    it("keeps lines it cannot place as street lines", () => {
      assert.deepStrictEqual(read("Acme House"), fields({ address: "Acme House" }))
      assert.deepStrictEqual(read(), Address.empty)
    })

    it("never loses a word of the input", () =>
      fc.assert(
        fc.property(fc.array(fc.stringMatching(/^[A-Za-z0-9 .'-]{1,20}$/), { minLength: 1, maxLength: 6 }), (lines) => {
          const segments = lines.flatMap(Address.streetLines)
          fc.pre(segments.length > 0 && Option.isNone(Country.fromName(segments[segments.length - 1]!)))
          const out = Address.fromLines(lines)
          const text = [out.address, out.city, out.state, out.zip].join(" ").toLowerCase()
          return segments.every((segment) =>
            segment
              .toLowerCase()
              .split(/\s+/)
              .every((word) => text.includes(word.replace(/\.$/, "")))
          )
        })
      ))

    it("a formatted address reads back to the same fields", () =>
      fc.assert(
        fc.property(
          fc.constantFrom(
            fields({ address: "12 High St", city: "Wellington", zip: "6011", country: "New Zealand" }),
            fields({
              address: "Suite 4\n100 Main St",
              city: "Springfield",
              state: "IL",
              zip: "62704",
              country: "United States"
            }),
            fields({ address: "1 Hay St", city: "Perth", state: "WA", zip: "6000", country: "Australia" }),
            fields({ address: "10 Downing St", city: "London", zip: "SW1A 2AA", country: "United Kingdom" })
          ),
          (a) => {
            const back = Address.fromLines(Address.displayLines(a, { withCountry: true }))
            return JSON.stringify(back) === JSON.stringify(a)
          }
        )
      ))
  })
})
