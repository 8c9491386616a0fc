/**
 * The `Document` an accounting add-on receives for one of our invoices, built from the invoice's content
 * (`InvoiceDocument.Content`: its lines, tax per rate and totals, exactly as the built-in invoice shows them),
 * the account's tax mapping and its revenue account code.
 *
 * A line whose quantity (the part of the item this invoice takes: 0.9 of 3 for a 30 % deposit) times its unit
 * price is its amount goes as that quantity and price; any other (a discounted line) goes as one unit of its
 * amount, so the add-on's line total is ours to the cent. A part of an item says which part ('Boards (30%)').
 * Credit notes list positive amounts, as both add-ons expect.
 *
 * @example
 * const doc = AccountingDocument.build({ content, reference: AccountingDocument.reference(instance, 12, 345), … })
 *
 * @since 0.5.0
 */
import * as Invoice from "@quotekit/core/Invoice"
import type * as InvoiceDocument from "@quotekit/core/InvoiceDocument"
import * as Money from "@quotekit/core/Money"
import { BigDecimal } from "effect"
import type { Document, DocumentLine } from "./Accounting.ts"

/**
 * quotekit's stable key of one invoice in an add-on: the look-up-before-create key. `instance` is the
 * installation's own random id, so another installation's invoice 1 of account 1 is never taken for ours.
 */
export const reference = (instance: string, accountId: number, invoiceId: number): string =>
  `qk-${instance}-${accountId}-${invoiceId}`

/** What a document is built from. */
export interface Input {
  readonly content: InvoiceDocument.Content
  readonly reference: string
  readonly contactId: string
  /** `YYYY-MM-DD` */
  readonly date: string
  readonly dueDate: string
  readonly currency: string
  /** Our tax id of a quote row, by `quote_item_id` (0 when untaxed). */
  readonly taxIdOf: (quoteItemId: number) => number
  /** The organisation's tax code our tax id maps to; `null` when unmapped or untaxed. */
  readonly taxCodeOf: (taxId: number) => string | null
  /** The revenue account code; empty for the add-on's default. */
  readonly accountCode: string
}

const fixed2 = (d: BigDecimal.BigDecimal) => Money.toFixed(d, 2)
const fixed4 = (d: BigDecimal.BigDecimal) => Money.toFixed(d, 4)

const describe = (l: InvoiceDocument.Line): string => {
  const title = l.title === "" ? l.item_code || "Item" : l.title
  return l.percent === 100 ? title : `${title} (${l.percent}%)`
}

/** One line as the add-on gets it. */
export const line = (l: InvoiceDocument.Line, taxCode: string | null, accountCode: string): DocumentLine => {
  const amount = Money.roundTo(l.amount, 2)
  const whole =
    BigDecimal.equals(Money.roundTo(BigDecimal.multiply(l.quantity, l.price_unit), 2), amount) &&
    !BigDecimal.isZero(l.quantity)
  return {
    description: describe(l),
    item_code: l.item_code,
    quantity: whole ? fixed4(l.quantity) : "1.0000",
    unit_amount: whole ? fixed4(l.price_unit) : fixed4(amount),
    amount: fixed2(amount),
    tax_code: taxCode,
    account_code: accountCode === "" ? null : accountCode
  }
}

/** The document of an invoice (a credit note for our credits). */
export const build = (input: Input): Document => ({
  kind: input.content.kind === Invoice.InvoiceType.Credit ? "credit" : "invoice",
  reference: input.reference,
  contact_id: input.contactId,
  date: input.date,
  due_date: input.dueDate,
  currency: input.currency,
  amounts_include_tax: input.content.amounts_entered === "inclusive",
  // The mapping wins, a 0 % tax's too (zero-rated and exempt are different boxes of a GST or VAT return); an
  // unmapped line goes without a tax code, for the add-on's default.
  lines: input.content.lines.map((l) => line(l, input.taxCodeOf(input.taxIdOf(l.quote_item_id)), input.accountCode)),
  total: fixed2(input.content.total)
})

/** `YYYY-MM-DD` of an epoch-seconds time, in UTC. */
export const day = (epochSeconds: number): string => new Date(epochSeconds * 1000).toISOString().slice(0, 10)
