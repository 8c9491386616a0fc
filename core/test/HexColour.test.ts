import { assert, describe, it } from "@effect/vitest"
import { Option } from "effect"
import fc from "fast-check"
import * as HexColour from "../src/HexColour.ts"

const colour = (hex: string) => Option.getOrThrow(HexColour.apply(hex))
const hexDigits = fc.string({ unit: fc.constantFrom(..."0123456789abcdefABCDEF"), minLength: 6, maxLength: 6 })

describe("HexColour", () => {
  it("keeps hex digits only, up to 6", () => {
    assert.strictEqual(HexColour.sanitize("#ff-00-zz"), "ff00")
    assert.strictEqual(HexColour.sanitize("#A1 b2 C3 d4"), "A1b2C3")
    assert.strictEqual(HexColour.sanitize("ghijkl"), "")
    assert.strictEqual(HexColour.sanitize(""), "")
  })

  it("the field never holds more than 6 hex digits", () =>
    fc.assert(
      fc.property(fc.string(), (input) => {
        const out = HexColour.sanitize(input)
        return out.length <= 6 && /^[0-9a-fA-F]*$/.test(out)
      })
    ))

  it("sanitising is idempotent and keeps the hex digits in order", () =>
    fc.assert(
      fc.property(fc.string(), (input) => {
        const out = HexColour.sanitize(input)
        const digits = [...input].filter((ch) => /[0-9a-fA-F]/.test(ch)).join("")
        return HexColour.sanitize(out) === out && digits.startsWith(out)
      })
    ))

  it("applies a colour at 6 digits, not before", () => {
    assert.isTrue(Option.isNone(HexColour.apply("#ff00f")))
    assert.deepStrictEqual(HexColour.apply("#FF00FF"), Option.some(HexColour.HexColour.make("#ff00ff")))
    assert.deepStrictEqual(HexColour.apply("ff00ff00"), Option.some(HexColour.HexColour.make("#ff00ff")))
  })

  it("applied colours are always # plus 6 lower-case digits", () =>
    fc.assert(fc.property(hexDigits, (d) => /^#[0-9a-f]{6}$/.test(colour(d)))))

  it("hints at light and dark colours with the spec's texts", () => {
    const light = "That looks quite light, something darker will work better here."
    const dark = "That looks quite dark, something lighter will work better here."
    assert.deepStrictEqual(HexColour.hint(colour("ffffff")), Option.some(light))
    assert.deepStrictEqual(HexColour.hint(colour("ffee00")), Option.some(light))
    assert.deepStrictEqual(HexColour.hint(colour("000000")), Option.some(dark))
    assert.deepStrictEqual(HexColour.hint(colour("000080")), Option.some(dark))
    assert.isTrue(Option.isNone(HexColour.hint(colour("777777"))))
    assert.isTrue(Option.isNone(HexColour.hint(colour("2a7ae2"))))
  })

  it("uses the 0.7 threshold and its mirror", () => {
    assert.strictEqual(HexColour.lightThreshold, 0.7)
    assert.closeTo(HexColour.darkThreshold, 0.3, 1e-12)
    assert.strictEqual(HexColour.lightness(colour("ffffff")), 1)
    assert.strictEqual(HexColour.lightness(colour("000000")), 0)
  })

  it("lightness is within 0..1 and the hint agrees with it", () =>
    fc.assert(
      fc.property(hexDigits, (d) => {
        const c = colour(d)
        const l = HexColour.lightness(c)
        const hinted = Option.isSome(HexColour.hint(c))
        return l >= 0 && l <= 1 && hinted === (l > 0.7 || l < 1 - 0.7)
      })
    ))

  it("a lighter grey is never judged darker", () =>
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 254 }), (v) => {
        const hex = (n: number) => n.toString(16).padStart(2, "0").repeat(3)
        return HexColour.lightness(colour(hex(v))) < HexColour.lightness(colour(hex(v + 1)))
      })
    ))
})
