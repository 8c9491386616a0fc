import { assert, describe, it } from "@effect/vitest"
import * as Invoice from "@quotekit/core/Invoice"
import * as InvoiceDocument from "@quotekit/core/InvoiceDocument"
import * as Money from "@quotekit/core/Money"
import * as TaxMode from "@quotekit/core/TaxMode"
import { BigDecimal } from "effect"
import fc from "fast-check"
import * as AccountingDocument from "../src/AccountingDocument.ts"

const taxes = new Map([
  [1, Money.make("15")],
  [2, Money.make("0")]
])

const items = new Map<number, InvoiceDocument.ItemFacts>([
  [10, { quote_item_id: 10, item_code: "LAB", item_title: "Labour", price_unit: Money.make("100"), item_tax_id: 1 }],
  [11, { quote_item_id: 11, item_code: "", item_title: "Tiles", price_unit: Money.make("12.5"), item_tax_id: 2 }]
])

const input = (content: InvoiceDocument.Content): AccountingDocument.Input => ({
  content,
  reference: AccountingDocument.reference("0a1b2c3d4e", 12, 345),
  contactId: "c-1",
  date: "2026-11-25",
  dueDate: "2026-12-09",
  currency: "NZD",
  taxIdOf: (id) => items.get(id)?.item_tax_id ?? 0,
  taxCodeOf: (id) => (id === 1 ? "OUTPUT2" : null),
  accountCode: "200"
})

describe("AccountingDocument", () => {
  it("a 30 % deposit goes as one unit of each line's share, with its tax code and account code", () => {
    const content = InvoiceDocument.build(
      {
        type: Invoice.InvoiceType.Deposit,
        lines: [
          { itemId: 10, percent: 30, quantity: Money.make("2"), amount: Money.make("60") },
          { itemId: 11, percent: 30, quantity: Money.make("1.5"), amount: Money.make("18.75") }
        ]
      },
      items,
      "exclusive_including",
      taxes
    )
    const doc = AccountingDocument.build(input(content))
    assert.strictEqual(doc.kind, "invoice")
    assert.strictEqual(doc.reference, "qk-0a1b2c3d4e-12-345")
    assert.deepStrictEqual(
      doc.lines.map((l) => [l.description, l.quantity, l.unit_amount, l.amount, l.tax_code, l.account_code]),
      [
        ["Labour (30%)", "1.0000", "60.0000", "60.00", "OUTPUT2", "200"],
        ["Tiles (30%)", "1.5000", "12.5000", "18.75", null, "200"]
      ]
    )
    assert.strictEqual(doc.total, "87.75")
    assert.isFalse(doc.amounts_include_tax)
  })

  it("a 0 % tax mapped to the organisation's zero-rated code keeps that code; unmapped it goes without one", () => {
    const content = InvoiceDocument.build(
      {
        type: Invoice.InvoiceType.Invoice,
        lines: [{ itemId: 11, percent: 100, quantity: Money.make("5"), amount: Money.make("62.5") }]
      },
      items,
      "exclusive_including",
      taxes
    )
    const mapped = AccountingDocument.build({ ...input(content), taxCodeOf: (id) => (id === 2 ? "ZERORATED" : null) })
    assert.deepStrictEqual(
      mapped.lines.map((l) => l.tax_code),
      ["ZERORATED"]
    )
    assert.deepStrictEqual(
      AccountingDocument.build(input(content)).lines.map((l) => l.tax_code),
      [null]
    )
  })

  it("a whole item goes as its quantity and unit price; a credit is a credit note", () => {
    const content = InvoiceDocument.build(
      {
        type: Invoice.InvoiceType.Credit,
        lines: [{ itemId: 10, percent: 100, quantity: Money.make("2"), amount: Money.make("200") }]
      },
      items,
      "inclusive",
      taxes
    )
    const doc = AccountingDocument.build({ ...input(content), accountCode: "" })
    assert.strictEqual(doc.kind, "credit")
    assert.deepStrictEqual(
      doc.lines.map((l) => [l.description, l.quantity, l.unit_amount, l.amount, l.account_code]),
      [["Labour", "2.0000", "100.0000", "200.00", null]]
    )
    assert.isTrue(doc.amounts_include_tax)
  })

  it("property: line amounts add up to the document's subtotal, and quantity × unit amount is each line's amount", () => {
    const line = fc.record({
      itemId: fc.constantFrom(10, 11),
      percent: fc.integer({ min: 1, max: 100 }),
      quantity: fc.integer({ min: 1, max: 100_000 }).map((n) => BigDecimal.make(BigInt(n), 2)),
      amount: fc.integer({ min: 0, max: 10_000_000 }).map((n) => BigDecimal.make(BigInt(n), 2))
    })
    fc.assert(
      fc.property(fc.array(line, { maxLength: 20 }), fc.constantFrom(...TaxMode.all), (lines, mode) => {
        const content = InvoiceDocument.build({ type: Invoice.InvoiceType.Invoice, lines }, items, mode, taxes)
        const doc = AccountingDocument.build(input(content))
        const sum = Money.sum(doc.lines.map((l) => Money.make(l.amount)))
        assert.isTrue(BigDecimal.equals(sum, Money.roundTo(content.subtotal, 2)))
        for (const l of doc.lines) {
          const product = Money.roundTo(BigDecimal.multiply(Money.make(l.quantity), Money.make(l.unit_amount)), 2)
          assert.isTrue(BigDecimal.equals(product, Money.make(l.amount)), `${l.quantity} × ${l.unit_amount}`)
        }
        assert.strictEqual(doc.total, Money.toFixed(content.total, 2))
      })
    )
  })

  it("day is the UTC date of an epoch-seconds time", () => {
    assert.strictEqual(AccountingDocument.day(Date.UTC(2026, 10, 25, 23, 59) / 1000), "2026-11-25")
  })
})
