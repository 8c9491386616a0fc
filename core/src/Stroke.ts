/**
 * Pen geometry of the signature pad: points with time, the velocity filter, pen width from speed and Bezier
 * smoothing. Pure and DOM-free, so the `<qk-signature-pad>`
 * element only draws what these functions compute and a stored signature re-renders exactly as it was drawn.
 *
 * Coordinates are in the signature area, 600 by 250 units; the element maps its pixels onto the area with
 * {@link scaleFor} and {@link toArea}. Widths are pen radii (half the ink thickness), as in `signature_pad`.
 * Each curve is drawn stroked with {@link inkWidth} and round caps; a dot is a disc of radius `dotSize`.
 *
 * A stroke of points p0..pn is drawn as one cubic Bezier per pair of neighbours; the control points of the
 * curve pi -> pi+1 come from pi-1 and pi+2 (the first and last points stand in for their missing neighbours),
 * so unlike `signature_pad` the last segment is drawn too. A stroke of one point is a dot.
 *
 * @example
 * import * as Stroke from "@quotekit/core/Stroke"
 * const scale = Stroke.scaleFor(300, 2)                  // element 300 px wide on a 2x screen
 * let pen = Stroke.begin(Stroke.toArea(scale, 10, 20, 0))
 * const step = Stroke.move(pen, Stroke.toArea(scale, 40, 25, 16))
 * pen = step.pen                                           // step.curve is ready to draw once known
 *
 * @since 0.1.0
 */

/** Width of the signature area in area units. */
export const AREA_WIDTH = 600
/** Height of the signature area in area units. */
export const AREA_HEIGHT = 250
/** Margin kept around the ink when a signature is cropped for display (covers the widest pen). */
export const PADDING = 10
/** Longest time difference stored between two points, in milliseconds; longer pauses are clamped to it. */
export const TIME_MAX = 100
/** Thinnest pen radius (fast strokes). */
export const MIN_WIDTH = 0.75
/** Thickest pen radius (slow strokes). */
export const MAX_WIDTH = 1.85
/** Radius of the dot drawn for a stroke of a single point. */
export const DOT_SIZE = 1.85
/** Movements shorter than this (area units) are ignored while drawing. */
export const MIN_DISTANCE = 2
/** Weight of the newest velocity in the smoothing filter (the rest comes from the previous velocity). */
export const VELOCITY_FILTER_WEIGHT = 0.7

/** A position in the area. */
export interface Position {
  readonly x: number
  readonly y: number
}

/** A pen sample: a position and the time it was taken, in milliseconds. */
export interface Point extends Position {
  readonly time: number
}

/** Pen settings; {@link defaults} holds the signature area's constants. */
export interface Options {
  readonly minWidth: number
  readonly maxWidth: number
  readonly dotSize: number
  readonly minDistance: number
  readonly velocityFilterWeight: number
}

/** The pen settings from the specification (widths 0.75 to 1.85, dot 1.85, minimum movement 2). */
export const defaults: Options = {
  minWidth: MIN_WIDTH,
  maxWidth: MAX_WIDTH,
  dotSize: DOT_SIZE,
  minDistance: MIN_DISTANCE,
  velocityFilterWeight: VELOCITY_FILTER_WEIGHT
}

/** Straight-line distance between two positions. */
export const distance = (a: Position, b: Position): number => Math.hypot(b.x - a.x, b.y - a.y)

/** Speed from one point to the next in area units per millisecond; 0 when no time passed. */
export const velocity = (from: Point, to: Point): number =>
  to.time > from.time ? distance(from, to) / (to.time - from.time) : 0

/** Pen radius for a (filtered) speed: slow is thick, fast is thin, never outside the configured widths. */
export const widthFromVelocity = (speed: number, options: Options = defaults): number =>
  Math.min(options.maxWidth, Math.max(options.maxWidth / (Math.max(0, speed) + 1), options.minWidth))

/**
 * Control points around `s2` for a smooth curve through `s1`, `s2`, `s3`: `c1` is the incoming control of
 * `s2`, `c2` its outgoing one. The tangent at `s2` is parallel to `s1 -> s3` and each arm is proportional to
 * the length of its side, as in `signature_pad`'s `calculateCurveControlPoints`.
 */
