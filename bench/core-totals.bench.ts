/**
 * `core.totals.1000-lines`: one totals pass (`QuoteTotals.compute`) over a 1,000-line quote with mixed tax rates,
 * item and overall discounts, optional and radio items, subtotal rows and subscriptions; each run uses the next
 * tax mode in turn, so the median covers all four. Budget: 0.5 ms on the 2-core reference machine.
 * `core.totals.1000-lines.read-all` adds reading every row figure as a `BigDecimal` (they are built on read).
 */
import { Schema } from "effect"
import * as LineItem from "../core/src/LineItem.ts"
import * as Money from "../core/src/Money.ts"
import * as QuoteTotals from "../core/src/QuoteTotals.ts"
import * as TaxMode from "../core/src/TaxMode.ts"
import type * as TaxRate from "../core/src/TaxRate.ts"
import { medianMs, report } from "./measure.ts"

const LINES = 1000
const decodeItem = Schema.decodeUnknownSync(LineItem.QuoteItem)

/** A deterministic pseudo-random sequence, so every run measures the same quote. */
let seed = 42
const next = (): number => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648
  return seed / 2_147_483_648
}
const pick = <A>(xs: ReadonlyArray<A>): A => xs[Math.floor(next() * xs.length)]!

const row = (i: number, fields: Record<string, unknown>) =>
  decodeItem({
    quote_item_id: i + 1,
    item_type: 1,
    item_id: 0,
    item_code: `SKU-${i}`,
    item_title: `Line ${i}`,
    item_body: "",
    item_cat_id: 0,
    item_tax_id: 0,
    price_unit: "0",
    price_cost: "0",
    price_total: "0",
    quantity: "1",
    editable_quantity: "0",
    discount_item: "0",
    contact_choice: 0,
    contact_selected: 0,
    term_every: 0,
    term_type: 2,
    term_duration: 0,
    added_adj_at: 0,
    credited_adj_at: 0,
    order_index: i,
    ...fields
  })

const items: Array<LineItem.QuoteItem> = []
for (let i = 0; items.length < LINES - 2; i++) {
  const r = next()
  if (i % 50 === 49) {
    items.push(row(items.length, { item_type: 3 }))
    continue
  }
  if (i % 37 === 0) {
    items.push(row(items.length, { item_type: 2, item_body: "Choose one:" }))
    for (let k = 0; k < 3; k++) {
      items.push(
        row(items.length, {
          price_unit: pick(["499", "899.5", "1299.99"]),
          contact_choice: k === 1 ? 6 : 2,
          item_tax_id: 1
        })
      )
    }
    continue
  }
  const subscription = r < 0.15
  items.push(
    row(items.length, {
      price_unit: (Math.floor(next() * 2_000_000) / 100).toString(),
      price_cost: (Math.floor(next() * 1_000_000) / 100).toString(),
      quantity: pick(["0", "1", "2", "3.5", "12", "0.25", "100"]),
      discount_item: pick(["0", "0", "0", "5", "12.5", "33.3333"]),
      item_tax_id: pick([0, 1, 2, 3]),
      contact_choice: r > 0.9 ? pick([1, 5]) : 0,
      contact_selected: r > 0.95 ? pick([1, 2]) : 0,
      term_every: subscription ? pick([1, 1, 3]) : 0,
      term_type: subscription ? pick([1, 2, 3]) : 2,
      term_duration: subscription ? pick([0, 12, 24]) : 0
    })
  )
}
items.push(row(items.length, { item_type: 4 }))
items.push(row(items.length, { item_type: 2, item_body: "Terms and conditions" }))

const taxIdToRate: TaxRate.Table = new Map([
  [1, Money.make("15")],
  [2, Money.make("10")],
  [3, Money.make("12.5")]
])

let run = 0
const pass = () =>
  QuoteTotals.compute({
    items,
    amounts_entered: TaxMode.all[run++ % TaxMode.all.length]!,
    discount_overall: Money.make("7.5"),
    deposit_percent: Money.make("30"),
    taxIdToRate
  })

const check = pass()
if (check.items.length !== LINES || check.subscriptions.length === 0) throw new Error("bench quote is not as intended")

report("core.totals.1000-lines", medianMs(pass, { runs: 400, warmup: 200 }), "ms")

// Row figures are decimals built on read; this figure adds reading every figure of every row once, which is
// the most any view does (the customer view reads a few per visible row).
const readAll = () => {
  const t = pass()
  let n = 0
  for (const o of t.items) {
    n += o.iTotalLine.scale + o.iTotalDis.scale + o.iTotalSub.scale + o.iTotalSubInc.scale + o.iTotalTotal.scale
    n += o.iDepositAmount.scale + o.iCost.scale + o.iTaxes.length
  }
  return n
}
report("core.totals.1000-lines.read-all", medianMs(readAll, { runs: 400, warmup: 200 }), "ms")
