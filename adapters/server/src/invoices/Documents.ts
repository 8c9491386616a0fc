/**
 * The account's built-in invoices: the list (and its CSV export), marking one paid or unpaid, its PDF, and the
 * invoicing settings (admins change them; the next number only moves forward, so numbers are never reused).
 *
 * @since 0.2.0
 */
import { AccessDenied, InvalidInput, NotFound } from "@quotekit/core/api/ApiError"
import type { AccountInvoice, InvoicingSettings } from "@quotekit/core/api/InvoicesApi"
import type { Tenant } from "@quotekit/core/api/Security"
import type * as DateFormat from "@quotekit/core/DateFormat"
import * as Money from "@quotekit/core/Money"
import { stringify } from "csv-stringify/sync"
import { Clock, Effect, Option } from "effect"
import { HttpServerResponse } from "effect/http"
import { SqlClient } from "effect/sql"
import { PublicUrl } from "../http/PublicUrl.ts"
import * as WebhookEvents from "../webhooks/Events.ts"
import * as DocumentLink from "./DocumentLink.ts"
import * as InvoicePdf from "./InvoicePdf.ts"
import * as Logo from "./Logo.ts"
import { InvoiceRepo } from "./Repo.ts"

/** The list's filters. */
export interface Filter {
  readonly paid?: "all" | "paid" | "unpaid"
  readonly page?: number
  readonly per_page?: number
}

const withLinks = (tenant: Tenant, rows: ReadonlyArray<Omit<AccountInvoice, "url" | "pdf_url">>) =>
  Effect.gen(function* () {
    const base = yield* (yield* PublicUrl).current
    const secret = yield* DocumentLink.secret
    return rows.map((r): AccountInvoice => {
      const path = DocumentLink.path(secret, tenant.account_id, r.quote_invoice_id)
      return { ...r, url: `${base}${path}`, pdf_url: `${base}${path}.pdf` }
    })
  })

/** A page of the account's invoices, newest number first. */
export const list = Effect.fn("Documents.list")(function* (tenant: Tenant, filter: Filter) {
  const perPage = filter.per_page ?? 50
  const page = Math.max(1, filter.page ?? 1)
  const found = yield* (yield* InvoiceRepo).accountInvoices(tenant.account_id, {
    paid: filter.paid ?? "all",
    offset: (page - 1) * perPage,
    limit: perPage
  })
  return { invoices: yield* withLinks(tenant, found.rows), total_rows: found.total }
})

const KIND: Readonly<Record<number, string>> = { 0: "Invoice", 5: "Deposit", 10: "Credit note", 20: "Subscription" }

const isoDate = (seconds: number): string => (seconds > 0 ? new Date(seconds * 1000).toISOString().slice(0, 10) : "")

/** Every invoice matching the filter as CSV (dates ISO, amounts plain decimals), for a spreadsheet. */
export const csv = Effect.fn("Documents.csv")(function* (tenant: Tenant, filter: Filter) {
  const found = yield* (yield* InvoiceRepo).accountInvoices(tenant.account_id, {
    paid: filter.paid ?? "all",
    offset: 0,
    limit: 100_000
  })
  const rows = yield* withLinks(tenant, found.rows)
  const text = stringify(
    rows.map((r) => ({
      number: r.number,
      kind: KIND[r.kind] ?? "Invoice",
      customer: r.customer,
      quote: `#${r.quote_no} ${r.quote_title}`,
      issued: isoDate(r.issued),
      due: isoDate(r.due),
      total: Money.toFixed(r.total, 2),
      status: r.status === 100 ? "removed" : r.paid_at > 0 ? "paid" : "unpaid",
      paid: isoDate(r.paid_at),
      link: r.url
    })),
    { header: true, bom: true }
  )
  return HttpServerResponse.text(text, {
    contentType: "text/csv; charset=utf-8",
    headers: { "content-disposition": 'attachment; filename="invoices.csv"', "cache-control": "no-store" }
  })
})

