import { assert, describe, it } from "@effect/vitest"
import { BigDecimal, Result } from "effect"
import fc from "fast-check"
import * as LineItem from "../src/LineItem.ts"
import * as Message from "../src/Message.ts"
import * as Money from "../src/Money.ts"
import * as Quote from "../src/Quote.ts"
import * as QuoteSave from "../src/QuoteSave.ts"
import * as TaxRate from "../src/TaxRate.ts"

const { price, text, total } = LineItem.ItemType

const priceRow = (
  id: number,
  order: number,
  unit: string,
  qty: string,
  fields: Partial<LineItem.QuoteItemFields> = {}
) =>
  new LineItem.QuoteItem({
    ...LineItem.blank(price, id, order),
    price_unit: Money.make(unit),
    quantity: Money.make(qty),
    ...fields
  })

const wellFormed = (prices: ReadonlyArray<LineItem.QuoteItem>) => [
  ...prices,
  LineItem.blank(total, -1000, prices.length),
  LineItem.blank(text, -1001, prices.length + 1)
]

const decimal = (max: number, scale: number) =>
  fc.integer({ min: 0, max: max * 10 ** scale }).map((n) => BigDecimal.make(BigInt(n), scale))

const arbPriceRows = fc
  .array(
    fc.record({
      unit: decimal(10_000, 4),
      qty: decimal(1_000, 4),
      discount: decimal(100, 2),
      tax: fc.constantFrom(0, 1, 2),
      claimed: decimal(1_000, 2)
    }),
    { minLength: 1, maxLength: 12 }
  )
  .map((rs) =>
    rs.map(
      (r, i) =>
        new LineItem.QuoteItem({
          ...LineItem.blank(price, -(i + 1), i),
          price_unit: r.unit,
          quantity: r.qty,
          discount_item: r.discount,
          item_tax_id: TaxRate.ItemTaxId.make(r.tax),
          price_total: r.claimed
        })
    )
  )

const taxes: TaxRate.Table = new Map([
  [1, Money.make("15")],
  [2, Money.make("12.5")]
])

const quoteInput = (fields: Partial<QuoteSave.QuoteInput> = {}): QuoteSave.QuoteInput => ({
  title: "Kitchen",
  sent_when: 0,
  expiry_date: 0,
  deposit_percent: Money.zero,
  discount_overall: Money.zero,
  currency_id: 156,
  amounts_entered: "exclusive_including",
  private_pricing: 7,
  ...fields
})

