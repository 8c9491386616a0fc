/**
 * Customer signatures: the compact hex encoding of a drawn signature, its validation, its rendering to SVG,
 * and typed signatures (a full name), so the pad, the server and the stored acceptance agree on one format.
 *
 * ## Drawn data
 * A drawn signature is a list of strokes; a stroke is a list of points on the 600 by 250 area. The wire form is
 * lower-case hex (upper case is read too) holding, for each point, 7 digits:
 *
 * | digits | field | range |
 * |---|---|---|
 * | 3 | x, whole area units | 0 to 600 (`000`-`258`) |
 * | 2 | y, whole area units | 0 to 250 (`00`-`fa`) |
 * | 2 | milliseconds since the previous point (across strokes too) | 0 to 100 (`00`-`64`) |
 *
 * Strokes are separated by the marker `fff`, which can never start a point (x is at most `258`). The first
 * point's time difference is `00`; longer pauses are clamped to 100 ms (the pen width only depends on speed,
 * and a 100 ms pause already means the slowest, widest pen). The data limit is 10,000 characters, about 1,400
 * points. The empty string is the empty signature.
 *
 * Example: one dot at (300, 125) then a stroke from (10, 20) to (40, 25) 16 ms later:
 * `12c7d00` `fff` `00a1400` `0281910`.
 *
 * ## Rendering
 * {@link toSvg} gives a standalone SVG of the 600 by 250 area (or cropped to the ink with a padding of 10): the
 * curves `Stroke` computes, each stroked at its pen width with round caps and grouped by width, and a disc for
 * every single-point stroke, so it looks like what was drawn on the pad.
 *
 * ## Typed signatures
 * A typed signature is the signer's full name: spaces collapsed, at least 2 letters (so a stray key is not a
 * signature, while one-word names are allowed), at most 100 characters. Where a single string must carry either
 * kind (storage, the relay), a typed one is written `typed:` followed by the name ({@link toWire}).
 *
 * ## No effect runtime
 * The signature pad widget bundles this module, so it imports nothing from effect at run time: the parsers return
 * an `Outcome` and fail with {@link InvalidSignature}, a plain tagged error class (see `Outcome` for why).
 *
 * @since 0.1.0
 */
import * as Outcome from "./Outcome.ts"
import * as Stroke from "./Stroke.ts"

/** Maximum length of drawn signature data, in characters. */
export const DATA_LIMIT = 10_000
/** Characters per encoded point. */
export const POINT_LENGTH = 7
/** The stroke separator. */
export const STROKE_BREAK = "fff"
/** Longest typed name, in characters. */
export const TYPED_NAME_MAX = 100
/** Fewest letters a typed name must have. */
export const TYPED_NAME_MIN_LETTERS = 2
/** Prefix of a typed signature in the single-string wire form. */
export const TYPED_PREFIX = "typed:"

/** The strokes of a drawn signature, each a non-empty list of points. */
export type Strokes = ReadonlyArray<ReadonlyArray<Stroke.Point>>

/** Why signature data was refused. */
export type InvalidReason =
  | "TooLong"
  | "NotHex"
  | "Truncated"
  | "EmptyStroke"
  | "OutsideArea"
  | "TimeTooLong"
  | "FirstTimeNotZero"
  | "NameTooShort"
  | "NameTooLong"

const reasonText: Record<InvalidReason, string> = {
  TooLong: `is longer than ${DATA_LIMIT} characters`,
  NotHex: "has a character that is not a hex digit",
  Truncated: "ends inside a point",
  EmptyStroke: "has a stroke without points",
  OutsideArea: `has a point outside the ${Stroke.AREA_WIDTH} by ${Stroke.AREA_HEIGHT} area`,
  TimeTooLong: `has a time difference above ${Stroke.TIME_MAX}`,
  FirstTimeNotZero: "has a first time difference that is not 0",
  NameTooShort: `has a typed name with fewer than ${TYPED_NAME_MIN_LETTERS} letters`,
  NameTooLong: `has a typed name longer than ${TYPED_NAME_MAX} characters`
}

/**
 * Signature data that cannot be read. For developers and logs; a customer is told 'Sign to accept' instead
 * (see `Acceptance`). `position` is the character index where reading stopped. A plain tagged error class rather
 * than a `Schema.TaggedError`, so the pad's bundle carries no Schema runtime.
 */
export class InvalidSignature extends Error {
  readonly _tag = "InvalidSignature"
  override readonly name = "InvalidSignature"
  readonly reason: InvalidReason
  readonly position: number
  constructor(props: { readonly reason: InvalidReason; readonly position: number }) {
    super(`Signature data ${reasonText[props.reason]} (at character ${props.position})`)
    this.reason = props.reason
    this.position = props.position
  }
}

