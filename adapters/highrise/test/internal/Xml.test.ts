import { assert, describe, it } from "@effect/vitest"
import * as Xml from "../../src/internal/Xml.ts"

describe("Xml", () => {
  it("escapes the five XML characters and leaves out what XML cannot hold", () => {
    assert.strictEqual(
      Xml.escapeText(`<a href="x">Tom & Jerry's</a>`),
      "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&apos;s&lt;/a&gt;"
    )
    assert.strictEqual(
      Xml.escapeText("bell\u0007 tab\t line\n nul\u0000 é 😀 lone\uD800"),
      "bell tab\t line\n nul é 😀 lone"
    )
  })

  it("a note is its subject, a blank line and its body, and parses back to the same text", () => {
    const written = Xml.note("Quote <1> & co", "Total: 5 > 4\n'ok'")
    assert.match(written, /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<note><body>/)
    const read = Xml.parse(written)
    assert.strictEqual(Xml.text(Xml.children(read, "note")[0], "body"), "Quote <1> & co\n\nTotal: 5 > 4\n'ok'")
  })

  it("keeps values as text, drops attributes, reads repeated elements as arrays and decodes entities", () => {
    const parsed = Xml.parse(
      `<?xml version="1.0" encoding="UTF-8"?><people type="array"><person><id type="integer">007</id><first-name>Zo&#235; &amp; Ana</first-name><company-id type="integer" nil="true"></company-id></person></people>`
    )
    const [person] = Xml.children(parsed?.people, "person")
    assert.strictEqual(Xml.text(person, "id"), "007")
    assert.strictEqual(Xml.text(person, "first-name"), "Zoë & Ana")
    assert.strictEqual(Xml.text(person, "company-id"), "")
    assert.deepStrictEqual(Xml.children(Xml.parse(`<people type="array"></people>`)?.people, "person"), [])
    // Decoded once: an escaped reference stays a reference.
    assert.strictEqual(Xml.text(Xml.parse("<a><b>&amp;#235; &#x41;&amp;amp;</b></a>")?.a, "b"), "&#235; A&amp;")
    assert.strictEqual(Xml.parse("Service Unavailable"), undefined)
  })

  it("reads a 422's <errors>, or a short plain-text reason", () => {
    assert.strictEqual(
      Xml.errorsOf("<errors><error>First name can't be blank</error><error>Body is too long</error></errors>"),
      "First name can't be blank\nBody is too long"
    )
    assert.strictEqual(Xml.errorsOf("<errors><error>Only one</error></errors>"), "Only one")
    assert.strictEqual(Xml.errorsOf("HTTP Basic: Access denied.\n"), "HTTP Basic: Access denied.")
    assert.strictEqual(Xml.errorsOf("<html><body>Oops</body></html>"), undefined)
    assert.strictEqual(Xml.errorsOf(""), undefined)
  })
})
