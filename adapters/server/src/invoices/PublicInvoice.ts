/**
 * The customer's page of a built-in invoice, `/i/{account}/{invoice}/{mac}`, and its PDF at the same path with
 * `.pdf`. No sign-in: the mac (`DocumentLink`) is the key. The page is plain server-rendered HTML (no script),
 * readable on a phone and printable; a wrong or retired link answers 404 with no hint of what exists.
 *
 * @since 0.2.0
 */

import type * as DateFormat from "@quotekit/core/DateFormat"
import * as InvoiceDocument from "@quotekit/core/InvoiceDocument"
import * as Markup from "@quotekit/core/Markup"
import * as Money from "@quotekit/core/Money"
import { Effect, Option } from "effect"
import { HttpRouter, HttpServerResponse } from "effect/http"
import * as DocumentLink from "./DocumentLink.ts"
import * as Documents from "./Documents.ts"
import { dateOf, moneyOf, rateOf } from "./InvoicePdf.ts"
import { type DocumentRecord, InvoiceRepo } from "./Repo.ts"

const headers = {
  "cache-control": "no-store",
  "referrer-policy": "no-referrer",
  "x-content-type-options": "nosniff",
  "x-frame-options": "SAMEORIGIN",
  "x-robots-tag": "noindex"
}

const e = Markup.escapeHtml

const style = `body{font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#1f2937;margin:0;background:#f3f4f6}
main{max-width:760px;margin:24px auto;background:#fff;padding:32px;border-radius:8px;box-shadow:0 1px 3px #0002}
h1{color:#1a56db;margin:0 0 4px}header{display:flex;justify-content:space-between;gap:24px;flex-wrap:wrap}
dl{display:grid;grid-template-columns:auto auto;gap:4px 16px;margin:0}dt{color:#6b7280}dd{margin:0;text-align:right}
table{width:100%;border-collapse:collapse;margin:24px 0}th,td{padding:8px 6px;border-bottom:1px solid #e5e7eb;text-align:right}
th:first-child,td:first-child{text-align:left}th{border-bottom:2px solid #1a56db;font-size:.85em;color:#374151}
.totals{margin-left:auto;max-width:320px}.totals div{display:flex;justify-content:space-between;padding:4px 0}
.strong{font-weight:700;font-size:1.15em;border-top:2px solid #1a56db}.paid{color:#047857;font-weight:700}
.detail{color:#6b7280;font-size:.85em}a.pdf{display:inline-block;margin-top:16px;padding:10px 18px;background:#1a56db;color:#fff;border-radius:4px;text-decoration:none}
@media (max-width:600px){main{margin:0;border-radius:0;padding:16px}th:nth-child(2),td:nth-child(2),th:nth-child(3),td:nth-child(3){display:none}}
@media print{body{background:#fff}main{box-shadow:none;margin:0}a.pdf{display:none}}`