describe("QuoteSave", () => {
  describe("priced", () => {
    it("stores LineItem.total on every price row and the up-front total as price_current, ignoring claimed totals", () =>
      fc.assert(
        fc.property(
          arbPriceRows,
          fc.constantFrom("exclusive_including", "exclusive_excluding", "inclusive", "no_tax" as const),
          (prices, mode) => {
            const rows = wellFormed(prices)
            const pricing = { amounts_entered: mode, discount_overall: Money.zero, deposit_percent: Money.zero }
            const out = QuoteSave.priced(rows, pricing, taxes)
            out.items.forEach((row, i) => {
              if (row.item_type === price) assert.isTrue(Money.equals(row.price_total, LineItem.total(rows[i]!)))
              if (row.item_type === text) assert.isTrue(BigDecimal.isZero(row.price_total))
            })
            const expected = Quote.totals({ ...pricing }, rows, taxes).upFront.total
            assert.isTrue(Money.equals(out.price_current, expected))
            // Pricing twice changes nothing.
            const again = QuoteSave.priced(out.items, pricing, taxes)
            assert.isTrue(Money.equals(again.price_current, out.price_current))
            assert.deepStrictEqual(
              again.items.map((r) => r.price_total.toString()),
              out.items.map((r) => r.price_total.toString())
            )
          }
        )
      ))

    it("follows the spec's line example and leaves credited rows out of the total", () => {
      const rows = wellFormed([
        priceRow(1, 0, "19.99", "3", { discount_item: Money.make("10") }),
        priceRow(2, 1, "100", "1", { credited_adj_at: 1 })
      ])
      const out = QuoteSave.priced(
        rows,
        { amounts_entered: "no_tax", discount_overall: Money.zero, deposit_percent: Money.zero },
        taxes
      )
      assert.strictEqual(Money.toFixed(out.items[0]!.price_total, 2), "53.97")
      assert.strictEqual(Money.toFixed(out.price_current, 2), "53.97")
    })
  })

  describe("problems", () => {
    it("limits contacts to 10 and refuses the same contact twice", () => {
      const contacts = (n: number) => Array.from({ length: n }, (_, i) => ({ contact_id: i + 1 }))
      assert.deepStrictEqual(QuoteSave.contactProblems(contacts(10)), [])
      assert.deepStrictEqual(QuoteSave.contactProblems(contacts(11)), [
        { input_id: "contacts", message: "You've reached the limit of 10 contacts" }
      ])
      assert.deepStrictEqual(QuoteSave.contactProblems([{ contact_id: 4 }, { contact_id: 4 }]), [
        { input_id: "contacts.1", message: Message.invalidInput }
      ])
      fc.assert(
        fc.property(fc.uniqueArray(fc.integer({ min: 1, max: 10_000 }), { maxLength: 30 }), (ids) => {
          const problems = QuoteSave.contactProblems(ids.map((contact_id) => ({ contact_id })))
          return problems.length === (ids.length > 10 ? 1 : 0)
        })
      )
    })

    it("wants the expiry in the future on drafts and revisions only", () => {
      const now = 1_000_000
      assert.deepStrictEqual(QuoteSave.expiryProblems({ expiry_date: now - 1 }, "draft", false, now), [
        {
          input_id: "quote.expiry_date",
          message: "The expiry date is in the past, it must be some time in the future."
        }
      ])
      assert.deepStrictEqual(QuoteSave.expiryProblems({ expiry_date: now - 1 }, "sentEditing", false, now).length, 1)
      assert.deepStrictEqual(QuoteSave.expiryProblems({ expiry_date: now - 1 }, "draft", true, now), [])
      assert.deepStrictEqual(QuoteSave.expiryProblems({ expiry_date: now - 1 }, "accepted", false, now), [])
      assert.deepStrictEqual(QuoteSave.expiryProblems({ expiry_date: 0 }, "draft", false, now), [])
      assert.deepStrictEqual(QuoteSave.expiryProblems({ expiry_date: now + 1 }, "draft", false, now), [])
    })

    it("finds no structure problem in rows the core normalised, and points at the row otherwise", () => {
      fc.assert(
        fc.property(arbPriceRows, (prices) => QuoteSave.structureProblems(Quote.normalise(prices)).length === 0)
      )
      const noTotal = [priceRow(1, 0, "1", "1"), LineItem.blank(text, 2, 1)]
      assert.deepStrictEqual(QuoteSave.structureProblems(noTotal), [
        { input_id: "items", message: Message.quoteStructureInvalid }
      ])
      const long = wellFormed([priceRow(7, 0, "1", "1")]).map((r) =>
        r.quote_item_id === 7 ? { ...r, item_code: "x".repeat(61) } : r
      )
      assert.deepStrictEqual(QuoteSave.structureProblems(long), [
        { input_id: "items.7.item_code", message: Message.itemCodeTooLong }
      ])
    })

    it("refuses exactly the changed locked fields of a shared quote", () => {
      const stored = { ...quoteInput(), status: "draft" as const, _shared_quote_id: 9 }
      assert.deepStrictEqual(QuoteSave.sharedLockProblems(quoteInput({ expiry_date: 5 }), stored), [])
      assert.deepStrictEqual(
        QuoteSave.sharedLockProblems(quoteInput({ title: "New" }), { ...stored, _shared_quote_id: 0 }),
        []
      )
      assert.deepStrictEqual(QuoteSave.sharedLockProblems(quoteInput(), null), [])
      fc.assert(
        fc.property(fc.subarray([...QuoteSave.lockedFields]), (fields) => {
          const changed: Record<string, unknown> = {}
          for (const f of fields) {
            changed[f] =
              f === "title"
                ? "Other"
                : f === "currency_id"
                  ? 107
                  : f === "amounts_entered"
                    ? "inclusive"
                    : f === "private_pricing"
                      ? 1
                      : Money.make("7.5")
          }
          const problems = QuoteSave.sharedLockProblems(quoteInput(changed as Partial<QuoteSave.QuoteInput>), stored)
          return (
            problems.length === fields.length &&
            problems.every((p) => p.message === Message.sharedContentLocked) &&
            fields.every((f) => problems.some((p) => p.input_id === `quote.${f}`))
          )
        })
      )
      // 10 and 10.0000 are the same percent.
      assert.deepStrictEqual(
        QuoteSave.sharedLockProblems(quoteInput({ discount_overall: Money.make("10.0000") }), {
          ...stored,
          discount_overall: Money.make("10")
        }),
        []
      )
    })

    it("keeps an adjusted quote's accepted pricing: exactly its changed pricing fields are refused", () => {
      const stored = { ...quoteInput(), status: "accepted" as const, _shared_quote_id: 0 }
      // The title and dates are not pricing; an unchanged quote has nothing to refuse.
      assert.deepStrictEqual(QuoteSave.adjustmentPricingProblems(quoteInput({ title: "Renamed" }), stored), [])
      fc.assert(
        fc.property(fc.subarray([...QuoteSave.adjustmentLockedFields]), (fields) => {
          const changed: Record<string, unknown> = {}
          for (const f of fields) {
            changed[f] =
              f === "currency_id"
                ? 107
                : f === "amounts_entered"
                  ? "inclusive"
                  : f === "private_pricing"
                    ? 1
                    : Money.make("7.5")
          }
          const input = quoteInput(changed as Partial<QuoteSave.QuoteInput>)
          const problems = QuoteSave.adjustmentPricingProblems(input, stored)
          return (
            problems.length === fields.length &&
            problems.every((p) => p.message === Message.adjustmentPricingLocked) &&
            fields.every((f) => problems.some((p) => p.input_id === `quote.${f}`))
          )
        })
      )
    })

    it("keeps rows shared from another account read-only", () => {
      const shared = { ...priceRow(5, 0, "10", "1"), shared_account_id: 77 }
      const own = { ...priceRow(6, 1, "10", "1"), shared_account_id: null }
      const rows = [priceRow(5, 0, "10", "1"), priceRow(6, 1, "99", "1")]
      assert.deepStrictEqual(QuoteSave.sharedItemProblems(rows, [shared, own]), [])
      assert.deepStrictEqual(QuoteSave.sharedItemProblems([rows[1]!], [shared, own]), [
        { input_id: "items.5", message: Message.sharedContentLocked }
      ])
      assert.deepStrictEqual(
        QuoteSave.sharedItemProblems([priceRow(5, 0, "11", "1"), rows[1]!], [shared, own]).map((p) => p.input_id),
        ["items.5"]
      )
    })

    it("wants item files on rows of the save", () => {
      assert.deepStrictEqual(
        QuoteSave.fileProblems([{ parent_id: -1 }, { parent_id: 4 }], [priceRow(-1, 0, "1", "1")]),
        [{ input_id: "item_files.1", message: Message.invalidInput }]
      )
    })
  })

  describe("choiceProblems", () => {
    it("refuses a multiple-choice option with no other option of its group next to it, on that row", () => {
      const radio = (id: number, order: number) => priceRow(id, order, "1", "1", { contact_choice: 2 })
      // Rows 1 and 2 are a group; row 4 is alone (row 3 between is an ordinary item); order, not list order, counts.
      const rows = [radio(4, 3), radio(1, 0), radio(2, 1), priceRow(3, 2, "1", "1")]
      assert.deepStrictEqual(QuoteSave.choiceProblems(rows), [
        { input_id: "items.4.contact_choice", message: Message.multipleChoiceAlone }
      ])
      assert.deepStrictEqual(QuoteSave.choiceProblems([radio(1, 0), radio(2, 1)]), [])
    })
  })

  describe("applyLinks", () => {
    const link: QuoteSave.LinkedContent = {
      item_id: 40,
      item_type: price,
      item_code: "W-1",
      item_title: "Widget",
      item_body: "From the catalogue",
      item_cat_id: 0,
      item_tax_id: 1,
      price_unit: Money.make("42"),
      price_cost: Money.make("20"),
      editable_quantity: Money.zero,
      discount_item: Money.zero,
      contact_choice: 0,
      term_every: 0,
      term_type: 2,
      term_duration: 0
    }
    const links = new Map([[40, link]])

    it("gives locked rows the linked content, keeps copied rows, unlinks rows whose item is gone", () => {
      const rows = [
        priceRow(1, 0, "1", "3", { item_id: 40, item_title: "edited" }),
        priceRow(2, 1, "5", "1", { item_id: 40, item_title: "my copy", editing: "copied" }),
        priceRow(3, 2, "5", "1", { item_id: 41, editing: "locked" }),
        priceRow(4, 3, "5", "1")
      ]
      const out = QuoteSave.applyLinks(rows, links)
      assert.strictEqual(out.matched, 2)
      const [locked, copied, gone, own] = out.items
      assert.deepStrictEqual(
        [locked!.item_title, Money.toFixed(locked!.price_unit, 2), locked!.editing, Money.toFixed(locked!.quantity, 0)],
        ["Widget", "42.00", "locked", "3"]
      )
      assert.deepStrictEqual([copied!.item_title, copied!.editing, copied!.item_id], ["my copy", "copied", 40])
      assert.deepStrictEqual([gone!.item_id, gone!.editing], [0, "normal"])
      assert.strictEqual(own!.editing, "normal")
    })

    it("keeps what the quote sets on a linked row (choice, customer quantity, term, quantity) through a save (property)", () =>
      fc.assert(
        fc.property(
          fc.integer({ min: 0, max: 7 }),
          fc.constantFrom("0", "1", "10"),
          fc.integer({ min: 0, max: 12 }),
          fc.constantFrom(1, 2, 3),
          fc.integer({ min: 0, max: 24 }),
          decimal(100, 4),
          (choice, editable, every, type, duration, quantity) => {
            const row = priceRow(1, 0, "1", "1", {
              item_id: 40,
              editing: "locked",
              contact_choice: choice,
              editable_quantity: Money.make(editable),
              term_every: every,
              term_type: type as 1 | 2 | 3,
              term_duration: duration,
              quantity
            })
            const saved = QuoteSave.applyLinks([row], links).items[0]!
            return (
              saved.contact_choice === choice &&
              Money.equals(saved.editable_quantity, Money.make(editable)) &&
              saved.term_every === every &&
              saved.term_type === type &&
              saved.term_duration === duration &&
              Money.equals(saved.quantity, quantity) &&
              // The item's own content still wins.
              saved.item_title === "Widget" &&
              Money.equals(saved.price_unit, link.price_unit)
            )
          }
        )
      ))

    it("makes reverting a copied row restore the linked content (property)", () =>
      fc.assert(
        fc.property(fc.string(), decimal(1000, 4), (title, unit) => {
          const copied = priceRow(1, 0, "1", "1", {
            item_id: 40,
            item_title: title,
            price_unit: unit,
            editing: "copied"
          })
          const kept = QuoteSave.applyLinks([copied], links).items[0]!
          const reverted = QuoteSave.applyLinks([new LineItem.QuoteItem({ ...kept, editing: "locked" })], links)
            .items[0]!
          return (
            kept.item_title === title &&
            reverted.item_title === "Widget" &&
            Money.equals(reverted.price_unit, link.price_unit) &&
            QuoteSave.sameContent(reverted, QuoteSave.applyLinks([reverted], links).items[0]!)
          )
        })
      ))
  })

  describe("adjust", () => {
    const stored = [
      priceRow(1, 0, "100", "2"),
      priceRow(2, 1, "50", "1"),
      LineItem.blank(total, 3, 2),
      LineItem.blank(text, 4, 3)
    ]

    it("stamps new rows with the adjustment, keeps old rows' content and lets them be credited", () => {
      const rows = [
        new LineItem.QuoteItem({ ...stored[0]!, item_title: "changed", price_unit: Money.make("1") }),
        new LineItem.QuoteItem({ ...stored[1]!, credited_adj_at: 1 }),
        priceRow(-5, 2, "30", "1"),
        new LineItem.QuoteItem({ ...stored[2]!, order_index: 3 }),
        new LineItem.QuoteItem({ ...stored[3]!, order_index: 4 })
      ]
      const out = QuoteSave.adjust(rows, stored, 1, true)
      assert.isTrue(Result.isSuccess(out))
      const items = Result.getOrThrow(out)
      assert.strictEqual(items[0]!.item_title, "")
      assert.strictEqual(Money.toFixed(items[0]!.price_unit, 0), "100")
      assert.strictEqual(items[1]!.credited_adj_at, 1)
      assert.strictEqual(items[2]!.added_adj_at, 1)
      assert.strictEqual(items[3]!.order_index, 3)
    })

    it("refuses removing an old row, crediting twice, or a locked adjustment", () => {
      const removed = QuoteSave.adjust(stored.slice(1), stored, 1, true)
      assert.deepStrictEqual(Result.isFailure(removed) ? removed.failure : [], [
        { input_id: "items.1", message: Message.adjustmentItemLocked }
      ])
      const creditedEarlier = stored.map((r) =>
        r.quote_item_id === 2 ? new LineItem.QuoteItem({ ...r, credited_adj_at: 1 }) : r
      )
      const uncredit = QuoteSave.adjust(stored, creditedEarlier, 2, true)
      assert.isTrue(Result.isFailure(uncredit))
      assert.isTrue(Result.isFailure(QuoteSave.adjust(stored, stored, 1, false)))
    })
  })

  it("lets drafts, revisions and templates be saved, and accepted quotes be adjusted", () => {
    assert.deepStrictEqual(
      (["draft", "sentEditing", "sent", "accepted", "declined", "expired", "withdrawn"] as const).map((s) => [
        QuoteSave.isEditable(s, false),
        QuoteSave.isAdjustable(s)
      ]),
      [
        [true, false],
        [true, false],
        [false, false],
        [false, true],
        [false, false],
        [false, false],
        [false, false]
      ]
    )
    assert.isTrue(QuoteSave.isEditable("draft", true))
  })
})
