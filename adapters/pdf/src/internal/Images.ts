/**
 * Logos and signatures: caller-supplied bytes, so anything may arrive. A PNG is decoded here (pngjs, synchronously)
 * and handed to pdfkit again as a plain 8-bit RGB PNG, its transparency flattened onto white (the page colour):
 * pdfkit then embeds it without decoding. That matters because pdfkit decodes PNGs with an alpha channel
 * asynchronously and throws from a zlib callback on a corrupt one, which would end the process; here a bad image
 * is caught and left out. JPEG goes to pdfkit as it is (embedded, never decoded: a JPEG with a valid header but
 * corrupt data renders as a broken picture in the viewer, and the document is still made).
 *
 * The last few images are remembered by content hash, since every invoice of a business repeats its logo.
 */
import { createHash } from "node:crypto"
import { PNG } from "pngjs"

declare global {
  namespace PDFKit.Mixins {
    interface PDFImage {
      /** Parses an image without placing it (pdfkit's own, left out of @types/pdfkit); throws when unreadable. */
      openImage(src: Buffer): { readonly width: number; readonly height: number }
    }
  }
}

/** Larger images are left out: a few bytes of PNG can claim gigabytes of pixels. */
const MAX_PIXELS = 4096 * 4096

const CACHE_LIMIT = 16

/** Bytes pdfkit embeds as they are, with the picture's size in pixels. */
export interface Embeddable {
  readonly bytes: Buffer
  readonly width: number
  readonly height: number
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

const isPng = (b: Uint8Array): boolean => PNG_SIGNATURE.every((v, i) => b[i] === v)
const isJpeg = (b: Uint8Array): boolean => b[0] === 0xff && b[1] === 0xd8

const fromPng = (bytes: Uint8Array): Embeddable | undefined => {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  // IHDR is the first chunk: its width and height say how much memory decoding takes.
  if (buffer.length < 33 || buffer.readUInt32BE(16) * buffer.readUInt32BE(20) > MAX_PIXELS) return undefined
  const png = PNG.sync.read(buffer)
  if (png.width === 0 || png.height === 0) return undefined
  const flat = PNG.sync.write(png, { colorType: 2, inputHasAlpha: true, bgColor: { red: 255, green: 255, blue: 255 } })
  return { bytes: flat, width: png.width, height: png.height }
}

const fromJpeg = (doc: PDFKit.PDFDocument, bytes: Uint8Array): Embeddable | undefined => {
  const copy = Buffer.from(bytes)
  const image = doc.openImage(copy)
  if (!(image.width > 0 && image.height > 0) || image.width * image.height > MAX_PIXELS) return undefined
  return { bytes: copy, width: image.width, height: image.height }
}

const cache = new Map<string, Embeddable | undefined>()

/**
 * The image in a form pdfkit embeds synchronously and safely, or `undefined` when the bytes are no readable PNG or
 * JPEG (the caller then leaves the image out).
 */
export const embeddable = (doc: PDFKit.PDFDocument, bytes: Uint8Array): Embeddable | undefined => {
  const key = createHash("sha256").update(bytes).digest("hex")
  if (cache.has(key)) return cache.get(key)
  let result: Embeddable | undefined
  try {
    result = isPng(bytes) ? fromPng(bytes) : isJpeg(bytes) ? fromJpeg(doc, bytes) : undefined
  } catch {
    result = undefined
  }
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string)
  cache.set(key, result)
  return result
}

/** The size that fits the image into `maxWidth` × `maxHeight` without stretching or enlarging it past 2×. */
export const fit = (
  image: Embeddable,
  maxWidth: number,
  maxHeight: number
): { readonly width: number; readonly height: number } => {
  const scale = Math.min(maxWidth / image.width, maxHeight / image.height, 2)
  return { width: image.width * scale, height: image.height * scale }
}
