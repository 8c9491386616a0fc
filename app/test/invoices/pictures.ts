/**
 * Invoicing pictures for the panel's tests, written as the server answers them (JSON) and decoded with the
 * contract's schema, so a fixture the contract would refuse fails here first.
 */
import * as InvoicesApi from "@quotekit/core/api/InvoicesApi"
import { Schema } from "effect"

const line = (id: number, title: string, percent: number, amount: string) => ({
  quote_item_id: id,
  title,
  percent,
  quantity: "1",
  amount
})

/** A stored invoice as JSON, ready unless `over` says otherwise. */
export const invoiceJson = (id: number, over: Record<string, unknown> = {}) => ({
  quote_invoice_id: id,
  account_id: 1,
  quote_id: 7,
  invoice_adj_at: 0,
  addon_org_id: "",
  addon_invoice_url: "",
  addon_id: 0,
  addon_invoice_id: "",
  addon_invoice_number: "",
  invoice_sync_status: 1,
  per_chosen: 30,
  invoice_status: 0,
  invoice_type_in: 5,
  invoice_type_out: 5,
  invoice_amount: "1650",
  term_every: 0,
  term_type: 2,
  term_duration: 0,
  invoice_removed_index: 0,
  invoice_sent_date: 0,
  invoice_creation: 1_800_000_000,
  invoice_modified: 1_800_000_000,
  invoice_group: "up-front",
  addon_url: "",
  error_html: "",
  ...over
})

/** A panel row as JSON around an invoice. */
export const rowJson = (invoice: Record<string, unknown>, over: Record<string, unknown> = {}) => ({
  invoice,
  position: 0,
  applied: invoice.invoice_amount,
  charged: invoice.invoice_amount,
  lines: [line(1, "Labour", 30, "600"), line(2, "Oak finish", 30, "1050")],
  percent_left_before: 100,
  percent_left_after: 70,
  restored: "0",
  editable: invoice.invoice_status === 0,
  locked: invoice.invoice_status !== 0,
  document: null,
  ...over
})

/** A synced built-in document as JSON. */
export const documentJson = (number: string) => ({
  number,
  issued: 1_800_000_000,
  due: 1_801_209_600,
  total: "1650",
  url: `https://quotekit.test/i/1/${number}`,
  pdf_url: `https://quotekit.test/i/1/${number}.pdf`,
  paid_at: 0
})

/** A picture of quote 7 (USD, accepted, built-in invoices on): `rows` and the next invoice at 70%. */
export const picture = (
  rows: ReadonlyArray<Record<string, unknown>> = [],
  over: Record<string, unknown> = {},
  group: Record<string, unknown> = {}
): InvoicesApi.Invoicing =>
  Schema.decodeUnknownSync(InvoicesApi.Invoicing)({
    quote_id: 7,
    _modifiedIn: 4,
    status: "accepted",
    currency_id: 156,
    destination: { kind: "built-in", name: "quotekit invoices" },
    creation_blocked: null,
    groups: [
      {
        key: "up-front",
        label: "Up front",
        total: "5500",
        invoiced: "1650",
        remaining: "3850",
        restored: "0",
        charged_total: "5500",
        charged_invoiced: "1650",
        charged_remaining: "3850",
        percent_left: 70,
        invoices: rows,
        next_invoice: {
          type: 0,
          percent: 70,
          adj_at: 0,
          applied: "3850",
          charged: "3850",
          lines: [line(1, "Labour", 70, "1400"), line(2, "Oak finish", 70, "2450")]
        },
        next_credit: null,
        skipped: null,
        ...group
      }
    ],
    adjustment: { next_adj_index: 0, letter: "", editable: false, disabled: null, warning: null },
    ready_count: rows.filter((r) => (r.invoice as { invoice_status: number }).invoice_status === 0).length,
    ...over
  })
