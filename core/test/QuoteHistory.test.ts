import { assert, describe, it } from "@effect/vitest"
import fc from "fast-check"
import * as QuoteAction from "../src/QuoteAction.ts"
import * as QuoteHistory from "../src/QuoteHistory.ts"

describe("QuoteHistory", () => {
  it("names who did what, in bold, in the account's wording", () => {
    assert.deepStrictEqual(QuoteHistory.html("quote", { _tag: "markedSent" }, "Ada Lovelace", "Kitchen"), {
      summary: "<b>Ada Lovelace</b> marked the quote as sent.",
      full: "<b>Ada Lovelace</b> marked the quote as sent. <q>Kitchen</q>"
    })
    assert.strictEqual(
      QuoteHistory.html("estimate", { _tag: "archiveMoved", to: "complete" }, "Ada", "").full,
      "<b>Ada</b> moved the estimate to Complete. <q>Untitled</q>"
    )
    assert.strictEqual(
      QuoteHistory.html("quote", { _tag: "replaced", other: "Grace" }, "Ada", "x").summary,
      "<b>Ada</b> saved over changes made by <b>Grace</b>; those changes are kept in a version."
    )
    assert.strictEqual(QuoteHistory.plain("proposal", { _tag: "withdrawn" }, "Ada"), "Ada withdrew the proposal.")
  })

  it("escapes every name and title, whatever they hold", () => {
    const evil = `<img src=x onerror="alert('$&')">`
    const html = QuoteHistory.html("quote", { _tag: "replaced", other: evil }, evil, evil)
    assert.notInclude(html.full, "<img")
    assert.include(html.summary, "&lt;img src=x onerror=&quot;alert(&#39;$&amp;&#39;)&quot;&gt;")
    fc.assert(
      fc.property(fc.string(), fc.string(), (who, title) => {
        const out = QuoteHistory.html("quote", { _tag: "saved" }, who, title).full
        // Only the markup the module writes remains: <b>, </b>, <q>, </q>.
        return out.replace(/<\/?(b|q)>/g, "").match(/[<>]/) === null
      })
    )
  })

  it("has a history event for every action", () => {
    for (const action of QuoteAction.actions) {
      const event = QuoteHistory.ofAction(action, "active")
      assert.isAbove(QuoteHistory.plain("quote", event, "Ada").length, 5, action)
    }
    assert.deepStrictEqual(QuoteHistory.ofAction("decline", "dismissed"), { _tag: "declined" })
    assert.deepStrictEqual(QuoteHistory.ofAction("complete", "complete"), { _tag: "archiveMoved", to: "complete" })
  })
})
