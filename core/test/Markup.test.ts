import { assert, describe, it } from "@effect/vitest"
import fc from "fast-check"
import * as Markup from "../src/Markup.ts"

const LINK = 'target="_blank" rel="nofollow noopener noreferrer"'

// --- an independent check of rendered HTML: only allowed elements, attributes and addresses -------------------

const ALLOWED: Record<string, ReadonlyArray<string>> = {
  p: [],
  br: [],
  strong: [],
  em: [],
  ul: [],
  li: [],
  span: ["class"],
  a: ["href", "target", "rel"],
  img: ["src", "alt", "loading"],
  iframe: [
    "class",
    "src",
    "title",
    "width",
    "height",
    "loading",
    "referrerpolicy",
    "allow",
    "allowfullscreen",
    "sandbox"
  ]
}
const TAG = /<(\/?)([A-Za-z0-9]+)((?:\s+[^\s=>]+(?:="[^"]*")?)*)\s*>/g
const ATTR = /\s+([^\s=>]+)(?:="([^"]*)")?/g
const SAFE_ADDRESS = /^(?:https?:\/\/[\p{L}\p{N}.-]+(?::\d+)?(?:[/?#]|$)|mailto:|\/(?![/\\]))/iu
const decode = (v: string) =>
  v.replace(/&(amp|lt|gt|quot|#39);/g, (_, e: string) => ({ amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'" })[e]!)

/** Everything wrong with a piece of rendered HTML, empty when it is safe. */
const problems = (html: string): ReadonlyArray<string> => {
  const found: Array<string> = []
  if (/<script/i.test(html)) found.push("script element")
  const rest = html.replace(TAG, (_, _close: string, name: string, attrs: string) => {
    const allowed = ALLOWED[name]
    if (allowed === undefined) found.push(`element ${name}`)
    for (const [, attr = "", value] of attrs.matchAll(ATTR)) {
      if (!allowed?.includes(attr)) found.push(`attribute ${attr} on ${name}`)
      if (/^on/i.test(attr)) found.push(`event handler ${attr}`)
      if (attr === "href" || attr === "src") {
        const address = decode(value ?? "")
        if (!SAFE_ADDRESS.test(address) || /[\s\p{Cc}]/u.test(address)) found.push(`address ${value}`)
      }
    }
    return ""
  })
  if (/[<>"]/.test(rest)) found.push(`unescaped markup in text: ${rest.slice(0, 60)}`)
  return found
}

const hostile = fc.constantFrom(
  "<script>",
  "</script>",
  "<ScRiPt src=x>",
  '" onerror="alert(1)',
  "' onload='x",
  " onmouseover=alert(1) ",
  "javascript:alert(1)",
  "JaVaScRiPt:",
  "java\tscript:",
  " javascript:",
  "data:text/html;base64,PHNjcmlwdD4=",
  "vbscript:msgbox",
  "&#106;avascript:",
  "&lt;script&gt;",
  "\\u003cscript\\u003e",
  "\u003cimg src=x onerror=alert(1)\u003e",
  "%3Cscript%3E",
  "\u0000",
  "\u2028",
  "`",
  "[",
  "](",
  ")",
  "![",
  "](javascript:alert(1))",
  "](javascript:void0)",
  "](JAVASCRIPT:x)",
  "](data:text/html,x)",
  "](vbscript:x)",
  "](&#106;avascript:x)",
  "](//evil.com)",
  "](/\\evil.com)",
  '](https://x.com/"onerror=alert(1))',
  "*",
  "_",
  "* ",
  "\n",
  "\n\n",
  "#embed",
  " #embed",
  "https://",
  "http://",
  "https://x.com/",
  "https://youtu.be/dQw4w9WgXcQ",
  "https://www.youtube.com/watch?v=",
  "https://vimeo.com/123",
  "@",
  "@Sam",
  "mailto:",
  "<iframe src=javascript:alert(1)>",
  "<a href='javascript:alert(1)'>",
  "<svg/onload=alert(1)>"
)
const adversarial = fc.array(fc.oneof(fc.string(), hostile, hostile), { maxLength: 30 }).map((parts) => parts.join(""))

/** Hand-built trees with any strings anywhere, as a buggy caller might build them. */
const { inline: arbitraryInline } = fc.letrec<{ inline: Markup.Inline }>((tie) => ({
  inline: fc.oneof(
    { depthSize: "small" },
    fc.record({ _tag: fc.constant("Text" as const), text: adversarial }),
    fc.record({ _tag: fc.constant("Bold" as const), children: fc.array(tie("inline"), { maxLength: 3 }) }),
    fc.record({ _tag: fc.constant("Italic" as const), children: fc.array(tie("inline"), { maxLength: 3 }) }),
    fc.record({
      _tag: fc.constant("Link" as const),
      href: fc.oneof(adversarial, hostile),
      children: fc.array(tie("inline"), { maxLength: 3 })
    }),
    fc.record({ _tag: fc.constant("Image" as const), src: fc.oneof(adversarial, hostile), alt: adversarial }),
    fc.record({
      _tag: fc.constant("Embed" as const),
      url: adversarial,
      video: fc.record({ provider: fc.constantFrom("youtube" as const, "vimeo" as const), id: adversarial })
    }),
    fc.record({ _tag: fc.constant("Mention" as const), name: adversarial }),
    fc.constant({ _tag: "LineBreak" as const })
  )
}))

/** Undo percent-encoding where it decodes; the raw text otherwise (a literal % in a name). */
const decodeURIComponentSafe = (s: string) =>
  s.replace(/(?:%[0-9A-F]{2})+/g, (m) => {
    try {
      return decodeURIComponent(m)
    } catch {
      return m
    }
  })

describe("Markup", () => {
  it("renders *bold*, _italic_ and both nested", () => {
    assert.strictEqual(Markup.toHtml("*bold* and _italic_"), "<p><strong>bold</strong> and <em>italic</em></p>")
    assert.strictEqual(Markup.toHtml("*a _b_ c*"), "<p><strong>a <em>b</em> c</strong></p>")
    assert.strictEqual(Markup.toHtml("_a *b* c_"), "<p><em>a <strong>b</strong> c</em></p>")
  })

  it("leaves markers inside words, doubled or spaced as typed", () => {
    assert.strictEqual(Markup.toHtml("2*3*4 = 24"), "<p>2*3*4 = 24</p>")
    assert.strictEqual(Markup.toHtml("snake_case_name"), "<p>snake_case_name</p>")
    assert.strictEqual(Markup.toHtml("**x**"), "<p>**x**</p>")
    assert.strictEqual(Markup.toHtml("a * b * c"), "<p>a * b * c</p>")
    assert.strictEqual(Markup.toHtml("*open\nclose*"), "<p>*open<br>close*</p>")
  })

  it("makes bullets of lines starting with '* ', and paragraphs of blank-line separated text", () => {
    assert.strictEqual(
      Markup.toHtml("Includes:\n* Design\n*  *Build*\n\nThanks,\nSam"),
      "<p>Includes:</p><ul><li>Design</li><li><strong>Build</strong></li></ul><p>Thanks,<br>Sam</p>"
    )
    assert.strictEqual(Markup.toHtml("* a\n\n* b"), "<ul><li>a</li></ul><ul><li>b</li></ul>")
    assert.strictEqual(Markup.toHtml(""), "")
    assert.strictEqual(Markup.toHtml("\n \n"), "")
  })

  it("links bare addresses, leaving out trailing punctuation", () => {
    assert.strictEqual(
      Markup.toHtml("See https://example.com/a?b=1&c=2."),
      `<p>See <a href="https://example.com/a?b=1&amp;c=2" ${LINK}>https://example.com/a?b=1&amp;c=2</a>.</p>`
    )
    assert.strictEqual(
      Markup.toHtml("(https://en.wikipedia.org/wiki/Foo_(bar))"),
      `<p>(<a href="https://en.wikipedia.org/wiki/Foo_(bar)" ${LINK}>https://en.wikipedia.org/wiki/Foo_(bar)</a>)</p>`
    )
    assert.strictEqual(Markup.toHtml("xhttps://example.com"), "<p>xhttps://example.com</p>")
    assert.strictEqual(
      Markup.toHtml("*https://a.co*"),
      `<p><strong><a href="https://a.co" ${LINK}>https://a.co</a></strong></p>`
    )
  })

  it("links [text](url) with emphasis in the text, to http(s), mailto and site paths only", () => {
    assert.strictEqual(
      Markup.toHtml("[*Terms* here](https://x.co/t) [mail](mailto:a@b.co) [file](/uploads/a.pdf)"),
      `<p><a href="https://x.co/t" ${LINK}><strong>Terms</strong> here</a> <a href="mailto:a@b.co" ${LINK}>mail</a> ` +
        `<a href="/uploads/a.pdf" ${LINK}>file</a></p>`
    )
    assert.strictEqual(Markup.toHtml("[x](javascript:alert(1))"), "<p>[x](javascript:alert(1))</p>")
    assert.strictEqual(Markup.toHtml("[x](//evil.com)"), "<p>[x](//evil.com)</p>")
  })

  it("accepts only safe addresses", () => {
    for (const ok of [
      "https://x.com",
      "http://localhost:3000/a",
      "HTTPS://X.COM/a#b",
      "mailto:a@b.co",
      "/uploads/x.png"
    ]) {
      assert.strictEqual(Markup.safeUrl(ok), ok)
    }
    for (const bad of [
      "javascript:alert(1)",
      "JaVaScRiPt:alert(1)",
      " javascript:alert(1)",
      "java\tscript:alert(1)",
      "data:text/html,<script>",
      "vbscript:x",
      "//evil.com",
      "/\\evil.com",
      'https://x.com/"onmouseover=x',
      "https://user@evil.com",
      "https://x.com/a b",
      "ftp://x.com",
      "x.com"
    ]) {
      assert.isUndefined(Markup.safeUrl(bad), bad)
    }
  })

  it("embeds YouTube and Vimeo links marked #embed in privacy-enhanced players, by id only", () => {
    const yt = Markup.toHtml("https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=3#embed")
    assert.include(yt, '<iframe class="qk-embed" src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"')
    assert.deepStrictEqual(problems(yt), [])
    assert.include(Markup.toHtml("https://youtu.be/dQw4w9WgXcQ #embed"), "youtube-nocookie.com/embed/dQw4w9WgXcQ")
    assert.include(Markup.toHtml("https://vimeo.com/76979871#embed"), 'src="https://player.vimeo.com/video/76979871"')
    assert.include(
      Markup.toHtml("https://vimeo.com/76979871/abc123def0#embed"),
      'src="https://player.vimeo.com/video/76979871?h=abc123def0"'
    )
    assert.include(
      Markup.toHtml("[Watch](https://youtu.be/dQw4w9WgXcQ#embed)"),
      "youtube-nocookie.com/embed/dQw4w9WgXcQ"
    )
    // without #embed, or on another site, it stays a link
    assert.notInclude(Markup.toHtml("https://youtu.be/dQw4w9WgXcQ"), "<iframe")
    assert.strictEqual(
      Markup.toHtml("https://example.com/v#embed"),
      `<p><a href="https://example.com/v#embed" ${LINK}>https://example.com/v#embed</a></p>`
    )
    assert.notInclude(Markup.toHtml("https://youtu.be/dQw4w9WgXcQ #embedded"), "<iframe")
  })

  it("shows embeds as links where players are unwanted", () => {
    assert.strictEqual(
      Markup.toHtml("https://youtu.be/dQw4w9WgXcQ#embed", { embeds: false }),
      `<p><a href="https://www.youtube.com/watch?v=dQw4w9WgXcQ" ${LINK}>https://www.youtube.com/watch?v=dQw4w9WgXcQ</a></p>`
    )
  })

  it("recognises video links", () => {
    assert.deepStrictEqual(Markup.videoOf("https://m.youtube.com/watch?feature=x&v=dQw4w9WgXcQ"), {
      provider: "youtube",
      id: "dQw4w9WgXcQ"
    })
    assert.deepStrictEqual(Markup.videoOf("https://www.youtube.com/shorts/dQw4w9WgXcQ"), {
      provider: "youtube",
      id: "dQw4w9WgXcQ"
    })
    assert.deepStrictEqual(Markup.videoOf("https://player.vimeo.com/video/123?h=abcdef12"), {
      provider: "vimeo",
      id: "123",
      hash: "abcdef12"
    })
    assert.isUndefined(Markup.videoOf("https://youtu.be/short"))
    assert.isUndefined(Markup.videoOf("https://evil.com/youtube.com/watch?v=dQw4w9WgXcQ"))
    assert.isUndefined(Markup.videoOf("https://vimeo.com/123abc"))
  })

  it("shows images from dropped files, and their markdown parses back to the same image", () => {
    const md = Markup.imageMarkdown("site [plan]\n2.jpg", "https://cdn.example.com/up/site plan (2).jpg")
    assert.strictEqual(md, "![site plan 2.jpg](https://cdn.example.com/up/site%20plan%20%282%29.jpg)")
    assert.strictEqual(
      Markup.toHtml(md),
      '<p><img src="https://cdn.example.com/up/site%20plan%20%282%29.jpg" alt="site plan 2.jpg" loading="lazy"></p>'
    )
    assert.strictEqual(Markup.toHtml("![x](javascript:alert(1))"), "<p>![x](javascript:alert(1))</p>")
    assert.strictEqual(Markup.imageMarkdown("a", "/up/a%20b.jpg"), "![a](/up/a%20b.jpg)")
  })

  it("image markdown of any file name and address is one image from that address", () =>
    fc.assert(
      fc.property(
        fc.string(),
        fc.constantFrom("https://cdn.example.com/", "http://localhost:3000/up/", "/content-images/2024/"),
        fc.string({
          unit: fc
            .oneof(
              fc.integer({ min: 0, max: 0x2ff }).map((c) => String.fromCharCode(c)),
              fc.constantFrom("(", ")", "[", "]", " ", "\n", "é", "😀")
            )
            .filter((c) => c !== "%")
        }),
        (name, base, path) => {
          const doc = Markup.parse(Markup.imageMarkdown(name, `${base}${path}`))
          const block = doc[0]
          const node = block?._tag === "Paragraph" && block.children.length === 1 ? block.children[0] : undefined
          return (
            doc.length === 1 &&
            node?._tag === "Image" &&
            Markup.safeUrl(node.src) === node.src &&
            decodeURIComponentSafe(node.src) === `${base}${path}`.trim() &&
            node.alt === name.replace(/[[\]]/g, "").replace(/\s+/gu, " ").trim()
          )
        }
      )
    ))

  it("marks mentions of known handles, not of unknown ones or after a letter", () => {
    assert.strictEqual(
      Markup.toHtml("@sam and @Bob, a@Sam", { mentions: ["Sam"] }),
      '<p><span class="qk-mention">@sam</span> and @Bob, a@Sam</p>'
    )
    assert.strictEqual(Markup.toHtml("@Sam"), "<p>@Sam</p>")
  })

  it("escapes everything typed", () => {
    assert.strictEqual(
      Markup.toHtml(`<script>alert("x")</script> & 'q'`),
      "<p>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;q&#39;</p>"
    )
    assert.strictEqual(Markup.escapeHtml(`<a href="x">'&'`), "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;")
  })

  it("plain text without markup characters renders as its escaped self", () => {
    const plain = fc.string({ unit: fc.constantFrom(..."abcXYZ019 .,;?-+=%$<>&\"'é中", "😀", "\t"), minLength: 1 })
    fc.assert(
      fc.property(
        fc.array(
          plain.filter((s) => s.trim() !== ""),
          { minLength: 1, maxLength: 4 }
        ),
        (lines) => {
          const html = Markup.toHtml(lines.join("\n"))
          return html === `<p>${lines.map(Markup.escapeHtml).join("<br>")}</p>`
        }
      )
    )
  })

  it("rendering arbitrary and hostile text never yields script, an event handler or an unsafe address", () =>
    fc.assert(
      fc.property(adversarial, fc.boolean(), (source, embeds) => {
        return problems(Markup.toHtml(source, { mentions: ["Sam"], embeds })).length === 0
      }),
      { numRuns: 2000 }
    ))

  it("rendering any hand-built tree is safe too", () =>
    fc.assert(
      fc.property(fc.array(arbitraryInline, { maxLength: 5 }), (children) => {
        const html = Markup.render([
          { _tag: "Paragraph", children },
          { _tag: "List", items: [children] }
        ])
        return problems(html).length === 0
      }),
      { numRuns: 500 }
    ))

  it("the safety check itself catches what it must", () => {
    assert.isNotEmpty(problems('<p onclick="x">a</p>'))
    assert.isNotEmpty(problems('<a href="javascript:alert(1)">a</a>'))
    assert.isNotEmpty(problems('<a href="&#106;avascript:x">a</a>'))
    assert.isNotEmpty(problems("<script>x</script>"))
    assert.isNotEmpty(problems('<p>a"b</p>'))
    assert.isNotEmpty(problems('<img src="data:image/png;base64,xx">'))
    assert.isEmpty(problems(`<p><a href="https://x.co?a=1&amp;b=2" ${LINK}>x</a></p>`))
  })

  it("gives the plain text for previews", () => {
    assert.strictEqual(
      Markup.toPlainText("*Hi* _there_,\nsee [our terms](https://x.co/t) and ![plan](/u/p.jpg)\n\n* one\n* two"),
      "Hi there,\nsee our terms and plan\n\n• one\n• two"
    )
    assert.strictEqual(Markup.toPlainText("https://youtu.be/dQw4w9WgXcQ#embed"), "https://youtu.be/dQw4w9WgXcQ")
  })

  it("plain text keeps every word of text that has no markup", () =>
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(..."abc XYZ 123 .,<>&\"'\n") }), (s) => {
        const words = s.split(/\s+/).filter((w) => w !== "")
        const plain = Markup.toPlainText(s)
        return words.every((w) => plain.includes(w))
      })
    ))
})
