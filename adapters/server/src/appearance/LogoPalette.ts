/**
 * The five colours of the account's logo for the appearance swatches, computed on the server from the image's
 * pixels (`Palette.fromPixels`): PNG through pngjs, JPEG through jpeg-js. A logo of another type (GIF, WebP),
 * or one that does not decode, gives no colours: the presets are still offered. Answers are remembered per
 * image content, so opening the settings page again does not decode the logo again.
 *
 * @since 0.5.0
 */
import { createHash } from "node:crypto"
import type { AccountId } from "@quotekit/core/Account"
import type * as HexColour from "@quotekit/core/HexColour"
import * as Palette from "@quotekit/core/Palette"
import { Effect, Option } from "effect"
import jpeg from "jpeg-js"
import { PNG } from "pngjs"
import * as Logo from "../invoices/Logo.ts"

/** Images larger than this many pixels are not decoded (a logo is far smaller). */
const MAX_PIXELS = 25_000_000

const isPng = (b: Uint8Array) => b.length > 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47
const isJpeg = (b: Uint8Array) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff

/** The RGBA pixels of a PNG or JPEG; undefined for anything else or an image that does not decode. */
export const pixelsOf = (bytes: Uint8Array): Uint8Array | undefined => {
  try {
    if (isPng(bytes)) {
      const png = PNG.sync.read(Buffer.from(bytes))
      return png.width * png.height > MAX_PIXELS ? undefined : new Uint8Array(png.data)
    }
    if (isJpeg(bytes)) {
      const image = jpeg.decode(bytes, {
        useTArray: true,
        maxResolutionInMP: MAX_PIXELS / 1e6,
        maxMemoryUsageInMB: 256
      })
      return image.data
    }
  } catch {
    return undefined
  }
  return undefined
}

const remembered = new Map<string, ReadonlyArray<HexColour.HexColour>>()

/** The colours of an image's bytes (remembered by content, the 200 most recent). */
export const ofImage = (bytes: Uint8Array): ReadonlyArray<HexColour.HexColour> => {
  const key = createHash("sha256").update(bytes).digest("hex")
  const held = remembered.get(key)
  if (held !== undefined) return held
  const pixels = pixelsOf(bytes)
  const colours = pixels === undefined ? [] : Palette.fromPixels(pixels)
  if (remembered.size >= 200) remembered.delete(remembered.keys().next().value as string)
  remembered.set(key, colours)
  return colours
}

/** The account's logo colours; none without a logo. */
export const forAccount = (account: AccountId) =>
  Effect.map(Logo.bytes(account), (logo) => (Option.isNone(logo) ? [] : ofImage(logo.value)))
