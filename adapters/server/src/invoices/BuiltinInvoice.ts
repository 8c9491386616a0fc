/**
 * The built-in invoicing destination: issuing a created quote invoice as quotekit's own invoice. Inside the sync
 * worker's transaction it works out what the invoice covers (the split, as the panel showed it), builds the
 * document (lines, tax per rate, totals: `InvoiceDocument`), takes the account's next number, stores the
 * document, queues the email to the quote's contacts (when the account emails invoices; stoppable like any
 * email during its window) and writes the quote's history. Everything commits together or not at all.
 *
 * @since 0.2.0
 */
import type { AccountId, SigninId } from "@quotekit/core/Account"
import * as Invoice from "@quotekit/core/Invoice"
import * as InvoiceDocument from "@quotekit/core/InvoiceDocument"
import * as Markup from "@quotekit/core/Markup"
import type * as Money from "@quotekit/core/Money"
import * as QuoteInvoicing from "@quotekit/core/QuoteInvoicing"
import * as ScheduledEmail from "@quotekit/core/ScheduledEmail"
import { Effect, Option } from "effect"
import { EmailRepo } from "../emails/Repo.ts"
import { HistoryRepo } from "../history/Repo.ts"
import { QuoteRepo } from "../quotes/Repo.ts"
import * as DocumentLink from "./DocumentLink.ts"
import { moneyOf } from "./InvoicePdf.ts"
import { InvoiceRepo } from "./Repo.ts"

/** What issuing gave: the number, the public page path, and the amount issued (the split's, in the quote's basis). */
export interface Issued {
  readonly number: string
  readonly path: string
  readonly amount: Money.Decimal
}

const kindName = (type: Invoice.InvoiceType): string =>
  type === Invoice.InvoiceType.Credit
    ? "credit note"
    : type === Invoice.InvoiceType.Deposit
      ? "deposit invoice"
      : "invoice"

/**
 * What `invoice` covers, as a document: the quote's record and rows, the split's result for it and its content
 * (lines, tax per rate, totals). Dies when the quote or the invoice is gone (the worker retries). Shared by the
 * built-in destination and the accounting add-ons, so both send the same figures.
 */
export const prepare = (invoice: Invoice.Invoice) =>
  Effect.gen(function* () {
    const quotes = yield* QuoteRepo
    const repo = yield* InvoiceRepo
    const account = invoice.account_id as AccountId
    const found = yield* quotes.record(account, invoice.quote_id)
    if (Option.isNone(found)) return yield* Effect.die(new Error(`quote ${invoice.quote_id} is gone`))
    const record = found.value
    const rows = (yield* quotes.rows(account, invoice.quote_id)).map((r) => r.item)
    const taxes = yield* repo.taxTable(account)
    const quote: QuoteInvoicing.QuoteInput = {
      status: record.status,
      items: rows,
      amounts_entered: record.amounts_entered,
      discount_overall: record.discount_overall,
      deposit_percent: record.deposit_percent,
      taxIdToRate: taxes,
      next_adj_index: record.next_adj_index
    }
    const invoices = (yield* repo.list(account, invoice.quote_id)).map((s) => s.invoice)
    const split = QuoteInvoicing.compute(quote, invoices)
    const result = split.invoices.find((r) => r.id === invoice.quote_invoice_id)
    if (result === undefined) return yield* Effect.die(new Error(`invoice ${invoice.quote_invoice_id} is gone`))
    const content = InvoiceDocument.build(
      result,
      new Map(rows.map((r) => [r.quote_item_id, r])),
      record.amounts_entered,
      taxes
    )
    return { record, rows, result, content }
  })

/** Issue `invoice` (locked, queued) at `now` (epoch seconds). Dies when the quote is gone (the worker retries). */
export const issue = (invoice: Invoice.Invoice, now: number) =>
  Effect.gen(function* () {
    const repo = yield* InvoiceRepo
    const account = invoice.account_id as AccountId
    const { record, result, content } = yield* prepare(invoice)
    const billTo = yield* repo.billTo(account, invoice.quote_id)
    const { number } = yield* repo.issue(account, {
      quote_invoice_id: invoice.quote_invoice_id,
      quote_id: invoice.quote_id,
      issued: now,
      currency_id: record.currency_id,
      content,
      customer_name: billTo.name
    })
    const path = DocumentLink.path(yield* DocumentLink.secret, account, invoice.quote_invoice_id)
    const settings = yield* repo.settings(account)
    const kind = kindName(invoice.invoice_type_in)
    if (settings.email_invoices && billTo.recipients.length > 0) {
      yield* (yield* EmailRepo).queue({
        account_id: account,
        quote_id: invoice.quote_id,
        quote_invoice_id: invoice.quote_invoice_id,
        follow_up_id: null,
        subject: `${number}: ${record.title || "Your invoice"}`,
        subject_type: ScheduledEmail.SubjectTypes.invoice,
        body_text:
          `Hello,\n\nHere is ${kind} ${number} for ${moneyOf(content.total, record.currency_id)}` +
          `${kind === "credit note" ? " in your favour" : ""}.` +
          (settings.payment_instructions === "" ? "" : `\n\n${settings.payment_instructions}`),
        recipients: billTo.recipients,
        from_signin_id: (record.modified_by ?? record.from) as SigninId,
        scheduled_when: ScheduledEmail.scheduledFor(now)
      })
    }
    const text = `Created ${kind} <b>${Markup.escapeHtml(number)}</b> for ${Markup.escapeHtml(moneyOf(content.total, record.currency_id))}`
    yield* (yield* HistoryRepo).write({
      account_id: account,
      signin_id: null,
      table: "quote",
      category_id: invoice.quote_id,
      action: "quote.invoiceIssued",
      html_summary: text,
      html_full: text,
      data: { quote_id: invoice.quote_id, quote_invoice_id: invoice.quote_invoice_id, number },
      at: now * 1000
    })
    return { number, path, amount: result.applied } satisfies Issued
  })
