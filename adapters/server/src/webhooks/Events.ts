/**
 * The webhook events, each queued where its change is written (inside that change's transaction) through
 * `Outbox.enqueue`, with a small payload: ids, title, number, amounts as strings, the customer's name, and links
 * into the app. Links use the server's public URL (`PUBLIC_URL`) when the caller has it; a path otherwise.
 * The samples per type are in docs/webhooks.md.
 *
 * @since 0.4.0
 */
import * as Currency from "@quotekit/core/Currency"
import { Effect, Option } from "effect"
import { SqlClient } from "effect/sql"
import { PublicUrl } from "../http/PublicUrl.ts"
import * as Outbox from "./Outbox.ts"

/** A link into the app: absolute when the public URL is known. */
const link = (path: string) =>
  Effect.gen(function* () {
    const base = yield* Effect.serviceOption(PublicUrl)
    return Option.isNone(base) ? path : `${yield* base.value.current}${path}`
  })

const currencyCode = (id: number): string =>
  Option.match(Currency.byId(id), { onNone: () => "", onSome: (c) => c.code })

const iso = (d: Date | null): string | null => (d === null ? null : d.toISOString())

const personName = (first: string, last: string) => `${first.trim()} ${last.trim()}`.trim()

/** The quote part of a payload: number, title, status, total, currency, first customer and link. */
export const quoteSummary = (account: number, quoteId: number) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const [q] = yield* sql<{
      quote_id: number
      quote_no: number
      title: string
      status: string
      total: string
      currency_id: number
      contact_id: number | null
      name_first: string | null
      name_last: string | null
      email: string | null
      company: string | null
      contact_type: string | null
    }>`
      SELECT q.quote_id, coalesce(q.quote_no, 0) AS quote_no, q.title, q.status, q.price_current::text AS total,
             q.currency_id, c.contact_id, c.name_first, c.name_last, c.email, c.contact_type,
             co.name_first AS company
      FROM quotes q
      LEFT JOIN LATERAL (
        SELECT qc.contact_id FROM quote_contacts qc
        WHERE qc.account_id = q.account_id AND qc.quote_id = q.quote_id
        ORDER BY qc.contact_order, qc.quote_contact_id LIMIT 1) first ON true
      LEFT JOIN contacts c ON c.account_id = q.account_id AND c.contact_id = first.contact_id
      LEFT JOIN contacts co ON co.account_id = q.account_id AND co.contact_id = c.company_id
      WHERE q.account_id = ${account} AND q.quote_id = ${quoteId}`
    if (q === undefined) return { id: quoteId }
    const customer =
      q.contact_id === null
        ? null
        : {
            contact_id: q.contact_id,
            name:
              q.contact_type === "company" ? (q.name_first ?? "") : personName(q.name_first ?? "", q.name_last ?? ""),
            company: q.contact_type === "company" ? (q.name_first ?? "") : (q.company ?? ""),
            email: q.email ?? ""
          }
    return {
      id: q.quote_id,
      number: q.quote_no,
      title: q.title,
      status: q.status,
      total: q.total,
      currency: currencyCode(q.currency_id),
      customer,
      url: yield* link(`/quote/${q.quote_id}`)
    }
  }).pipe(Effect.orDie)

/** `quote.sent`, `quote.viewed`, `quote.accepted` or `quote.declined`, with `extra` beside the quote. */
export const quote = (
  account: number,
  quoteId: number,
  type: "quote.sent" | "quote.viewed" | "quote.accepted" | "quote.declined",
  extra: Record<string, unknown> = {}
) =>
  Outbox.enqueue(
    account,
    type,
    Effect.map(quoteSummary(account, quoteId), (q) => ({ quote: q, ...extra }))
  )

/** `question.asked`: a customer's question on a quote. */
export const questionAsked = (
  account: number,
  quoteId: number,
  question: { readonly id: number; readonly text: string; readonly contact_id: number }
) =>
  Outbox.enqueue(
    account,
    "question.asked",
    Effect.map(quoteSummary(account, quoteId), (q) => ({ quote: q, question }))
  )

const invoiceStatusName = (status: number): string =>
  status === 0 ? "ready" : status === 10 ? "queued" : status === 11 ? "sent" : "removed"

