import { assert, describe, it } from "@effect/vitest"
import { Option, Result, Schema } from "effect"
import fc from "fast-check"
import * as ContentArchive from "../src/ContentArchive.ts"

const NOW = 1_800_000_000
const DAY = 86_400
const ctx = (o: Partial<ContentArchive.Context> = {}): ContentArchive.Context => ({
  debug: false,
  deletedAtSeconds: null,
  nowSeconds: NOW,
  ...o
})

const template = (o: Partial<ContentArchive.Template> = {}): ContentArchive.Template => ({
  archive: "current",
  isDefault: false,
  shared: false,
  ...o
})

const ctxArb = fc.record({
  debug: fc.boolean(),
  deletedAtSeconds: fc.option(fc.integer({ min: NOW - 40 * DAY, max: NOW }), { nil: null }),
  nowSeconds: fc.constant(NOW)
})
const templateArb = fc
  .record({
    archive: fc.constantFrom(...ContentArchive.states),
    isDefault: fc.boolean(),
    shared: fc.boolean()
  })
  .filter((t) => !t.isDefault || t.archive === "current")
const itemArb = fc.record({
  id: fc.integer({ min: -5, max: 1000 }),
  archive: fc.constantFrom(...ContentArchive.states),
  shared: fc.boolean()
})

const labels = (t: ContentArchive.Template, c = ctx()) => ContentArchive.templateOffers(t, c).map((o) => o.label)

describe("ContentArchive templates", () => {
  it("an active template offers the default toggle, the archived toggle, copy and delete", () => {
    assert.deepStrictEqual(labels(template()), ["Default for New Quotes", "Archived", "Copy to New Template", "Delete"])
    const offers = ContentArchive.templateOffers(template({ isDefault: true }), ctx())
    assert.isTrue(offers.find((o) => o.label === "Default for New Quotes")!.checked)
    assert.isFalse(offers.find((o) => o.label === "Archived")!.checked)
    assert.strictEqual(Option.getOrThrow(offers.find((o) => o.action === "delete")!.confirm), "Are you sure?")
  })

  it("'Default for New Quotes' only for active templates", () => {
    assert.notInclude(labels(template({ archive: "archived" })), "Default for New Quotes")
    assert.notInclude(labels(template({ archive: "deleted" })), "Default for New Quotes")
  })

  it("'Archived' not for deleted or shared templates; a deleted one offers Restore Template", () => {
    assert.deepStrictEqual(labels(template({ archive: "deleted" })), ["Restore Template"])
    assert.deepStrictEqual(labels(template({ shared: true })), ["Default for New Quotes", "Copy to New Template"])
    const archived = ContentArchive.templateOffers(template({ archive: "archived" }), ctx())
    assert.isTrue(archived.find((o) => o.label === "Archived")!.checked)
  })

  it("delete and archive are blocked for shared templates unless debugging", () => {
    const shared = template({ shared: true })
    const r = ContentArchive.applyTemplate("delete", shared, ctx())
    assert.isTrue(Result.isFailure(r) && r.failure.reason === "shared")
    assert.isTrue(Result.isSuccess(ContentArchive.applyTemplate("delete", shared, ctx({ debug: true }))))
    assert.isTrue(Result.isSuccess(ContentArchive.applyTemplate("archive", shared, ctx({ debug: true }))))
  })

  it("archiving or deleting the default template stops it being the default", () => {
    const d = template({ isDefault: true })
    assert.deepStrictEqual(
      Result.getOrThrow(ContentArchive.applyTemplate("archive", d, ctx())),
      template({ archive: "archived" })
    )
    assert.deepStrictEqual(
      Result.getOrThrow(ContentArchive.applyTemplate("delete", d, ctx())),
      template({ archive: "deleted" })
    )
  })

  it("deleted templates restore for 30 days", () => {
    const deleted = template({ archive: "deleted" })
    assert.isTrue(
      Result.isSuccess(ContentArchive.applyTemplate("restore", deleted, ctx({ deletedAtSeconds: NOW - 29 * DAY })))
    )
    const r = ContentArchive.applyTemplate("restore", deleted, ctx({ deletedAtSeconds: NOW - 30 * DAY }))
    assert.isTrue(Result.isFailure(r) && r.failure.reason === "restoreWindowOver")
  })

  it("stickers read 'Deleted' and 'Archived'", () => {
    assert.strictEqual(Option.getOrThrow(ContentArchive.sticker("deleted")), "Deleted")
    assert.strictEqual(Option.getOrThrow(ContentArchive.sticker("archived")), "Archived")
    assert.isTrue(Option.isNone(ContentArchive.sticker("current")))
  })

  it("only a current template is ever the default", () =>
    fc.assert(
      fc.property(
        templateArb,
        fc.array(fc.tuple(fc.constantFrom(...ContentArchive.templateActions), ctxArb)),
        (t0, steps) => {
          let t = t0
          for (const [a, c] of steps) {
            t = Result.getOrElse(ContentArchive.applyTemplate(a, t, c), () => t)
            if (t.isDefault && t.archive !== "current") return false
          }
          return true
        }
      )
    ))

  it("the controls shown are exactly the actions that apply", () =>
    fc.assert(
      fc.property(templateArb, ctxArb, (t, c) => {
        const shown = ContentArchive.templateOffers(t, c).map((o) => o.action)
        const ok = ContentArchive.templateActions.filter((a) => Result.isSuccess(ContentArchive.applyTemplate(a, t, c)))
        assert.deepStrictEqual(shown, ok)
      })
    ))
})