const fail = (reason: InvalidReason, position: number): Outcome.Failure<InvalidSignature> =>
  Outcome.fail(new InvalidSignature({ reason, position }))

// Hex digit values by char code; -1 for anything else. A table keeps decoding a 10,000-character value fast.
const HEX = new Int8Array(128).fill(-1)
for (let i = 0; i < 16; i++) {
  HEX["0123456789abcdef".charCodeAt(i)] = i
  HEX["0123456789ABCDEF".charCodeAt(i)] = i
}

/** Read `width` hex digits at `at`; -1 at the first non-hex character (reported by the caller). */
const readHex = (s: string, at: number, width: number): number => {
  let value = 0
  for (let i = at; i < at + width; i++) {
    const c = s.charCodeAt(i)
    const v = c < 128 ? HEX[c]! : -1
    if (v < 0) return -1
    value = value * 16 + v
  }
  return value
}

const firstNonHex = (s: string, at: number, width: number): number => {
  for (let i = at; i < at + width; i++) {
    const c = s.charCodeAt(i)
    if (c >= 128 || HEX[c]! < 0) return i
  }
  return at
}

const isBreakAt = (s: string, at: number): boolean =>
  (s.charCodeAt(at) | 32) === 102 && (s.charCodeAt(at + 1) | 32) === 102 && (s.charCodeAt(at + 2) | 32) === 102

/**
 * Read drawn signature data. Never throws: anything but well-formed data inside the limits is an
 * `InvalidSignature`. Times come back relative to the first point (time 0).
 */
export const decode = (data: string): Outcome.Outcome<Strokes, InvalidSignature> => {
  if (data.length > DATA_LIMIT) return fail("TooLong", DATA_LIMIT)
  const strokes: Array<Array<Stroke.Point>> = []
  let current: Array<Stroke.Point> = []
  let time = 0
  let i = 0
  while (i < data.length) {
    if (isBreakAt(data, i)) {
      if (current.length === 0) return fail("EmptyStroke", i)
      strokes.push(current)
      current = []
      i += STROKE_BREAK.length
      continue
    }
    if (i + POINT_LENGTH > data.length) {
      const bad = readHex(data, i, data.length - i) < 0
      return bad ? fail("NotHex", firstNonHex(data, i, data.length - i)) : fail("Truncated", i)
    }
    const x = readHex(data, i, 3)
    const y = readHex(data, i + 3, 2)
    const dt = readHex(data, i + 5, 2)
    if (x < 0 || y < 0 || dt < 0) return fail("NotHex", firstNonHex(data, i, POINT_LENGTH))
    if (x > Stroke.AREA_WIDTH || y > Stroke.AREA_HEIGHT) return fail("OutsideArea", i)
    if (dt > Stroke.TIME_MAX) return fail("TimeTooLong", i + 5)
    if (i === 0 && dt !== 0) return fail("FirstTimeNotZero", 5)
    time += dt
    current.push({ x, y, time })
    i += POINT_LENGTH
  }
  if (current.length > 0) strokes.push(current)
  else if (strokes.length > 0) return fail("EmptyStroke", data.length)
  return Outcome.succeed(strokes)
}

/** Check drawn signature data without keeping the points: the data itself when valid. */
export const validate = (data: string): Outcome.Outcome<string, InvalidSignature> =>
  Outcome.map(decode(data), () => data)

/** True when the data holds no ink: empty, or not readable at all. */
export const isEmpty = (data: string): boolean => {
  const r = decode(data)
  return Outcome.isFailure(r) || r.success.length === 0
}

/** Round to a whole area unit inside the area. */
const inArea = (n: number, max: number): number => (Number.isFinite(n) ? Math.min(max, Math.max(0, Math.round(n))) : 0)

/**
 * The strokes exactly as they will be stored: whole coordinates inside the area, times restarted at 0 with each
 * difference clamped to 0..100 ms, empty strokes dropped. `decode(encode(s))` equals `normalize(s)`.
 */
export const normalize = (strokes: Strokes): Strokes => {
  const out: Array<Array<Stroke.Point>> = []
  let previousRaw: number | undefined
  let time = 0
  for (const stroke of strokes) {
    if (stroke.length === 0) continue
    const points: Array<Stroke.Point> = []
    for (const p of stroke) {
      time += previousRaw === undefined ? 0 : Stroke.clampTime(p.time - previousRaw)
      previousRaw = p.time
      points.push({ x: inArea(p.x, Stroke.AREA_WIDTH), y: inArea(p.y, Stroke.AREA_HEIGHT), time })
    }
    out.push(points)
  }
  return out
}

const hex = (n: number, width: number): string => n.toString(16).padStart(width, "0")

/**
 * Encode strokes as drawn signature data (normalizing them first). The result may exceed the data limit;
 * the pad checks {@link dataLength} before adding points, and {@link validate} refuses oversize data.
 */
