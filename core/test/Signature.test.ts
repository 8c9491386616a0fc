import { assert, describe, it } from "@effect/vitest"
import fc from "fast-check"
import * as Outcome from "../src/Outcome.ts"
import * as Signature from "../src/Signature.ts"
import * as Stroke from "../src/Stroke.ts"

/** Strokes as a pen produces them: any coordinates (even off the area), absolute times that only increase. */
const penStrokes = fc
  .array(
    fc.array(
      fc.record({
        x: fc.double({ min: -50, max: 650, noNaN: true }),
        y: fc.double({ min: -50, max: 300, noNaN: true }),
        dt: fc.double({ min: 0, max: 5000, noNaN: true })
      }),
      { maxLength: 30 }
    ),
    { maxLength: 8 }
  )
  .chain((strokes) =>
    fc.double({ min: 0, max: 1e9, noNaN: true }).map((start) => {
      let time = start
      return strokes.map((s) =>
        s.map(({ x, y, dt }) => {
          time += dt
          return { x, y, time }
        })
      )
    })
  )

const inArea = (strokes: Signature.Strokes) =>
  strokes.every((s) =>
    s.every((p) => Number.isInteger(p.x) && Number.isInteger(p.y) && p.x >= 0 && p.x <= 600 && p.y >= 0 && p.y <= 250)
  )

const failure = (r: Outcome.Outcome<unknown, Signature.InvalidSignature>) =>
  Outcome.isFailure(r) ? r.failure.reason : "ok"

const point = (x: number, y: number, time: number): Stroke.Point => ({ x, y, time })

