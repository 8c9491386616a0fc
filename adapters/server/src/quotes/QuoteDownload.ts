/**
 * Downloading a quote as a PDF: the team's `GET /get/quote-pdf/{id}` (what the customer sees, as a preview) and
 * the customer's `/q/{token}/pdf` (through their link, recording no view). Both build the document from the
 * quote's public data with `QuotePdf`, in the account's quote appearance (accent, logo, paper), and render it with
 * `@quotekit/pdf`. The customer's address answers 404 while the appearance's show-PDF is off, but for an
 * accepted quote, whose certified PDF is the customer's record.
 *
 * @since 0.2.0
 */
import type { AccountId } from "@quotekit/core/Account"
import type { CustomerQuote } from "@quotekit/core/api/CustomerApi"
import type { Tenant } from "@quotekit/core/api/Security"
import type * as DateFormat from "@quotekit/core/DateFormat"
import * as Quote from "@quotekit/core/Quote"
import * as QuoteStatus from "@quotekit/core/QuoteStatus"
import * as Wording from "@quotekit/core/Wording"
import type { PdfDocument } from "@quotekit/pdf/PdfDocument"
import { Effect, Option, Result } from "effect"
import { HttpServerResponse } from "effect/http"
import * as Certificate from "../acceptance/Certificate.ts"
import * as AppearanceRepo from "../appearance/Repo.ts"
import * as Links from "../customer/Links.ts"
import * as PublicData from "../customer/PublicData.ts"
import { DashboardRepo } from "../dashboard/Repo.ts"
import * as InvoicePdf from "../invoices/InvoicePdf.ts"
import * as Logo from "../invoices/Logo.ts"
import { InvoiceRepo } from "../invoices/Repo.ts"
import * as QuotePdf from "./QuotePdf.ts"
import { QuoteRepo } from "./Repo.ts"
import { effective, notFound } from "./Views.ts"

/** A PDF answer, offered for download under the quote's name. */
export const pdfResponse = (bytes: Uint8Array, name: string) =>
  HttpServerResponse.uint8Array(bytes, {
    contentType: "application/pdf",
    headers: {
      "content-disposition": `inline; filename="${name.replace(/[^A-Za-z0-9._-]+/g, "-")}.pdf"`,
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff"
    }
  })

/** The document with the account's logo, when it has one. */
const withLogo = (doc: PdfDocument, account: AccountId) =>
  Effect.map(Logo.bytes(account), (logo) =>
    Option.isNone(logo) ? doc : { ...doc, business: { ...doc.business, logo: logo.value } }
  )

const fileName = (quoteNo: number | undefined, title: string) =>
  `quote-${quoteNo ?? ""}-${title}`.slice(0, 80).replace(/-+$/, "")

/** `GET /get/quote-pdf/{id}`: the team's download of a quote as its customer sees it. */
export const forTeam = Effect.fn("QuoteDownload.forTeam")(function* (tenant: Tenant, idSegment: string) {
  const facts = yield* (yield* QuoteRepo).facts(tenant)
  const route = Quote.parseRouteId(idSegment)
  if (Result.isFailure(route) || route.success === "new") return yield* notFound(facts)
  const pdf = yield* teamPdf(tenant, route.success)
  if (Option.isNone(pdf)) return yield* notFound(facts)
  return pdfResponse(pdf.value.bytes, pdf.value.name)
})

/**
 * The team's PDF of one of the account's quotes (not a template) and the name it is offered under: the accepted
 * quote's certified PDF once accepted, else the quote as its customer sees it. None for no such quote.
 */
export const teamPdf = Effect.fn("QuoteDownload.teamPdf")(function* (tenant: Tenant, quoteId: number) {
  const quotes = yield* QuoteRepo
  const facts = yield* quotes.facts(tenant)
  const found = yield* quotes.record(tenant.account_id, quoteId as never)
  if (Option.isNone(found) || found.value.is_template)
    return Option.none<{ readonly bytes: Uint8Array; readonly name: string }>()
  const now = Math.floor(Date.now() / 1000)
  const record = effective(found.value, now)
  const items = (yield* quotes.rows(tenant.account_id, record.quote_id)).map((r) => r.item)
  // The team sees the items even before sending (the customer page hides a draft's): a draft previewed as sent.
  const shownAs = record.status === "draft" || record.status === "sentEditing" ? "sent" : record.status
  const quote = PublicData.build(record, items as never, facts, shownAs, 1)
  const business = yield* (yield* InvoiceRepo).business(tenant.account_id)
  const accepted =
    record.status === "accepted"
      ? yield* (yield* DashboardRepo).acceptance(tenant.account_id, record.quote_id)
      : undefined
  if (record.status === "accepted") {
    const certified = yield* Certificate.forQuote(tenant.account_id, record.quote_id)
    if (Option.isSome(certified))
      return Option.some({ bytes: certified.value.pdf, name: fileName(record.quote_no, record.title) })
  }
  const contacts = yield* (yield* InvoiceRepo).billTo(tenant.account_id, record.quote_id)
  const settings = yield* (yield* InvoiceRepo).settings(tenant.account_id)
  const doc = QuotePdf.documentOf({
    quote,
    business: business.name,
    dateFormat: business.date_format as DateFormat.Style,
    statusLabel: Wording.apply(facts.noun, QuoteStatus.label(record.status)),
    sentWhen: record.sent_when,
    expiry: record.expiry_date,
    preparedFor: contacts.name,
    pageSize: settings.page_size ?? "A4",
    appearance: yield* AppearanceRepo.get(tenant.account_id),
    acceptance:
      accepted === undefined
        ? null
        : { sign_name: accepted.sign_name, accepted_at: accepted.accepted_at, on_behalf: accepted.on_behalf !== null }
  })
  return Option.some({
    bytes: yield* InvoicePdf.render(yield* withLogo(doc, tenant.account_id)),
    name: fileName(record.quote_no, record.title)
  })
})

/**
 * The customer's download, from the data their page shows; once they accepted, the accepted quote with its
 * acceptance certificate (the same bytes every time).
 */
export const forCustomer = (view: CustomerQuote, preparedFor: string, token: string) =>
  Effect.gen(function* () {
    if (view.status === "accepted") {
      const link = yield* Links.resolve(token)
      const certified = Option.isNone(link)
        ? Option.none()
        : yield* Certificate.forQuote(link.value.account_id, link.value.quote_id)
      if (Option.isSome(certified))
        return pdfResponse(certified.value.pdf, fileName(view.quote.quote_no, view.quote.title))
    }
    const appearance = yield* AppearanceRepo.get(view.quote.account_id)
    // The account turned the customer's PDF off: the link is not offered, and the address opens nothing.
    if (!appearance.show_pdf) return HttpServerResponse.empty({ status: 404 })
    const business = yield* (yield* InvoiceRepo).business(view.quote.account_id as never)
    const settings = yield* (yield* InvoiceRepo).settings(view.quote.account_id as never)
    const doc = QuotePdf.documentOf({
      quote: view.quote,
      business: view.branding.name || business.name,
      dateFormat: business.date_format as DateFormat.Style,
      statusLabel: view.status_label,
      sentWhen: view.sent_when,
      expiry: view.expiry_date,
      preparedFor,
      pageSize: settings.page_size ?? "A4",
      appearance,
      acceptance: view.acceptance
    })
    const withBrand = yield* withLogo(doc, view.quote.account_id as AccountId)
    return pdfResponse(yield* InvoicePdf.render(withBrand), fileName(view.quote.quote_no, view.quote.title))
  })
