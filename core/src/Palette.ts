/**
 * The colour swatches of the quote appearance settings: the five colours taken from the account's logo and the
 * preset colours, 20 hues in each of two lightness rows.
 *
 * Colours from a logo: the opaque pixels are grouped by colour (4 bits per channel, so anti-aliased edges join
 * the colour they fade from), the groups ranked by how many pixels they hold, and the five largest groups that
 * differ clearly from each other kept, each as the average of its pixels. Near-white pixels are left out: they
 * are the logo's background far more often than its colour, and a white accent is never usable.
 *
 * Presets: 20 hues 18° apart, each at the perceptual lightness of its row (0.42 and 0.6, inside the band where
 * `HexColour.hint` says nothing), so every preset works as an accent.
 *
 * @example
 * import * as Palette from "@quotekit/core/Palette"
 * Palette.fromPixels(new Uint8Array([255, 0, 0, 255]))   // ["#ff0000"]
 * Palette.presets[0]?.length                            // 20
 *
 * @since 0.5.0
 */
import * as HexColour from "./HexColour.ts"

/** Colours taken from a logo at most. */
export const LOGO_COLOURS = 5
/** Preset hues in each row. */
export const PER_ROW = 20
/** The perceptual lightness of each preset row. */
export const ROW_LIGHTNESS: ReadonlyArray<number> = [0.42, 0.6]
/** Pixels at least this light (CIE L* / 100) are taken for background and left out. */
export const WHITE_CUTOFF = 0.95
/** Alpha below this is transparent. */
const OPAQUE = 128
/** Two kept colours differ by at least this much (sum of the channel differences, 0-765). */
export const MIN_DISTANCE = 48
/** At most this many pixels are looked at (evenly spread), so a large logo costs no more than a small one. */
export const MAX_SAMPLES = 65_536

const hex2 = (n: number): string =>
  Math.round(Math.min(255, Math.max(0, n)))
    .toString(16)
    .padStart(2, "0")

/** A colour from its channels (0-255, rounded and clamped). */
export const fromRgb = (r: number, g: number, b: number): HexColour.HexColour =>
  HexColour.HexColour.make(`#${hex2(r)}${hex2(g)}${hex2(b)}`)

/** A colour's channels. */
export const toRgb = (colour: HexColour.HexColour): readonly [number, number, number] => [
  Number.parseInt(colour.slice(1, 3), 16),
  Number.parseInt(colour.slice(3, 5), 16),
  Number.parseInt(colour.slice(5, 7), 16)
]

/** Sum of the channel differences of two colours (0 for the same colour, 765 for black and white). */
export const distance = (a: readonly [number, number, number], b: readonly [number, number, number]): number =>
  Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]) + Math.abs(a[2] - b[2])

interface Group {
  count: number
  r: number
  g: number
  b: number
  readonly key: number
}

/**
 * Up to five colours of an image, most used first, from its pixels as RGBA bytes (4 per pixel, row by row, as
 * image decoders give them). Transparent and near-white pixels do not count; an image with none left gives `[]`.
 */
export const fromPixels = (rgba: ArrayLike<number>): ReadonlyArray<HexColour.HexColour> => {
  const pixels = Math.floor(rgba.length / 4)
  const step = Math.max(1, Math.ceil(pixels / MAX_SAMPLES))
  const groups = new Map<number, Group>()
  for (let p = 0; p < pixels; p += step) {
    const i = p * 4
    const r = rgba[i] ?? 0
    const g = rgba[i + 1] ?? 0
    const b = rgba[i + 2] ?? 0
    if ((rgba[i + 3] ?? 0) < OPAQUE) continue
    if (r > 235 && g > 235 && b > 235 && HexColour.lightness(fromRgb(r, g, b)) >= WHITE_CUTOFF) continue
    const key = ((r >> 4) << 8) | ((g >> 4) << 4) | (b >> 4)
    const group = groups.get(key)
    if (group === undefined) groups.set(key, { count: 1, r, g, b, key })
    else {
      group.count++
      group.r += r
      group.g += g
      group.b += b
    }
  }
  const ranked = [...groups.values()].sort((x, y) => y.count - x.count || x.key - y.key)
  const kept: Array<readonly [number, number, number]> = []
  for (const group of ranked) {
    const rgb = [group.r / group.count, group.g / group.count, group.b / group.count] as const
    if (kept.every((k) => distance(k, rgb) >= MIN_DISTANCE)) kept.push(rgb)
    if (kept.length === LOGO_COLOURS) break
  }
  return kept.map(([r, g, b]) => fromRgb(r, g, b))
}

/** HSL (hue in degrees, saturation and lightness 0-1) to a colour. */
export const fromHsl = (h: number, s: number, l: number): HexColour.HexColour => {
  const a = s * Math.min(l, 1 - l)
  const f = (n: number) => {
    const k = (n + h / 30) % 12
    return 255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1)))
  }
  return fromRgb(f(0), f(8), f(4))
}

/** The colour of hue `h` whose perceptual lightness is closest to `target` (saturation 0.7). */
const atLightness = (h: number, target: number): HexColour.HexColour => {
  let low = 0
  let high = 1
  for (let i = 0; i < 24; i++) {
    const mid = (low + high) / 2
    if (HexColour.lightness(fromHsl(h, 0.7, mid)) < target) low = mid
    else high = mid
  }
  return fromHsl(h, 0.7, (low + high) / 2)
}

/** The preset swatches: one row of 20 hues per lightness in `ROW_LIGHTNESS`, darker row first. */
export const presets: ReadonlyArray<ReadonlyArray<HexColour.HexColour>> = ROW_LIGHTNESS.map((target) =>
  Array.from({ length: PER_ROW }, (_, i) => atLightness((i * 360) / PER_ROW, target))
)
