import { assert, describe, it } from "@effect/vitest"
import fc from "fast-check"
import * as SearchText from "../src/SearchText.ts"

describe("SearchText", () => {
  it("joins a quote's title, contact names, companies and emails, and number in lower case", () => {
    assert.strictEqual(
      SearchText.quote({
        title: "  Hot  Water Cylinder ",
        quote_no: 12,
        contacts: [
          { name_first: "Priya", name_last: "Shah", company: "Harbourview Apartments Ltd" },
          { name_first: "Margaret", name_last: "O'Neill", email: "Meg@Example.com" }
        ]
      }),
      "hot water cylinder priya shah harbourview apartments ltd margaret o'neill meg@example.com 12"
    )
    assert.strictEqual(SearchText.quote({ title: "Template", quote_no: null, contacts: [] }), "template")
  })

  it("joins a contact's names, email and company, and an item's code and title", () => {
    assert.strictEqual(
      SearchText.contact({ name_first: "Tom", name_last: "Becker", email: "Tom@X.example", company: "Acme" }),
      "tom becker tom@x.example acme"
    )
    assert.strictEqual(SearchText.item({ item_code: "HWC-180", item_title: "Cylinder" }), "hwc-180 cylinder")
  })

  it("escapes LIKE wildcards in a search term", () => {
    assert.strictEqual(SearchText.containsPattern(" 50%_Off\\ "), "%50\\%\\_off\\\\%")
  })

  it("finds every word of the title in the search text (property)", () => {
    const word = fc.stringMatching(/^[A-Za-z0-9'-]{1,12}$/)
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 6 }), fc.nat(), (words, no) => {
        const text = SearchText.quote({ title: words.join("  "), quote_no: no + 1, contacts: [] })
        assert.strictEqual(text, text.toLowerCase())
        assert.notInclude(text, "  ")
        for (const w of words) assert.include(text, w.toLowerCase())
        assert.include(text.split(" "), String(no + 1))
      })
    )
  })

  it("makes a LIKE pattern that matches the text containing the term (property)", () => {
    // LIKE emulated as a regular expression: % any run, _ one character, \ escapes the next.
    const like = (pattern: string, text: string) => {
      let source = ""
      for (let i = 0; i < pattern.length; i++) {
        const c = pattern[i]!
        if (c === "\\") source += pattern[++i]!.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
        else if (c === "%") source += "[\\s\\S]*"
        else if (c === "_") source += "[\\s\\S]"
        else source += c.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
      }
      return new RegExp(`^${source}$`).test(text)
    }
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.string({ minLength: 1 }), (before, after, term) => {
        const trimmed = term.trim().toLowerCase()
        if (trimmed === "") return
        const text = `${before}${trimmed}${after}`
        assert.isTrue(like(SearchText.containsPattern(term), text))
        // A wildcard in the term matches only itself.
        assert.isFalse(like(SearchText.containsPattern("a%b"), "axxb"))
      })
    )
  })
})
