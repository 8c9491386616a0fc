/**
 * The help search: guides cut into sections at their headings with the anchors their pages give them, every word
 * of the query required, headings counting more than text; properties over random sections and queries.
 */
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { guides, sections } from "../../src/help/guides.ts"
import * as HelpIndex from "../../src/help/HelpIndex.ts"

const guide = `# Two-factor sign-in

Asks for a **second proof** after the password.

## For members: turning it on

1. Scan the QR code.
2. Keep the \`recovery codes\` somewhere safe.

\`\`\`sh
## not a heading, inside code
\`\`\`

## For admins: requiring it of everyone

Members without it are signed out. See [webhooks](webhooks.md).
`

describe("sections", () => {
  it("cuts a guide at its headings, with anchors, and not inside code", () => {
    const s = HelpIndex.sectionsOf("two-factor", guide)
    expect(s.map((x) => [x.heading, x.anchor])).toEqual([
      ["Two-factor sign-in", ""],
      ["For members: turning it on", "for-members-turning-it-on"],
      ["For admins: requiring it of everyone", "for-admins-requiring-it-of-everyone"]
    ])
    expect(s[0]!.text).toBe("Asks for a second proof after the password.")
    expect(s[1]!.text).toContain("Keep the recovery codes somewhere safe.")
    expect(s[1]!.text).toContain("not a heading, inside code")
    expect(s[2]!.text).toBe("Members without it are signed out. See webhooks.")
    expect(s.every((x) => x.docTitle === "Two-factor sign-in" && x.doc === "two-factor")).toBe(true)
  })

  it("anchors are lower-case words joined by dashes", () => {
    expect(HelpIndex.anchorOf("Retries & `backoff` (5xx)")).toBe("retries-backoff-5xx")
    expect(HelpIndex.anchorOf("Café crème")).toBe("cafe-creme")
  })
})

describe("search", () => {
  const s = HelpIndex.sectionsOf("two-factor", guide)
  it("needs every word, in any case, and ranks a heading match first", () => {
    expect(HelpIndex.search(s, "RECOVERY codes").map((h) => h.section.anchor)).toEqual(["for-members-turning-it-on"])
    expect(HelpIndex.search(s, "recovery webhooks")).toEqual([])
    expect(HelpIndex.search(s, "admins").map((h) => h.section.anchor)).toEqual(["for-admins-requiring-it-of-everyone"])
    // 'members' is the second section's heading and the third's text: the heading wins.
    expect(HelpIndex.search(s, "members").map((h) => h.section.anchor)).toEqual([
      "for-members-turning-it-on",
      "for-admins-requiring-it-of-everyone"
    ])
    // A plural finds the singular.
    expect(HelpIndex.search(s, "proofs").map((h) => h.section.anchor)).toEqual([""])
    expect(HelpIndex.termsOf("Webhooks signatures address")).toEqual(["webhook", "signature", "address"])
    expect(HelpIndex.search(s, "  ")).toEqual([])
    expect(HelpIndex.search(s, "!!!")).toEqual([])
  })

  it("links a hit to its guide's page at the heading", () => {
    expect(HelpIndex.hrefOf({ doc: "two-factor", anchor: "for-members-turning-it-on" })).toBe(
      "/help/two-factor#for-members-turning-it-on"
    )
    expect(HelpIndex.hrefOf({ doc: "two-factor", anchor: "" })).toBe("/help/two-factor")
  })

  it("cuts long snippets around the first match", () => {
    const text = `${"lorem ipsum ".repeat(40)}needle ${"dolor sit ".repeat(40)}`
    const snippet = HelpIndex.snippetOf(text, ["needle"])
    expect(snippet).toContain("needle")
    expect(snippet.startsWith("…")).toBe(true)
    expect(snippet.endsWith("…")).toBe(true)
    expect(snippet.length).toBeLessThanOrEqual(HelpIndex.snippetLength + 2)
  })

  const word = fc.constantFrom("quote", "tax", "invoice", "code", "price", "xero", "email", "retry")
  const section = fc.record({
    doc: fc.constantFrom("a", "b"),
    docTitle: fc.array(word, { minLength: 1, maxLength: 3 }).map((w) => w.join(" ")),
    heading: fc.array(word, { minLength: 1, maxLength: 3 }).map((w) => w.join(" ")),
    anchor: fc.string({ maxLength: 5 }),
    text: fc.array(fc.oneof(word, fc.string({ maxLength: 8 })), { maxLength: 40 }).map((w) => w.join(" "))
  })

  it("every hit holds every word; hits are best first; the case of the query does not matter", () => {
    fc.assert(
      fc.property(
        fc.array(section, { maxLength: 30 }),
        fc.array(word, { minLength: 1, maxLength: 3 }),
        (all, words) => {
          const query = words.join(" ")
          const hits = HelpIndex.search(all, query)
          for (const h of hits) {
            const haystack = `${h.section.heading} ${h.section.docTitle} ${h.section.text}`.toLowerCase()
            for (const w of words) expect(haystack).toContain(w)
          }
          for (let i = 1; i < hits.length; i++) expect(hits[i - 1]!.score).toBeGreaterThanOrEqual(hits[i]!.score)
          const expected = all.filter((x) =>
            words.every((w) => `${x.heading} ${x.docTitle} ${x.text}`.toLowerCase().includes(w))
          ).length
          expect(hits.length).toBe(Math.min(expected, HelpIndex.maxResults))
          expect(HelpIndex.search(all, query.toUpperCase())).toEqual(hits)
        }
      )
    )
  })
})

describe("the project's own guides", () => {
  it("are bundled, each with its title, the docs folder's README left out", () => {
    expect(guides.length).toBeGreaterThanOrEqual(10)
    expect(guides.map((g) => g.doc)).toContain("two-factor")
    expect(guides.map((g) => g.doc)).not.toContain("README")
    expect(guides.find((g) => g.doc === "two-factor")!.title).toBe("Two-factor sign-in")
  })

  it("finds the recovery codes in the two-factor guide", () => {
    const [first] = HelpIndex.search(sections, "recovery codes")
    expect(first!.section.doc).toBe("two-factor")
    expect(first!.section.anchor).not.toBe("")
  })
})
