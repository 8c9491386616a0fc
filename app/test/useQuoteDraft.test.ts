/**
 * The editor's reducer: structure always holds, line totals follow every number edit by the core's rule, an edit
 * replaces only the row it touches, and the dirty flag follows edits and saves.
 */
import { assert, describe, it } from "@effect/vitest"
import * as LineItem from "@quotekit/core/LineItem"
import * as Money from "@quotekit/core/Money"
import * as Quote from "@quotekit/core/Quote"
import * as SubscriptionTerm from "@quotekit/core/SubscriptionTerm"
import fc from "fast-check"
import { type Action, choiceFlags, choiceKind, type Draft, newDraft, reduce } from "../src/quotes/useQuoteDraft.ts"
import { account } from "./support/draft.ts"

const blank = newDraft(account, { mode: "quote" })
const run = (draft: Draft, actions: ReadonlyArray<Action>): Draft => actions.reduce(reduce, draft)
const priceAt = (d: Draft) => d.items.findIndex((r) => r.item_type === LineItem.ItemType.price)
const totalAt = (d: Draft) => d.items.findIndex((r) => r.item_type === LineItem.ItemType.total)

const decimal = fc
  .tuple(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: 4 }))
  .map(([n, s]) => Money.roundUnit(Money.make((n / 10 ** s).toFixed(s))))
const percent = fc.integer({ min: 0, max: 10_000 }).map((n) => Money.make((n / 100).toFixed(2)))

/** A random editing step, aimed at existing rows by position (resolved against the draft when applied). */
const step = fc.oneof(
  fc.record({ kind: fc.constant("insert" as const), at: fc.nat(40), itemType: fc.constantFrom(1, 2, 3) }),
  fc.record({ kind: fc.constant("move" as const), at: fc.nat(40), up: fc.boolean() }),
  fc.record({ kind: fc.constant("remove" as const), at: fc.nat(40) }),
  fc.record({
    kind: fc.constant("number" as const),
    at: fc.nat(40),
    field: fc.constantFrom("price_unit", "quantity", "discount_item"),
    value: decimal
  }),
  fc.record({ kind: fc.constant("total" as const), at: fc.nat(40), value: decimal }),
  fc.record({ kind: fc.constant("choice" as const), at: fc.nat(40), flags: fc.integer({ min: 0, max: 7 }) }),
  fc.record({ kind: fc.constant("subscription" as const), at: fc.nat(40), on: fc.boolean() })
)
type Step = typeof step extends fc.Arbitrary<infer S> ? S : never

const toAction = (d: Draft, s: Step): Action => {
  const at = s.at % d.items.length
  const id = d.items[at]!.quote_item_id
  switch (s.kind) {
    case "insert":
      return { type: "insert", after: at, itemType: s.itemType as 1 | 2 | 3 }
    case "move":
      return { type: "move", at, direction: s.up ? "up" : "down" }
    case "remove":
      return { type: "remove", at }
    case "number":
      return {
        type: "rowNumber",
        id,
        at,
        field: s.field,
        value: s.field === "discount_item" ? Money.roundUnit(BigMin(s.value)) : s.value
      }
    case "total":
      return { type: "rowTotal", id, at, value: Money.roundAmount(s.value) }
    case "choice":
      return { type: "rowChoice", id, at, flags: s.flags }
    case "subscription":
      return { type: "rowSubscription", id, at, on: s.on }
  }
}
/** Discounts stay within 0-100, as the discount field's preset keeps them. */
const BigMin = (d: Money.Decimal): Money.Decimal =>
  Money.make(Money.toFixed(d, 4)).value > Money.hundred.value * 10_000n ? Money.hundred : d

