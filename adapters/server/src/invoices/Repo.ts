/**
 * The invoicing repository: a quote's invoices in their order, their writes, the account's invoicing settings,
 * the built-in documents (numbered under a row lock on the settings, so numbers are gap-free and never shared by
 * concurrent issues) and the sync queue. Every statement names the account; the sync queue's `claimDue` is the
 * only one across accounts, and each invoice it hands out carries its account.
 *
 * @since 0.2.0
 */
import type { AccountId } from "@quotekit/core/Account"
import type { AccountInvoice, InvoicingSettings, IssuedDocument } from "@quotekit/core/api/InvoicesApi"
import * as Invoice from "@quotekit/core/Invoice"
import * as InvoiceDocument from "@quotekit/core/InvoiceDocument"
import * as Money from "@quotekit/core/Money"
import type * as SubscriptionTerm from "@quotekit/core/SubscriptionTerm"
import { Context, Effect, Layer, Option, Schema } from "effect"
import { SqlClient } from "effect/sql"
import { seconds, timeOrNull } from "../quotes/Records.ts"

interface InvoiceRow {
  readonly quote_invoice_id: number
  readonly account_id: number
  readonly quote_id: number
  readonly invoice_adj_at: number
  readonly addon_org_id: string
  readonly addon_invoice_url: string
  readonly addon_id: number | null
  readonly addon_invoice_id: string
  readonly addon_invoice_number: string
  readonly addon_url: string
  readonly invoice_sync_status: number
  readonly per_chosen: string
  readonly invoice_status: number
  readonly invoice_type_in: number
  readonly invoice_type_out: number
  readonly invoice_amount: string
  readonly term_every: number
  readonly term_type: number
  readonly term_duration: number
  readonly invoice_group: string
  readonly invoice_removed_index: number
  readonly invoice_sent_date: Date | null
  readonly error_html: string
  readonly invoice_creation: Date
  readonly invoice_modified: Date
  readonly client_ref: string | null
}

const columns = `quote_invoice_id, account_id, quote_id, invoice_adj_at::int AS invoice_adj_at, addon_org_id,
  addon_invoice_url, addon_id::int AS addon_id, addon_invoice_id, addon_invoice_number, addon_url,
  invoice_sync_status::int AS invoice_sync_status, per_chosen::text AS per_chosen,
  invoice_status::int AS invoice_status, invoice_type_in::int AS invoice_type_in,
  invoice_type_out::int AS invoice_type_out, invoice_amount::text AS invoice_amount, term_every::int AS term_every,
  term_type::int AS term_type, term_duration, invoice_group, invoice_removed_index, invoice_sent_date, error_html,
  invoice_creation, invoice_modified, client_ref`

const toInvoice = (r: InvoiceRow): Invoice.Invoice => ({
  quote_invoice_id: Invoice.QuoteInvoiceId.make(r.quote_invoice_id),
  account_id: r.account_id as Invoice.Invoice["account_id"],
  quote_id: r.quote_id as Invoice.Invoice["quote_id"],
  invoice_adj_at: r.invoice_adj_at,
  addon_org_id: r.addon_org_id,
  addon_invoice_url: r.addon_invoice_url,
  addon_id: r.addon_id ?? 0,
  addon_invoice_id: r.addon_invoice_id,
  addon_invoice_number: r.addon_invoice_number,
  invoice_sync_status: r.invoice_sync_status as Invoice.SyncStatus,
  per_chosen: Math.round(Number(r.per_chosen)),
  invoice_status: r.invoice_status as Invoice.InvoiceStatus,
  invoice_type_in: r.invoice_type_in as Invoice.InvoiceType,
  invoice_type_out: r.invoice_type_out as Invoice.InvoiceType,
  invoice_amount: Money.make(r.invoice_amount),
  term_every: r.term_every,
  term_type: r.term_type as SubscriptionTerm.TermType,
  term_duration: r.term_duration,
  invoice_removed_index: r.invoice_removed_index,
  invoice_sent_date: seconds(r.invoice_sent_date),
  invoice_creation: seconds(r.invoice_creation),
  invoice_modified: seconds(r.invoice_modified),
  invoice_group: r.invoice_group as SubscriptionTerm.GroupKey,
  addon_url: r.addon_url,
  error_html: r.error_html
})

