/**
 * The hex colour input of the appearance settings: what the field keeps while typing, when a colour is
 * applied, and the hint shown when the colour is too light or too dark to work as an accent.
 *
 * Lightness is perceptual (CIE L*, 0 black to 1 white) rather than HSL's average of the channels, so pure
 * yellow counts as light, as it looks, while navy counts as dark. The spec gives 0.7 as the light threshold;
 * the dark threshold is its mirror, 1 - 0.7 = 0.3.
 *
 * @example
 * import * as HexColour from "@quotekit/core/HexColour"
 * HexColour.sanitize("#ff-00-zz")   // "ff00"
 * HexColour.apply("FFEE00")         // Option.some("#ffee00")
 * HexColour.hint("#ffee00")         // Option.some("That looks quite light, something darker will work better here.")
 *
 * @since 0.1.0
 */
import { Option, Schema } from "effect"
import * as Message from "./Message.ts"

/** A colour as stored: "#" and six lower-case hex digits. */
export const HexColour = Schema.String.check(Schema.isPattern(/^#[0-9a-f]{6}$/)).pipe(Schema.brand("HexColour"))
/** A colour as stored: "#" and six lower-case hex digits. */
export type HexColour = typeof HexColour.Type

/** Hex digits the field holds at most; a colour is applied once there are this many. */
export const maxDigits = 6
/** Above this lightness a colour is too light. */
export const lightThreshold = 0.7
/** Below this lightness a colour is too dark (the mirror of the light threshold). */
export const darkThreshold = 1 - lightThreshold

/** What the field keeps of typed or pasted text: its hex digits only, at most six ("#A1 b2" gives "A1b2"). */
export const sanitize = (input: string): string => input.replace(/[^0-9a-fA-F]/g, "").slice(0, maxDigits)

/** The colour to apply for the field's text: `Some` once it holds six hex digits, `None` while still typing. */
export const apply = (input: string): Option.Option<HexColour> => {
  const digits = sanitize(input)
  return digits.length === maxDigits ? Option.some(HexColour.make(`#${digits.toLowerCase()}`)) : Option.none()
}

const linear = (channel: number): number => {
  const c = channel / 255
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
}

/** Perceptual lightness of a colour, 0 (black) to 1 (white): CIE L* divided by 100. */
export const lightness = (colour: HexColour): number => {
  const [r, g, b] = [1, 3, 5].map((i) => linear(Number.parseInt(colour.slice(i, i + 2), 16))) as [
    number,
    number,
    number
  ]
  const y = 0.2126 * r + 0.7152 * g + 0.0722 * b
  const l = y > 216 / 24389 ? 116 * Math.cbrt(y) - 16 : (y * 24389) / 27
  return Math.min(1, Math.max(0, l / 100))
}

/** The hint for a colour that is too light or too dark; `None` for a colour that will work. */
export const hint = (colour: HexColour): Option.Option<string> => {
  const l = lightness(colour)
  if (l > lightThreshold) return Option.some(Message.catalogue.colourTooLight)
  if (l < darkThreshold) return Option.some(Message.catalogue.colourTooDark)
  return Option.none()
}