export const controlPoints = (
  s1: Position,
  s2: Position,
  s3: Position
): { readonly c1: Position; readonly c2: Position } => {
  const m1 = { x: (s1.x + s2.x) / 2, y: (s1.y + s2.y) / 2 }
  const m2 = { x: (s2.x + s3.x) / 2, y: (s2.y + s3.y) / 2 }
  const l1 = distance(s1, s2)
  const l2 = distance(s2, s3)
  const k = l1 + l2 === 0 ? 0 : l2 / (l1 + l2)
  const cm = { x: m2.x + (m1.x - m2.x) * k, y: m2.y + (m1.y - m2.y) * k }
  const tx = s2.x - cm.x
  const ty = s2.y - cm.y
  return { c1: { x: m1.x + tx, y: m1.y + ty }, c2: { x: m2.x + tx, y: m2.y + ty } }
}

/** One drawable piece of a stroke: a cubic Bezier with the pen radius at each end. */
export interface Curve {
  readonly start: Position
  readonly c1: Position
  readonly c2: Position
  readonly end: Position
  readonly startWidth: number
  readonly endWidth: number
}

/** The position on a curve at parameter `t` in [0, 1]. */
export const pointAt = (curve: Curve, t: number): Position => {
  const u = 1 - t
  const a = u * u * u
  const b = 3 * u * u * t
  const c = 3 * u * t * t
  const d = t * t * t
  return {
    x: a * curve.start.x + b * curve.c1.x + c * curve.c2.x + d * curve.end.x,
    y: a * curve.start.y + b * curve.c1.y + c * curve.c2.y + d * curve.end.y
  }
}

/**
 * The pen radius at parameter `t`: it moves from the start width to the end width along `t³`, the
 * `signature_pad` interpolation, so a change of speed shows late in the curve as ink does on paper.
 */
export const widthAt = (curve: Curve, t: number): number =>
  curve.startWidth + t * t * t * (curve.endWidth - curve.startWidth)

/** Approximate length of a curve (10 chords), for a renderer that stamps discs along it as `signature_pad` does. */
export const length = (curve: Curve): number => {
  let total = 0
  let previous = curve.start
  for (let i = 1; i <= 10; i++) {
    const p = pointAt(curve, i / 10)
    total += distance(previous, p)
    previous = p
  }
  return total
}

/**
 * A stroke being drawn: the last three points (enough to place the next curve), how many points the stroke
 * has, and the velocity filter's state. Build it with {@link begin} and {@link move}, close it with {@link finish}.
 */
export interface Pen {
  readonly window: ReadonlyArray<Point>
  readonly count: number
  readonly velocity: number
  readonly width: number
  readonly options: Options
}

/** Start a stroke at a point; a stroke that never moves is drawn as a dot. */
export const begin = (point: Point, options: Options = defaults): Pen => ({
  window: [point],
  count: 1,
  velocity: 0,
  width: (options.minWidth + options.maxWidth) / 2,
  options
})

/** The last point added to a stroke. */
export const lastPoint = (pen: Pen): Point => pen.window[pen.window.length - 1]!

/** The curve from `from` to `to`, its neighbours setting the control points, with the pen's next widths. */
const curveBetween = (pen: Pen, before: Point, from: Point, to: Point, after: Point): { pen: Pen; curve: Curve } => {
  const speed =
    pen.options.velocityFilterWeight * velocity(from, to) + (1 - pen.options.velocityFilterWeight) * pen.velocity
  const width = widthFromVelocity(speed, pen.options)
  const curve: Curve = {
    start: from,
    c1: controlPoints(before, from, to).c2,
    c2: controlPoints(from, to, after).c1,
    end: to,
    startWidth: pen.width,
    endWidth: width
  }
  return { pen: { ...pen, velocity: speed, width }, curve }
}

/**
 * Add a point to a stroke without filtering, for replaying stored points. Returns the curve that the new
 * point completes (the one ending at the point before it), if any.
 */
export const push = (pen: Pen, point: Point): { readonly pen: Pen; readonly curve: Curve | undefined } => {
  const w = pen.window
  const next: Pen = { ...pen, window: w.length < 3 ? [...w, point] : [w[1]!, w[2]!, point], count: pen.count + 1 }
  if (w.length < 2) return { pen: next, curve: undefined }
  const { before, from, to } = lastPair(w)
  return curveBetween(next, before, from, to, point)
}

/** The last two points of a window and the point before them (the first point stands in for a missing one). */
const lastPair = (w: ReadonlyArray<Point>): { before: Point; from: Point; to: Point } => {
  const to = w[w.length - 1]!
  const from = w[w.length - 2]!
  return { before: w.length === 3 ? w[0]! : from, from, to }
}