/** The page's HTML. */
export const html = (
  doc: DocumentRecord,
  business: { readonly name: string; readonly date_format: DateFormat.Style; readonly tax_word: string },
  billTo: { readonly name: string; readonly lines: ReadonlyArray<string> },
  pdfPath: string,
  instructions: string
): string => {
  const c = doc.content
  const money = (d: Money.Fixed) => e(moneyOf(d, doc.currency_id))
  const taxed = c.taxes.length > 0
  const heading = InvoiceDocument.heading(c.kind, taxed)
  const included = InvoiceDocument.taxIncluded(c.amounts_entered)
  const word = e(business.tax_word || "tax")
  const date = (s: number) => e(dateOf(s, business.date_format))
  const rows = c.lines
    .map(
      (l) =>
        `<tr><td>${e(l.title)}${l.percent < 100 ? `<div class="detail">${l.percent}% of the item</div>` : ""}</td>` +
        `<td>${e(Money.formatTrimmed(l.quantity, 0, 4))}</td><td>${money(l.price_unit)}</td>` +
        (taxed ? `<td>${Money.isZero(l.tax_rate) ? "" : e(rateOf(l.tax_rate))}</td>` : "") +
        `<td>${money(l.amount)}</td></tr>`
    )
    .join("")
  const taxLines = (prefix: string) =>
    c.taxes
      .map((t) => `<div><span>${prefix}${word} ${e(rateOf(t.rate))}</span><span>${money(t.amount)}</span></div>`)
      .join("")
  const totals =
    (included ? "" : `<div><span>Subtotal</span><span>${money(c.subtotal)}</span></div>${taxLines("")}`) +
    `<div class="strong"><span>Total</span><span>${money(c.total)}</span></div>` +
    (included ? taxLines("Includes ") : "") +
    (doc.paid_at > 0
      ? `<div class="paid"><span>Paid ${date(doc.paid_at)}</span><span>${money(c.total)}</span></div>`
      : "")
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${e(heading)} ${e(doc.number)} · ${e(business.name)}</title><style>${style}</style></head><body><main>
<header><div><h1>${e(heading)}</h1><div>${e(business.name)}</div></div>
<dl><dt>${c.kind === 10 ? "Credit note" : "Invoice number"}</dt><dd>${e(doc.number)}</dd><dt>Issued</dt><dd>${date(doc.issued)}</dd>
${c.kind === 10 ? "" : `<dt>Due</dt><dd>${date(doc.due)}</dd>`}</dl></header>
<section><h2 style="font-size:1em;color:#6b7280;margin:24px 0 4px">${c.kind === 10 ? "Credit to" : "Bill to"}</h2>
<div>${e(billTo.name)}</div>${billTo.lines.map((l) => `<div>${e(l)}</div>`).join("")}</section>
<table><thead><tr><th scope="col">Description</th><th scope="col">Qty</th><th scope="col">Unit price</th>${taxed ? `<th scope="col">${word}</th>` : ""}<th scope="col">Amount</th></tr></thead>
<tbody>${rows}</tbody></table><div class="totals">${totals}</div>
${instructions === "" ? "" : `<h2 style="font-size:1em">How to pay</h2><p style="white-space:pre-line">${e(instructions)}</p>`}
<a class="pdf" href="${e(pdfPath)}">Download PDF</a></main></body></html>`
}

const notFound = () =>
  HttpServerResponse.text(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Not Found</title></head><body><main><h1>Not Found</h1><p>The page you requested was not found.</p></main></body></html>`,
    { status: 404, contentType: "text/html; charset=utf-8", headers }
  )

/** The page and PDF route. */
export const layer = HttpRouter.add(
  "GET",
  "/i/:account/:invoice/:code",
  Effect.gen(function* () {
    const params = yield* HttpRouter.params
    const raw = params.code ?? ""
    const wantsPdf = raw.endsWith(".pdf")
    const code = wantsPdf ? raw.slice(0, -4) : raw
    const account = Number(params.account)
    const invoice = Number(params.invoice)
    if (!/^\d{1,10}$/.test(params.account ?? "") || !/^\d{1,10}$/.test(params.invoice ?? "")) return notFound()
    if (!DocumentLink.verify(yield* DocumentLink.secret, account, invoice, code)) return notFound()
    const repo = yield* InvoiceRepo
    const accountId = account as Parameters<typeof repo.document>[0]
    if (wantsPdf) {
      const file = yield* Documents.pdfBytes(accountId, invoice)
      return Option.match(file, { onNone: notFound, onSome: Documents.pdfResponse })
    }
    const doc = yield* repo.document(accountId, invoice)
    if (Option.isNone(doc)) return notFound()
    const business = yield* repo.business(accountId)
    const billTo = yield* repo.billTo(accountId, doc.value.quote_id)
    const settings = yield* repo.settings(accountId)
    const page = html(
      doc.value,
      { ...business, date_format: business.date_format as DateFormat.Style },
      billTo,
      `${DocumentLink.path(yield* DocumentLink.secret, account, invoice)}.pdf`,
      settings.payment_instructions
    )
    return HttpServerResponse.text(page, { contentType: "text/html; charset=utf-8", headers })
  })
)
