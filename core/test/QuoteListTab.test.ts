import { assert, describe, it } from "@effect/vitest"
import { Result, Schema } from "effect"
import fc from "fast-check"
import * as ArchiveState from "../src/ArchiveState.ts"
import * as QuoteAction from "../src/QuoteAction.ts"
import * as QuoteListTab from "../src/QuoteListTab.ts"
import * as QuoteStatus from "../src/QuoteStatus.ts"

const NOW = 1_800_000_000
const DAY = 86_400

const rowArb: fc.Arbitrary<QuoteListTab.Row> = fc
  .tuple(
    fc.constantFrom(...QuoteStatus.all),
    fc.constantFrom(...ArchiveState.all),
    fc.option(fc.integer({ min: NOW - 45 * DAY, max: NOW }), { nil: null })
  )
  .map(([status, archive, deletedAt]) => ({
    status,
    archive,
    deletedAtSeconds: archive === "deleted" ? deletedAt : null
  }))

/** Rows whose status and archive state can occur together. */
const validRowArb = rowArb.filter((r) => QuoteAction.isValidPair(r.status, r.archive))

const filterArb = fc.constantFrom(...QuoteListTab.filters)
const tabArb = fc.constantFrom(...QuoteListTab.all)

describe("QuoteListTab", () => {
  it("labels the tabs All, Active, Waiting, Complete, Dismissed", () => {
    assert.deepStrictEqual(QuoteListTab.all.map(QuoteListTab.label), [
      "All",
      "Active",
      "Waiting",
      "Complete",
      "Dismissed"
    ])
  })

  it("Complete applies to accepted and any status; Dismissed to declined and any status", () => {
    assert.deepStrictEqual(QuoteListTab.tabsFor("any"), ["all", "active", "waiting", "complete", "dismissed"])
    assert.deepStrictEqual(QuoteListTab.tabsFor("accepted"), ["all", "active", "waiting", "complete"])
    assert.deepStrictEqual(QuoteListTab.tabsFor("declined"), ["all", "active", "waiting", "dismissed"])
    assert.deepStrictEqual(QuoteListTab.tabsFor("sent"), ["all", "active", "waiting"])
    for (const f of QuoteListTab.filters) {
      assert.strictEqual(QuoteListTab.tabsFor(f).includes("complete"), f === "any" || f === "accepted")
      assert.strictEqual(QuoteListTab.tabsFor(f).includes("dismissed"), f === "any" || f === "declined")
    }
  })

  it("tabs are hidden for expired, withdrawn and deleted drafts", () => {
    assert.deepStrictEqual(
      QuoteListTab.filters.filter((f) => !QuoteListTab.showsTabs(f)),
      ["expired", "withdrawn", "deletedDrafts"]
    )
  })

  it("a tab the filter does not offer falls back to All", () => {
    assert.strictEqual(QuoteListTab.effectiveTab("sent", "complete"), "all")
    assert.strictEqual(QuoteListTab.effectiveTab("declined", "dismissed"), "dismissed")
    assert.strictEqual(QuoteListTab.effectiveTab("expired", "waiting"), "all")
  })

  it("selections for the SQL layer", () => {
    assert.deepStrictEqual(QuoteListTab.selection("accepted", "complete"), {
      statuses: ["accepted"],
      archives: ["complete"],
      deletedWithinSeconds: null
    })
    assert.deepStrictEqual(QuoteListTab.selection("any", "all"), {
      statuses: QuoteStatus.all,
      archives: ["active", "waiting", "complete", "dismissed"],
      deletedWithinSeconds: null
    })
    assert.deepStrictEqual(QuoteListTab.selection("deletedDrafts", "active"), {
      statuses: ["draft"],
      archives: ["deleted"],
      deletedWithinSeconds: 30 * DAY
    })
  })

  it("deleted drafts show only under their filter, for 30 days", () => {
    const deleted = (ago: number): QuoteListTab.Row => ({
      status: "draft",
      archive: "deleted",
      deletedAtSeconds: NOW - ago
    })
    assert.isTrue(QuoteListTab.matches("deletedDrafts", "all")(deleted(29 * DAY), NOW))
    assert.isFalse(QuoteListTab.matches("deletedDrafts", "all")(deleted(30 * DAY), NOW))
    assert.isFalse(QuoteListTab.matches("draft", "all")(deleted(DAY), NOW))
    assert.isFalse(QuoteListTab.matches("any", "all")(deleted(DAY), NOW))
  })

  it("decodes the query options", () => {
    assert.strictEqual(Schema.decodeUnknownSync(QuoteListTab.StatusFilter)("deletedDrafts"), "deletedDrafts")
    assert.strictEqual(Schema.decodeUnknownSync(QuoteListTab.Tab)("waiting"), "waiting")
    assert.isTrue(Result.isFailure(Schema.decodeUnknownResult(QuoteListTab.Tab)("deleted")))
  })

  it("the predicate and the SQL selection agree on every row", () =>
    fc.assert(
      fc.property(
        filterArb,
        tabArb,
        rowArb,
        (f, t, row) =>
          QuoteListTab.matches(f, t)(row, NOW) === QuoteListTab.inSelection(QuoteListTab.selection(f, t), row, NOW)
      )
    ))

  it("a row listed under All is listed under exactly one of the other tabs shown", () =>
    fc.assert(
      fc.property(filterArb.filter(QuoteListTab.showsTabs), validRowArb, (f, row) => {
        const inTabs = QuoteListTab.tabsFor(f).filter((t) => t !== "all" && QuoteListTab.matches(f, t)(row, NOW))
        return QuoteListTab.matches(f, "all")(row, NOW) ? inTabs.length === 1 : inTabs.length === 0
      })
    ))

  it("a row is only ever listed under its own status filter (or any status)", () =>
    fc.assert(
      fc.property(filterArb, tabArb, rowArb, (f, t, row) => {
        if (!QuoteListTab.matches(f, t)(row, NOW)) return true
        return f === "any" || f === row.status || (f === "deletedDrafts" && row.status === "draft")
      })
    ))
})
