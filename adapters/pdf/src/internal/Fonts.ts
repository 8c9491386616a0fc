/**
 * The embedded typeface: Inter (SIL Open Font License, from the `@expo-google-fonts/inter` package), regular and
 * bold, TrueType. Inter covers Latin with its extensions, Greek, Cyrillic and Vietnamese, the euro sign, dashes and
 * typographic quotes; pdfkit embeds only the glyphs a document uses (a subset), so a PDF carries a few kilobytes of
 * font. Characters outside those scripts (CJK, Arabic...) show as empty boxes.
 *
 * Speed: the two font files are read and parsed once per process, on first use, and every document shares the
 * parsed fonts (pdfkit 0.20 takes a fontkit font object). Shaping (fontkit's OpenType substitution and
 * positioning, the dearest step of a render) is remembered per text run across documents, because invoices repeat
 * the same words, item titles and amounts: it halves the time of a 50-line invoice.
 *
 * Shaping uses Inter's defaults (kerning, marks) but for contextual alternates, which would draw the caller's
 * "2x4" as "2×4". (Inter's tabular figures would line amounts up digit by digit, but they come with tabular
 * spaces, hyphens and stops, too wide for text.)
 *
 * Sharing a fontkit font needs one repair. fontkit keeps one object per glyph, holding the characters it was first
 * looked up for, and pdfkit maps each glyph to the characters its object holds (that is what copying or searching
 * the PDF's text gives back). Across documents that is wrong twice over: pdfkit's subsetting looks glyphs up with
 * no characters (the parts of a composite glyph: the `L` of `Ł`), and one glyph may serve several characters (µ
 * and μ). So a glyph looked up for other characters than its object holds is answered as a view of that object
 * holding those characters, and each document maps its glyphs from its own text.
 */
import { readFileSync } from "node:fs"
import { createRequire } from "node:module"
import * as fontkit from "fontkit"
import type { FontName } from "./Style.ts"

declare global {
  namespace PDFKit.Mixins {
    interface PDFFont {
      /** pdfkit 0.20 takes a parsed fontkit font too (its CHANGELOG, 0.20.0); @types/pdfkit 0.17 predates that. */
      registerFont(name: string, src: fontkit.Font): this
    }
  }
}

const files: Record<FontName, string> = {
  Regular: "@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf",
  Bold: "@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf"
}

/** Shaped runs kept per face at most; the oldest goes first. A run is a word or a few (pdfkit shapes per word). */
const CACHE_LIMIT = 20_000

/** Contextual alternates off (see above); fontkit's other defaults stay. A copy each time: fontkit fills it in. */
const features = (): Record<string, boolean> => ({ calt: false })

const same = (a: ReadonlyArray<number>, b: ReadonlyArray<number>): boolean =>
  a.length === b.length && a.every((v, i) => v === b[i])

type Position = { xAdvance: number; yAdvance: number; xOffset: number; yOffset: number }

/**
 * What pdfkit reads of a shaped run: the glyphs (shared), their positions (its own copy, since pdfkit scales them
 * in place) and the advance width (summed from the positions, as fontkit's `GlyphRun` does).
 */
class Run {
  readonly glyphs: ReadonlyArray<fontkit.Glyph>
  readonly positions: Array<Position>
  constructor(glyphs: ReadonlyArray<fontkit.Glyph>, positions: Array<Position>) {
    this.glyphs = glyphs
    this.positions = positions
  }
  get advanceWidth(): number {
    let width = 0
    for (const position of this.positions) width += position.xAdvance
    return width
  }
}

const copy = (run: fontkit.GlyphRun): fontkit.GlyphRun => {
  const positions = run.positions.map((p) => ({
    xAdvance: p.xAdvance,
    yAdvance: p.yAdvance,
    xOffset: p.xOffset,
    yOffset: p.yOffset
  }))
  return new Run(run.glyphs, positions) as unknown as fontkit.GlyphRun
}

/**
 * The font as every document shares it: `layout` shapes with `features()` and remembers its runs, `getGlyph`
 * answers a glyph holding the characters asked for (see above). fontkit calls both through `this`, so its own
 * calls take the same path.
 */
const shared = (font: fontkit.Font): fontkit.Font => {
  const runs = new Map<string, fontkit.GlyphRun>()
  const { layout, getGlyph } = font
  const face: fontkit.Font = Object.create(font)
  face.layout = function (this: fontkit.Font, text: string, ...rest: Array<never>) {
    // pdfkit passes `features` (undefined unless asked for); only the plain default shaping is remembered.
    if (rest.some((arg) => arg !== undefined) || typeof text !== "string") return layout.call(this, text, ...rest)
    let run = runs.get(text)
    if (run === undefined) {
      run = layout.call(this, text, features())
      if (runs.size >= CACHE_LIMIT) runs.delete(runs.keys().next().value as string)
      runs.set(text, run)
    }
    return copy(run)
  } as fontkit.Font["layout"]
  face.getGlyph = function (this: fontkit.Font, id: number, codePoints?: Array<number>) {
    const glyph = getGlyph.call(this, id, codePoints)
    if (glyph === null || codePoints === undefined || same(glyph.codePoints, codePoints)) return glyph
    const view: fontkit.Glyph = Object.create(glyph)
    view.codePoints = [...codePoints]
    return view
  }
  return face
}

const load = (specifier: string): fontkit.Font => {
  const path = createRequire(import.meta.url).resolve(specifier)
  const font = fontkit.create(readFileSync(path))
  if (!("layout" in font)) throw new Error(`${specifier} is a font collection, not one font`)
  return shared(font)
}

let faces: Record<FontName, fontkit.Font> | undefined

/** The parsed faces, read from disk on the first call only. */
export const get = (): Record<FontName, fontkit.Font> => {
  faces ??= { Regular: load(files.Regular), Bold: load(files.Bold) }
  return faces
}

/** Registers both faces on a new document under their `FontName`s. */
export const register = (doc: PDFKit.PDFDocument): void => {
  const { Regular, Bold } = get()
  doc.registerFont("Regular", Regular).registerFont("Bold", Bold)
}
