/**
 * The PDF of a built-in invoice: its stored document (as issued) laid out by `@quotekit/pdf`. Every figure is
 * formatted here from the stored decimals with the same code the invoice page uses, so the PDF, the page and the
 * panel agree to the cent.
 *
 * @since 0.2.0
 */
import * as Currency from "@quotekit/core/Currency"
import * as DateFormat from "@quotekit/core/DateFormat"
import * as InvoiceDocument from "@quotekit/core/InvoiceDocument"
import * as Money from "@quotekit/core/Money"
import type { PdfDocument } from "@quotekit/pdf/PdfDocument"
import * as PdfRenderer from "@quotekit/pdf/PdfRenderer"
import { Effect, Option } from "effect"
import type { DocumentRecord } from "./Repo.ts"

/** The business an invoice is from. */
export interface Business {
  readonly name: string
  readonly date_format: DateFormat.Style
  readonly tax_word: string
}

/** A date (epoch seconds) in the account's style. */
export const dateOf = (seconds: number, style: DateFormat.Style): string => {
  const d = new Date(seconds * 1000)
  return DateFormat.formatDate({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() }, style)
}

/** An amount with the currency's symbol: "$1,234.50". */
export const moneyOf = (amount: Money.Fixed, currencyId: number): string => {
  const symbol = Option.match(Currency.byId(currencyId), { onNone: () => "$", onSome: (c) => c.symbol })
  const text = Money.format(amount)
  return text.startsWith("-") ? `-${symbol}${text.slice(1)}` : `${symbol}${text}`
}

/** A rate as a short percent: "15%", "12.5%". */
export const rateOf = (rate: Money.Fixed): string => `${Money.formatTrimmed(rate, 0, 4)}%`

/** Build the PDF's document from a stored invoice document. */
export const documentOf = (
  doc: DocumentRecord,
  business: Business,
  billTo: { readonly name: string; readonly lines: ReadonlyArray<string> },
  extra: { readonly quote: string; readonly instructions: string; readonly pageSize: "A4" | "Letter" }
): PdfDocument => {
  const c = doc.content
  const money = (d: Money.Fixed) => moneyOf(d, doc.currency_id)
  const taxed = c.taxes.length > 0
  const heading = InvoiceDocument.heading(c.kind, taxed)
  const included = InvoiceDocument.taxIncluded(c.amounts_entered)
  const word = business.tax_word || "tax"
  return {
    pageSize: extra.pageSize,
    heading,
    accent: "#1a56db",
    business: { name: business.name, lines: [] },
    recipient: { label: c.kind === 10 ? "Credit to" : "Bill to", name: billTo.name, lines: billTo.lines },
    facts: [
      { label: heading === "Credit Note" ? "Credit note" : "Invoice number", value: doc.number },
      { label: "Issued", value: dateOf(doc.issued, business.date_format) },
      ...(c.kind === 10 ? [] : [{ label: "Due", value: dateOf(doc.due, business.date_format) }]),
      { label: "Quote", value: extra.quote }
    ],
    columns: taxed
      ? ["Description", "Qty", "Unit price", word, "Amount"]
      : ["Description", "Qty", "Unit price", "Amount"],
    rows: c.lines.map((l) => ({
      cells: [
        l.title,
        Money.formatTrimmed(l.quantity, 0, 4),
        money(l.price_unit),
        ...(taxed ? [Money.isZero(l.tax_rate) ? "" : rateOf(l.tax_rate)] : []),
        money(l.amount)
      ],
      ...(l.percent < 100 ? { detail: `${l.percent}% of the item` } : {})
    })),
    totals: [
      ...(included ? [] : [{ label: "Subtotal", value: money(c.subtotal) }]),
      ...(included ? [] : c.taxes.map((t) => ({ label: `${word} ${rateOf(t.rate)}`, value: money(t.amount) }))),
      { label: "Total", value: money(c.total), strong: true },
      ...(included
        ? c.taxes.map((t) => ({ label: `Includes ${word} ${rateOf(t.rate)}`, value: money(t.amount) }))
        : []),
      ...(doc.paid_at > 0
        ? [{ label: `Paid ${dateOf(doc.paid_at, business.date_format)}`, value: money(c.total) }]
        : [])
    ],
    notes: extra.instructions === "" ? [] : [{ title: "How to pay", text: extra.instructions }],
    footer: `${business.name} · ${doc.number}`,
    title: `${heading} ${doc.number}`,
    author: business.name,
    createdAt: new Date(doc.issued * 1000)
  }
}

/** Render the PDF bytes. */
export const render = (doc: PdfDocument) => PdfRenderer.render(doc).pipe(Effect.orDie)
