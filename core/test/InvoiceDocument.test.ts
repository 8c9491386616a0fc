import { assert, describe, it } from "@effect/vitest"
import { BigDecimal } from "effect"
import fc from "fast-check"
import * as Invoice from "../src/Invoice.ts"
import * as InvoiceDocument from "../src/InvoiceDocument.ts"
import * as Money from "../src/Money.ts"
import * as TaxMode from "../src/TaxMode.ts"

const line = (itemId: number, amount: string, percent = 100) => ({
  itemId,
  percent,
  quantity: Money.make("1"),
  amount: Money.make(amount)
})

const facts = (id: number, tax: number): InvoiceDocument.ItemFacts => ({
  quote_item_id: id,
  item_code: "",
  item_title: `Item ${id}`,
  price_unit: Money.make("10"),
  item_tax_id: tax
})

const rates = new Map([
  [1, Money.make("15")],
  [2, Money.make("12.5")]
])

describe("InvoiceDocument", () => {
  it("adds tax per rate on the summed amounts, rounded once, when prices exclude it", () => {
    const doc = InvoiceDocument.build(
      { type: Invoice.InvoiceType.Invoice, lines: [line(1, "0.03"), line(2, "0.03"), line(3, "100")] },
      new Map([
        [1, facts(1, 1)],
        [2, facts(2, 1)],
        [3, facts(3, 0)]
      ]),
      "exclusive_including",
      rates
    )
    // 15% of 0.06 is 0.009, rounded once to 0.01 (per line it would be 0 + 0).
    assert.deepStrictEqual(
      doc.taxes.map((t) => [Money.toFixed(t.base, 2), Money.toFixed(t.amount, 2)]),
      [["0.06", "0.01"]]
    )
    assert.strictEqual(Money.toFixed(doc.subtotal, 2), "100.06")
    assert.strictEqual(Money.toFixed(doc.total, 2), "100.07")
  })

  it("lists the tax inside the amounts when prices include it, and charges none without tax", () => {
    const inclusive = InvoiceDocument.build(
      { type: Invoice.InvoiceType.Deposit, lines: [line(1, "115")] },
      new Map([[1, facts(1, 1)]]),
      "inclusive",
      rates
    )
    assert.strictEqual(Money.toFixed(inclusive.tax, 2), "15.00")
    assert.strictEqual(Money.toFixed(inclusive.total, 2), "115.00")
    const none = InvoiceDocument.build(
      { type: Invoice.InvoiceType.Invoice, lines: [line(1, "115")] },
      new Map([[1, facts(1, 1)]]),
      "no_tax",
      rates
    )
    assert.deepStrictEqual([none.taxes.length, Money.toFixed(none.total, 2)], [0, "115.00"])
  })

  it("charges the tax it lists even when the quote showed totals without it", () => {
    const doc = InvoiceDocument.build(
      { type: Invoice.InvoiceType.Invoice, lines: [line(1, "200")] },
      new Map([[1, facts(1, 2)]]),
      "exclusive_excluding",
      rates
    )
    assert.strictEqual(Money.toFixed(doc.total, 2), "225.00")
  })

  it("names each kind of document", () => {
    assert.strictEqual(InvoiceDocument.heading(Invoice.InvoiceType.Invoice, true), "Tax Invoice")
    assert.strictEqual(InvoiceDocument.heading(Invoice.InvoiceType.Invoice, false), "Invoice")
    assert.strictEqual(InvoiceDocument.heading(Invoice.InvoiceType.Deposit, true), "Deposit Invoice")
    assert.strictEqual(InvoiceDocument.heading(Invoice.InvoiceType.Credit, true), "Credit Note")
    assert.strictEqual(InvoiceDocument.heading(Invoice.InvoiceType.Subscription, true), "Subscription Invoice")
  })

  it("property: subtotal is the sum of the lines, the tax the sum of the rates, and the total adds up to the cent", () => {
    const amount = fc.integer({ min: 0, max: 10_000_000 }).map((c) => BigDecimal.make(BigInt(c), 2))
    fc.assert(
      fc.property(
        fc.array(fc.record({ amount, tax: fc.constantFrom(0, 1, 2) }), { maxLength: 30 }),
        fc.constantFrom(...TaxMode.all),
        (rows, mode) => {
          const doc = InvoiceDocument.build(
            {
              type: Invoice.InvoiceType.Invoice,
              lines: rows.map((r, i) => ({ itemId: i, percent: 100, quantity: Money.make("1"), amount: r.amount }))
            },
            new Map(rows.map((r, i) => [i, facts(i, r.tax)])),
            mode,
            rates
          )
          const sum = Money.sum(rows.map((r) => r.amount))
          assert.isTrue(BigDecimal.equals(doc.subtotal, sum))
          assert.isTrue(BigDecimal.equals(doc.tax, Money.sum(doc.taxes.map((t) => t.amount))))
          const expected =
            mode === "inclusive" || mode === "no_tax" ? doc.subtotal : BigDecimal.sum(doc.subtotal, doc.tax)
          assert.isTrue(BigDecimal.equals(doc.total, expected))
          if (mode === "no_tax") assert.strictEqual(doc.taxes.length, 0)
          for (const t of doc.taxes) assert.strictEqual(t.amount.scale <= 2, true)
        }
      )
    )
  })
})