/**
 * Add a pen sample while drawing: a movement shorter than the minimum distance is ignored (`accepted` false,
 * pen unchanged), and a pause longer than {@link TIME_MAX} is shortened to it, exactly as the stored data will
 * hold it, so the live drawing and the re-rendered signature are the same.
 */
export const move = (
  pen: Pen,
  point: Point
): { readonly pen: Pen; readonly curve: Curve | undefined; readonly accepted: boolean; readonly point: Point } => {
  const last = lastPoint(pen)
  if (distance(last, point) < pen.options.minDistance) return { pen, curve: undefined, accepted: false, point: last }
  const stored = { x: point.x, y: point.y, time: last.time + clampTime(point.time - last.time) }
  return { ...push(pen, stored), accepted: true, point: stored }
}

/** Close a stroke: the final curve (to the last point), or `undefined` for a dot. */
export const finish = (pen: Pen): Curve | undefined => {
  if (pen.window.length < 2) return undefined
  const { before, from, to } = lastPair(pen.window)
  return curveBetween(pen, before, from, to, to).curve
}

/** Every curve of a stored stroke, in drawing order; empty for a dot (one point) or no points. */
export const curves = (points: ReadonlyArray<Point>, options: Options = defaults): ReadonlyArray<Curve> => {
  const first = points[0]
  if (first === undefined) return []
  const out: Array<Curve> = []
  let pen = begin(first, options)
  for (let i = 1; i < points.length; i++) {
    const step = push(pen, points[i]!)
    pen = step.pen
    if (step.curve) out.push(step.curve)
  }
  const last = finish(pen)
  if (last) out.push(last)
  return out
}

/** A time difference as stored: whole milliseconds from 0 to {@link TIME_MAX}. */
export const clampTime = (dt: number): number =>
  Number.isFinite(dt) ? Math.min(TIME_MAX, Math.max(0, Math.round(dt))) : 0

/**
 * The line width (diameter, in area units) to stroke a whole curve with, rounded to a tenth: twice the pen's
 * mean radius along the curve under the `t³` interpolation (a quarter of the way from start to end width).
 * The SVG rendering and the pad both stroke each curve with it (round caps), so they look the same.
 */
export const inkWidth = (curve: Curve): number =>
  Math.round(20 * (curve.startWidth + (curve.endWidth - curve.startWidth) / 4)) / 10

// --- scale between the element and the area ---

/**
 * How the element maps onto the area: `factor` CSS pixels per area unit (the element is as wide as it is
 * laid out, and 250/600 of that tall) and the device pixel ratio of the screen for a sharp canvas.
 */
export interface Scale {
  readonly factor: number
  readonly pixelRatio: number
}

/** The scale for an element laid out `elementWidth` CSS pixels wide on a screen with `devicePixelRatio`. */
export const scaleFor = (elementWidth: number, devicePixelRatio = 1): Scale => ({
  factor: Number.isFinite(elementWidth) && elementWidth > 0 ? elementWidth / AREA_WIDTH : 1,
  pixelRatio: Number.isFinite(devicePixelRatio) && devicePixelRatio > 0 ? devicePixelRatio : 1
})

/** CSS height of the element for its width, keeping the area's 600:250 shape. */
export const elementHeight = (scale: Scale): number => AREA_HEIGHT * scale.factor

/** Size of the canvas backing store in device pixels (the element's size times the pixel ratio). */
export const canvasSize = (scale: Scale): { readonly width: number; readonly height: number } => ({
  width: Math.round(AREA_WIDTH * scale.factor * scale.pixelRatio),
  height: Math.round(AREA_HEIGHT * scale.factor * scale.pixelRatio)
})

/** Canvas transform factor so drawing in area units lands on device pixels: `ctx.setTransform(k, 0, 0, k, 0, 0)`. */
export const canvasFactor = (scale: Scale): number => scale.factor * scale.pixelRatio

/**
 * A pen sample from element CSS pixels (relative to the element's top-left) into the area: whole units,
 * clamped inside the area, so what is drawn live is exactly what is stored.
 */
export const toArea = (scale: Scale, x: number, y: number, time: number): Point => ({
  x: clampTo(Math.round(x / scale.factor), AREA_WIDTH),
  y: clampTo(Math.round(y / scale.factor), AREA_HEIGHT),
  time
})

/** An area position in element CSS pixels, e.g. to place a caret or hint over the ink. */
export const fromArea = (scale: Scale, p: Position): Position => ({ x: p.x * scale.factor, y: p.y * scale.factor })

const clampTo = (n: number, max: number): number => (Number.isFinite(n) ? Math.min(max, Math.max(0, n)) : 0)
