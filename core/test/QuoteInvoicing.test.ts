import { assert, describe, it } from "@effect/vitest"
import { BigDecimal, Option, Result } from "effect"
import fc from "fast-check"
import * as Invoice from "../src/Invoice.ts"
import type * as InvoiceSplit from "../src/InvoiceSplit.ts"
import * as Money from "../src/Money.ts"
import * as QuoteInvoicing from "../src/QuoteInvoicing.ts"
import * as SubscriptionTerm from "../src/SubscriptionTerm.ts"

const UP = SubscriptionTerm.upFrontKey

const row = (id: number, unit: string, extra: Partial<QuoteInvoicing.Row> = {}): QuoteInvoicing.Row => ({
  quote_item_id: id,
  item_type: 1,
  contact_choice: 0,
  contact_selected: 0,
  item_tax_id: 0,
  price_unit: Money.make(unit),
  quantity: Money.make("1"),
  discount_item: Money.zero,
  price_cost: Money.zero,
  price_total: Money.make(unit),
  added_adj_at: 0,
  credited_adj_at: 0,
  term_every: 0,
  term_type: 2,
  term_duration: 0,
  ...extra
})

const quote = (items: ReadonlyArray<QuoteInvoicing.Row>, extra: Partial<QuoteInvoicing.QuoteInput> = {}) => ({
  status: "accepted" as const,
  items,
  amounts_entered: "exclusive_including" as const,
  discount_overall: Money.zero,
  deposit_percent: Money.zero,
  taxIdToRate: new Map<number, Money.Decimal>(),
  next_adj_index: 0,
  ...extra
})

const ctx = { account_id: 1, quote_id: 1, now: 1_700_000_000 }

const stage = (
  q: QuoteInvoicing.QuoteInput,
  invoices: ReadonlyArray<Invoice.Invoice>,
  r: Partial<QuoteInvoicing.StageRequest>
) =>
  QuoteInvoicing.stage(
    q,
    invoices,
    { type: Invoice.InvoiceType.Invoice, group: UP, adjAt: 0, percent: 100, invoiceId: 0, ...r },
    ctx
  )

const stored = (i: Invoice.Invoice, id: number, status: Invoice.InvoiceStatus = Invoice.InvoiceStatus.Ready) => ({
  ...i,
  quote_invoice_id: Invoice.QuoteInvoiceId.make(id),
  invoice_status: status
})

