import { assert, describe, it } from "@effect/vitest"
import fc from "fast-check"
import * as HexColour from "../src/HexColour.ts"
import * as Palette from "../src/Palette.ts"

/** RGBA bytes of pixels given as [r, g, b, a]. */
const image = (pixels: ReadonlyArray<readonly [number, number, number, number]>) =>
  Uint8Array.from(pixels.flatMap((p) => [...p]))

/** The colours as plain strings, to compare with literals. */
const coloursOf = (rgba: Uint8Array): ReadonlyArray<string> => Palette.fromPixels(rgba)

const channel = fc.integer({ min: 0, max: 255 })
const pixel = fc.tuple(channel, channel, channel, channel)

describe("Palette", () => {
  it("a one-colour logo gives that colour", () => {
    assert.deepStrictEqual(coloursOf(image([[200, 30, 40, 255]])), ["#c81e28"])
    assert.deepStrictEqual(coloursOf(image(Array(50).fill([15, 118, 110, 255]))), ["#0f766e"])
  })

  it("ranks colours by how many pixels hold them, leaves out transparent and near-white pixels", () => {
    const logo = image([
      ...Array(300).fill([255, 255, 255, 255]),
      ...Array(200).fill([0, 0, 0, 0]),
      ...Array(100).fill([20, 60, 160, 255]),
      ...Array(60).fill([230, 120, 20, 255]),
      ...Array(10).fill([40, 40, 40, 255])
    ])
    assert.deepStrictEqual(coloursOf(logo), ["#143ca0", "#e67814", "#282828"])
  })

  it("keeps at most five clearly different colours", () => {
    const hues = Array.from({ length: 9 }, (_, i) => Palette.toRgb(Palette.fromHsl(i * 40, 0.8, 0.45)))
    const logo = image(hues.flatMap(([r, g, b], i) => Array(20 - i).fill([r, g, b, 255])))
    const colours = Palette.fromPixels(logo)
    assert.strictEqual(colours.length, 5)
    assert.deepStrictEqual(
      colours,
      hues.slice(0, 5).map(([r, g, b]) => Palette.fromRgb(r, g, b))
    )
  })

  it("an empty or fully transparent image gives no colours", () => {
    assert.deepStrictEqual(coloursOf(new Uint8Array()), [])
    assert.deepStrictEqual(coloursOf(image([[9, 9, 9, 0]])), [])
  })

  it("properties: at most five valid colours, far enough apart, each close to a pixel of the image", () =>
    fc.assert(
      fc.property(fc.array(pixel, { maxLength: 400 }), (pixels) => {
        const colours = Palette.fromPixels(image(pixels))
        const opaque = pixels.filter((p) => p[3] >= 128)
        return (
          colours.length <= Palette.LOGO_COLOURS &&
          colours.every((c) => /^#[0-9a-f]{6}$/.test(c)) &&
          colours.every((a, i) =>
            colours.every(
              (b, j) => i === j || Palette.distance(Palette.toRgb(a), Palette.toRgb(b)) >= Palette.MIN_DISTANCE - 3
            )
          ) &&
          // A kept colour is the average of pixels sharing its top 4 bits per channel.
          colours.every((c) => opaque.some((p) => Palette.distance(Palette.toRgb(c), [p[0], p[1], p[2]]) <= 3 * 16))
        )
      })
    ))

  it("properties: the order of the pixels does not change the colours", () =>
    fc.assert(
      fc.property(fc.array(pixel, { maxLength: 200 }), fc.integer(), (pixels, seed) => {
        const shuffled = [...pixels].sort(
          (a, b) => ((a[0] * 31 + a[1] * 7 + seed) % 5) - ((b[0] * 31 + b[1] * 7 + seed) % 5)
        )
        return JSON.stringify(Palette.fromPixels(image(pixels))) === JSON.stringify(Palette.fromPixels(image(shuffled)))
      })
    ))

  it("presets: 2 rows of 20, every one usable as an accent (no lightness hint), all different", () => {
    assert.strictEqual(Palette.presets.length, 2)
    for (const row of Palette.presets) {
      assert.strictEqual(row.length, Palette.PER_ROW)
      for (const colour of row) assert.isTrue(HexColour.hint(colour)._tag === "None", colour)
    }
    assert.strictEqual(new Set(Palette.presets.flat()).size, 40)
    // Each row sits at its lightness.
    Palette.presets.forEach((row, i) => {
      for (const colour of row) assert.approximately(HexColour.lightness(colour), Palette.ROW_LIGHTNESS[i] ?? 0, 0.02)
    })
  })

  it("fromRgb and toRgb round trip", () =>
    fc.assert(
      fc.property(channel, channel, channel, (r, g, b) => {
        const [r2, g2, b2] = Palette.toRgb(Palette.fromRgb(r, g, b))
        return r === r2 && g === g2 && b === b2
      })
    ))
})
