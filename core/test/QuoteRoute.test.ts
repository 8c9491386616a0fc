import { assert, describe, it } from "@effect/vitest"
import fc from "fast-check"
import * as QuoteRoute from "../src/QuoteRoute.ts"
import * as QuoteStatus from "../src/QuoteStatus.ts"

describe("QuoteRoute", () => {
  it("builds the editor, quote page and versions paths", () => {
    assert.strictEqual(QuoteRoute.editor("edit", 12), "/quotes/12/is-editing")
    assert.strictEqual(QuoteRoute.editor("edit", "new"), "/quotes/new/is-editing")
    assert.strictEqual(QuoteRoute.editor("template", 3, "is-adjustment"), "/content/templates/3/is-adjustment")
    assert.strictEqual(QuoteRoute.quotePage(7, { "review-send": 1 }), "/quote/7?review-send=1")
    assert.strictEqual(QuoteRoute.versions(7), "/quote/versions/7")
  })

  it("opens the editor for draft and sentEditing rows, the quote page (with a due follow-up) otherwise", () => {
    assert.strictEqual(
      QuoteRoute.listRowHref({ quote_id: 5, status: "draft", followSubjectId: 9 }),
      "/quotes/5/is-editing"
    )
    assert.strictEqual(
      QuoteRoute.listRowHref({ quote_id: 5, status: "sent", followSubjectId: 9 }),
      "/quote/5?do-follow-up=9"
    )
    assert.strictEqual(QuoteRoute.listRowHref({ quote_id: 5, status: "accepted", followSubjectId: 0 }), "/quote/5")
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1e9 }),
        fc.constantFrom(...QuoteStatus.all),
        fc.integer({ min: -5, max: 1e6 }),
        (id, status, follow) => {
          const href = QuoteRoute.listRowHref({ quote_id: id, status, followSubjectId: follow })
          if (QuoteStatus.opensEditor(status)) return href === `/quotes/${id}/is-editing`
          return href.startsWith(`/quote/${id}`) && href.includes("do-follow-up") === follow > 0
        }
      )
    )
  })

  it("goes where the spec says after each primary save action", () => {
    const base = { kind: "edit" as const, mode: "is-editing" as const, quoteId: 4 }
    assert.strictEqual(QuoteRoute.afterSave({ ...base, primary: "save:next" }), "/quote/4?review-send=1")
    assert.strictEqual(QuoteRoute.afterSave({ ...base, kind: "template", primary: "save:next" }), "/content/templates")
    assert.strictEqual(QuoteRoute.afterSave({ ...base, primary: "save:now" }), "/quotes/4/is-editing")
    assert.strictEqual(QuoteRoute.afterSave({ ...base, primary: "save:back" }), "/dashboard")
    assert.strictEqual(QuoteRoute.afterSave({ ...base, kind: "template", primary: "save:back" }), "/content/templates")
    assert.strictEqual(QuoteRoute.afterSave({ ...base, mode: "is-adjustment", primary: "save:back" }), "/quote/4")
    assert.strictEqual(
      QuoteRoute.afterSave({ ...base, primary: "save:back", requestNext: "/quotes?tab=waiting" }),
      "/quotes?tab=waiting"
    )
  })

  it("never sends a save to another site, whatever the requested next url", () => {
    for (const bad of [
      "//evil.example",
      "https://evil.example",
      "/\\evil.example",
      "javascript:alert(1)",
      "/a\nb",
      ""
    ]) {
      assert.isFalse(QuoteRoute.isLocalPath(bad), JSON.stringify(bad))
    }
    fc.assert(
      fc.property(
        fc.string(),
        fc.constantFrom("save:next" as const, "save:now" as const, "save:back" as const),
        (next, primary) =>
          QuoteRoute.isLocalPath(
            QuoteRoute.afterSave({ kind: "edit", mode: "is-editing", primary, quoteId: 1, requestNext: next })
          )
      )
    )
  })
})