describe("QuoteInvoicing", () => {
  it("invoices each line after the overall discount, and never an unchosen option or a text row", () => {
    const items = QuoteInvoicing.splitItems(
      quote(
        [
          row(1, "100"),
          row(2, "50", { contact_choice: 1, contact_selected: 2 }), // optional, answered no
          row(3, "0", { item_type: 2 })
        ],
        { discount_overall: Money.make("10") }
      )
    )
    assert.deepStrictEqual(
      items.map((i) => [i.id, Money.toFixed(i.total, 2), i.selected]),
      [
        [1, "90.00", true],
        [2, "45.00", false]
      ]
    )
  })

  it("stages a new invoice with what it covers; once all is invoiced, only the skipped one ('Restore to Ready')", () => {
    const q = quote([row(1, "100"), row(2, "300")])
    const first = stage(q, [], { percent: 25 })
    assert.isTrue(Result.isSuccess(first))
    const inserted = Result.getOrThrow(first)
    assert.strictEqual(inserted._tag, "Insert")
    assert.strictEqual(Money.toFixed(inserted.invoice.invoice_amount, 2), "100.00")
    const all = stored(inserted.invoice, 1, Invoice.InvoiceStatus.Sent)
    const rest = Result.getOrThrow(stage(q, [all], { percent: 75 }))
    const done = stored(rest.invoice, 2, Invoice.InvoiceStatus.Sent)
    // Everything is invoiced: the skipped suggestion may be restored as an empty ready invoice, which fills as
    // later adjustments add items; a second one covers nothing and is refused.
    const restored = Result.getOrThrow(stage(q, [all, done], { percent: 100 }))
    assert.strictEqual(Money.toFixed(restored.invoice.invoice_amount, 2), "0.00")
    const ready = stored(restored.invoice, 3)
    const nothing = stage(q, [all, done, ready], { percent: 100 })
    assert.strictEqual(Result.isFailure(nothing) && nothing.failure.reason, "nothing-to-invoice")
  })

  it("refuses what the rules refuse, each with its reason", () => {
    const q = quote([row(1, "100")])
    const reason = (r: Result.Result<unknown, QuoteInvoicing.InvoiceRefused>) =>
      Result.isFailure(r) ? r.failure.reason : "ok"
    assert.strictEqual(reason(stage({ ...q, status: "sent" }, [], {})), "not-accepted")
    assert.strictEqual(reason(stage(q, [], { type: Invoice.InvoiceType.Subscription })), "wrong-type")
    assert.strictEqual(reason(stage(q, [], { adjAt: 2 })), "adjustment-ahead")
    assert.strictEqual(reason(stage(q, [], { percent: 0 })), "zero-percent")
    assert.strictEqual(reason(stage(q, [], { type: Invoice.InvoiceType.Credit })), "nothing-to-credit")
    const half = stored(Result.getOrThrow(stage(q, [], { percent: 50 })).invoice, 7)
    assert.strictEqual(reason(stage(q, [half], { percent: 60 })), "over-remaining")
    assert.strictEqual(reason(stage(q, [half], { invoiceId: 8 })), "not-found")
    const sent = { ...half, invoice_status: Invoice.InvoiceStatus.Sent }
    assert.strictEqual(reason(stage(q, [sent], { invoiceId: 7, percent: 40 })), "locked")
    assert.strictEqual(reason(QuoteInvoicing.create("accepted", false, half, 0)), "no-destination")
    assert.strictEqual(reason(QuoteInvoicing.remove(half, "1-00001-00000", { now: 0, position: 1 })), "wrong-group")
    assert.strictEqual(reason(QuoteInvoicing.drop(sent)), "locked")
  })

  it("splits a ready invoice's percent, and treats the same percent as no change", () => {
    const q = quote([row(1, "200")])
    const whole = stored(Result.getOrThrow(stage(q, [], { percent: 100 })).invoice, 3)
    const same = Result.getOrThrow(stage(q, [whole], { invoiceId: 3, percent: 100 }))
    assert.strictEqual(same._tag, "Unchanged")
    const split = Result.getOrThrow(stage(q, [whole], { invoiceId: 3, percent: 40 }))
    assert.deepStrictEqual(
      [split._tag, split.invoice.per_chosen, Money.toFixed(split.invoice.invoice_amount, 2)],
      ["SetPercent", 40, "80.00"]
    )
  })

  it("creates and removes once: a repeat is no change", () => {
    const q = quote([row(1, "10")])
    const ready = stored(Result.getOrThrow(stage(q, [], {})).invoice, 1)
    const created = Option.getOrThrow(Result.getOrThrow(QuoteInvoicing.create("accepted", true, ready, 5)))
    assert.deepStrictEqual(
      [created.invoice_status, created.invoice_sync_status],
      [Invoice.InvoiceStatus.Queued, Invoice.SyncStatus.Syncing]
    )
    assert.isTrue(Option.isNone(Result.getOrThrow(QuoteInvoicing.create("accepted", true, created, 6))))
    const sent = { ...created, invoice_status: Invoice.InvoiceStatus.Sent }
    const removed = Option.getOrThrow(
      Result.getOrThrow(QuoteInvoicing.remove(sent, "up-front", { now: 7, position: 1 }))
    )
    assert.strictEqual(removed.invoice_removed_index, 1)
    assert.isTrue(Option.isNone(Result.getOrThrow(QuoteInvoicing.remove(removed, "up-front", { now: 8, position: 1 }))))
  })

  it("property: any sequence of accepted stages keeps every group within 0 and its total, and refreshed amounts equal the split", () => {
    const unit = fc.integer({ min: 1, max: 100_000 }).map((c) => Money.make((c / 100).toFixed(2)))
    fc.assert(
      fc.property(
        fc.array(unit, { minLength: 1, maxLength: 6 }),
        fc.array(
          fc.record({
            type: fc.constantFrom(Invoice.InvoiceType.Invoice, Invoice.InvoiceType.Deposit),
            percent: fc.integer({ min: 0, max: 100 }),
            remove: fc.boolean()
          }),
          { maxLength: 8 }
        ),
        (units, steps) => {
          const q = quote(units.map((u, i) => row(i + 1, Money.toFixed(u, 2))))
          let invoices: Array<Invoice.Invoice> = []
          for (const [n, s] of steps.entries()) {
            const r = stage(q, invoices, { type: s.type, percent: s.percent })
            if (Result.isSuccess(r)) invoices.push(stored(r.success.invoice, n + 1, Invoice.InvoiceStatus.Sent))
            if (s.remove && invoices.length > 0) {
              const last = invoices[invoices.length - 1] as Invoice.Invoice
              const removed = QuoteInvoicing.remove(last, "up-front", { now: 0, position: invoices.length })
              if (Result.isSuccess(removed) && Option.isSome(removed.success)) {
                invoices = [...invoices.slice(0, -1), removed.success.value]
              }
            }
            const split = QuoteInvoicing.compute(q, invoices)
            for (const g of split.groups) {
              assert.isTrue(Money.compare(g.invoiced, Money.zero) >= 0)
              assert.isTrue(Money.compare(g.invoiced, g.total) <= 0)
            }
            for (const [i, inv] of invoices.entries()) {
              const applied = (split.invoices[i] as InvoiceSplit.InvoiceResult).applied
              if (inv.invoice_status !== Invoice.InvoiceStatus.Removed) {
                assert.isTrue(BigDecimal.equals(applied, inv.invoice_amount))
              }
            }
          }
        }
      )
    )
  })
})

describe("QuoteInvoicing.chargedGroup", () => {
  it("what is left is the live items' uninvoiced part with tax, never reduced by a pending credit", () => {
    const taxed = quote(
      [
        row(1, "200", { item_tax_id: 1, credited_adj_at: 1 }),
        row(2, "80", { item_tax_id: 1, added_adj_at: 1 }),
        row(3, "300")
      ],
      { taxIdToRate: new Map([[1, Money.make("10")]]), next_adj_index: 1 }
    )
    // Everything of the accepted quote was invoiced (200 + 10% tax, and 300) before adjustment A.
    const first = {
      ...Invoice.makeDraft({
        quote_invoice_id: 1,
        account_id: 1,
        quote_id: 1,
        group: UP,
        type: 0,
        percent: 100,
        adjAt: 0,
        now: 0
      }),
      quote_invoice_id: Invoice.QuoteInvoiceId.make(1),
      invoice_status: Invoice.InvoiceStatus.Sent
    }
    const split = QuoteInvoicing.compute(taxed, [first])
    const group = split.groups[0] as InvoiceSplit.GroupResult
    const figures = QuoteInvoicing.chargedGroup(taxed, group, split.invoices)
    // Left: the added 80 + 10% = 88; the credited 200 waits for its credit and is not 'left to invoice'.
    assert.strictEqual(Money.toFixed(figures.remaining, 2), "88.00")
    assert.strictEqual(Money.toFixed(figures.total, 2), "388.00")
  })
})
