/**
 * The editor's draft in adjustment mode: rows from earlier rounds are read-only but can be credited, a credit of
 * this round can be undone, rows of this round are free and new ones are stamped with it, the quote's settings
 * stay as accepted; the totals leave credited rows out exactly as the server's `QuoteSave.priced` does, and what
 * the draft sends is what the server's `QuoteSave.adjust` accepts.
 */
import { assert, describe, it } from "@effect/vitest"
import * as LineItem from "@quotekit/core/LineItem"
import * as Money from "@quotekit/core/Money"
import * as Quote from "@quotekit/core/Quote"
import * as QuoteSave from "@quotekit/core/QuoteSave"
import * as TaxMode from "@quotekit/core/TaxMode"
import { Result } from "effect"
import fc from "fast-check"
import {
  type Action,
  creditChoice,
  type Draft,
  draftTotals,
  isEarlierRow,
  newDraft,
  reduce,
  taxTable
} from "../src/quotes/useQuoteDraft.ts"
import { account } from "./support/draft.ts"

const table = taxTable(account)
const run = (draft: Draft, actions: ReadonlyArray<Action>): Draft => actions.reduce(reduce, draft)

/** A stored price row: its id, price, and the rounds that added and credited it. */
interface Spec {
  readonly unit: string
  readonly quantity?: string
  readonly added?: number
  readonly credited?: number
  readonly tax?: number
  readonly choice?: number
}

const priceRow = (id: number, s: Spec): LineItem.QuoteItem => {
  const blank = LineItem.blank(LineItem.ItemType.price, id, id)
  const fields = {
    price_unit: Money.make(s.unit),
    quantity: Money.make(s.quantity ?? "1"),
    discount_item: Money.zero
  }
  return new LineItem.QuoteItem({
    ...blank,
    ...fields,
    item_title: `Item ${id}`,
    item_tax_id: (s.tax ?? 0) as LineItem.QuoteItem["item_tax_id"],
    contact_choice: s.choice ?? 0,
    price_total: LineItem.total(fields),
    added_adj_at: s.added ?? 0,
    credited_adj_at: s.credited ?? 0
  })
}

/** An accepted quote's draft opened for adjustment `adjIndex` (0: an ordinary draft of the same rows). */
const adjusting = (adjIndex: number, specs: ReadonlyArray<Spec>): Draft => {
  const base = newDraft(account, { mode: "quote" })
  const items = Quote.normalise(
    specs.map((s, i) => priceRow(i + 1, s)),
    base.defaults
  )
  return { ...base, quote: new Quote.Quote({ ...base.quote, status: "accepted" }), items, adjIndex }
}

const at = (d: Draft, id: number) => d.items.findIndex((r) => r.quote_item_id === id)
const byId = (d: Draft, id: number) => d.items[at(d, id)]!
const pricing = (d: Draft) => ({
  amounts_entered: d.quote.amounts_entered,
  discount_overall: d.quote.discount_overall,
  deposit_percent: d.quote.deposit_percent
})

