import { assert, describe, it } from "@effect/vitest"
import { Option, Result, Schema } from "effect"
import fc from "fast-check"
import * as Invoice from "../src/Invoice.ts"
import * as Money from "../src/Money.ts"
import * as SubscriptionTerm from "../src/SubscriptionTerm.ts"

const { Ready, Queued, Sent, Removed } = Invoice.InvoiceStatus
const STATUSES = [Ready, Queued, Sent, Removed] as const

const wire = {
  quote_invoice_id: 41,
  account_id: 7,
  quote_id: 1200,
  invoice_adj_at: 2,
  addon_org_id: "org-1",
  addon_invoice_url: "https://go.xero.com/inv/abc",
  addon_id: 1,
  addon_invoice_id: "abc",
  addon_invoice_number: "INV-0042",
  invoice_sync_status: 11,
  per_chosen: 40,
  invoice_status: 11,
  invoice_type_in: 0,
  invoice_type_out: 0,
  invoice_amount: "1234.50",
  term_every: 0,
  term_type: 2,
  term_duration: 0,
  invoice_removed_index: 0,
  invoice_sent_date: 1_700_000_000,
  invoice_creation: 1_699_990_000,
  invoice_modified: 1_700_000_000,
  invoice_group: "up-front"
}

const decode = Schema.decodeUnknownOption(Invoice.Invoice)

const draft = (over: Partial<Parameters<typeof Invoice.makeDraft>[0]> = {}) =>
  Invoice.makeDraft({
    quote_invoice_id: -1,
    account_id: 7,
    quote_id: 1200,
    group: SubscriptionTerm.upFrontKey,
    type: Invoice.InvoiceType.Invoice,
    percent: 100,
    adjAt: 0,
    now: 1_700_000_000,
    ...over
  })