export const encode = (strokes: Strokes): string => {
  const parts: Array<string> = []
  let previous = 0
  for (const stroke of normalize(strokes)) {
    let s = ""
    for (const p of stroke) {
      s += hex(p.x, 3) + hex(p.y, 2) + hex(p.time - previous, 2)
      previous = p.time
    }
    parts.push(s)
  }
  return parts.join(STROKE_BREAK)
}

/** Length of the encoded data for these strokes, without encoding them; lets the pad stop at the data limit. */
export const dataLength = (strokes: Strokes): number => {
  let points = 0
  let nonEmpty = 0
  for (const stroke of strokes) {
    points += stroke.length
    if (stroke.length > 0) nonEmpty++
  }
  return points * POINT_LENGTH + Math.max(0, nonEmpty - 1) * STROKE_BREAK.length
}

/** A box in area units, for an SVG `viewBox`. */
export interface Box {
  readonly x: number
  readonly y: number
  readonly width: number
  readonly height: number
}

/** The whole signature area. */
export const area: Box = { x: 0, y: 0, width: Stroke.AREA_WIDTH, height: Stroke.AREA_HEIGHT }

/**
 * The part of the area holding ink plus the padding of 10 on every side (enough for the widest pen), kept
 * inside the area; the whole area when there is no ink. Use it to show a signature trimmed of empty space.
 */
export const cropBox = (strokes: Strokes): Box => {
  let minX = Number.POSITIVE_INFINITY
  let minY = Number.POSITIVE_INFINITY
  let maxX = Number.NEGATIVE_INFINITY
  let maxY = Number.NEGATIVE_INFINITY
  for (const stroke of strokes) {
    for (const p of stroke) {
      minX = Math.min(minX, p.x)
      minY = Math.min(minY, p.y)
      maxX = Math.max(maxX, p.x)
      maxY = Math.max(maxY, p.y)
    }
  }
  if (minX > maxX) return area
  const x = Math.max(0, minX - Stroke.PADDING)
  const y = Math.max(0, minY - Stroke.PADDING)
  return {
    x,
    y,
    width: Math.min(Stroke.AREA_WIDTH, maxX + Stroke.PADDING) - x,
    height: Math.min(Stroke.AREA_HEIGHT, maxY + Stroke.PADDING) - y
  }
}

/** Shortest decimal form, one decimal by default: a tenth of an area unit is finer than any screen shows it. */
const num = (n: number, decimals = 1): string => {
  const k = 10 ** decimals
  const r = Math.round(n * k) / k
  return r === 0 ? "0" : String(r)
}

/** SVG path data of a filled disc. */
const dotPath = (center: Stroke.Position, radius: number): string => {
  const r = num(radius, 2)
  const y = num(center.y)
  const right = num(center.x + radius, 2)
  return `M${right} ${y}A${r} ${r} 0 1 0 ${num(center.x - radius, 2)} ${y}A${r} ${r} 0 1 0 ${right} ${y}Z`
}

/** One SVG path of ink: the curves drawn at one width (stroke them, round caps and joins), or the dots (fill them). */
export type SvgPath =
  | { readonly _tag: "Stroked"; readonly width: number; readonly d: string }
  | { readonly _tag: "Filled"; readonly d: string }

/**
 * The ink as SVG path data: the curves grouped by {@link Stroke.inkWidth} (thinnest first), then the dots.
 * Grouping keeps a full 10,000-character signature to a few dozen kilobytes of SVG while each curve keeps the
 * width the pad drew it with.
 */
export const toSvgPaths = (strokes: Strokes, options: Stroke.Options = Stroke.defaults): ReadonlyArray<SvgPath> => {
  const groups = new Map<number, { d: string; end: Stroke.Position | undefined }>()
  let dots = ""
  for (const stroke of strokes) {
    if (stroke.length === 1) {
      dots += dotPath(stroke[0]!, options.dotSize)
      continue
    }
    for (const c of Stroke.curves(stroke, options)) {
      const width = Stroke.inkWidth(c)
      let group = groups.get(width)
      if (group === undefined) {
        group = { d: "", end: undefined }
        groups.set(width, group)
      }
      // A curve continuing the group's last one needs no move.
      if (group.end !== c.start) group.d += `M${num(c.start.x)} ${num(c.start.y)}`
      group.d += `C${num(c.c1.x)} ${num(c.c1.y)} ${num(c.c2.x)} ${num(c.c2.y)} ${num(c.end.x)} ${num(c.end.y)}`
      group.end = c.end
    }
  }
  const paths: Array<SvgPath> = [...groups.entries()]
    .sort(([a], [b]) => a - b)
    .map(([width, g]) => ({ _tag: "Stroked", width, d: g.d }))
  if (dots !== "") paths.push({ _tag: "Filled", d: dots })
  return paths
}