/** A stored invoice and the double-submit reference it was staged with. */
export interface Stored {
  readonly invoice: Invoice.Invoice
  readonly client_ref: string | null
}

/** A built-in document as stored. */
export interface DocumentRecord {
  readonly quote_invoice_id: number
  readonly quote_id: number
  readonly number: string
  readonly issued: number
  readonly due: number
  readonly currency_id: number
  readonly content: InvoiceDocument.Content
  readonly total: Money.Decimal
  readonly customer_name: string
  readonly paid_at: number
}

/** An invoice the sync worker claimed: its account and quote. */
export interface Claimed {
  readonly account_id: AccountId
  readonly quote_id: number
  readonly quote_invoice_id: number
  readonly attempts: number
}

/** Who a quote's invoices are for. */
export interface BillTo {
  readonly name: string
  readonly lines: ReadonlyArray<string>
  readonly recipients: ReadonlyArray<{
    readonly quote_contact_id: number
    readonly name: string
    readonly email: string
  }>
}

/** What a new built-in document stores (its number is handed out by `issue`). */
export interface NewDocument {
  readonly quote_invoice_id: number
  readonly quote_id: number
  readonly issued: number
  readonly currency_id: number
  readonly content: InvoiceDocument.Content
  readonly customer_name: string
}

const ContentJson = Schema.fromJsonString(InvoiceDocument.Content)
const encodeContent = Schema.encodeSync(ContentJson)
const decodeContent = Schema.decodeUnknownSync(InvoiceDocument.Content)

/** The invoicing repository. */
export class InvoiceRepo extends Context.Service<
  InvoiceRepo,
  {
    /** The quote's invoices in their order (creation, then id). */
    readonly list: (account: AccountId, quoteId: number) => Effect.Effect<ReadonlyArray<Stored>>
    readonly insert: (invoice: Invoice.Invoice, clientRef: string) => Effect.Effect<number>
    /** Write an invoice's mutable fields (status, sync, percent, amount, adjustment, removal, add-on copy). */
    readonly update: (invoice: Invoice.Invoice) => Effect.Effect<void>
    readonly remove: (account: AccountId, id: number) => Effect.Effect<void>
    /** Bump the quote's edit sequence (an invoicing change is a change of the quote); returns the new one. */
    readonly touchQuote: (account: AccountId, quoteId: number, at: number, by: number) => Effect.Effect<number>
    readonly settings: (account: AccountId) => Effect.Effect<InvoicingSettings>
    readonly saveSettings: (account: AccountId, s: InvoicingSettings) => Effect.Effect<InvoicingSettings>
    /** Issue a document with the account's next number (locks the settings row until the transaction ends). */
    readonly issue: (
      account: AccountId,
      doc: NewDocument
    ) => Effect.Effect<{ readonly number: string; readonly due: number }>
    readonly documents: (account: AccountId, quoteId: number) => Effect.Effect<ReadonlyArray<DocumentRecord>>
    readonly document: (account: AccountId, invoiceId: number) => Effect.Effect<Option.Option<DocumentRecord>>
    readonly setPaid: (account: AccountId, invoiceId: number, paidAt: number, by: number) => Effect.Effect<boolean>
    readonly accountInvoices: (
      account: AccountId,
      filter: { readonly paid: "all" | "paid" | "unpaid"; readonly offset: number; readonly limit: number }
    ) => Effect.Effect<{
      readonly rows: ReadonlyArray<Omit<AccountInvoice, "url" | "pdf_url">>
      readonly total: number
    }>
    /** Claim invoices waiting to be created in their destination (syncing, lease free). */
    readonly claimDue: (nowMs: number, leaseMs: number, limit: number) => Effect.Effect<ReadonlyArray<Claimed>>
    /** For the Complete button: whether the quote has ready invoices, and the account an invoicing destination. */
    readonly completeFacts: (
      account: AccountId,
      quoteId: number
    ) => Effect.Effect<{ readonly readyInvoicesExist: boolean; readonly addonConnected: boolean }>
    /** The account's name, date style and tax word, for documents. */
    readonly business: (
      account: AccountId
    ) => Effect.Effect<{ readonly name: string; readonly date_format: string; readonly tax_word: string }>
    /** The account's tax rates by id. */
    readonly taxTable: (account: AccountId) => Effect.Effect<ReadonlyMap<number, Money.Decimal>>
    /** Who a quote's invoices are for: the first contact's name (and company), and every contact with an email. */
    readonly billTo: (account: AccountId, quoteId: number) => Effect.Effect<BillTo>
    /** Lock one invoice for the sync worker's transaction; `None` when it is no longer waiting. */
    readonly lockQueued: (account: AccountId, id: number) => Effect.Effect<Option.Option<Invoice.Invoice>>
  }