describe("Invoice", () => {
  it("decodes the wire entity, the amount as an exact decimal, and encodes it back", () => {
    const invoice = Option.getOrThrow(decode(wire))
    assert.isTrue(Money.equals(invoice.invoice_amount, Money.make("1234.5")))
    assert.strictEqual(Schema.encodeSync(Invoice.Invoice)(invoice).invoice_amount, "1234.5")
    const encoded = Schema.encodeSync(Invoice.Invoice)(invoice)
    assert.deepStrictEqual(Schema.encodeSync(Invoice.Invoice)(Option.getOrThrow(decode(encoded))), encoded)
    assert.deepStrictEqual({ ...encoded, invoice_amount: "1234.50" }, wire)
  })

  it("refuses values outside the enumerations and limits", () => {
    for (const bad of [
      { per_chosen: 101 },
      { per_chosen: 12.5 },
      { invoice_type_in: 3 },
      { invoice_status: 5 },
      { invoice_sync_status: 0 },
      { invoice_group: "2-1-12" },
      { term_every: 256 },
      { invoice_amount: "12,50" }
    ]) {
      assert.isTrue(Option.isNone(decode({ ...wire, ...bad })), JSON.stringify(bad))
    }
  })

  it("invoices are created only on an accepted quote with an accounting add-on connected", () => {
    assert.deepStrictEqual(Invoice.creation("accepted", true), Result.void)
    assert.deepStrictEqual(Invoice.creation("accepted", false), Result.fail("no-addon"))
    assert.deepStrictEqual(Invoice.creation("sent", true), Result.fail("not-accepted"))
    assert.strictEqual(Invoice.creationHint, "Connect to Xero or QuickBooks to create invoices.")
  })

  it("has the spec's enumeration values", () => {
    assert.deepStrictEqual(Invoice.InvoiceType, { Invoice: 0, Deposit: 5, Credit: 10, Subscription: 20 })
    assert.deepStrictEqual(Invoice.InvoiceStatus, { Ready: 0, Queued: 10, Sent: 11, Removed: 100 })
    assert.deepStrictEqual(Invoice.SyncStatus, { Ready: 1, Syncing: 10, Synced: 11, Error: 100 })
  })

  it("flags per status: adjustment index ready only; percent space ready, queued, sent; locked queued, sent, removed", () => {
    assert.deepStrictEqual(
      STATUSES.map((s) => [Invoice.mayUpdateAdjustmentIndex(s), Invoice.takesPercentSpace(s), Invoice.isLocked(s)]),
      [
        [true, true, false],
        [false, true, true],
        [false, true, true],
        [false, false, true]
      ]
    )
  })

  it("a new invoice has id 0 or below", () => {
    assert.isTrue(Invoice.isNew({ quote_invoice_id: Invoice.QuoteInvoiceId.make(0) }))
    assert.isTrue(Invoice.isNew({ quote_invoice_id: Invoice.QuoteInvoiceId.make(-3) }))
    assert.isFalse(Invoice.isNew({ quote_invoice_id: Invoice.QuoteInvoiceId.make(1) }))
    assert.isTrue(Invoice.isNew(draft({ quote_invoice_id: 5 }))) // drafts never get a real id
  })

  it("allows exactly the lifecycle's status changes", () => {
    const allowed = STATUSES.flatMap((from) => Invoice.nextStatuses(from).map((to) => `${from}->${to}`))
    assert.deepStrictEqual(allowed, ["0->10", "0->11", "0->100", "10->11", "10->0", "11->100"])
    assert.isFalse(Invoice.canTransition(Removed, Ready))
    assert.isFalse(Invoice.canTransition(Sent, Ready))
  })

  it("transition succeeds exactly when allowed, and records removal position and sent date", () =>
    fc.assert(
      fc.property(
        fc.constantFrom(...STATUSES),
        fc.constantFrom(...STATUSES),
        fc.integer({ min: -5, max: 5 }),
        fc.nat({ max: 50 }),
        (from, to, id, position) => {
          const invoice = { ...draft({ quote_invoice_id: -1 }), quote_invoice_id: Invoice.QuoteInvoiceId.make(id) }
          const start = { ...invoice, invoice_status: from }
          const r = Invoice.transition(start, to, { now: 1_800_000_000, position })
          const expected = Invoice.canTransition(from, to) && !(to === Removed && id <= 0)
          if (Result.isSuccess(r) !== expected) return false
          if (Result.isFailure(r)) return r.failure.from === from && r.failure.to === to
          const next = r.success
          return (
            next.invoice_status === to &&
            next.invoice_modified === 1_800_000_000 &&
            (to !== Removed || next.invoice_removed_index === position) &&
            (to !== Sent || next.invoice_sent_date === 1_800_000_000)
          )
        }
      )
    ))

  it("only an unsaved ready invoice is dropped ('do-not-create')", () => {
    assert.isTrue(Invoice.canDrop(draft()))
    assert.isFalse(Invoice.canDrop({ ...draft(), quote_invoice_id: Invoice.QuoteInvoiceId.make(4) }))
    assert.isFalse(Invoice.canDrop({ ...draft(), invoice_status: Queued }))
  })

  it("only a ready invoice follows the latest adjustment", () => {
    assert.strictEqual(Invoice.followAdjustment(draft(), 3).invoice_adj_at, 3)
    assert.strictEqual(Invoice.followAdjustment({ ...draft(), invoice_status: Sent }, 3).invoice_adj_at, 0)
  })

  it("defaults: 100, or the deposit percent rounded to a whole number within 0-100", () => {
    assert.strictEqual(Invoice.defaultPercent(Invoice.InvoiceType.Invoice, Money.make("25")), 100)
    assert.strictEqual(Invoice.defaultPercent(Invoice.InvoiceType.Deposit, Money.make("25")), 25)
    assert.strictEqual(Invoice.defaultPercent(Invoice.InvoiceType.Deposit, Money.make("12.5")), 13)
    assert.strictEqual(Invoice.defaultPercent(Invoice.InvoiceType.Deposit, Money.make("150")), 100)
    assert.strictEqual(Invoice.defaultPercent(Invoice.InvoiceType.Deposit, Money.make("-3")), 0)
    assert.strictEqual(Invoice.effectivePercent(Invoice.InvoiceType.Credit, 30), 100)
    assert.strictEqual(Invoice.effectivePercent(Invoice.InvoiceType.Deposit, 30), 30)
  })

  it("a draft is a valid entity and carries its subscription term", () => {
    const group = SubscriptionTerm.groupKey({ term_every: 2, term_type: 1, term_duration: 12 })
    const sub = draft({ group, type: Invoice.InvoiceType.Subscription, percent: 40 })
    assert.deepStrictEqual([sub.term_every, sub.term_type, sub.term_duration, sub.per_chosen], [2, 1, 12, 100])
    const encoded = Schema.encodeSync(Invoice.Invoice)(sub)
    assert.isTrue(Option.isSome(decode(encoded)))
  })

  it("groups hold the types that belong in them", () => {
    assert.deepStrictEqual(Invoice.allowedTypes(SubscriptionTerm.upFrontKey), [0, 5, 10])
    assert.deepStrictEqual(
      Invoice.allowedTypes(SubscriptionTerm.groupKey({ term_every: 1, term_type: 2, term_duration: 0 })),
      [20, 10]
    )
  })

  it("shows the add-on state of an invoice", () => {
    const sent = Option.getOrThrow(decode(wire))
    assert.deepStrictEqual(Invoice.syncDisplay(sent), {
      _tag: "Synced",
      sentDate: 1_700_000_000,
      number: "INV-0042",
      url: "https://go.xero.com/inv/abc"
    })
    assert.deepStrictEqual(Invoice.syncDisplay({ ...sent, invoice_sync_status: 10 }), { _tag: "Syncing" })
    assert.deepStrictEqual(Invoice.syncDisplay({ ...sent, invoice_sync_status: 100, error_html: "<p>Bad</p>" }), {
      _tag: "Issue",
      html: "<p>Bad</p>"
    })
    assert.deepStrictEqual(Invoice.syncDisplay(draft()), { _tag: "Ready" })
    assert.deepStrictEqual(Invoice.syncDisplay({ ...sent, invoice_status: Removed }), {
      _tag: "Removed",
      neverCreated: false
    })
    assert.deepStrictEqual(Invoice.syncDisplay({ ...draft(), invoice_status: Removed }), {
      _tag: "Removed",
      neverCreated: true
    })
  })
})
