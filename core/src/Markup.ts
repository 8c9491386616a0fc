/**
 * The light text markup of item descriptions, comments and notes, parsed to a small tree and rendered to HTML
 * that can never carry script, whatever was typed.
 *
 * ## Syntax
 * - `*bold*` and `_italic_`: the marker must open at the start of a word (`2*3*4` and `snake_case_name` stay as
 *   typed) and close at the end of one, within a line; either may hold the other. Doubled markers stay as typed.
 * - A line starting with `* ` is a bullet; consecutive bullets form a list. A blank line separates paragraphs; a
 *   single line break is kept.
 * - Links: bare `http://` and `https://` addresses (trailing punctuation and unbalanced brackets are left out),
 *   and `[text](url)` where url is http(s), `mailto:` or a site path such as `/uploads/a.pdf`.
 * - `#embed` after a YouTube or Vimeo link (`https://youtu.be/ID#embed`, or separated by a space) embeds the
 *   video in a privacy-enhanced player (youtube-nocookie.com, player.vimeo.com) built from the validated video id
 *   alone; on any other link `#embed` is just part of the address.
 * - `![name](url)` shows an image; dropped files are inserted this way ({@link imageMarkdown}).
 * - With known handles, `@Handle` mentions are marked (see `Mention`).
 *
 * ## Safety
 * Every text is escaped. Addresses are allow-listed by scheme (http, https, mailto, site paths), with no white
 * space, quotes, angle brackets, backslashes or control characters; anything else stays visible as plain text.
 * Elements and attributes come from a fixed set: `p br strong em ul li a span img iframe` with `href target rel
 * class src alt loading title width height allow allowfullscreen referrerpolicy sandbox`. The renderer checks
 * addresses and video ids again, so even a hand-built tree renders safely.
 *
 * @example
 * import * as Markup from "@quotekit/core/Markup"
 * Markup.toHtml("*Note:* see https://example.com.")
 * // '<p><strong>Note:</strong> see <a href="https://example.com" target="_blank" rel="nofollow noopener noreferrer">https://example.com</a>.</p>'
 *
 * @since 0.1.0
 */
import * as Mention from "./Mention.ts"

// --- the tree ------------------------------------------------------------------------------------------------

/** Plain text. */
export interface Text {
  readonly _tag: "Text"
  readonly text: string
}
/** `*bold*` text. */
export interface Bold {
  readonly _tag: "Bold"
  readonly children: ReadonlyArray<Inline>
}
/** `_italic_` text. */
export interface Italic {
  readonly _tag: "Italic"
  readonly children: ReadonlyArray<Inline>
}
/** A link to a safe address. */
export interface Link {
  readonly _tag: "Link"
  readonly href: string
  readonly children: ReadonlyArray<Inline>
}
/** An image from a safe address. */
export interface Image {
  readonly _tag: "Image"
  readonly src: string
  readonly alt: string
}
/** A video on a supported service, by id. */
export interface Video {
  readonly provider: "youtube" | "vimeo"
  readonly id: string
  /** Vimeo's privacy hash of an unlisted video. */
  readonly hash?: string
}
/** An embedded video (`#embed` on a video link); `url` is the link as written, without `#embed`. */
export interface Embed {
  readonly _tag: "Embed"
  readonly video: Video
  readonly url: string
}
/** A mention of a known handle, as written (without the `@`). */
export interface MentionRef {
  readonly _tag: "Mention"
  readonly name: string
}
/** A line break inside a paragraph or bullet. */
export interface LineBreak {
  readonly _tag: "LineBreak"
}
/** Inline content. */
export type Inline = Text | Bold | Italic | Link | Image | Embed | MentionRef | LineBreak

/** A paragraph. */
export interface Paragraph {
  readonly _tag: "Paragraph"
  readonly children: ReadonlyArray<Inline>
}
/** A bullet list. */
export interface List {
  readonly _tag: "List"
  readonly items: ReadonlyArray<ReadonlyArray<Inline>>
}
/** A block of a document. */
export type Block = Paragraph | List
/** A parsed text. */
export type Document = ReadonlyArray<Block>

// --- addresses -----------------------------------------------------------------------------------------------

