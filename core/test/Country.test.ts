import { assert, describe, it } from "@effect/vitest"
import { Option } from "effect"
import fc from "fast-check"
import * as Country from "../src/Country.ts"

const named = (name: string) => Option.getOrThrow(Country.fromName(name))

/** Randomly change the case of each letter, keeping the text otherwise identical. */
const recase = (text: string) =>
  fc
    .array(fc.boolean(), { minLength: text.length, maxLength: text.length })
    .map((flips) => [...text].map((ch, i) => (flips[i] ? ch.toUpperCase() : ch.toLowerCase())).join(""))

describe("Country", () => {
  describe("table", () => {
    it("has 256 countries with ids 1..256 in alphabetical order of name", () => {
      assert.strictEqual(Country.all.length, 256)
      for (const [i, c] of Country.all.entries()) assert.strictEqual(c.id, i + 1)
      for (let i = 1; i < Country.all.length; i++) {
        assert.isBelow(Country.all[i - 1]!.name.localeCompare(Country.all[i]!.name, "en"), 0)
      }
    })

    it("has unique names and ISO alpha-2 codes", () => {
      assert.strictEqual(new Set(Country.all.map((c) => c.name.toLowerCase())).size, 256)
      assert.strictEqual(new Set(Country.all.map((c) => c.code)).size, 256)
      for (const c of Country.all) assert.match(c.code, /^[A-Z]{2}$/)
    })

    it("has dialling prefixes and map centres in range", () => {
      for (const c of Country.all) {
        assert.match(c.prefix, /^\+\d{1,4}$/, c.name)
        assert.isTrue(c.lat >= -90 && c.lat <= 90 && c.lng >= -180 && c.lng <= 180, c.name)
      }
    })

    it("knows the countries of the public site", () => {
      const nz = named("New Zealand")
      assert.deepStrictEqual([nz.code, nz.prefix], ["NZ", "+64"])
      assert.deepStrictEqual([named("United Kingdom").code, named("United Kingdom").prefix], ["GB", "+44"])
      assert.strictEqual(named("United States").prefix, "+1")
      assert.strictEqual(named("Australia").prefix, "+61")
      assert.strictEqual(named("South Africa").prefix, "+27")
      assert.strictEqual(named("Ireland").prefix, "+353")
      assert.strictEqual(Country.defaultCountry.code, "US")
      assert.isTrue(nz.lat < -30 && nz.lng > 160)
    })

    it("looks rows up by id and code", () => {
      const nz = named("New Zealand")
      assert.deepStrictEqual(Country.byId(nz.id), Option.some(nz))
      assert.deepStrictEqual(Country.fromCode("nz"), Option.some(nz))
      assert.isTrue(Option.isNone(Country.byId(0)))
      assert.isTrue(Option.isNone(Country.byId(257)))
      assert.isTrue(Option.isNone(Country.fromCode("QQ")))
    })
  })

  describe("fromName", () => {
    it("accepts every country name in any case", () =>
      fc.assert(
        fc.property(
          fc.constantFrom(...Country.all).chain((c) => recase(c.name).map((typed) => [c, typed] as const)),
          ([country, typed]) => Option.getOrThrow(Country.fromName(typed)).id === country.id
        )
      ))

    it("ignores surrounding space, accents and apostrophe style", () => {
      assert.strictEqual(named("  new   zealand ").code, "NZ")
      assert.strictEqual(named("cote d’ivoire").code, "CI")
      assert.strictEqual(named("ALAND ISLANDS").code, "AX")
      assert.strictEqual(named("The Bahamas").code, "BS")
      assert.strictEqual(named("St Lucia").code, "LC")
      assert.strictEqual(named("St. Kitts & Nevis").code, "KN")
    })

    it("knows everyday other names", () => {
      assert.strictEqual(named("USA").code, "US")
      assert.strictEqual(named("uk").code, "GB")
      assert.strictEqual(named("England").code, "GB")
      assert.strictEqual(named("Ivory Coast").code, "CI")
      assert.strictEqual(named("Türkiye").code, "TR")
      assert.strictEqual(named("Czech Republic").code, "CZ")
    })

    it("refuses text that is not a country", () => {
      for (const text of ["", " ", "Zealand", "New Zealandia", "Wellington", "N Z", "X"]) {
        assert.isTrue(Option.isNone(Country.fromName(text)), text)
      }
    })

    it("never accepts a strict prefix of a name that is no other name", () => {
      // Every prefix of every name, exhaustively. A prefix may itself be a known other name ("Vatican" for
      // Vatican City); only those are accepted.
      const other = new Set(Country.otherNames.map(([name]) => name))
      for (const c of Country.all) {
        for (let n = 0; n < c.name.length; n++) {
          const cut = c.name.slice(0, n)
          const found = Country.fromName(cut)
          const accepted = Option.isSome(found) && found.value.name.toLowerCase() === c.name.toLowerCase()
          if (accepted) assert.isTrue(other.has(cut.trim().toLowerCase()), cut)
        }
      }
    })
  })

  describe("acceptInput", () => {
    const nzCountry = named("New Zealand")
    const nz = Option.some(nzCountry)

    it("keeps a known name and reverts anything else to the last valid value", () => {
      assert.strictEqual(Option.getOrThrow(Country.acceptInput("australia", nz)).code, "AU")
      assert.deepStrictEqual(Country.acceptInput("Australi", nz), nz)
      assert.deepStrictEqual(Country.acceptInput("", nz), nz)
      assert.isTrue(Option.isNone(Country.acceptInput("nowhere", Option.none())))
    })

    it("clears on empty text only when allowed", () => {
      assert.isTrue(Option.isNone(Country.acceptInput("  ", nz, { allowEmpty: true })))
      assert.deepStrictEqual(Country.acceptInput("nowhere", nz, { allowEmpty: true }), nz)
    })

    it("always yields a known country or the last value", () =>
      fc.assert(
        fc.property(fc.string(), (text) => {
          const out = Country.acceptInput(text, nz)
          return Option.isSome(out) && (out.value.id === nzCountry.id || Option.isSome(Country.fromName(text)))
        })
      ))
  })

  describe("states", () => {
    it("lists US states, Canadian provinces and Australian states", () => {
      assert.strictEqual(Country.statesOf(named("United States")).length, 51)
      assert.strictEqual(Country.statesOf(named("Canada")).length, 13)
      assert.strictEqual(Country.statesOf(named("Australia")).length, 8)
      assert.isFalse(Country.hasStates(named("New Zealand")))
      assert.strictEqual(new Set(Country.allStates.map((s) => s.id)).size, Country.allStates.length)
    })

    it("finds a state by name or code in any case", () => {
      const au = named("Australia")
      assert.strictEqual(Option.getOrThrow(Country.stateFromName(au, "nsw")).name, "New South Wales")
      assert.strictEqual(Option.getOrThrow(Country.stateFromName(au, "new south WALES")).code, "NSW")
      assert.isTrue(Option.isNone(Country.stateFromName(au, "Ontario")))
      assert.isTrue(Option.isNone(Country.stateFromName(named("New Zealand"), "Auckland")))
    })

    it("clears the state when the country changes to one without it", () => {
      const ontario = Country.stateFromName(named("Canada"), "ON")
      assert.deepStrictEqual(Country.keepState(named("Canada"), ontario), ontario)
      assert.isTrue(Option.isNone(Country.keepState(named("New Zealand"), ontario)))
      assert.isTrue(Option.isNone(Country.keepState(named("United States"), ontario)))
      assert.deepStrictEqual(Country.stateById(Option.getOrThrow(ontario).id), ontario)
    })
  })

  describe("public site", () => {
    it("has fifteen prefixed variants and none for the United States", () => {
      assert.strictEqual(Object.keys(Country.sitePrefixes).length, 15)
      assert.strictEqual(Country.sitePrefix("US"), "")
      assert.strictEqual(Country.sitePrefix("gb"), "/uk")
      assert.strictEqual(Country.sitePrefix("NZ"), "/nz")
      for (const code of Object.keys(Country.sitePrefixes)) assert.isTrue(Option.isSome(Country.fromCode(code)))
    })

    it("rewrites the listed links to the visitor's prefix", () => {
      assert.strictEqual(Country.localisePath("/", "NZ"), "/nz")
      assert.strictEqual(Country.localisePath("/pricing", "NZ"), "/nz/pricing")
      assert.strictEqual(Country.localisePath("/tour/", "AU"), "/au/tour")
      assert.strictEqual(Country.localisePath("/examples?x=1#top", "GB"), "/uk/examples?x=1#top")
      assert.strictEqual(Country.localisePath("/help", "DE"), "/de/help")
      assert.strictEqual(Country.localisePath("/support", "ZA"), "/za/support")
    })

    it("leaves other links and US visitors alone", () => {
      assert.strictEqual(Country.localisePath("/pricing", "US"), "/pricing")
      assert.strictEqual(Country.localisePath("/pricing", "JP"), "/pricing")
      assert.strictEqual(Country.localisePath("/blog/post", "NZ"), "/blog/post")
      assert.strictEqual(Country.localisePath("/help/article", "NZ"), "/help/article")
      assert.strictEqual(Country.localisePath("/quotes", "NZ"), "/quotes")
    })

    it("reads the variant back from a path", () => {
      assert.deepStrictEqual(Country.siteCountryOfPath("/nz/pricing"), Option.some("NZ"))
      assert.deepStrictEqual(Country.siteCountryOfPath("/uk"), Option.some("GB"))
      assert.isTrue(Option.isNone(Country.siteCountryOfPath("/pricing")))
      assert.isTrue(Option.isNone(Country.siteCountryOfPath("/")))
    })

    it("a rewritten link reads back as the visitor's country", () =>
      fc.assert(
        fc.property(
          fc.constantFrom(...Object.keys(Country.sitePrefixes)),
          fc.constantFrom(...Country.localisedPaths),
          (code, path) => Option.getOrThrow(Country.siteCountryOfPath(Country.localisePath(path, code))) === code
        )
      ))
  })
})
