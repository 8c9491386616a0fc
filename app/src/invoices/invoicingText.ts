/**
 * The texts of the invoicing screens that the core's message catalogue does not have yet (the panel's column
 * names, buttons, the invoices list and the invoicing settings), worded in the account's product noun as the
 * catalogue is (`Wording.localise`). Texts the catalogue has ('Syncing', 'Show Issue', 'Never created',
 * 'Restore to Ready', 'Add or Credit Items', 'Deposit', 'Credit', 'Total'...) are read from it, never repeated
 * here; each text here belongs in `core/src/Message.ts` once the core takes it.
 */
import * as Wording from "@quotekit/core/Wording"
import { useNoun } from "../page/useMessages.ts"

const text = {
  invoicing: "Invoicing",
  invoice: "Invoice",
  invoices: "Invoices",
  kind: "Type",
  percent: "Percent",
  statusReady: "Ready",
  statusQueued: "Creating",
  statusRemoved: "Removed",
  split: "Split",
  stage: "Stage",
  createNow: "Create now",
  doNotCreate: "Do not create",
  markRemoved: "Mark removed",
  /** `kind` lower case ("deposit"): arguments pass through the rewording untouched. */
  next: (kind: string) => `Next ${kind}`,
  skippedNote: "Nothing to invoice in this group for now; a staged invoice fills as items are added.",
  lines: (n: number) => (n === 1 ? "1 line" : `${n} lines`),
  linesOf: (kind: string) => `Lines of the ${kind}`,
  item: "Item",
  quantity: "Quantity",
  invoiced: "Invoiced",
  remaining: "Remaining",
  restored: "Given back by removals",
  viewInvoice: "View",
  /** The link to an invoice in the accounting add-on it was created in. */
  viewIn: (addOn: string) => `View in ${addOn}`,
  addOns: "Add-ons",
  pdf: "PDF",
  amountOnStage: "Stage to see the amount",
  invoicingSettings: "Invoicing settings",
  builtinInvoices: "quotekit invoices: number, email and publish invoices yourself, no accounting package needed",
  builtinOn: "Created invoices are numbered, emailed and published by quotekit.",
  prefix: "Invoice number prefix",
  nextNumber: "Next invoice number",
  prefixHint: "Up to 12 letters, digits or - _ / .",
  nextNumberHint: "A whole number from 1; numbers only move forward, so none is used twice.",
  paymentTermsDays: "Payment terms (days)",
  paymentTermsHint: "0 to 365 days from the invoice date to its due date.",
  paymentInstructions: "Payment instructions",
  paymentInstructionsHint: "Printed under the totals: bank details, how to pay.",
  emailInvoices: "Email each invoice to the quote's contacts",
  pageSize: "PDF page size (invoices and quotes)",
  readOnlySettings: "Only an account admin can change these settings.",
  customer: "Customer",
  quote: "Quote",
  issued: "Issued",
  due: "Due",
  paid: "Paid",
  unpaid: "Unpaid",
  paidOn: (date: string) => `Paid ${date}`,
  paidDate: "Paid on",
  markPaid: "Mark paid",
  markUnpaid: "Mark unpaid",
  exportCsv: "Export CSV",
  noInvoices: "No invoices here. Invoices created from accepted quotes show here.",
  paidFilter: "Show"
} as const

/** The invoicing texts in a product noun. */
export type InvoicingText = Wording.Localised<typeof text>

const byNoun = new Map<Wording.Noun, InvoicingText>()

/** The invoicing texts for a noun, built once per noun. */
export const invoicingTextFor = (noun: Wording.Noun): InvoicingText => {
  let t = byNoun.get(noun)
  if (t === undefined) {
    t = Wording.localise(noun, text)
    byNoun.set(noun, t)
  }
  return t
}

/** The invoicing texts in the current product noun. */
export const useInvoicingText = (): InvoicingText => invoicingTextFor(useNoun())
