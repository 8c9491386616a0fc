/**
 * The PDF of a quote, from its public data (`PublicQuote`, exactly what the customer page shows): the rows in
 * order (text rows as headings, unchosen options greyed as 'Option not chosen', subscriptions with their term),
 * the totals the page shows (up front, each subscription term, the deposit), and, once accepted, the acceptance
 * record (who accepted, when, and whether on their behalf). Private pricing is honoured: columns and totals the
 * customer may not see are left out. Laid out by `@quotekit/pdf`, the renderer invoices use.
 *
 * @since 0.2.0
 */

import * as Appearance from "@quotekit/core/Appearance"
import type { AcceptedView } from "@quotekit/core/api/CustomerApi"
import * as ContactChoice from "@quotekit/core/ContactChoice"
import type * as DateFormat from "@quotekit/core/DateFormat"
import * as Money from "@quotekit/core/Money"
import * as PrivatePricing from "@quotekit/core/PrivatePricing"
import * as PublicQuote from "@quotekit/core/PublicQuote"
import type * as QuoteTotals from "@quotekit/core/QuoteTotals"
import * as SubscriptionTerm from "@quotekit/core/SubscriptionTerm"
import type { PdfDocument, Row, Total } from "@quotekit/pdf/PdfDocument"
import { dateOf, moneyOf, rateOf } from "../invoices/InvoicePdf.ts"

/** What the quote's PDF needs besides its public data. */
export interface QuotePdfInput {
  readonly quote: PublicQuote.PublicQuote
  readonly business: string
  readonly dateFormat: DateFormat.Style
  readonly statusLabel: string
  /** Epoch seconds; 0 when not sent / no expiry. */
  readonly sentWhen: number
  readonly expiry: number
  readonly preparedFor: string
  readonly acceptance: AcceptedView | null
  readonly pageSize: "A4" | "Letter"
  /**
   * The account's quote appearance: its accent colours the heading and rules, its logo place and size are kept,
   * and its paper wins over `pageSize`. Without it, the PDF keeps the defaults' accent.
   */
  readonly appearance?: Appearance.Appearance
}

const PRICE = 1
const TEXT = 2

/** Body text of an item, without markup signs, shortened for print. */
const plain = (body: string): string => {
  const text = body
    .replace(/!\[[^\]]*\]\([^)]*\)/g, "")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[*_#>`]/g, "")
    .trim()
  return text.length > 600 ? `${text.slice(0, 599)}…` : text
}

/** Build the PDF's document of a quote. */
export const documentOf = (input: QuotePdfInput): PdfDocument => {
  const q = input.quote
  const bits = q.private_pricing
  const showQty = PrivatePricing.shows(bits, "unitQuantity")
  const showTotal = PrivatePricing.shows(bits, "priceTotal")
  const showCode = PrivatePricing.shows(bits, "itemCode")
  const totals = PublicQuote.totals(q)
  const money = (d: Money.Fixed) => moneyOf(d, q.currency_id)
  const columns = ["Description", ...(showQty ? ["Qty", "Unit price"] : []), ...(showTotal ? ["Amount"] : [])]
  const rows: Array<Row> = []
  q.publicItems.forEach((item, i) => {
    if (item.item_type === TEXT) {
      rows.push({
        cells: [item.item_title || " "],
        heading: true,
        ...(item.item_body ? { detail: plain(item.item_body) } : {})
      })
      return
    }
    if (item.item_type !== PRICE) return
    const figures = totals.items[i] as QuoteTotals.ItemTotals
    const chosen = ContactChoice.isSelected(item.contact_choice, item.contact_selected)
    const term = SubscriptionTerm.isSubscription(item) ? SubscriptionTerm.describe(item) : ""
    const title = `${showCode && item.item_code !== "" ? `${item.item_code} ` : ""}${item.item_title}`
    const detail = [plain(item.item_body), term, chosen ? "" : "Option not chosen"].filter((x) => x !== "").join("\n")
    rows.push({
      cells: [
        title,
        ...(showQty ? [Money.formatTrimmed(item.quantity, 0, 4), money(item.price_unit)] : []),
        ...(showTotal ? [money(figures.iTotalTotal)] : [])
      ],
      ...(detail === "" ? {} : { detail }),
      ...(chosen ? {} : { muted: true })
    })
  })
  const word = q.tax_word || "tax"
  const groupTotals = (g: QuoteTotals.GroupTotals, label: string): Array<Total> => [
    { label: "Subtotal", value: money(g.subtotal) },
    ...(Money.isZero(g.discount) ? [] : [{ label: "Discount", value: `-${money(g.discount)}` }]),
    ...g.taxes.map((t) => ({ label: `${word} ${rateOf(t.rate)}`, value: money(t.amount) })),
    { label, value: money(g.total), strong: true }
  ]
  const totalLines: Array<Total> = showTotal
    ? [
        ...(totals.upFront.itemCount > 0 ? groupTotals(totals.upFront, "Total") : []),
        ...totals.subscriptions.flatMap((g) => groupTotals(g, `Total ${SubscriptionTerm.describe(g.term)}`)),
        ...(Money.isZero(totals.deposit) ? [] : [{ label: "Deposit due", value: money(totals.deposit) }])
      ]
    : []
  const accepted = input.acceptance
  const look = input.appearance
  return {
    pageSize: look?.pdf_page_size ?? input.pageSize,
    heading: "Quote",
    accent: (look ?? Appearance.defaults).accent,
    ...(look === undefined
      ? {}
      : { logo: { position: look.logo_position, height: Appearance.logoHeight[look.logo_size].pt } }),
    business: { name: input.business, lines: [] },
    recipient: { label: "Prepared for", name: input.preparedFor, lines: [] },
    facts: [
      ...(q.quote_no === undefined ? [] : [{ label: "Quote", value: `#${q.quote_no}` }]),
      { label: "Status", value: input.statusLabel },
      ...(input.sentWhen > 0 ? [{ label: "Date", value: dateOf(input.sentWhen, input.dateFormat) }] : []),
      ...(input.expiry > 0 ? [{ label: "Valid until", value: dateOf(input.expiry, input.dateFormat) }] : [])
    ],
    columns,
    rows,
    totals: totalLines,
    notes:
      accepted === null
        ? []
        : [
            {
              title: "Accepted",
              text:
                `Accepted by ${accepted.sign_name} on ${dateOf(accepted.accepted_at, input.dateFormat)}` +
                (accepted.on_behalf ? ", recorded by the team on the customer's behalf." : ".")
            }
          ],
    footer: `${input.business} · ${q.title}`,
    title: `Quote ${q.quote_no === undefined ? "" : `#${q.quote_no} `}${q.title}`.trim(),
    author: input.business,
    ...(input.sentWhen > 0 ? { createdAt: new Date(input.sentWhen * 1000) } : {})
  }
}