/** The invoice part of a payload: amount, status, number once issued, due and paid dates, and its quote. */
export const invoiceSummary = (account: number, invoiceId: number) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const [i] = yield* sql<{
      quote_invoice_id: number
      quote_id: number
      amount: string
      invoice_status: number
      addon_invoice_number: string
      number: string | null
      total: string | null
      due_at: Date | null
      paid_at: Date | null
      currency_id: number
      title: string
      quote_no: number
    }>`
      SELECT i.quote_invoice_id, i.quote_id, i.invoice_amount::text AS amount, i.invoice_status::int AS invoice_status,
             i.addon_invoice_number, d.number, d.total::text AS total, d.due_at, d.paid_at,
             coalesce(d.currency_id, q.currency_id) AS currency_id, q.title, coalesce(q.quote_no, 0) AS quote_no
      FROM quote_invoices i
      JOIN quotes q ON q.account_id = i.account_id AND q.quote_id = i.quote_id
      LEFT JOIN invoice_documents d ON d.account_id = i.account_id AND d.quote_invoice_id = i.quote_invoice_id
      WHERE i.account_id = ${account} AND i.quote_invoice_id = ${invoiceId}`
    if (i === undefined) return { invoice: { id: invoiceId } }
    return {
      invoice: {
        id: i.quote_invoice_id,
        number: i.number ?? (i.addon_invoice_number === "" ? null : i.addon_invoice_number),
        status: invoiceStatusName(i.invoice_status),
        amount: i.total ?? i.amount,
        currency: currencyCode(i.currency_id),
        due_at: iso(i.due_at),
        paid_at: iso(i.paid_at),
        url: yield* link("/invoices")
      },
      quote: { id: i.quote_id, number: i.quote_no, title: i.title, url: yield* link(`/quote/${i.quote_id}`) }
    }
  }).pipe(Effect.orDie)

/** Whether an invoice is marked paid now (its row locked for the caller's transaction). */
export const isPaid = (account: number, invoiceId: number) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql<{ paid: boolean }>`
      SELECT paid_at IS NOT NULL AS paid FROM invoice_documents
      WHERE account_id = ${account} AND quote_invoice_id = ${invoiceId} FOR UPDATE`
    return rows[0]?.paid === true
  }).pipe(Effect.orDie)

/** `invoice.created` (queued for its destination), `invoice.synced` (issued) or `payment.received`. */
export const invoice = (
  account: number,
  invoiceId: number,
  type: "invoice.created" | "invoice.synced" | "payment.received"
) => Outbox.enqueue(account, type, invoiceSummary(account, invoiceId))

/** `lead.created`: a lead from the public form. */
export const leadCreated = (
  account: number,
  leadId: number,
  lead: {
    readonly lead_name_first: string
    readonly lead_name_last: string
    readonly lead_company: string
    readonly lead_email: string
    readonly lead_phone: string
    readonly lead_subject: string
    readonly lead_message: string
  }
) =>
  Outbox.enqueue(
    account,
    "lead.created",
    Effect.gen(function* () {
      return {
        lead: {
          id: leadId,
          name: personName(lead.lead_name_first, lead.lead_name_last),
          company: lead.lead_company,
          email: lead.lead_email,
          phone: lead.lead_phone,
          subject: lead.lead_subject,
          message: lead.lead_message,
          url: yield* link(`/c/leads/${leadId}`)
        }
      }
    })
  )

/** `contact.created` or `contact.updated`: a contact (person or company) as saved. */
export const contactSaved = (
  account: number,
  contactId: number,
  created: boolean,
  contact: {
    readonly contact_type: string
    readonly name_first: string
    readonly name_last: string
    readonly email: string
    readonly company: string
  }
) =>
  Outbox.enqueue(
    account,
    created ? "contact.created" : "contact.updated",
    Effect.gen(function* () {
      const company = contact.contact_type === "company"
      return {
        contact: {
          id: contactId,
          type: contact.contact_type,
          name: company ? contact.name_first : personName(contact.name_first, contact.name_last),
          first_name: company ? "" : contact.name_first,
          last_name: company ? "" : contact.name_last,
          company: company ? contact.name_first : contact.company,
          email: contact.email,
          url: yield* link(`/contacts/view/${contactId}`)
        }
      }
    })
  )