describe("ContentArchive reusable items", () => {
  const item = (o: Partial<ContentArchive.Item> = {}): ContentArchive.Item => ({
    id: 7,
    archive: "current",
    shared: false,
    ...o
  })

  it("archive toggles between current and archived; delete and restore", () => {
    const archived = Result.getOrThrow(ContentArchive.applyItem("archive", item(), ctx()))
    assert.strictEqual(archived.archive, "archived")
    assert.strictEqual(Result.getOrThrow(ContentArchive.applyItem("unarchive", archived, ctx())).archive, "current")
    const deleted = Result.getOrThrow(ContentArchive.applyItem("delete", archived, ctx()))
    assert.strictEqual(deleted.archive, "deleted")
    assert.strictEqual(
      Result.getOrThrow(ContentArchive.applyItem("restore", deleted, ctx({ deletedAtSeconds: NOW }))).archive,
      "current"
    )
  })

  it("shared items cannot be archived, merged or deleted", () => {
    for (const a of ["archive", "merge", "delete"] as const) {
      const r = ContentArchive.applyItem(a, item({ shared: true }), ctx())
      assert.isTrue(Result.isFailure(r) && r.failure.reason === "shared", a)
    }
  })

  it("unsaved items (id 0 or less) cannot be archived", () => {
    for (const id of [0, -3]) {
      const r = ContentArchive.applyItem("archive", item({ id }), ctx())
      assert.isTrue(Result.isFailure(r) && r.failure.reason === "unsaved")
      assert.strictEqual(Result.isFailure(r) && r.failure.message, "Save the item first.")
    }
  })

  it("restore only within 30 days", () => {
    const deleted = item({ archive: "deleted" })
    assert.isTrue(
      Result.isFailure(ContentArchive.applyItem("restore", deleted, ctx({ deletedAtSeconds: NOW - 31 * DAY })))
    )
  })

  it("delete confirmation names the templates the item is removed from", () => {
    assert.strictEqual(ContentArchive.itemDeleteConfirmation([]), "Are you sure?")
    assert.strictEqual(
      ContentArchive.itemDeleteConfirmation(["Kitchen"]),
      "Are you sure? It will be removed from 1 Template: Kitchen."
    )
    assert.strictEqual(
      ContentArchive.itemDeleteConfirmation(["Kitchen", ""]),
      "Are you sure? It will be removed from 2 Templates: Kitchen, Untitled."
    )
  })

  it("the content archive_id is 1 current, 2 archived, 3 deleted", () => {
    assert.strictEqual(Schema.decodeUnknownSync(ContentArchive.FromId)(2), "archived")
    assert.strictEqual(Schema.encodeSync(ContentArchive.FromId)("deleted"), 3)
    assert.isTrue(Result.isFailure(Schema.decodeUnknownResult(ContentArchive.FromId)(5)))
    for (const s of ContentArchive.states)
      assert.strictEqual(Option.getOrThrow(ContentArchive.fromArchiveState(ContentArchive.toArchiveState(s))), s)
    assert.isTrue(Option.isNone(ContentArchive.fromArchiveState("waiting")))
  })

  it("archive then unarchive, and delete then restore within the window, give back a current item", () =>
    fc.assert(
      fc.property(itemArb, (i) => {
        const c = ctx({ deletedAtSeconds: NOW })
        for (const [a, undo] of [
          ["archive", "unarchive"],
          ["delete", "restore"]
        ] as const) {
          const done = ContentArchive.applyItem(a, i, c)
          if (Result.isFailure(done)) continue
          const back = Result.getOrThrow(ContentArchive.applyItem(undo, done.success, c))
          if (a === "archive" && back.archive !== i.archive) return false
          if (back.archive !== "current") return false
        }
        return true
      })
    ))

  it("a shared or unsaved item never changes its archive state except by restore", () =>
    fc.assert(
      fc.property(itemArb, fc.constantFrom(...ContentArchive.itemActions), ctxArb, (i, a, c) => {
        const r = ContentArchive.applyItem(a, i, c)
        if (a === "restore" || (!i.shared && ContentArchive.isSaved(i))) return true
        return Result.isFailure(r) || r.success.archive === i.archive
      })
    ))
})
