/**
 * The project's guides (`docs/*.md`), bundled into the help chunk at build time, and their search index. Loaded
 * only by the help pages (through a dynamic import), so no other page pays for them.
 */
import { type Section, sectionsOf, titleOf } from "./HelpIndex.ts"

const files = import.meta.glob<string>("../../../docs/*.md", { query: "?raw", import: "default", eager: true })

/** A guide: its name (`two-factor`), title and markdown. */
export interface Guide {
  readonly doc: string
  readonly title: string
  readonly markdown: string
}

/** Every guide, by title; the docs folder's README (its table of contents) is left out. */
export const guides: ReadonlyArray<Guide> = Object.entries(files)
  .map(([path, markdown]) => {
    const doc = path.replace(/^.*\//, "").replace(/\.md$/, "")
    return { doc, title: titleOf(doc, markdown), markdown }
  })
  .filter((g) => g.doc.toLowerCase() !== "readme")
  .sort((a, b) => a.title.localeCompare(b.title))

/** Every section of every guide, the search's index. */
export const sections: ReadonlyArray<Section> = guides.flatMap((g) => sectionsOf(g.doc, g.markdown))
