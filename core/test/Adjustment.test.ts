import { assert, describe, it } from "@effect/vitest"
import { Option, Result } from "effect"
import fc from "fast-check"
import * as Adjustment from "../src/Adjustment.ts"
import * as Invoice from "../src/Invoice.ts"
import * as Money from "../src/Money.ts"

const { Ready, Queued, Sent, Removed } = Invoice.InvoiceStatus

const facts = (
  invoice_status: Invoice.InvoiceStatus,
  invoice_adj_at: number,
  sent = invoice_status === Sent
): Adjustment.InvoiceFacts => ({
  invoice_status,
  invoice_adj_at,
  invoice_sent_date: sent ? 1_700_000_000 : 0,
  addon_invoice_id: sent ? "abc" : ""
})

const item = (quote_item_id: number, added_adj_at: number, credited_adj_at: number) => ({
  quote_item_id,
  added_adj_at,
  credited_adj_at,
  item_title: `Item ${quote_item_id}`
})

describe("Adjustment", () => {
  it("letters adjustments A to T within the limit of 20", () => {
    assert.strictEqual(Array.from({ length: 20 }, (_, i) => Adjustment.letter(i + 1)).join(""), "ABCDEFGHIJKLMNOPQRST")
    assert.strictEqual(Adjustment.letter(0), "")
    assert.strictEqual(Adjustment.letter(26), "Z")
    assert.strictEqual(Adjustment.letter(27), "AA")
  })

  it("letters are distinct for distinct indexes", () =>
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5000 }), fc.integer({ min: 1, max: 5000 }), (a, b) =>
        a === b ? true : Adjustment.letter(a) !== Adjustment.letter(b)
      )
    ))

  it("a quote is an adjustment when nextAdjIndex > 0", () => {
    assert.isFalse(Adjustment.isAdjustment(0))
    assert.isTrue(Adjustment.isAdjustment(1))
  })

  it("warns with the exact texts when 3 or fewer remain, and at the maximum of 20", () => {
    assert.isTrue(Option.isNone(Adjustment.warning(0)))
    assert.isTrue(Option.isNone(Adjustment.warning(16)))
    assert.strictEqual(
      Option.getOrThrow(Adjustment.warning(17)),
      "Adjustment Limit Warning: You have 3 adjustment(s) remaining before reaching the maximum of 20 adjustments."
    )
    assert.strictEqual(
      Option.getOrThrow(Adjustment.warning(19)),
      "Adjustment Limit Warning: You have 1 adjustment(s) remaining before reaching the maximum of 20 adjustments."
    )
    assert.strictEqual(
      Option.getOrThrow(Adjustment.warning(20)),
      "Maximum Adjustments Reached: You have reached the maximum of 20 adjustments."
    )
    assert.strictEqual(Adjustment.remaining(20), 0)
    assert.isTrue(Adjustment.isLimitReached(20))
    assert.isFalse(Adjustment.isLimitReached(19))
  })

  it("an adjustment stays editable until an invoice covering it is created", () => {
    assert.isTrue(Adjustment.isEditable(1, []))
    assert.isFalse(Adjustment.isEditable(0, []))
    assert.isTrue(Adjustment.isEditable(2, [facts(Sent, 1), facts(Ready, 2)]))
    assert.isFalse(Adjustment.isEditable(2, [facts(Queued, 2)]))
    assert.isFalse(Adjustment.isEditable(2, [facts(Sent, 3)]))
    assert.isTrue(Adjustment.isEditable(2, [facts(Removed, 2, false)])) // never created
    assert.isFalse(Adjustment.isEditable(2, [facts(Removed, 2, true)])) // created, then removed
  })

  it("'Add or Credit Items' is disabled when finished, when price_current is 0, or at the limit", () => {
    const quote = { archive: "active" as const, price_current: Money.make("120"), nextAdjIndex: 3 }
    assert.isTrue(Result.isSuccess(Adjustment.addOrCreditItems(quote, [])))
    assert.deepStrictEqual(Adjustment.addOrCreditItems({ ...quote, archive: "complete" }, []), Result.fail("finished"))
    assert.deepStrictEqual(Adjustment.addOrCreditItems({ ...quote, archive: "dismissed" }, []), Result.fail("finished"))
    assert.deepStrictEqual(
      Adjustment.addOrCreditItems({ ...quote, price_current: Money.make("0.00") }, []),
      Result.fail("no-price")
    )
    const atLimit = { ...quote, nextAdjIndex: 20 }
    assert.deepStrictEqual(Adjustment.addOrCreditItems(atLimit, [facts(Sent, 20)]), Result.fail("limit-reached"))
    // the 20th adjustment can still be finished while no invoice covers it
    assert.isTrue(Result.isSuccess(Adjustment.addOrCreditItems(atLimit, [facts(Sent, 19)])))
  })

  it("begins in the current adjustment while editable, else the next one, never beyond 20", () => {
    assert.deepStrictEqual(Adjustment.begin(0, []), Result.succeed(1))
    assert.deepStrictEqual(Adjustment.begin(1, []), Result.succeed(1))
    assert.deepStrictEqual(Adjustment.begin(1, [facts(Sent, 1)]), Result.succeed(2))
    const refused = Adjustment.begin(20, [facts(Sent, 20)])
    assert.isTrue(Result.isFailure(refused) && refused.failure.reason === "limit-reached")
  })

  it("credits an earlier item in the current adjustment, and uncredits it only while that adjustment is editable", () => {
    const credited = Result.getOrThrow(Adjustment.credit(item(1, 0, 0), 2, true))
    assert.strictEqual(credited.credited_adj_at, 2)
    assert.strictEqual(credited.item_title, "Item 1") // other fields kept
    assert.strictEqual(Result.getOrThrow(Adjustment.uncredit(credited, 2, true)).credited_adj_at, 0)
    const reason = (r: Result.Result<unknown, Adjustment.AdjustmentRefused>) =>
      Result.isFailure(r) ? r.failure.reason : "ok"
    assert.strictEqual(reason(Adjustment.uncredit(credited, 2, false)), "adjustment-locked")
    assert.strictEqual(reason(Adjustment.uncredit(credited, 3, true)), "credited-earlier")
    assert.strictEqual(reason(Adjustment.uncredit(item(1, 0, 0), 2, true)), "not-credited")
    assert.strictEqual(reason(Adjustment.credit(item(1, 0, 0), 0, true)), "not-adjusting")
    assert.strictEqual(reason(Adjustment.credit(item(1, 0, 0), 2, false)), "adjustment-locked")
    assert.strictEqual(reason(Adjustment.credit(credited, 2, true)), "already-credited")
    assert.strictEqual(reason(Adjustment.credit(item(5, 2, 0), 2, true)), "added-in-this-adjustment")
  })

  it("credit then uncredit in the same editable adjustment gives the item back unchanged", () =>
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20 }), fc.nat({ max: 19 }), (adj, added) => {
        const original = item(9, Math.min(added, adj - 1), 0)
        const back = Result.flatMap(Adjustment.credit(original, adj, true), (c) => Adjustment.uncredit(c, adj, true))
        return Result.isSuccess(back) && JSON.stringify(back.success) === JSON.stringify(original)
      })
    ))

  it("an item is present from the adjustment that added it until the one that credited it", () => {
    const i = item(1, 1, 3)
    assert.deepStrictEqual(
      [0, 1, 2, 3, 4].map((a) => Adjustment.isPresentAt(i, a)),
      [false, true, true, false, false]
    )
  })

  it("undo acceptance merges adjustments: added items kept, credited items removed", () => {
    const merged = Adjustment.mergeOnUndoAcceptance([item(1, 0, 0), item(2, 0, 1), item(3, 1, 0), item(4, 1, 2)])
    assert.strictEqual(merged.nextAdjIndex, 0)
    assert.deepStrictEqual(merged.items, [item(1, 0, 0), item(3, 0, 0)])
  })

  it("undo acceptance keeps exactly the uncredited items, in order, as ordinary items", () =>
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat({ max: 20 }), fc.nat({ max: 20 }))), (pairs) => {
        const items = pairs.map(([a, c], i) => item(i + 1, a, c))
        const merged = Adjustment.mergeOnUndoAcceptance(items).items
        const kept = items.filter((i) => i.credited_adj_at === 0).map((i) => i.quote_item_id)
        return (
          JSON.stringify(merged.map((i) => i.quote_item_id)) === JSON.stringify(kept) &&
          merged.every((i) => i.added_adj_at === 0 && i.credited_adj_at === 0)
        )
      })
    ))
})