>()("quotekit/server/InvoiceRepo") {}

/** The documents' row as selected. */
interface DocumentRow {
  readonly quote_invoice_id: number
  readonly quote_id: number
  readonly number: string
  readonly issued_at: Date
  readonly due_at: Date
  readonly currency_id: number
  readonly content: unknown
  readonly total: string
  readonly customer_name: string
  readonly paid_at: Date | null
}

const toDocument = (r: DocumentRow): DocumentRecord => ({
  quote_invoice_id: r.quote_invoice_id,
  quote_id: r.quote_id,
  number: r.number,
  issued: seconds(r.issued_at),
  due: seconds(r.due_at),
  currency_id: r.currency_id,
  content: decodeContent(typeof r.content === "string" ? JSON.parse(r.content) : r.content),
  total: Money.make(r.total),
  customer_name: r.customer_name,
  paid_at: seconds(r.paid_at)
})

const DEFAULT_SETTINGS: InvoicingSettings = {
  builtin_enabled: false,
  prefix: "INV-",
  next_number: 1,
  payment_terms_days: 14,
  payment_instructions: "",
  email_invoices: true,
  page_size: "A4"
}

/** The issued-document facts of a stored document, for the panel (links made by the caller). */
export const issuedOf = (d: DocumentRecord, url: string, pdfUrl: string): IssuedDocument => ({
  number: d.number,
  issued: d.issued,
  due: d.due,
  total: d.total,
  url,
  pdf_url: pdfUrl,
  paid_at: d.paid_at
})

