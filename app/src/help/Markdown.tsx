/**
 * The guides' markdown as React elements (never as HTML strings, so nothing in a guide can run): headings with
 * the anchors the search links to (`HelpIndex.anchorOf`), paragraphs, lists, fenced code, tables and quotes;
 * inline code, bold, emphasis and links. A link to another guide (`webhooks.md#retries`) opens its help page;
 * web links open as they are; links into the repository's sources, and images, show their text.
 */
// biome-ignore-all lint/suspicious/noArrayIndexKey: a guide is fixed text rendered once; a block's place is its identity
import { Fragment, type ReactNode } from "react"
import { anchorOf } from "./HelpIndex.ts"

type Block =
  | { readonly kind: "heading"; readonly level: number; readonly text: string }
  | { readonly kind: "code"; readonly text: string }
  | { readonly kind: "list"; readonly ordered: boolean; readonly items: ReadonlyArray<string> }
  | { readonly kind: "table"; readonly rows: ReadonlyArray<ReadonlyArray<string>> }
  | { readonly kind: "quote"; readonly text: string }
  | { readonly kind: "paragraph"; readonly text: string }

const listItem = /^\s{0,3}([-*+]|\d+[.)])\s+(.*)$/

/** The blocks of a guide. */
export const blocksOf = (markdown: string): ReadonlyArray<Block> => {
  const lines = markdown.split(/\r?\n/)
  const blocks: Array<Block> = []
  let i = 0
  while (i < lines.length) {
    const line = lines[i]!
    if (line.trim() === "") {
      i++
      continue
    }
    if (/^\s*(```|~~~)/.test(line)) {
      const code: Array<string> = []
      i++
      while (i < lines.length && !/^\s*(```|~~~)/.test(lines[i]!)) code.push(lines[i++]!)
      i++
      blocks.push({ kind: "code", text: code.join("\n") })
      continue
    }
    const h = /^(#{1,6})\s+(.+?)\s*#*\s*$/.exec(line)
    if (h !== null) {
      blocks.push({ kind: "heading", level: h[1]!.length, text: h[2]! })
      i++
      continue
    }
    if (/^\s*\|/.test(line)) {
      const rows: Array<Array<string>> = []
      while (i < lines.length && /^\s*\|/.test(lines[i]!)) {
        const cells = lines[i]!.trim()
          .replace(/^\||\|$/g, "")
          .split("|")
          .map((c) => c.trim())
        if (!cells.every((c) => /^:?-{3,}:?$/.test(c))) rows.push(cells)
        i++
      }
      blocks.push({ kind: "table", rows })
      continue
    }
    if (/^\s*>/.test(line)) {
      const quote: Array<string> = []
      while (i < lines.length && /^\s*>/.test(lines[i]!)) quote.push(lines[i++]!.replace(/^\s*>\s?/, ""))
      blocks.push({ kind: "quote", text: quote.join(" ") })
      continue
    }
    const first = listItem.exec(line)
    if (first !== null) {
      const ordered = /\d/.test(first[1]!)
      const items: Array<string> = []
      while (i < lines.length) {
        const l = lines[i]!
        const item = listItem.exec(l)
        if (item !== null) items.push(item[2]!)
        else if (l.trim() !== "" && /^\s+/.test(l) && items.length > 0) items[items.length - 1] += ` ${l.trim()}`
        else break
        i++
      }
      blocks.push({ kind: "list", ordered, items })
      continue
    }
    const para: Array<string> = []
    while (
      i < lines.length &&
      lines[i]!.trim() !== "" &&
      !/^(#{1,6}\s|\s*(```|~~~)|\s*\||\s*>)/.test(lines[i]!) &&
      listItem.exec(lines[i]!) === null
    )
      para.push(lines[i++]!.trim())
    blocks.push({ kind: "paragraph", text: para.join(" ") })
  }
  return blocks
}

/** Where a link in a guide leads in the help: another guide's page, a web address, or nowhere (text only). */
export const targetOf = (href: string): { readonly to: string } | { readonly url: string } | null => {
  if (/^https?:\/\//i.test(href)) return { url: href }
  if (href.startsWith("#")) return { to: href }
  const guide = /^(?:\.\/)?([A-Za-z0-9_-]+)\.md(#[A-Za-z0-9_-]*)?$/.exec(href)
  return guide === null ? null : { to: `/help/${guide[1]}${guide[2] ?? ""}` }
}

const inlinePattern = /(`[^`]+`)|(!?\[[^\]]+\]\([^)\s]+\))|(\*\*[^*]+\*\*|__[^_]+__)|(\*[^*\s][^*]*\*)/g

/** Inline markdown as React nodes. */
export const inline = (text: string): ReactNode => {
  const out: Array<ReactNode> = []
  let last = 0
  let key = 0
  for (const m of text.matchAll(inlinePattern)) {
    if (m.index > last) out.push(text.slice(last, m.index))
    const token = m[0]
    if (m[1] !== undefined) out.push(<code key={key++}>{token.slice(1, -1)}</code>)
    else if (m[2] !== undefined) {
      const link = /^(!?)\[([^\]]+)\]\(([^)\s]+)\)$/.exec(token)!
      const target = link[1] === "!" ? null : targetOf(link[3]!)
      if (target === null) out.push(<Fragment key={key++}>{inline(link[2]!)}</Fragment>)
      else if ("url" in target)
        out.push(
          <a key={key++} href={target.url} rel="noopener noreferrer" target="_blank">
            {inline(link[2]!)}
          </a>
        )
      else
        out.push(
          <a key={key++} href={target.to}>
            {inline(link[2]!)}
          </a>
        )
    } else if (m[3] !== undefined) out.push(<strong key={key++}>{inline(token.slice(2, -2))}</strong>)
    else out.push(<em key={key++}>{inline(token.slice(1, -1))}</em>)
    last = m.index + token.length
  }
  if (last < text.length) out.push(text.slice(last))
  return out.length === 1 ? out[0] : out
}

/** A guide rendered; headings below the title carry their anchors. */
export const Markdown = ({ markdown }: { readonly markdown: string }) => (
  <>
    {blocksOf(markdown).map((b, i) => {
      switch (b.kind) {
        case "heading": {
          const level = Math.min(Math.max(b.level, 1), 4) as 1 | 2 | 3 | 4
          const Tag = `h${level}` as const
          return (
            <Tag key={i} id={level === 1 ? undefined : anchorOf(b.text)} tabIndex={-1}>
              {inline(b.text)}
            </Tag>
          )
        }
        case "code":
          return (
            <pre key={i}>
              <code>{b.text}</code>
            </pre>
          )
        case "list": {
          const items = b.items.map((item, j) => <li key={j}>{inline(item)}</li>)
          return b.ordered ? <ol key={i}>{items}</ol> : <ul key={i}>{items}</ul>
        }
        case "table": {
          const [head, ...body] = b.rows
          return (
            // A wide table scrolls on its own; focusable so the keyboard can scroll it too.
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
            <section key={i} aria-label="Table" tabIndex={0}>
              <table>
                {head !== undefined && (
                  <thead>
                    <tr>
                      {head.map((c, j) => (
                        <th key={j} scope="col">
                          {inline(c)}
                        </th>
                      ))}
                    </tr>
                  </thead>
                )}
                <tbody>
                  {body.map((r, j) => (
                    <tr key={j}>
                      {r.map((c, k) => (
                        <td key={k}>{inline(c)}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          )
        }
        case "quote":
          return <blockquote key={i}>{inline(b.text)}</blockquote>
        default:
          return <p key={i}>{inline(b.text)}</p>
      }
    })}
  </>
)