describe("useQuoteDraft in adjustment mode", () => {
  it("credits a row of the accepted quote in the round being made, and uncredits it again", () => {
    const d = adjusting(2, [{ unit: "100" }, { unit: "50", added: 1 }])
    const credited = run(d, [{ type: "credit", id: 1, at: at(d, 1) }])
    assert.strictEqual(byId(credited, 1).credited_adj_at, 2)
    assert.isTrue(credited.dirty)
    assert.strictEqual(byId(credited, 2), byId(d, 2))
    const alsoA = run(credited, [{ type: "credit", id: 2, at: at(d, 2) }])
    assert.strictEqual(byId(alsoA, 2).credited_adj_at, 2)
    const back = run(alsoA, [{ type: "uncredit", id: 1, at: at(d, 1) }])
    assert.strictEqual(byId(back, 1).credited_adj_at, 0)
    assert.strictEqual(byId(back, 2).credited_adj_at, 2)
  })

  it("refuses what the core refuses: a row of this round, a credit of an earlier round, outside adjustment", () => {
    const d = adjusting(2, [{ unit: "100", credited: 1 }, { unit: "50", added: 2 }, { unit: "10" }])
    // Credited in A: settled, neither credited again nor uncredited in B.
    assert.strictEqual(run(d, [{ type: "credit", id: 1, at: at(d, 1) }]), d)
    assert.strictEqual(run(d, [{ type: "uncredit", id: 1, at: at(d, 1) }]), d)
    // Added in B: deleted rather than credited.
    assert.strictEqual(run(d, [{ type: "credit", id: 2, at: at(d, 2) }]), d)
    // Not credited: nothing to uncredit.
    assert.strictEqual(run(d, [{ type: "uncredit", id: 3, at: at(d, 3) }]), d)
    const plain = adjusting(0, [{ unit: "10" }])
    assert.strictEqual(run(plain, [{ type: "credit", id: 1, at: at(plain, 1) }]), plain)
    assert.deepStrictEqual(
      [1, 2, 3].map((id) => creditChoice(byId(d, id), 2)),
      [null, null, "credit"]
    )
  })

  it("keeps rows of earlier rounds read-only: no field edit, delete, move or copy", () => {
    const d = adjusting(1, [{ unit: "100" }, { unit: "20" }])
    const i = at(d, 1)
    const steps: ReadonlyArray<Action> = [
      { type: "rowNumber", id: 1, at: i, field: "quantity", value: Money.make("3") },
      { type: "rowFields", id: 1, at: i, patch: { item_title: "Changed" } },
      { type: "rowTotal", id: 1, at: i, value: Money.make("5") },
      { type: "rowChoice", id: 1, at: i, flags: 1 },
      { type: "rowSubscription", id: 1, at: i, on: true },
      { type: "rowEditableQuantity", id: 1, at: i, on: true },
      { type: "remove", at: i },
      { type: "move", at: i, direction: "down" },
      { type: "move", at: at(d, 2), direction: "up" }
    ]
    for (const step of steps) assert.strictEqual(reduce(d, step), d, step.type)
    assert.isTrue(isEarlierRow(byId(d, 1), 1))
    assert.isFalse(isEarlierRow(byId(d, 1), 0))
  })

  it("stamps new rows with the round being made; they are edited, moved and deleted freely", () => {
    const d = adjusting(2, [{ unit: "100" }])
    const added = run(d, [{ type: "insert", after: at(d, 1), itemType: LineItem.ItemType.price }])
    const row = added.items.find((r) => r.quote_item_id < 0)!
    assert.strictEqual(row.added_adj_at, 2)
    assert.isFalse(isEarlierRow(row, 2))
    const i = at(added, row.quote_item_id)
    const priced = run(added, [
      { type: "rowNumber", id: row.quote_item_id, at: i, field: "price_unit", value: Money.make("30") }
    ])
    assert.strictEqual(Money.format(byId(priced, row.quote_item_id).price_total), "30.00")
    const moved = run(priced, [{ type: "move", at: i, direction: "up" }])
    assert.strictEqual(moved.items[0]!.quote_item_id, row.quote_item_id)
    const removed = run(moved, [{ type: "remove", at: 0 }])
    assert.isUndefined(removed.items.find((r) => r.quote_item_id === row.quote_item_id))
  })

  it("leaves the accepted quote's settings and contacts as they are", () => {
    const d = adjusting(1, [{ unit: "100" }])
    const steps: ReadonlyArray<Action> = [
      { type: "title", title: "Other" },
      { type: "percent", field: "discount_overall", value: Money.make("10") },
      { type: "taxMode", mode: "no_tax" },
      { type: "date", field: "expiry_date", seconds: 1_900_000_000 }
    ]
    for (const step of steps) assert.strictEqual(reduce(d, step), d, step.type)
  })

  it("leaves credited rows out of the totals", () => {
    const d = adjusting(2, [{ unit: "100" }, { unit: "40", credited: 1 }, { unit: "5", quantity: "2" }])
    assert.strictEqual(Money.format(draftTotals(d.items, pricing(d), table).upFront.total), "110.00")
    const credited = run(d, [{ type: "credit", id: 1, at: at(d, 1) }])
    assert.strictEqual(Money.format(draftTotals(credited.items, pricing(d), table).upFront.total), "10.00")
  })

  const spec: fc.Arbitrary<Spec> = fc.record({
    unit: fc.integer({ min: 0, max: 5_000_00 }).map((n) => (n / 100).toFixed(2)),
    quantity: fc.integer({ min: 0, max: 40 }).map(String),
    added: fc.integer({ min: 0, max: 3 }),
    credited: fc.integer({ min: 0, max: 4 }),
    tax: fc.constantFrom(0, 1),
    choice: fc.constantFrom(0, 0, 1, 5)
  })

  /** Stored rows as the server holds them in round `round`: added by then, credited (if at all) after adding. */
  const stored = (round: number, specs: ReadonlyArray<Spec>): ReadonlyArray<Spec> =>
    specs.map((s) => {
      const added = Math.min(s.added ?? 0, round - 1)
      const credited = (s.credited ?? 0) > added && (s.credited ?? 0) <= round ? (s.credited ?? 0) : 0
      return { ...s, added, credited }
    })

  it("property: the editor's total is the total a save stores (QuoteSave.priced), for any credits", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4 }),
        fc.array(spec, { minLength: 1, maxLength: 10 }),
        fc.array(fc.tuple(fc.nat(12), fc.boolean()), { maxLength: 12 }),
        fc.constantFrom(...TaxMode.all),
        fc.integer({ min: 0, max: 10_000 }),
        (round, specs, steps, mode, discount) => {
          const base = adjusting(round, stored(round, specs))
          const d: Draft = {
            ...base,
            quote: new Quote.Quote({
              ...base.quote,
              amounts_entered: mode,
              discount_overall: Money.make((discount / 100).toFixed(2))
            })
          }
          const after = run(
            d,
            steps.map(([n, on]): Action => {
              const i = n % d.items.length
              return { type: on ? "credit" : "uncredit", id: d.items[i]!.quote_item_id, at: i }
            })
          )
          const shown = draftTotals(after.items, pricing(after), table).upFront.total
          const saved = QuoteSave.priced(after.items, pricing(after), table).price_current
          assert.isTrue(Money.equals(shown, saved), `${Money.format(shown)} vs ${Money.format(saved)}`)
          // The server takes the draft as sent: same credits, earlier rows unchanged.
          const adjusted = QuoteSave.adjust(after.items, d.items, round, true)
          assert.isTrue(Result.isSuccess(adjusted))
          if (Result.isSuccess(adjusted))
            assert.deepStrictEqual(
              adjusted.success.map((r) => r.credited_adj_at),
              after.items.map((r) => r.credited_adj_at)
            )
        }
      ),
      { numRuns: 200 }
    )
  })
})
