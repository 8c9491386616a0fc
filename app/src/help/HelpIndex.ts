/**
 * The help search over the project's own guides (`docs/*.md`): each guide is cut into sections at its headings,
 * each section keeps its heading's anchor (the id the guide's page gives that heading), and a search finds the
 * sections holding every word of the query, best first: words in the heading or the guide's title count more
 * than words in the text, and whole words more than parts of words. Pure: no DOM, used by the help page and its
 * tests alike.
 */

/** One section of a guide: what a result shows and links to. */
export interface Section {
  /** The guide's file name without `.md` (`two-factor`): its page is `/help/{doc}`. */
  readonly doc: string
  /** The guide's title (its first `#` heading). */
  readonly docTitle: string
  /** The section's heading; the guide's title for the text before the first `##`. */
  readonly heading: string
  /** The heading's anchor (`for-admins-requiring-it-of-everyone`); "" for the top of the guide. */
  readonly anchor: string
  /** The section's text without markdown marks, for matching and snippets. */
  readonly text: string
}

/** A search hit: the section, its score and a snippet around the first match. */
export interface Hit {
  readonly section: Section
  readonly score: number
  readonly snippet: string
}

/** Longest snippet shown under a result, in characters. */
export const snippetLength = 180

/** Most results a search answers. */
export const maxResults = 20

/** The anchor of a heading: lower case, letters and digits kept, everything else one dash. */
export const anchorOf = (heading: string): string =>
  plain(heading)
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")

/** Inline markdown without its marks: code ticks, emphasis, links (their text kept), images, HTML tags. */
export const plain = (markdown: string): string =>
  markdown
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\[([^\]]+)\]\([^)]*\)/g, "$1")
    .replace(/<[^>]+>/g, "")
    .replace(/`([^`]*)`/g, "$1")
    .replace(/(\*\*|__)(.+?)\1/g, "$2")
    .replace(/(^|[\s(])[*_]([^*_\s][^*_]*?)[*_](?=[\s).,;:!?]|$)/g, "$1$2")

/** The title of a guide: its first `#` heading, else its name. */
export const titleOf = (doc: string, markdown: string): string => {
  const m = /^#\s+(.+)$/m.exec(markdown)
  return m === null ? doc : plain(m[1]!.trim())
}

/** Cut a guide into its sections at `##` to `####` headings (not inside fenced code). */
export const sectionsOf = (doc: string, markdown: string): ReadonlyArray<Section> => {
  const docTitle = titleOf(doc, markdown)
  const sections: Array<Section> = []
  let heading = docTitle
  let anchor = ""
  let lines: Array<string> = []
  let fenced = false
  const flush = () => {
    const text = lines
      .filter((l) => !/^\s*\|?\s*:?-{3,}/.test(l))
      .map((l) => plain(l.replace(/^\s*(#{1,6}\s+|[-*+]\s+|\d+\.\s+|>\s?)/, "").replace(/\|/g, " ")))
      .join(" ")
      .replace(/\s+/g, " ")
      .trim()
    if (text !== "" || anchor !== "") sections.push({ doc, docTitle, heading, anchor, text })
    lines = []
  }
  for (const line of markdown.split(/\r?\n/)) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced
    const h = fenced ? null : /^(#{2,4})\s+(.+?)\s*#*\s*$/.exec(line)
    if (h !== null) {
      flush()
      heading = plain(h[2]!)
      anchor = anchorOf(h[2]!)
    } else if (!(sections.length === 0 && anchor === "" && /^#\s/.test(line))) lines.push(line)
  }
  flush()
  return sections
}

/** A word without a plural's final s ('signatures' finds 'signature' and 'signatures'), for words over 3 letters. */
export const stemOf = (word: string): string =>
  word.length > 3 && word.endsWith("s") && !word.endsWith("ss") ? word.slice(0, -1) : word

/** The words of a query: lower case, letters and digits, plurals' final s dropped, at most 10. */
export const termsOf = (query: string): ReadonlyArray<string> =>
  [...new Set((query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).map(stemOf))].slice(0, 10)

const wordRe = (term: string) => new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRe(term)}($|[^\\p{L}\\p{N}])`, "u")
/** A text as a regular expression matching it literally. */
export const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")

/** How well a section answers the terms; 0 when a term is missing. */
export const scoreOf = (section: Section, terms: ReadonlyArray<string>): number => {
  if (terms.length === 0) return 0
  const heading = section.heading.toLowerCase()
  const title = section.docTitle.toLowerCase()
  const text = section.text.toLowerCase()
  let score = 0
  for (const term of terms) {
    const inHeading = heading.includes(term)
    const inTitle = title.includes(term)
    const inText = text.includes(term)
    if (!inHeading && !inTitle && !inText) return 0
    const whole = wordRe(term)
    if (inHeading) score += whole.test(heading) ? 10 : 6
    if (inTitle) score += whole.test(title) ? 4 : 2
    if (inText) score += (whole.test(text) ? 2 : 1) + Math.min(3, text.split(term).length - 2)
  }
  // The words side by side, as typed, say most.
  const phrase = terms.join(" ")
  if (terms.length > 1 && (heading.includes(phrase) || text.includes(phrase))) score += 8
  return score
}

/** A part of the section's text around the words, cut at word boundaries. */
export const snippetOf = (text: string, terms: ReadonlyArray<string>): string => {
  const lower = text.toLowerCase()
  // Around the words side by side when they are, else the longest word (the likeliest to be the point).
  const phraseAt = terms.length > 1 ? lower.indexOf(terms.join(" ")) : -1
  const longest = [...terms].sort((a, b) => b.length - a.length).find((t) => lower.includes(t))
  const at = phraseAt >= 0 ? phraseAt : longest === undefined ? Number.POSITIVE_INFINITY : lower.indexOf(longest)
  if (text.length <= snippetLength) return text
  const start = at === Number.POSITIVE_INFINITY ? 0 : Math.max(0, at - 60)
  const from = start === 0 ? 0 : text.indexOf(" ", start) + 1
  let cut = text.slice(from, from + snippetLength)
  if (from + snippetLength < text.length) cut = `${cut.slice(0, cut.lastIndexOf(" "))}…`
  return from > 0 ? `…${cut}` : cut
}

/** The sections holding every term of the query, best first (then in guide order), at most `maxResults`. */
export const search = (sections: ReadonlyArray<Section>, query: string): ReadonlyArray<Hit> => {
  const terms = termsOf(query)
  if (terms.length === 0) return []
  return sections
    .map((section, order) => ({ section, order, score: scoreOf(section, terms) }))
    .filter((h) => h.score > 0)
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, maxResults)
    .map(({ section, score }) => ({ section, score, snippet: snippetOf(section.text, terms) }))
}

/** Where a hit links: the guide's page at the section's heading. */
export const hrefOf = (section: Pick<Section, "doc" | "anchor">): string =>
  `/help/${section.doc}${section.anchor === "" ? "" : `#${section.anchor}`}`