/** How a signature SVG looks: ink colour (`#rgb` or `#rrggbb`, anything else is ignored) and cropping. */
export interface SvgOptions {
  readonly color?: string
  readonly crop?: boolean
}

const inkColor = (color: string | undefined): string =>
  color !== undefined && /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(color) ? color : "#000"

const viewBox = (b: Box): string => `${b.x} ${b.y} ${b.width} ${b.height}`

/**
 * A complete standalone SVG document of a drawn signature (`viewBox="0 0 600 250"`, or the {@link cropBox}
 * when `crop` is set), for the accepted quote, PDFs and emails.
 */
export const toSvg = (strokes: Strokes, options: SvgOptions = {}): string => {
  const box = options.crop ? cropBox(strokes) : area
  const color = inkColor(options.color)
  let stroked = ""
  let filled = ""
  for (const p of toSvgPaths(strokes)) {
    if (p._tag === "Stroked") stroked += `<path stroke-width="${p.width}" d="${p.d}"/>`
    else filled = `<path fill="${color}" d="${p.d}"/>`
  }
  const curves =
    stroked === ""
      ? ""
      : `<g fill="none" stroke="${color}" stroke-linecap="round" stroke-linejoin="round">${stroked}</g>`
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${viewBox(box)}" width="${box.width}" height="${box.height}">${curves}${filled}</svg>`
}

// --- typed signatures and the signature value ---

/** A drawn signature. */
export interface Drawn {
  readonly _tag: "Drawn"
  readonly strokes: Strokes
}

/** A typed signature: the signer's full name. */
export interface Typed {
  readonly _tag: "Typed"
  readonly name: string
}

/** A signature of either kind, as kept with an acceptance. */
export type Signature = Drawn | Typed

/** How the customer is signing, the pad's three methods in tab order: draw, type (`text`), or a touch device via QR (`instruct`). */
export const methods = ["draw", "text", "instruct"] as const
/** How the customer is signing (the wire schema is `Acceptance.MethodSchema`). */
export type Method = (typeof methods)[number]

/** A drawn signature from strokes, normalized as it will be stored. */
export const drawn = (strokes: Strokes): Drawn => ({ _tag: "Drawn", strokes: normalize(strokes) })

// Control characters and bidirectional overrides could hide or reorder what the name appears to say.
const HIDDEN = /[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu

/** A typed name as kept: Unicode-composed, hidden characters removed, whitespace collapsed, trimmed. */
export const normalizeName = (name: string): string =>
  name.normalize("NFC").replace(HIDDEN, " ").replace(/\s+/gu, " ").trim()

/** A typed signature from what the signer typed; refused without 2 letters or above 100 characters. */
export const typed = (name: string): Outcome.Outcome<Typed, InvalidSignature> => {
  const clean = normalizeName(name)
  const letters = clean.match(/\p{L}/gu)?.length ?? 0
  if (letters < TYPED_NAME_MIN_LETTERS) return fail("NameTooShort", 0)
  if ([...clean].length > TYPED_NAME_MAX) return fail("NameTooLong", TYPED_NAME_MAX)
  return Outcome.succeed({ _tag: "Typed", name: clean })
}

/** The single-string form of a signature: drawn data as is, a typed name after `typed:`. */
export const toWire = (signature: Signature): string =>
  signature._tag === "Drawn" ? encode(signature.strokes) : `${TYPED_PREFIX}${signature.name}`

/** Read the single-string form written by {@link toWire}. */
export const fromWire = (value: string): Outcome.Outcome<Signature, InvalidSignature> =>
  value.startsWith(TYPED_PREFIX)
    ? typed(value.slice(TYPED_PREFIX.length))
    : Outcome.map(decode(value), (strokes): Signature => ({ _tag: "Drawn", strokes }))

const escapeXml = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** Font size for a typed name so it fits the area's width (script fonts run about half an em per letter). */
const typedFontSize = (name: string): number =>
  Math.max(12, Math.min(64, Math.floor(1120 / Math.max(1, [...name].length))))

/**
 * A complete SVG document of a typed signature: the name in a script face, centred on the area. The name is
 * escaped; the text is what it is, so no layout engine is needed.
 */
export const typedToSvg = (signature: Typed, options: Pick<SvgOptions, "color"> = {}): string =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${viewBox(area)}" width="${area.width}" height="${area.height}">` +
  `<text x="300" y="150" text-anchor="middle" font-family="'Dancing Script', 'Brush Script MT', cursive" ` +
  `font-size="${typedFontSize(signature.name)}" fill="${inkColor(options.color)}">${escapeXml(signature.name)}</text></svg>`

/** A complete SVG document of either kind of signature. */
export const render = (signature: Signature, options: SvgOptions = {}): string =>
  signature._tag === "Drawn" ? toSvg(signature.strokes, options) : typedToSvg(signature, options)