describe("Signature", () => {
  it("reads the documented example", () => {
    const r = Signature.decode("12c7d00fff00a14000281910")
    assert.deepStrictEqual(Outcome.getOrThrow(r), [[point(300, 125, 0)], [point(10, 20, 0), point(40, 25, 16)]])
    assert.strictEqual(Signature.encode(Outcome.getOrThrow(r)), "12c7d00fff00a14000281910")
  })

  it("encodes pen strokes so they decode to exactly what is stored", () =>
    fc.assert(
      fc.property(penStrokes, (strokes) => {
        const data = Signature.encode(strokes)
        const back = Signature.decode(data)
        return (
          Outcome.isSuccess(back) &&
          JSON.stringify(back.success) === JSON.stringify(Signature.normalize(strokes)) &&
          Signature.dataLength(strokes) === data.length
        )
      })
    ))

  it("every decoded point lies inside the 600 by 250 area with time steps of 0..100 ms", () =>
    fc.assert(
      fc.property(penStrokes, (strokes) => {
        const back = Signature.decode(Signature.encode(strokes))
        if (!Outcome.isSuccess(back) || !inArea(back.success)) return false
        let previous = 0
        for (const p of back.success.flat()) {
          if (p.time - previous < 0 || p.time - previous > 100) return false
          previous = p.time
        }
        return true
      })
    ))

  it("valid data re-encodes to itself (one spelling per signature, upper case read as lower)", () =>
    fc.assert(
      fc.property(penStrokes, fc.boolean(), (strokes, upper) => {
        const data = Signature.encode(strokes)
        const input = upper ? data.toUpperCase() : data
        return Signature.encode(Outcome.getOrThrow(Signature.decode(input))) === data
      })
    ))

  it("never throws on arbitrary input, and whatever it accepts lies in the area", () => {
    const hexish = fc.string({ unit: fc.constantFrom(..."0123456789abcdefABCDEFf"), maxLength: 80 })
    fc.assert(
      fc.property(fc.oneof(fc.string(), hexish, fc.string({ unit: "binary" })), (s) => {
        const r = Signature.decode(s)
        if (Outcome.isSuccess(r)) return inArea(r.success) && r.success.every((stroke) => stroke.length > 0)
        return r.failure._tag === "InvalidSignature" && r.failure.position >= 0 && r.failure.position <= s.length
      })
    )
  })

  it("refuses data beyond the specification's limits", () => {
    assert.strictEqual(failure(Signature.decode(`258fa00`)), "ok") // x 600, y 250
    assert.strictEqual(failure(Signature.decode(`259fa00`)), "OutsideArea")
    assert.strictEqual(failure(Signature.decode(`258fb00`)), "OutsideArea")
    assert.strictEqual(failure(Signature.decode(`0000000fff0000064`)), "ok") // 100 ms
    assert.strictEqual(failure(Signature.decode(`0000000fff0000065`)), "TimeTooLong")
    assert.strictEqual(failure(Signature.decode(`0000001`)), "FirstTimeNotZero")
    assert.strictEqual(failure(Signature.decode(`00000`)), "Truncated")
    assert.strictEqual(failure(Signature.decode(`00g0000`)), "NotHex")
    assert.strictEqual(failure(Signature.decode(`fff0000000`)), "EmptyStroke")
    assert.strictEqual(failure(Signature.decode(`0000000fff`)), "EmptyStroke")
    assert.strictEqual(failure(Signature.decode(`0000000ffffff0000000`)), "EmptyStroke")
    assert.strictEqual(failure(Signature.decode(`0000000 `)), "NotHex")
  })

  it("accepts data up to 10,000 characters and refuses a character more", () => {
    const points = Math.floor(10_000 / 7) // 1428 points, 9996 characters
    const data = `0000000${"0010000".repeat(points - 1)}`
    assert.strictEqual(data.length, 9996)
    assert.strictEqual(failure(Signature.validate(data)), "ok")
    assert.strictEqual(failure(Signature.validate(`${data}fff0`)), "Truncated")
    assert.strictEqual(failure(Signature.validate(data + "0".repeat(5))), "TooLong")
    assert.strictEqual(Signature.DATA_LIMIT, 10_000)
  })

  it("clamps pauses, rounds and keeps points in the area when normalizing", () => {
    const n = Signature.normalize([[point(-3, 12.6, 5000), point(700.2, 260, 5600)], [], [point(1.4, 1.5, 5650)]])
    assert.deepStrictEqual(n, [[point(0, 13, 0), point(600, 250, 100)], [point(1, 2, 150)]])
  })

  it("is empty without ink", () => {
    assert.isTrue(Signature.isEmpty(""))
    assert.isTrue(Signature.isEmpty("not a signature"))
    assert.isFalse(Signature.isEmpty("12c7d00"))
  })

  it("keeps typed names tidy and requires at least 2 letters", () => {
    assert.deepStrictEqual(Outcome.getOrThrow(Signature.typed("  Jane \n  Doe ")), { _tag: "Typed", name: "Jane Doe" })
    assert.deepStrictEqual(Outcome.getOrThrow(Signature.typed("Cher")), { _tag: "Typed", name: "Cher" })
    assert.strictEqual(Outcome.getOrThrow(Signature.typed("Zoë\u202e Ng")).name, "Zoë Ng")
    assert.strictEqual(failure(Signature.typed("J.")), "NameTooShort")
    assert.strictEqual(failure(Signature.typed("   ")), "NameTooShort")
    assert.strictEqual(failure(Signature.typed("a".repeat(101))), "NameTooLong")
    assert.strictEqual(failure(Signature.typed("a".repeat(100))), "ok")
  })

  it("a signature of either kind survives its single-string form", () =>
    fc.assert(
      fc.property(
        fc.oneof(
          penStrokes.map(Signature.drawn),
          fc
            .string({ maxLength: 120 })
            .map((s) => Signature.typed(s))
            .filter(Outcome.isSuccess)
            .map((r) => r.success)
        ),
        (signature) => {
          const back = Signature.fromWire(Signature.toWire(signature))
          return Outcome.isSuccess(back) && JSON.stringify(back.success) === JSON.stringify(signature)
        }
      )
    ))

  it("renders a complete SVG document of the area: curves stroked by width, dots filled", () => {
    const strokes = Outcome.getOrThrow(Signature.decode("12c7d00fff00a14000281910"))
    const svg = Signature.toSvg(strokes)
    assert.match(svg, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 600 250" width="600" height="250">/)
    assert.match(
      svg,
      /<g fill="none" stroke="#000" stroke-linecap="round" stroke-linejoin="round"><path stroke-width="[\d.]+" d="M10 20C[^"]+ 40 25"\/><\/g>/
    )
    assert.include(
      svg,
      '<path fill="#000" d="M301.85 125A1.85 1.85 0 1 0 298.15 125A1.85 1.85 0 1 0 301.85 125Z"/></svg>'
    )
    assert.strictEqual(
      Signature.toSvg([]),
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 250" width="600" height="250"></svg>'
    )
  })

  it("crops to the ink with a padding of 10, inside the area", () => {
    const strokes = Outcome.getOrThrow(Signature.decode("12c7d00fff00a14000281910"))
    assert.deepStrictEqual(Signature.cropBox(strokes), { x: 0, y: 10, width: 310, height: 125 })
    assert.match(Signature.toSvg(strokes, { crop: true }), /viewBox="0 10 310 125"/)
    assert.deepStrictEqual(Signature.cropBox([]), Signature.area)
  })

  it("the crop box holds every point with its padding where the area allows", () =>
    fc.assert(
      fc.property(penStrokes, (raw) => {
        const strokes = Signature.normalize(raw)
        const b = Signature.cropBox(strokes)
        const inside = b.x >= 0 && b.y >= 0 && b.x + b.width <= 600 && b.y + b.height <= 250
        return (
          inside &&
          strokes
            .flat()
            .every(
              (p) =>
                p.x - b.x >= Math.min(10, p.x) &&
                b.x + b.width - p.x >= Math.min(10, 600 - p.x) &&
                p.y - b.y >= Math.min(10, p.y) &&
                b.y + b.height - p.y >= Math.min(10, 250 - p.y)
            )
        )
      })
    ))

  it("never lets an ink colour or a typed name break out of the SVG", () => {
    const strokes = Outcome.getOrThrow(Signature.decode("12c7d00"))
    const svg = Signature.toSvg(strokes, { color: '"/><script>alert(1)</script>' })
    assert.notInclude(svg, "<script")
    assert.include(svg, 'fill="#000"')
    assert.include(Signature.toSvg(strokes, { color: "#1a2B3c" }), 'fill="#1a2B3c"')
    const typed = Outcome.getOrThrow(Signature.typed(`<script>alert("x")</script> O'Neil & Co`))
    const typedSvg = Signature.typedToSvg(typed)
    assert.notInclude(typedSvg, "<script")
    assert.include(typedSvg, "&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; O&#39;Neil &#38; Co</text>")
    assert.strictEqual(Signature.render(typed), typedSvg)
  })

  it("draws every curve once at its pen width and a dot for each single-point stroke", () =>
    fc.assert(
      fc.property(penStrokes, (raw) => {
        const strokes = Signature.normalize(raw)
        const paths = Signature.toSvgPaths(strokes)
        const curves = strokes.reduce((n, s) => n + Math.max(0, s.length - 1), 0)
        const dots = strokes.filter((s) => s.length === 1).length
        const stroked = paths.filter((p) => p._tag === "Stroked")
        const filled = paths.filter((p) => p._tag === "Filled")
        const count = (d: string, c: string) => d.split(c).length - 1
        return (
          stroked.reduce((n, p) => n + count(p.d, "C"), 0) === curves &&
          filled.reduce((n, p) => n + count(p.d, "A"), 0) === 2 * dots &&
          stroked.every((p) => p.width >= 1.5 && p.width <= 3.7 && /^M[MC0-9. -]*$/.test(p.d)) &&
          filled.every((p) => /^[MAZ0-9. -]*$/.test(p.d)) &&
          new Set(stroked.map((p) => p.width)).size === stroked.length
        )
      })
    ))

  it("continues a path from curve to curve and moves only where a stroke starts or the width changes", () => {
    const strokes = Outcome.getOrThrow(Signature.decode("12c7d00fff00a1400fff0281910064321a"))
    const [curve] = Stroke.curves(strokes[2]!)
    assert.deepStrictEqual(Signature.toSvgPaths(strokes), [
      {
        _tag: "Stroked",
        width: Stroke.inkWidth(curve!),
        d: `M40 25C${[curve!.c1.x, curve!.c1.y, curve!.c2.x, curve!.c2.y].map((n) => Math.round(n * 10) / 10).join(" ")} 100 50`
      },
      {
        _tag: "Filled",
        d: "M301.85 125A1.85 1.85 0 1 0 298.15 125A1.85 1.85 0 1 0 301.85 125ZM11.85 20A1.85 1.85 0 1 0 8.15 20A1.85 1.85 0 1 0 11.85 20Z"
      }
    ])
  })

  it("moves the pen only where a stroke starts or the width changes", () =>
    fc.assert(
      fc.property(penStrokes, (raw) => {
        const strokes = Signature.normalize(raw)
        let expected = 0
        for (const stroke of strokes) {
          const cs = Stroke.curves(stroke)
          cs.forEach((c, i) => {
            if (i === 0 || Stroke.inkWidth(c) !== Stroke.inkWidth(cs[i - 1]!)) expected++
          })
        }
        const moves = Signature.toSvgPaths(strokes)
          .filter((p) => p._tag === "Stroked")
          .reduce((n, p) => n + p.d.split("M").length - 1, 0)
        return moves === expected
      })
    ))
})
