/**
 * The example quotes a new account can start from (`/quotes/new/is-editing?example={name}`): a few complete,
 * realistic quotes whose rows become a draft ('Here’s a draft quote based on the example.').
 *
 * @since 0.1.0
 */
import type * as SiteApi from "@quotekit/core/api/SiteApi"
import * as LineItem from "@quotekit/core/LineItem"
import * as Money from "@quotekit/core/Money"
import * as SubscriptionTerm from "@quotekit/core/SubscriptionTerm"
import * as TaxRate from "@quotekit/core/TaxRate"
import { BigDecimal } from "effect"

/** One row of an example: a price row (title, unit price, quantity) or a text row (title, body). */
type ExampleRow =
  | {
      readonly type: "price"
      readonly title: string
      readonly body: string
      readonly unit: string
      readonly qty: string
      readonly monthly?: boolean
    }
  | { readonly type: "text"; readonly title: string; readonly body: string }

/** An example quote. */
export interface Example {
  readonly title: string
  readonly rows: ReadonlyArray<ExampleRow>
}

const terms: ExampleRow = {
  type: "text",
  title: "Terms",
  body: "This quote is valid for 30 days. A deposit secures your booking; the balance is due on completion."
}

/** The examples by name. */
export const examples: Readonly<Record<string, Example>> = {
  "web-design": {
    title: "Website redesign",
    rows: [
      { type: "text", title: "Overview", body: "A refreshed, mobile-friendly website with an easy content editor." },
      { type: "price", title: "Discovery workshop", body: "Goals, audience and site map.", unit: "950", qty: "1" },
      { type: "price", title: "Design", body: "Home page and 4 page templates.", unit: "120", qty: "28" },
      { type: "price", title: "Build", body: "Responsive build with the content editor.", unit: "110", qty: "40" },
      {
        type: "price",
        title: "Hosting and care",
        body: "Hosting, backups and updates.",
        unit: "49",
        qty: "1",
        monthly: true
      },
      terms
    ]
  },
  landscaping: {
    title: "Garden makeover",
    rows: [
      {
        type: "price",
        title: "Site clearance",
        body: "Remove existing shrubs and green waste.",
        unit: "640",
        qty: "1"
      },
      { type: "price", title: "Paving", body: "Sandstone paving, per square metre.", unit: "85", qty: "24" },
      { type: "price", title: "Planting", body: "Native shrubs and ground cover.", unit: "18.5", qty: "60" },
      { type: "price", title: "Irrigation", body: "Drip irrigation with a timer.", unit: "1150", qty: "1" },
      terms
    ]
  },
  consulting: {
    title: "Operations review",
    rows: [
      { type: "text", title: "Scope", body: "A review of order handling, stock and dispatch with recommendations." },
      { type: "price", title: "Interviews and process mapping", body: "", unit: "1400", qty: "3" },
      { type: "price", title: "Report and workshop", body: "", unit: "2200", qty: "1" },
      terms
    ]
  }
}

/** The rows of an example, structured as a quote (a total row before the closing text), with temporary ids. */
export const rowsOf = (example: Example, defaults: LineItem.RowDefaults): ReadonlyArray<LineItem.QuoteItem> => {
  const body = example.rows.filter((r) => r !== terms)
  const out: Array<LineItem.QuoteItem> = []
  let id = -1
  const push = (row: LineItem.QuoteItem) => {
    out.push(new LineItem.QuoteItem({ ...row, order_index: out.length }))
  }
  for (const r of body) {
    const blank = LineItem.blank(
      r.type === "price" ? LineItem.ItemType.price : LineItem.ItemType.text,
      id--,
      0,
      defaults
    )
    if (r.type === "price") {
      const row = {
        ...blank,
        item_title: r.title,
        item_body: r.body,
        price_unit: Money.make(r.unit),
        quantity: Money.make(r.qty),
        item_tax_id: TaxRate.ItemTaxId.make(defaults.item_tax_id ?? 0),
        ...(r.monthly === true ? SubscriptionTerm.defaultSubscription : {})
      }
      push(new LineItem.QuoteItem({ ...row, price_total: LineItem.total(row) }))
    } else push(new LineItem.QuoteItem({ ...blank, item_title: r.title, item_body: r.body }))
  }
  push(LineItem.blank(LineItem.ItemType.total, id--, 0))
  push(
    new LineItem.QuoteItem({
      ...LineItem.blank(LineItem.ItemType.text, id--, 0),
      item_title: terms.title,
      item_body: terms.type === "text" ? terms.body : ""
    })
  )
  return out
}

/** The examples as the sample-quote picker lists them: rows, the one-off and the monthly totals before tax. */
export const summaries = (): ReadonlyArray<SiteApi.QuoteExample> =>
  Object.entries(examples).map(([key, example]) => {
    const line = (r: ExampleRow) =>
      r.type === "price" ? Money.roundAmount(BigDecimal.multiply(Money.make(r.unit), Money.make(r.qty))) : Money.zero
    const priced = example.rows.filter((r) => r.type === "price")
    return {
      key,
      title: example.title,
      rows: example.rows.map((r) => ({
        title: r.title,
        body: r.body,
        unit_price: r.type === "price" ? r.unit : null,
        quantity: r.type === "price" ? r.qty : null,
        monthly: r.type === "price" && r.monthly === true
      })),
      total: Money.toFixed(Money.sum(priced.filter((r) => r.monthly !== true).map(line)), Money.AMOUNT_SCALE),
      monthly: Money.toFixed(Money.sum(priced.filter((r) => r.monthly === true).map(line)), Money.AMOUNT_SCALE)
    }
  })
