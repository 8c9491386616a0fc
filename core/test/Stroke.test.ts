import { assert, describe, it } from "@effect/vitest"
import fc from "fast-check"
import * as Stroke from "../src/Stroke.ts"

const close = (a: number, b: number, eps = 1e-9) => Math.abs(a - b) <= eps * Math.max(1, Math.abs(a), Math.abs(b))
const cross = (o: Stroke.Position, a: Stroke.Position, b: Stroke.Position) =>
  (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x)

/** Points of a stroke as the pad stores them: whole units in the area, increasing times. */
const storedStroke = (minLength = 1) =>
  fc
    .array(
      fc.record({
        x: fc.integer({ min: 0, max: Stroke.AREA_WIDTH }),
        y: fc.integer({ min: 0, max: Stroke.AREA_HEIGHT }),
        dt: fc.integer({ min: 0, max: Stroke.TIME_MAX })
      }),
      { minLength, maxLength: 40 }
    )
    .map((raw) => {
      let time = 0
      return raw.map(({ x, y, dt }) => {
        time += dt
        return { x, y, time }
      })
    })

describe("Stroke", () => {
  it("uses the specification's pen constants", () => {
    assert.strictEqual(Stroke.AREA_WIDTH, 600)
    assert.strictEqual(Stroke.AREA_HEIGHT, 250)
    assert.strictEqual(Stroke.TIME_MAX, 100)
    assert.strictEqual(Stroke.defaults.minWidth, 0.75)
    assert.strictEqual(Stroke.defaults.maxWidth, 1.85)
    assert.strictEqual(Stroke.defaults.dotSize, 1.85)
    assert.strictEqual(Stroke.defaults.minDistance, 2)
    assert.strictEqual(Stroke.PADDING, 10)
  })

  it("gives slow strokes the widest pen and fast ones the thinnest", () => {
    assert.strictEqual(Stroke.widthFromVelocity(0), 1.85)
    assert.strictEqual(Stroke.widthFromVelocity(100), 0.75)
    assert.isTrue(close(Stroke.widthFromVelocity(1), 0.925))
  })

  it("pen width stays within 0.75..1.85 and never grows with speed", () =>
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1e6, noNaN: true }),
        fc.double({ min: 0, max: 1e6, noNaN: true }),
        (a, b) => {
          const [slow, fast] = a <= b ? [a, b] : [b, a]
          const ws = Stroke.widthFromVelocity(slow)
          const wf = Stroke.widthFromVelocity(fast)
          return ws >= 0.75 && ws <= 1.85 && wf >= 0.75 && wf <= 1.85 && wf <= ws
        }
      )
    ))

  it("velocity is distance over elapsed time, 0 when no time passed", () => {
    assert.strictEqual(Stroke.velocity({ x: 0, y: 0, time: 0 }, { x: 3, y: 4, time: 10 }), 0.5)
    assert.strictEqual(Stroke.velocity({ x: 0, y: 0, time: 5 }, { x: 3, y: 4, time: 5 }), 0)
  })

  it("control points make a tangent through the middle point parallel to its neighbours, arms in proportion", () =>
    fc.assert(
      fc.property(storedStroke(3), (pts) => {
        const [s1, s2, s3] = pts as [Stroke.Point, Stroke.Point, Stroke.Point]
        const { c1, c2 } = Stroke.controlPoints(s1, s2, s3)
        const l1 = Stroke.distance(s1, s2)
        const l2 = Stroke.distance(s2, s3)
        // c1, s2, c2 on one line, s2 between them, parallel to s1 -> s3
        const onLine = Math.abs(cross(c1, s2, c2)) < 1e-6 * (1 + l1 + l2) ** 2
        const parallel =
          Math.abs((c2.x - c1.x) * (s3.y - s1.y) - (c2.y - c1.y) * (s3.x - s1.x)) < 1e-6 * (1 + l1 + l2) ** 2
        const armsInProportion = close(Stroke.distance(c1, s2) * l2, Stroke.distance(s2, c2) * l1, 1e-6)
        return onLine && parallel && armsInProportion
      })
    ))

  it("a stroke of n points is n - 1 curves through its points, joined smoothly with matching widths", () =>
    fc.assert(
      fc.property(storedStroke(2), (pts) => {
        const cs = Stroke.curves(pts)
        if (cs.length !== pts.length - 1) return false
        for (let i = 0; i < cs.length; i++) {
          const c = cs[i]!
          if (c.start !== pts[i] || c.end !== pts[i + 1]) return false
          if (c.startWidth < 0.75 || c.startWidth > 1.85 || c.endWidth < 0.75 || c.endWidth > 1.85) return false
          const next = cs[i + 1]
          if (next) {
            if (next.startWidth !== c.endWidth) return false
            // tangent continuity: incoming control, joint and outgoing control are collinear
            if (Math.abs(cross(c.c2, c.end, next.c1)) > 1e-6 * 1e6) return false
          }
        }
        return cs[0]!.startWidth === (0.75 + 1.85) / 2
      })
    ))

  it("a single point is a dot and no curve", () => {
    assert.deepStrictEqual(Stroke.curves([{ x: 5, y: 5, time: 0 }]), [])
    assert.deepStrictEqual(Stroke.curves([]), [])
  })

  it("two points make one straight curve", () => {
    const [c] = Stroke.curves([
      { x: 0, y: 0, time: 0 },
      { x: 10, y: 0, time: 10 }
    ])
    assert.isTrue(c !== undefined && c.c1.y === 0 && c.c2.y === 0)
    assert.isTrue(c !== undefined && close(Stroke.length(c), 10))
  })

  it("drawing point by point gives the same curves as replaying the stored stroke", () =>
    fc.assert(
      fc.property(storedStroke(1), (pts) => {
        let pen = Stroke.begin(pts[0]!)
        const live: Array<Stroke.Curve> = []
        const kept: Array<Stroke.Point> = [pts[0]!]
        for (const p of pts.slice(1)) {
          const step = Stroke.move(pen, p)
          pen = step.pen
          if (step.accepted) kept.push(step.point)
          if (step.curve) live.push(step.curve)
        }
        const last = Stroke.finish(pen)
        if (last) live.push(last)
        const replay = Stroke.curves(kept)
        return JSON.stringify(live) === JSON.stringify(replay) && live.length === Math.max(0, kept.length - 1)
      })
    ))

  it("ignores movements shorter than 2 and clamps pauses to 100 ms", () => {
    const pen = Stroke.begin({ x: 10, y: 10, time: 1000 })
    const tiny = Stroke.move(pen, { x: 11, y: 11, time: 1010 })
    assert.isFalse(tiny.accepted)
    assert.strictEqual(tiny.pen, pen)
    const two = Stroke.move(pen, { x: 12, y: 10, time: 1010 })
    assert.isTrue(two.accepted)
    const paused = Stroke.move(pen, { x: 20, y: 10, time: 6000 })
    assert.deepStrictEqual(paused.point, { x: 20, y: 10, time: 1100 })
  })

  it("accepted points are never closer than the minimum distance to the previous one", () =>
    fc.assert(
      fc.property(storedStroke(1), (pts) => {
        let pen = Stroke.begin(pts[0]!)
        let previous = pts[0]!
        for (const p of pts.slice(1)) {
          const step = Stroke.move(pen, p)
          if (step.accepted) {
            if (Stroke.distance(previous, step.point) < 2) return false
            if (step.point.time - previous.time > 100 || step.point.time < previous.time) return false
            previous = step.point
          }
          pen = step.pen
        }
        return true
      })
    ))

  it("the width along a curve moves from its start width to its end width", () => {
    const curve: Stroke.Curve = {
      start: { x: 0, y: 0 },
      c1: { x: 1, y: 0 },
      c2: { x: 2, y: 0 },
      end: { x: 3, y: 0 },
      startWidth: 1,
      endWidth: 2
    }
    assert.strictEqual(Stroke.widthAt(curve, 0), 1)
    assert.strictEqual(Stroke.widthAt(curve, 1), 2)
    assert.strictEqual(Stroke.widthAt(curve, 0.5), 1.125)
    assert.deepStrictEqual(Stroke.pointAt(curve, 0.5), { x: 1.5, y: 0 })
  })

  it("strokes a curve with twice the mean pen radius under the t³ interpolation, to a tenth", () => {
    const curve = (startWidth: number, endWidth: number): Stroke.Curve => ({
      start: { x: 0, y: 0 },
      c1: { x: 0, y: 0 },
      c2: { x: 0, y: 0 },
      end: { x: 0, y: 0 },
      startWidth,
      endWidth
    })
    assert.strictEqual(Stroke.inkWidth(curve(1.85, 1.85)), 3.7)
    assert.strictEqual(Stroke.inkWidth(curve(0.75, 1.85)), 2.1) // 2 * (0.75 + 1.1 / 4) = 2.05
    assert.strictEqual(Stroke.inkWidth(curve(1.85, 0.75)), 3.2) // 2 * (1.85 - 1.1 / 4) = 3.15
  })

  it("the mean radius matches the width interpolation averaged along the curve", () =>
    fc.assert(
      fc.property(
        fc.double({ min: 0.75, max: 1.85, noNaN: true }),
        fc.double({ min: 0.75, max: 1.85, noNaN: true }),
        (a, b) => {
          const c: Stroke.Curve = {
            start: { x: 0, y: 0 },
            c1: { x: 0, y: 0 },
            c2: { x: 0, y: 0 },
            end: { x: 0, y: 0 },
            startWidth: a,
            endWidth: b
          }
          let sum = 0
          const n = 1000
          for (let i = 0; i < n; i++) sum += Stroke.widthAt(c, (i + 0.5) / n)
          return Math.abs(Stroke.inkWidth(c) - (2 * sum) / n) <= 0.05 + 1e-6
        }
      )
    ))

  it("maps element pixels onto the area and back", () => {
    const scale = Stroke.scaleFor(300, 2)
    assert.strictEqual(scale.factor, 0.5)
    assert.strictEqual(Stroke.elementHeight(scale), 125)
    assert.deepStrictEqual(Stroke.canvasSize(scale), { width: 600, height: 250 })
    assert.strictEqual(Stroke.canvasFactor(scale), 1)
    assert.deepStrictEqual(Stroke.toArea(scale, 150, 62.4, 7), { x: 300, y: 125, time: 7 })
    assert.deepStrictEqual(Stroke.toArea(scale, -20, 500, 0), { x: 0, y: 250, time: 0 })
    assert.deepStrictEqual(Stroke.fromArea(scale, { x: 300, y: 125 }), { x: 150, y: 62.5 })
    assert.deepStrictEqual(Stroke.scaleFor(0, Number.NaN), { factor: 1, pixelRatio: 1 })
  })

  it("any element position lands on a whole point inside the area", () =>
    fc.assert(
      fc.property(
        fc.double({ min: 1, max: 4000, noNaN: true }),
        fc.double({ noNaN: true }),
        fc.double({ noNaN: true }),
        (width, x, y) => {
          const p = Stroke.toArea(Stroke.scaleFor(width), x, y, 0)
          return Number.isInteger(p.x) && Number.isInteger(p.y) && p.x >= 0 && p.x <= 600 && p.y >= 0 && p.y <= 250
        }
      )
    ))
})
