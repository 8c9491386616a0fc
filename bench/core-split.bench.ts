/**
 * Invoice split of a heavily adjusted quote: 200 items (up front and two subscriptions), 20 adjustments that each
 * add and credit items, each followed by an invoice and a credit, with some invoices removed along the way.
 * Budget: 5 ms median on the 2-core CI machine, since the invoicing panel recomputes on every edit.
 */
import { Money } from "@quotekit/core"
import * as Invoice from "@quotekit/core/Invoice"
import * as InvoiceSplit from "@quotekit/core/InvoiceSplit"
import * as SubscriptionTerm from "@quotekit/core/SubscriptionTerm"
import { medianMs, report } from "./measure.ts"

const ADJUSTMENTS = 20
const ITEMS = 200
const upFront = SubscriptionTerm.upFrontKey
const monthly = SubscriptionTerm.groupKey({ term_every: 1, term_type: 2, term_duration: 12 })
const weekly = SubscriptionTerm.groupKey({ term_every: 2, term_type: 1, term_duration: 0 })

// 100 items on the accepted quote, then 5 per adjustment; every adjustment credits 2 earlier items.
const items: Array<InvoiceSplit.Item> = []
for (let i = 0; i < ITEMS; i++) {
  const addedAdjAt = i < 100 ? 0 : 1 + Math.floor((i - 100) / 5)
  items.push({
    id: i + 1,
    group: i % 10 === 3 ? monthly : i % 10 === 7 ? weekly : upFront,
    total: Money.make(`${(i * 37) % 1000}.${String((i * 13) % 100).padStart(2, "0")}`),
    quantity: Money.make(`${1 + (i % 7)}.5`),
    addedAdjAt,
    creditedAdjAt: 0,
    selected: i % 17 !== 5
  })
}
for (let adj = 1; adj <= ADJUSTMENTS; adj++) {
  for (const k of [adj * 3, adj * 3 + 50]) {
    const item = items[k] as InvoiceSplit.Item
    if (item.creditedAdjAt === 0 && item.addedAdjAt < adj) items[k] = { ...item, creditedAdjAt: adj }
  }
}

const entries: Array<InvoiceSplit.Entry> = []
const add = (group: SubscriptionTerm.GroupKey, type: Invoice.InvoiceType, percent: number, adjAt: number): void => {
  entries.push({
    id: entries.length + 1,
    group,
    type,
    status: Invoice.InvoiceStatus.Sent,
    percent,
    adjAt,
    removedIndex: 0
  })
}
add(upFront, Invoice.InvoiceType.Deposit, 20, 0)
add(upFront, Invoice.InvoiceType.Invoice, 50, 0)
add(monthly, Invoice.InvoiceType.Subscription, 100, 0)
add(weekly, Invoice.InvoiceType.Subscription, 100, 0)
for (let adj = 1; adj <= ADJUSTMENTS; adj++) {
  add(upFront, Invoice.InvoiceType.Credit, 100, adj)
  add(upFront, Invoice.InvoiceType.Invoice, adj % 2 === 0 ? 100 : 60, adj)
  add(adj % 2 === 0 ? monthly : weekly, Invoice.InvoiceType.Credit, 100, adj)
  add(adj % 2 === 0 ? monthly : weekly, Invoice.InvoiceType.Subscription, 100, adj)
  if (adj % 5 === 0) {
    // mark an earlier invoice removed at the current position
    const target = entries.length - 7
    const e = entries[target] as InvoiceSplit.Entry
    entries[target] = { ...e, status: Invoice.InvoiceStatus.Removed, removedIndex: entries.length }
  }
}
const last = entries[entries.length - 1] as InvoiceSplit.Entry
entries[entries.length - 1] = { ...last, status: Invoice.InvoiceStatus.Ready }

const run = () => InvoiceSplit.compute(items, entries, { adjIndex: ADJUSTMENTS, depositPercent: 20 })
const check = run()
if (check.invoices.length !== entries.length) throw new Error("split lost invoices")

report("core.split.20-adjustments", medianMs(run, { runs: 200, warmup: 50 }), "ms")
