import { assert, describe, it } from "@effect/vitest"
import { Schema } from "effect"
import fc from "fast-check"
import * as PrivatePricing from "../src/PrivatePricing.ts"

const parts: ReadonlyArray<PrivatePricing.Part> = ["itemCode", "unitQuantity", "priceTotal"]

describe("PrivatePricing", () => {
  it("uses the spec's bits: item code 1, unit quantity 2, price total 4", () => {
    assert.deepStrictEqual(PrivatePricing.Bit, { itemCode: 1, unitQuantity: 2, priceTotal: 4 })
    assert.deepStrictEqual(PrivatePricing.Preset, { all: 6, totalsOnly: 4, quantitiesOnly: 2, hidden: 0 })
  })

  it("presets show what their names say", () => {
    const all = PrivatePricing.make(PrivatePricing.Preset.all)
    assert.isTrue(PrivatePricing.shows(all, "unitQuantity"))
    assert.isTrue(PrivatePricing.shows(all, "priceTotal"))
    assert.isFalse(PrivatePricing.shows(all, "itemCode"))
    const totals = PrivatePricing.make(PrivatePricing.Preset.totalsOnly)
    assert.isTrue(PrivatePricing.shows(totals, "priceTotal"))
    assert.isFalse(PrivatePricing.shows(totals, "unitQuantity"))
    const quantities = PrivatePricing.make(PrivatePricing.Preset.quantitiesOnly)
    assert.isTrue(PrivatePricing.shows(quantities, "unitQuantity"))
    assert.isFalse(PrivatePricing.shows(quantities, "priceTotal"))
    const hidden = PrivatePricing.make(PrivatePricing.Preset.hidden)
    assert.isFalse(PrivatePricing.showsAnyPrice(hidden))
    assert.isTrue(PrivatePricing.showsAnyPrice(quantities))
  })

  it("defaults to everything shown, code included", () => {
    for (const part of parts) assert.isTrue(PrivatePricing.shows(PrivatePricing.DEFAULT, part))
  })

  it("the schema accepts 0-7 integers only", () => {
    const decode = Schema.decodeUnknownExit(PrivatePricing.PrivatePricing)
    assert.isTrue(decode(7)._tag === "Success")
    assert.isTrue(decode(0)._tag === "Success")
    assert.isTrue(decode(8)._tag === "Failure")
    assert.isTrue(decode(-1)._tag === "Failure")
    assert.isTrue(decode(2.5)._tag === "Failure")
  })

  it("set changes exactly one part", () =>
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 7 }), fc.constantFrom(...parts), fc.boolean(), (bits, part, on) => {
        const next = PrivatePricing.set(bits, part, on)
        if (PrivatePricing.shows(next, part) !== on) return false
        return parts.every((p) => p === part || PrivatePricing.shows(next, p) === PrivatePricing.shows(bits, p))
      })
    ))

  it("withPreset keeps the code bit and round-trips through presetOf", () =>
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 7 }),
        fc.constantFrom(...Object.values(PrivatePricing.Preset)),
        (bits, preset) => {
          const next = PrivatePricing.withPreset(bits, preset)
          return (
            PrivatePricing.presetOf(next) === preset &&
            PrivatePricing.shows(next, "itemCode") === PrivatePricing.shows(bits, "itemCode")
          )
        }
      )
    ))

  it("make keeps only known bits", () =>
    fc.assert(fc.property(fc.integer(), (n) => PrivatePricing.make(n) >= 0 && PrivatePricing.make(n) <= 7)))
})