describe("useQuoteDraft", () => {
  it("a new draft takes the account's defaults and the minimal structure", () => {
    assert.strictEqual(blank.quote.status, "draft")
    assert.strictEqual(blank.quote.currency_id, 156)
    assert.strictEqual(blank.quote.amounts_entered, "exclusive_including")
    assert.strictEqual(blank.quote.from, account.account_signin.signin_id)
    assert.deepStrictEqual(
      blank.items.map((r) => r.item_type),
      [1, 4, 2]
    )
    assert.isTrue(Quote.isWellFormed(blank.items))
    assert.isFalse(blank.dirty)
  })

  it("a quantity edit sets the line total by the core's rule and replaces that row only", () => {
    const withRow = run(blank, [{ type: "insert", after: 0, itemType: 1 }])
    const at = priceAt(withRow)
    const id = withRow.items[at]!.quote_item_id
    const d = run(withRow, [
      { type: "rowNumber", id, at, field: "price_unit", value: Money.make("19.99") },
      { type: "rowNumber", id, at, field: "quantity", value: Money.make("3") },
      { type: "rowNumber", id, at, field: "discount_item", value: Money.make("10") }
    ])
    assert.strictEqual(Money.toFixed(d.items[at]!.price_total, 2), "53.97")
    d.items.forEach((r, i) => {
      if (i !== at) assert.strictEqual(r, withRow.items[i])
    })
    assert.isTrue(d.dirty)
  })

  it("editing the amount back-computes the unit price (4 decimals) so the total reads back", () => {
    const at = priceAt(blank)
    const id = blank.items[at]!.quote_item_id
    const d = run(blank, [
      { type: "rowNumber", id, at, field: "quantity", value: Money.make("3") },
      { type: "rowTotal", id, at, value: Money.make("100") }
    ])
    const row = d.items[at]!
    assert.strictEqual(Money.toFixed(row.price_unit, 4), "33.3333")
    assert.strictEqual(Money.toFixed(row.price_total, 2), "100.00")
  })

  it("an unchanged value keeps the draft as it is", () => {
    const at = priceAt(blank)
    const id = blank.items[at]!.quote_item_id
    const same = reduce(blank, { type: "rowNumber", id, at, field: "quantity", value: Money.make("1.0") })
    assert.strictEqual(same, blank)
  })

  it("switching a subscription on copies the nearest subscription above, else every month", () => {
    const d0 = run(blank, [{ type: "insert", after: 0, itemType: 1 }])
    const first = d0.items[0]!
    const d1 = run(d0, [
      { type: "rowSubscription", id: first.quote_item_id, at: 0, on: true },
      { type: "rowTerm", id: first.quote_item_id, at: 0, term: { term_every: 2, term_type: 1, term_duration: 12 } }
    ])
    assert.strictEqual(SubscriptionTerm.describe(d1.items[0]!), "every 2 weeks for 12 payments")
    const second = d1.items[1]!
    const d2 = reduce(d1, { type: "rowSubscription", id: second.quote_item_id, at: 1, on: true })
    assert.strictEqual(SubscriptionTerm.describe(d2.items[1]!), "every 2 weeks for 12 payments")
    const d3 = reduce(d2, { type: "rowSubscription", id: first.quote_item_id, at: 0, on: false })
    assert.strictEqual(SubscriptionTerm.describe(d3.items[0]!), "up front")
  })

  it("optional-item choices map to the core's flags and back", () => {
    for (const kind of ["always", "optional", "multiple"] as const) {
      for (const on of [false, true]) {
        const flags = choiceFlags(kind, on)
        assert.strictEqual(choiceKind(flags), kind)
      }
    }
    assert.strictEqual(choiceFlags("optional", true), 5)
    assert.strictEqual(choiceFlags("multiple", false), 2)
  })

  it("the last price item, the total and the closing text cannot be removed", () => {
    assert.strictEqual(reduce(blank, { type: "remove", at: totalAt(blank) }), blank)
    assert.strictEqual(reduce(blank, { type: "remove", at: priceAt(blank) }), blank)
    assert.strictEqual(reduce(blank, { type: "remove", at: blank.items.length - 1 }), blank)
  })

  it("saved clears the dirty flag; settled does not set it", () => {
    const d = run(blank, [{ type: "title", title: "Kitchen refit" }])
    assert.isTrue(d.dirty)
    assert.strictEqual(d.quote.title, "Kitchen refit")
    assert.isFalse(reduce(d, { type: "saved" }).dirty)
    const added = reduce(reduce(blank, { type: "insert", after: 0, itemType: 1 }), { type: "saved" })
    const row = added.items[1]!
    assert.strictEqual(row.display_state, "add")
    const settled = reduce(added, { type: "settled", id: row.quote_item_id, at: 1 })
    assert.strictEqual(settled.items[1]!.display_state, "idle")
    assert.isFalse(settled.dirty)
  })

  it("property: any sequence of edits keeps the quote's structure and every line total", () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        let d = blank
        for (const s of steps) d = reduce(d, toAction(d, s))
        assert.isTrue(Quote.isWellFormed(d.items), JSON.stringify(Quote.validateStructure(d.items)))
        for (const r of d.items) {
          if (r.item_type === LineItem.ItemType.price) {
            assert.isTrue(Money.equals(r.price_total, LineItem.total(r)))
          }
        }
        assert.strictEqual(d.dirty, d !== blank)
      }),
      { numRuns: 200 }
    )
  })

  it("property: a row edit leaves every other row untouched (same object)", () => {
    fc.assert(
      fc.property(fc.nat(20), decimal, percent, (extra, value, discount) => {
        let d = blank
        for (let i = 0; i < extra; i++) d = reduce(d, { type: "insert", after: 0, itemType: 1 })
        const at = extra % (totalAt(d) || 1)
        const row = d.items[at]!
        const next = reduce(reduce(d, { type: "rowNumber", id: row.quote_item_id, at, field: "quantity", value }), {
          type: "rowNumber",
          id: row.quote_item_id,
          at,
          field: "discount_item",
          value: discount
        })
        next.items.forEach((r, i) => {
          if (i !== at) assert.strictEqual(r, d.items[i])
        })
      }),
      { numRuns: 100 }
    )
  })
})