/** The PDF of one invoice. */
export const pdfBytes = (account: Tenant["account_id"], id: number) =>
  Effect.gen(function* () {
    const repo = yield* InvoiceRepo
    const doc = yield* repo.document(account, id)
    if (Option.isNone(doc)) return Option.none<{ readonly bytes: Uint8Array; readonly name: string }>()
    const business = yield* repo.business(account)
    const billTo = yield* repo.billTo(account, doc.value.quote_id)
    const settings = yield* repo.settings(account)
    const pdf = InvoicePdf.documentOf(
      doc.value,
      { ...business, date_format: business.date_format as DateFormat.Style },
      billTo,
      {
        quote: `#${doc.value.quote_id}`,
        instructions: settings.payment_instructions,
        pageSize: settings.page_size ?? "A4"
      }
    )
    const logo = yield* Logo.bytes(account)
    const bytes = yield* InvoicePdf.render(
      Option.isNone(logo) ? pdf : { ...pdf, business: { ...pdf.business, logo: logo.value } }
    )
    return Option.some({ bytes, name: `${doc.value.number}.pdf` })
  })

/** A PDF answer. */
export const pdfResponse = (file: { readonly bytes: Uint8Array; readonly name: string }) =>
  HttpServerResponse.uint8Array(file.bytes, {
    contentType: "application/pdf",
    headers: {
      "content-disposition": `inline; filename="${file.name.replace(/[^A-Za-z0-9._-]/g, "_")}"`,
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff"
    }
  })

/** `GET /get/invoice-pdf/{id}` */
export const pdf = Effect.fn("Documents.pdf")(function* (tenant: Tenant, id: number) {
  const file = yield* pdfBytes(tenant.account_id, id)
  if (Option.isNone(file)) return yield* NotFound.answer("Could not find that invoice?")
  return pdfResponse(file.value)
})

/** Mark an invoice paid at a date (epoch seconds, not in the future) or unpaid (0). */
export const markPaid = Effect.fn("Documents.markPaid")(function* (tenant: Tenant, id: number, paidAt: number) {
  const now = Math.floor((yield* Clock.currentTimeMillis) / 1000)
  if (paidAt > now + 86_400) return yield* InvalidInput.field("paid_at", "The paid date can't be in the future.")
  const repo = yield* InvoiceRepo
  const sql = yield* SqlClient.SqlClient
  // Marked paid from unpaid: `payment.received`, committed with the mark.
  const marked = yield* sql
    .withTransaction(
      Effect.gen(function* () {
        const wasPaid = yield* WebhookEvents.isPaid(tenant.account_id, id)
        if (!(yield* repo.setPaid(tenant.account_id, id, paidAt, tenant.signin_id))) return false
        if (paidAt > 0 && !wasPaid) yield* WebhookEvents.invoice(tenant.account_id, id, "payment.received")
        return true
      })
    )
    .pipe(Effect.orDie)
  if (!marked) {
    return yield* NotFound.answer("Could not find that invoice?")
  }
  const found = yield* repo.accountInvoices(tenant.account_id, { paid: "all", offset: 0, limit: 100_000 })
  const row = found.rows.find((r) => r.quote_invoice_id === id)
  if (row === undefined) return yield* NotFound.answer("Could not find that invoice?")
  const [linked] = yield* withLinks(tenant, [row])
  return linked as AccountInvoice
})

/** The account's invoicing settings. */
export const settings = (tenant: Tenant) => Effect.flatMap(InvoiceRepo, (r) => r.settings(tenant.account_id))

/** Save the settings (admins only). */
export const saveSettings = Effect.fn("Documents.saveSettings")(function* (tenant: Tenant, s: InvoicingSettings) {
  if (!tenant.is_admin) return yield* AccessDenied.answer("Only an admin can change the invoicing settings.")
  return yield* (yield* InvoiceRepo).saveSettings(tenant.account_id, s)
})