const URL_CHAR = "[^\\s<>\"'`\\\\\\u0000-\\u001f\\u007f]"
const HTTP_URL = new RegExp(`^https?://[\\p{L}\\p{N}.-]+(?::\\d{1,5})?(?:[/?#]${URL_CHAR}*)?$`, "iu")
const MAILTO_URL = new RegExp(`^mailto:[^\\s<>"'\`\\\\@:/]+@[\\p{L}\\p{N}.-]+(?:\\?${URL_CHAR}*)?$`, "iu")
const SITE_PATH = new RegExp(`^/(?![/\\\\])${URL_CHAR}*$`, "u")

/**
 * The address if it is safe to link to or show: http(s) with a plain host, `mailto:`, or a path on this site
 * (not `//host`). `undefined` for anything else (`javascript:`, `data:`, `vbscript:`, relative tricks).
 */
export const safeUrl = (url: string): string | undefined =>
  HTTP_URL.test(url) || MAILTO_URL.test(url) || SITE_PATH.test(url) ? url : undefined

const YOUTUBE_ID = /^[\w-]{11}$/
const VIMEO_ID = /^\d{1,12}$/
const VIMEO_HASH = /^[0-9a-f]{6,20}$/i

const YOUTUBE = [
  /^https?:\/\/(?:www\.|m\.|music\.)?youtube\.com\/watch\?(?:[^#]*&)?v=([\w-]{11})(?![\w-])/i,
  /^https?:\/\/youtu\.be\/([\w-]{11})(?![\w-])/i,
  /^https?:\/\/(?:www\.|m\.)?youtube(?:-nocookie)?\.com\/(?:embed|shorts|live|v)\/([\w-]{11})(?![\w-])/i
]
const VIMEO = [
  /^https?:\/\/(?:www\.)?vimeo\.com\/(?:channels\/[\w-]+\/|groups\/[\w-]+\/videos\/)?(\d{1,12})(?:\/([0-9a-f]{6,20}))?(?![\w-])/i,
  /^https?:\/\/player\.vimeo\.com\/video\/(\d{1,12})(?:\?(?:[^#]*&)?h=([0-9a-f]{6,20}))?(?![\w-])/i
]

/** The video a YouTube or Vimeo link points to, if it is one. */
export const videoOf = (url: string): Video | undefined => {
  for (const re of YOUTUBE) {
    const m = re.exec(url)
    if (m) return { provider: "youtube", id: m[1]! }
  }
  for (const re of VIMEO) {
    const m = re.exec(url)
    if (m) return m[2] ? { provider: "vimeo", id: m[1]!, hash: m[2] } : { provider: "vimeo", id: m[1]! }
  }
  return undefined
}

const isValidVideo = (v: Video): boolean =>
  v.provider === "youtube"
    ? YOUTUBE_ID.test(v.id)
    : VIMEO_ID.test(v.id) && (v.hash === undefined || VIMEO_HASH.test(v.hash))

/** The privacy-enhanced player address of a video. */
export const playerUrl = (v: Video): string =>
  v.provider === "youtube"
    ? `https://www.youtube-nocookie.com/embed/${v.id}`
    : `https://player.vimeo.com/video/${v.id}${v.hash ? `?h=${v.hash}` : ""}`

/** The ordinary page address of a video, for where players are not wanted (emails, plain text). */
export const watchUrl = (v: Video): string =>
  v.provider === "youtube"
    ? `https://www.youtube.com/watch?v=${v.id}`
    : `https://vimeo.com/${v.id}${v.hash ? `/${v.hash}` : ""}`

// --- parsing -------------------------------------------------------------------------------------------------

/** How to parse: the handles to mark as mentions (compared without case or accents). */
export interface ParseOptions {
  readonly mentions?: ReadonlyArray<string>
}

/** A link, image or address found in a line: it is taken whole, never split by emphasis. */
interface Atom {
  readonly end: number
  readonly node: Inline
}

const ALNUM = /[\p{L}\p{N}]/u
const SPACE = /\s/u
const isAlnum = (s: string, i: number): boolean => i >= 0 && i < s.length && ALNUM.test(s[i]!)
const isSpace = (s: string, i: number): boolean => i < 0 || i >= s.length || SPACE.test(s[i]!)

// Bounded repetitions keep a line of unclosed brackets linear rather than quadratic; no real name, link text
// or address comes near the bounds (longer addresses are cut at 2048 characters, like most browsers' limits).
const IMAGE = /!\[([^\]\r\n]{0,500})\]\(([^\s()]{1,2048})\)/y
const LINK = /\[([^\]\r\n]{1,500})\]\(([^\s()]{1,2048})\)/y
const BARE_URL = new RegExp(`https?://[\\p{L}\\p{N}.-]{1,253}(?::\\d{1,5})?(?:[/?#]${URL_CHAR}{0,2048})?`, "iuy")
const EMBED_SUFFIX = /#embed$/i
const SPACED_EMBED = /[ \t]+#embed(?![\p{L}\p{N}_])/iuy
const TRAILING = new Set([".", ",", ";", ":", "!", "?", "*", "_", "~", "'", '"'])

const text = (t: string): Text => ({ _tag: "Text", text: t })

/** Leave out trailing punctuation and closing brackets that have no opening one inside the address. */
const trimUrl = (url: string): string => {
  const count = { "(": 0, ")": 0, "[": 0, "]": 0 }
  for (const ch of url) if (ch in count) count[ch as keyof typeof count]++
  let end = url.length
  for (;;) {
    const last = url[end - 1]!
    if (TRAILING.has(last)) end--
    else if (last === ")" && count["("] < count[")"]) {
      count[")"]--
      end--
    } else if (last === "]" && count["["] < count["]"]) {
      count["]"]--
      end--
    } else break
  }
  return url.slice(0, end)
}

/** A link or embed node for a safe address (already checked). */
const linkNode = (url: string, children: ReadonlyArray<Inline>): Inline => {
  if (EMBED_SUFFIX.test(url)) {
    const bare = url.slice(0, -"#embed".length)
    const video = videoOf(bare)
    if (video) return { _tag: "Embed", video, url: bare }
  }
  return { _tag: "Link", href: url, children }
}

const atomAt = (line: string, i: number): Atom | undefined => {
  const c = line.charCodeAt(i)
  if (c === 33 /* ! */) {
    IMAGE.lastIndex = i
    const m = IMAGE.exec(line)
    const src = m ? safeUrl(m[2]!) : undefined
    return m && src ? { end: i + m[0].length, node: { _tag: "Image", src, alt: m[1]! } } : undefined
  }
  if (c === 91 /* [ */) {
    LINK.lastIndex = i
    const m = LINK.exec(line)
    const href = m ? safeUrl(m[2]!) : undefined
    return m && href ? { end: i + m[0].length, node: linkNode(href, parseInline(m[1]!, undefined, false)) } : undefined
  }
  if ((c === 104 || c === 72) /* h H */ && !isAlnum(line, i - 1)) {
    BARE_URL.lastIndex = i
    const m = BARE_URL.exec(line)
    if (!m) return undefined
    const url = trimUrl(m[0])
    if (safeUrl(url) === undefined) return undefined
    let end = i + url.length
    let node = linkNode(url, [text(url)])
    if (node._tag === "Link") {
      SPACED_EMBED.lastIndex = end
      const video = videoOf(url)
      const spaced = SPACED_EMBED.exec(line)
      if (video && spaced) {
        node = { _tag: "Embed", video, url }
        end += spaced[0].length
      }
    }
    return { end, node }
  }
  return undefined
}

const findAtoms = (line: string): ReadonlyMap<number, Atom> => {
  const atoms = new Map<number, Atom>()
  let i = 0
  while (i < line.length) {
    const atom = atomAt(line, i)
    if (atom) {
      atoms.set(i, atom)
      i = atom.end
    } else i++
  }
  return atoms
}

const isOpener = (s: string, i: number, d: string): boolean =>
  !isSpace(s, i + 1) && s[i + 1] !== d && (i === 0 || (!isAlnum(s, i - 1) && s[i - 1] !== d))

const isCloser = (s: string, j: number, d: string): boolean =>
  j > 0 && !isSpace(s, j - 1) && s[j - 1] !== d && s[j + 1] !== d && !isAlnum(s, j + 1)

/** Positions (outside atoms) where a `d` may close emphasis, in order. */
const closersOf = (s: string, atoms: ReadonlyMap<number, Atom>, d: string): ReadonlyArray<number> => {
  const out: Array<number> = []
  let i = 0
  while (i < s.length) {
    const atom = atoms.get(i)
    if (atom) i = atom.end
    else {
      if (s[i] === d && isCloser(s, i, d)) out.push(i)
      i++
    }
  }
  return out
}

/** The first position in sorted `xs` that is at least `lo` and below `hi`. */
const firstIn = (xs: ReadonlyArray<number>, lo: number, hi: number): number | undefined => {
  let a = 0
  let b = xs.length
  while (a < b) {
    const m = (a + b) >> 1
    if (xs[m]! < lo) a = m + 1
    else b = m
  }
  const x = xs[a]
  return x !== undefined && x < hi ? x : undefined
}

interface LineContext {
  readonly s: string
  readonly atoms: ReadonlyMap<number, Atom>
  readonly stars: ReadonlyArray<number>
  readonly underscores: ReadonlyArray<number>
  readonly mentions: ReadonlySet<string> | undefined
}

const parseRange = (ctx: LineContext, from: number, to: number, bold: boolean, italic: boolean): Array<Inline> => {
  const { s } = ctx
  const out: Array<Inline> = []
  let textStart = from
  const flush = (upto: number) => {
    if (upto > textStart) out.push(text(s.slice(textStart, upto)))
  }
  let i = from
  while (i < to) {
    const atom = ctx.atoms.get(i)
    if (atom !== undefined && atom.end <= to) {
      flush(i)
      out.push(atom.node)
      i = textStart = atom.end
      continue
    }
    const ch = s[i]
    if (((ch === "*" && bold) || (ch === "_" && italic)) && isOpener(s, i, ch)) {
      const close = firstIn(ch === "*" ? ctx.stars : ctx.underscores, i + 2, to)
      if (close !== undefined) {
        flush(i)
        const children = parseRange(ctx, i + 1, close, bold && ch !== "*", italic && ch !== "_")
        out.push(ch === "*" ? { _tag: "Bold", children } : { _tag: "Italic", children })
        i = textStart = close + 1
        continue
      }
    }
    if (ch === "@" && ctx.mentions !== undefined) {
      const found = Mention.at(s, i)
      if (found !== undefined && found.end <= to && ctx.mentions.has(Mention.key(found.name))) {
        flush(i)
        out.push({ _tag: "Mention", name: found.name })
        i = textStart = found.end
        continue
      }
    }
    i++
  }
  flush(to)
  return out
}

/** Inline content of one line; `atoms` false for link text, which holds emphasis only. */
const parseInline = (line: string, mentions: ReadonlySet<string> | undefined, atoms: boolean): Array<Inline> => {
  const found = atoms ? findAtoms(line) : new Map<number, Atom>()
  const ctx: LineContext = {
    s: line,
    atoms: found,
    stars: closersOf(line, found, "*"),
    underscores: closersOf(line, found, "_"),
    mentions
  }
  return parseRange(ctx, 0, line.length, true, true)
}

const BULLET = /^[ \t]*\*[ \t]+/
const BLANK = /^\s*$/u

/** Parse text into its document tree. Never throws; text that is not markup stays text. */
export const parse = (source: string, options: ParseOptions = {}): Document => {
  const mentions = options.mentions ? new Set(options.mentions.map(Mention.key)) : undefined
  const blocks: Array<Block> = []
  let paragraph: Array<Inline> | undefined
  let list: Array<ReadonlyArray<Inline>> | undefined
  const close = () => {
    if (paragraph) blocks.push({ _tag: "Paragraph", children: paragraph })
    if (list) blocks.push({ _tag: "List", items: list })
    paragraph = list = undefined
  }
  for (const line of source.split(/\r\n|\r|\n/)) {
    const bullet = BULLET.exec(line)
    if (BLANK.test(line) && !bullet) close()
    else if (bullet) {
      if (paragraph) close()
      list ??= []
      list.push(parseInline(line.slice(bullet[0].length), mentions, true))
    } else {
      if (list) close()
      if (paragraph) paragraph.push({ _tag: "LineBreak" })
      else paragraph = []
      paragraph.push(...parseInline(line, mentions, true))
    }
  }
  close()
  return blocks
}

// --- rendering -----------------------------------------------------------------------------------------------

/** How to render: `embeds: false` shows videos as links (for emails and anywhere players are unwanted). */
export interface RenderOptions {
  readonly embeds?: boolean
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }

/** Escape text for HTML content and quoted attribute values. */
export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => ESCAPES[c]!)

const LINK_ATTRS = 'target="_blank" rel="nofollow noopener noreferrer"'

const anchor = (href: string, inner: string): string => `<a href="${escapeHtml(href)}" ${LINK_ATTRS}>${inner}</a>`

const renderInline = (nodes: ReadonlyArray<Inline>, options: RenderOptions): string => {
  let html = ""
  for (const node of nodes) {
    switch (node._tag) {
      case "Text":
        html += escapeHtml(node.text)
        break
      case "Bold":
        html += `<strong>${renderInline(node.children, options)}</strong>`
        break
      case "Italic":
        html += `<em>${renderInline(node.children, options)}</em>`
        break
      case "Link": {
        const inner = renderInline(node.children, options)
        const href = safeUrl(node.href)
        html += href === undefined ? inner : anchor(href, inner)
        break
      }
      case "Image": {
        const src = safeUrl(node.src)
        html +=
          src === undefined
            ? escapeHtml(node.alt)
            : `<img src="${escapeHtml(src)}" alt="${escapeHtml(node.alt)}" loading="lazy">`
        break
      }
      case "Embed": {
        const v = node.video
        if (!isValidVideo(v)) html += escapeHtml(node.url)
        else if (options.embeds === false) html += anchor(watchUrl(v), escapeHtml(watchUrl(v)))
        else
          html +=
            `<iframe class="qk-embed" src="${playerUrl(v)}" title="${v.provider === "youtube" ? "YouTube" : "Vimeo"} video" ` +
            `width="560" height="315" loading="lazy" referrerpolicy="strict-origin-when-cross-origin" ` +
            `allow="encrypted-media; fullscreen; picture-in-picture" allowfullscreen ` +
            `sandbox="allow-scripts allow-same-origin allow-presentation allow-popups"></iframe>`
        break
      }
      case "Mention":
        html += `<span class="qk-mention">@${escapeHtml(node.name)}</span>`
        break
      case "LineBreak":
        html += "<br>"
        break
    }
  }
  return html
}

/** Render a document to safe HTML. */
export const render = (doc: Document, options: RenderOptions = {}): string => {
  let html = ""
  for (const block of doc) {
    if (block._tag === "Paragraph") html += `<p>${renderInline(block.children, options)}</p>`
    else html += `<ul>${block.items.map((item) => `<li>${renderInline(item, options)}</li>`).join("")}</ul>`
  }
  return html
}

/** Parse and render text in one step: what a comment, note or item description shows. */
export const toHtml = (source: string, options: ParseOptions & RenderOptions = {}): string =>
  render(parse(source, options), options)

// --- plain text ----------------------------------------------------------------------------------------------

const inlineText = (nodes: ReadonlyArray<Inline>): string => {
  let s = ""
  for (const node of nodes) {
    switch (node._tag) {
      case "Text":
        s += node.text
        break
      case "Bold":
      case "Italic":
      case "Link":
        s += inlineText(node.children)
        break
      case "Image":
        s += node.alt
        break
      case "Embed":
        s += node.url
        break
      case "Mention":
        s += `@${node.name}`
        break
      case "LineBreak":
        s += "\n"
        break
    }
  }
  return s
}

/**
 * The text without its markup, for previews, notifications and search: emphasis markers dropped, links as their
 * text, images as their name, bullets as '• ', paragraphs separated by a blank line.
 */
export const toPlainText = (source: string): string =>
  parse(source)
    .map((block) =>
      block._tag === "Paragraph"
        ? inlineText(block.children)
        : block.items.map((item) => `• ${inlineText(item)}`).join("\n")
    )
    .join("\n\n")

// --- writing markup ------------------------------------------------------------------------------------------

const percent = (c: string): string =>
  c.charCodeAt(0) < 128 ? `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}` : encodeURIComponent(c)

/**
 * The image markdown inserted for a file dropped on a text box: `![name](url)`, the name cleared of brackets
 * and line breaks and the address of characters that would end it early (an address already percent-encoded
 * stays as it is), so it parses back to the same image.
 */
export const imageMarkdown = (name: string, url: string): string => {
  const alt = name.replace(/[[\]]/g, "").replace(/\s+/gu, " ").trim()
  const src = url.trim().replace(/[\s()<>"'`\\\p{Cc}]/gu, percent)
  return `![${alt}](${src})`
}