/** The repository over the SQL client. */
export const layer = Layer.effect(
  InvoiceRepo,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const select = sql.literal(columns)
    const documentColumns = sql.literal(`quote_invoice_id, quote_id, number, issued_at, due_at, currency_id, content,
      total::text AS total, customer_name, paid_at`)

    const settings = (account: AccountId) =>
      sql<InvoicingSettings>`
        SELECT builtin_enabled, prefix, next_number, payment_terms_days::int AS payment_terms_days,
               payment_instructions, email_invoices, page_size
        FROM invoicing_settings WHERE account_id = ${account}`.pipe(
        Effect.map((rows) => rows[0] ?? DEFAULT_SETTINGS),
        Effect.orDie
      )

    return InvoiceRepo.of({
      list: (account, quoteId) =>
        sql<InvoiceRow>`
          SELECT ${select} FROM quote_invoices WHERE account_id = ${account} AND quote_id = ${quoteId}
          ORDER BY invoice_creation, quote_invoice_id`.pipe(
          Effect.map((rows) => rows.map((r) => ({ invoice: toInvoice(r), client_ref: r.client_ref }))),
          Effect.orDie
        ),
      insert: (i, clientRef) =>
        sql<{ readonly quote_invoice_id: number }>`
          INSERT INTO quote_invoices (account_id, quote_id, invoice_adj_at, invoice_sync_status, per_chosen,
            invoice_status, invoice_type_in, invoice_type_out, invoice_amount, term_every, term_type, term_duration,
            invoice_group, invoice_removed_index, invoice_creation, invoice_modified, client_ref)
          VALUES (${i.account_id}, ${i.quote_id}, ${i.invoice_adj_at}, ${i.invoice_sync_status}, ${i.per_chosen},
            ${i.invoice_status}, ${i.invoice_type_in}, ${i.invoice_type_out}, ${Money.toFixed(i.invoice_amount, 2)},
            ${i.term_every}, ${i.term_type}, ${i.term_duration}, ${i.invoice_group}, ${i.invoice_removed_index},
            clock_timestamp(), clock_timestamp(), ${clientRef})
          RETURNING quote_invoice_id`.pipe(
          Effect.map((rows) => rows[0]?.quote_invoice_id ?? 0),
          Effect.orDie
        ),
      update: (i) =>
        sql`
          UPDATE quote_invoices SET invoice_adj_at = ${i.invoice_adj_at}, per_chosen = ${i.per_chosen},
            invoice_status = ${i.invoice_status}, invoice_sync_status = ${i.invoice_sync_status},
            invoice_type_out = ${i.invoice_type_out}, invoice_amount = ${Money.toFixed(i.invoice_amount, 2)},
            invoice_removed_index = ${i.invoice_removed_index}, invoice_sent_date = ${timeOrNull(i.invoice_sent_date)},
            addon_id = ${i.addon_id === 0 ? null : i.addon_id}, addon_org_id = ${i.addon_org_id},
            addon_invoice_id = ${i.addon_invoice_id}, addon_invoice_number = ${i.addon_invoice_number},
            addon_invoice_url = ${i.addon_invoice_url}, addon_url = ${i.addon_url ?? ""},
            error_html = ${i.error_html ?? ""}, invoice_modified = now(),
            claimed_until = CASE WHEN ${i.invoice_sync_status} = 10 THEN claimed_until END,
            sync_attempts = CASE WHEN ${i.invoice_sync_status} = 10 THEN sync_attempts ELSE 0 END
          WHERE account_id = ${i.account_id} AND quote_invoice_id = ${i.quote_invoice_id}`.pipe(
          Effect.asVoid,
          Effect.orDie
        ),
      remove: (account, id) =>
        sql`DELETE FROM quote_invoices WHERE account_id = ${account} AND quote_invoice_id = ${id}`.pipe(
          Effect.asVoid,
          Effect.orDie
        ),
      touchQuote: (account, quoteId, at, by) =>
        sql<{ readonly edit_seq: number }>`
          UPDATE quotes SET edit_seq = edit_seq + 1, modified = ${new Date(at)}, modified_by = ${by}
          WHERE account_id = ${account} AND quote_id = ${quoteId} RETURNING edit_seq`.pipe(
          Effect.map((rows) => rows[0]?.edit_seq ?? 0),
          Effect.orDie
        ),
      settings,
      saveSettings: (account, s) =>
        sql`
          INSERT INTO invoicing_settings (account_id, builtin_enabled, prefix, next_number, payment_terms_days,
            payment_instructions, email_invoices, page_size)
          VALUES (${account}, ${s.builtin_enabled}, ${s.prefix}, ${s.next_number}, ${s.payment_terms_days},
            ${s.payment_instructions}, ${s.email_invoices}, ${s.page_size ?? "A4"})
          ON CONFLICT (account_id) DO UPDATE SET builtin_enabled = excluded.builtin_enabled,
            prefix = excluded.prefix,
            next_number = GREATEST(invoicing_settings.next_number, excluded.next_number),
            payment_terms_days = excluded.payment_terms_days, payment_instructions = excluded.payment_instructions,
            email_invoices = excluded.email_invoices,
            page_size = ${s.page_size === undefined ? sql.literal("invoicing_settings.page_size") : sql`excluded.page_size`},
            modified = now()`.pipe(Effect.andThen(settings(account)), Effect.orDie),
      issue: (account, doc) =>
        Effect.gen(function* () {
          // The row lock serialises issues of the account; a rolled-back issue gives its number back.
          const locked = yield* sql<{
            readonly prefix: string
            readonly next_number: number
            readonly payment_terms_days: number
          }>`
            UPDATE invoicing_settings SET next_number = next_number + 1
            WHERE account_id = ${account}
            RETURNING prefix, next_number - 1 AS next_number, payment_terms_days::int AS payment_terms_days`
          const s = locked[0] ?? { prefix: DEFAULT_SETTINGS.prefix, next_number: 1, payment_terms_days: 14 }
          const number = `${s.prefix}${String(s.next_number).padStart(4, "0")}`
          const due = doc.issued + s.payment_terms_days * 86_400
          yield* sql`
            INSERT INTO invoice_documents (quote_invoice_id, account_id, quote_id, number_seq, number, issued_at,
              due_at, currency_id, content, total, customer_name)
            VALUES (${doc.quote_invoice_id}, ${account}, ${doc.quote_id}, ${s.next_number}, ${number},
              ${new Date(doc.issued * 1000)}, ${new Date(due * 1000)}, ${doc.currency_id},
              ${encodeContent(doc.content)}::jsonb, ${Money.toFixed(doc.content.total, 2)}, ${doc.customer_name})`
          return { number, due }
        }).pipe(Effect.orDie),
      documents: (account, quoteId) =>
        sql<DocumentRow>`
          SELECT ${documentColumns} FROM invoice_documents WHERE account_id = ${account} AND quote_id = ${quoteId}`.pipe(
          Effect.map((rows) => rows.map(toDocument)),
          Effect.orDie
        ),
      document: (account, invoiceId) =>
        sql<DocumentRow>`
          SELECT ${documentColumns} FROM invoice_documents
          WHERE account_id = ${account} AND quote_invoice_id = ${invoiceId}`.pipe(
          Effect.map((rows) => Option.map(Option.fromNullishOr(rows[0]), toDocument)),
          Effect.orDie
        ),
      setPaid: (account, invoiceId, paidAt, by) =>
        sql<{ readonly quote_invoice_id: number }>`
          UPDATE invoice_documents SET paid_at = ${timeOrNull(paidAt)}, paid_by = ${paidAt > 0 ? by : null}
          WHERE account_id = ${account} AND quote_invoice_id = ${invoiceId} RETURNING quote_invoice_id`.pipe(
          Effect.map((rows) => rows.length > 0),
          Effect.orDie
        ),
      accountInvoices: (account, filter) =>
        Effect.gen(function* () {
          const paid =
            filter.paid === "paid"
              ? sql.literal("AND d.paid_at IS NOT NULL")
              : filter.paid === "unpaid"
                ? sql.literal("AND d.paid_at IS NULL AND i.invoice_status <> 100")
                : sql.literal("")
          const rows = yield* sql<{
            readonly quote_invoice_id: number
            readonly quote_id: number
            readonly quote_no: number
            readonly quote_title: string
            readonly customer_name: string
            readonly kind: number
            readonly number: string
            readonly issued_at: Date
            readonly due_at: Date
            readonly currency_id: number
            readonly total: string
            readonly status: number
            readonly paid_at: Date | null
            readonly total_rows: number
          }>`
            SELECT d.quote_invoice_id, d.quote_id, q.quote_no, q.title AS quote_title, d.customer_name,
              i.invoice_type_in::int AS kind, d.number, d.issued_at, d.due_at, d.currency_id, d.total::text AS total,
              i.invoice_status::int AS status, d.paid_at, count(*) OVER ()::int AS total_rows
            FROM invoice_documents d
            JOIN quote_invoices i ON i.account_id = d.account_id AND i.quote_invoice_id = d.quote_invoice_id
            JOIN quotes q ON q.account_id = d.account_id AND q.quote_id = d.quote_id
            WHERE d.account_id = ${account} ${paid}
            ORDER BY d.number_seq DESC
            OFFSET ${filter.offset} LIMIT ${filter.limit}`
          return {
            total: rows[0]?.total_rows ?? 0,
            rows: rows.map((r) => ({
              quote_invoice_id: r.quote_invoice_id,
              quote_id: r.quote_id,
              quote_no: r.quote_no,
              quote_title: r.quote_title,
              customer: r.customer_name,
              kind: r.kind as Invoice.InvoiceType,
              number: r.number,
              issued: seconds(r.issued_at),
              due: seconds(r.due_at),
              currency_id: r.currency_id as AccountInvoice["currency_id"],
              total: Money.make(r.total),
              status: r.status as Invoice.InvoiceStatus,
              paid_at: seconds(r.paid_at)
            }))
          }
        }).pipe(Effect.orDie),
      claimDue: (nowMs, leaseMs, limit) =>
        sql<{
          readonly account_id: number
          readonly quote_id: number
          readonly quote_invoice_id: number
          readonly attempts: number
        }>`
          UPDATE quote_invoices i SET claimed_until = ${new Date(nowMs + leaseMs)}, sync_attempts = i.sync_attempts + 1
          WHERE i.quote_invoice_id IN (
            SELECT quote_invoice_id FROM quote_invoices
            WHERE invoice_sync_status = 10 AND (claimed_until IS NULL OR claimed_until <= ${new Date(nowMs)})
            ORDER BY invoice_modified LIMIT ${limit}
            FOR UPDATE SKIP LOCKED)
          RETURNING i.account_id, i.quote_id, i.quote_invoice_id, i.sync_attempts::int AS attempts`.pipe(
          Effect.map((rows) =>
            rows.map((r) => ({
              account_id: r.account_id as AccountId,
              quote_id: r.quote_id,
              quote_invoice_id: r.quote_invoice_id,
              attempts: r.attempts
            }))
          ),
          Effect.orDie
        ),
      completeFacts: (account, quoteId) =>
        sql<{ readonly ready: boolean; readonly builtin: boolean }>`
          SELECT EXISTS (SELECT 1 FROM quote_invoices WHERE account_id = ${account} AND quote_id = ${quoteId}
                           AND invoice_status = 0) AS ready,
                 coalesce((SELECT builtin_enabled FROM invoicing_settings WHERE account_id = ${account}), false)
                   OR EXISTS (SELECT 1 FROM addon_connections WHERE account_id = ${account} AND addon_id IN (1, 7)
                                AND status <> 'disconnected' AND addon_org_id <> '')
                   AS builtin`.pipe(
          Effect.map((rows) => ({
            readyInvoicesExist: rows[0]?.ready === true,
            addonConnected: rows[0]?.builtin === true
          })),
          Effect.orDie
        ),
      business: (account) =>
        sql<{ readonly name: string; readonly date_format: string; readonly tax_word: string }>`
          SELECT name, date_format, tax_word FROM accounts WHERE account_id = ${account}`.pipe(
          Effect.map((rows) => rows[0] ?? { name: "", date_format: "MMM d, yyyy", tax_word: "tax" }),
          Effect.orDie
        ),
      taxTable: (account) =>
        sql<{ readonly item_tax_id: number; readonly tax_rate: string }>`
          SELECT item_tax_id, tax_rate::text AS tax_rate FROM item_taxes WHERE account_id = ${account}`.pipe(
          Effect.map((rows) => new Map(rows.map((r) => [r.item_tax_id, Money.make(r.tax_rate)]))),
          Effect.orDie
        ),
      billTo: (account, quoteId) =>
        sql<{
          readonly quote_contact_id: number
          readonly name: string
          readonly company: string | null
          readonly email: string | null
        }>`
          SELECT qc.quote_contact_id,
            coalesce(nullif(btrim(coalesce(c.name_first, '') || ' ' || coalesce(c.name_last, '')), ''), c.email, '') AS name,
            co.name_first AS company, c.email
          FROM quote_contacts qc
          JOIN contacts c ON c.account_id = qc.account_id AND c.contact_id = qc.contact_id
          LEFT JOIN contacts co ON co.account_id = c.account_id AND co.contact_id = c.company_id
          WHERE qc.account_id = ${account} AND qc.quote_id = ${quoteId}
          ORDER BY qc.contact_order, qc.quote_contact_id`.pipe(
          Effect.map((rows) => {
            const first = rows[0]
            return {
              name: first?.name ?? "",
              lines: [first?.company ?? "", first?.email ?? ""].filter((x) => x !== ""),
              recipients: rows
                .filter((r) => r.email !== null && r.email !== "")
                .map((r) => ({ quote_contact_id: r.quote_contact_id, name: r.name, email: r.email ?? "" }))
            }
          }),
          Effect.orDie
        ),
      lockQueued: (account, id) =>
        sql<InvoiceRow>`
          SELECT ${select} FROM quote_invoices
          WHERE account_id = ${account} AND quote_invoice_id = ${id} AND invoice_sync_status = 10
          FOR UPDATE`.pipe(
          Effect.map((rows) => Option.map(Option.fromNullishOr(rows[0]), toInvoice)),
          Effect.orDie
        )
    })
  })
)
