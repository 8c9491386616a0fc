/**
 * quotekit's invoices and credit notes as QuickBooks `Invoice`s and `CreditMemo`s.
 *
 * Lines are `SalesItemLineDetail` lines: the amount quotekit computed, the item (the mapped account code,
 * QuickBooks' default item when none), the quantity and unit price when they multiply to the amount (QuickBooks
 * refuses a line whose `Qty x UnitPrice` is not its `Amount`, which a percentage invoice's lines are not; those
 * go as an amount alone), and the mapped `TaxCodeRef`. `GlobalTaxCalculation` says whether the amounts include
 * tax (`TaxInclusive`: each line gives its tax-inclusive amount as `TaxInclusiveAmt`, from which QuickBooks
 * works out the net `Amount` it keeps, so no unit price is sent that would have to match either) or not
 * (`TaxExcluded`); `CurrencyRef` the currency.
 *
 * Finding a document again: the invoice number (`DocNumber`) is left to QuickBooks, so the business's own
 * numbering goes on (Intuit advises against sending one when the company does not use custom transaction
 * numbers). quotekit's reference goes in the `PrivateNote` (never shown to the customer) as a line
 * `quotekit: qk-12-345`, which `findDocument` looks for among the documents created in the look-up window.
 *
 * @since 0.1.0
 */

import type { Created, Document } from "@quotekit/addons/Accounting"
import { BigDecimal, Option } from "effect"
import type * as Entities from "./internal/Entities.ts"
import * as Json from "./internal/Json.ts"

/** The line of the private note that carries quotekit's reference. */
export const markerOf = (reference: string): string => `quotekit: ${reference}`

/** Whether a document's private note carries the reference. */
export const hasMarker = (privateNote: string | undefined, reference: string): boolean =>
  (privateNote ?? "").split(/\r?\n/).some((line) => line.trim() === markerOf(reference))

/** The entity of a kind: its name in paths and queries. */
export const entityOf = (kind: Document["kind"]): { readonly path: string; readonly name: string } =>
  kind === "invoice" ? { path: "invoice", name: "Invoice" } : { path: "creditmemo", name: "CreditMemo" }

const decimal = (text: string): BigDecimal.BigDecimal => Option.getOrThrow(BigDecimal.fromString(text))

/** Whether `quantity x unit` is `amount` to the cent (QuickBooks' own check on a line). */
export const multipliesTo = (quantity: string, unit: string, amount: string): boolean => {
  const product = BigDecimal.round(BigDecimal.multiply(decimal(quantity), decimal(unit)), {
    scale: 2,
    mode: "half-from-zero"
  })
  return BigDecimal.equals(product, decimal(amount))
}

/** The body of `POST /invoice` or `POST /creditmemo`. */
export const bodyOf = (document: Document): Record<string, unknown> => ({
  CustomerRef: { value: document.contact_id },
  TxnDate: document.date,
  // A credit memo has no due date.
  ...(document.kind === "invoice" ? { DueDate: document.due_date } : {}),
  CurrencyRef: { value: document.currency },
  GlobalTaxCalculation: document.amounts_include_tax ? "TaxInclusive" : "TaxExcluded",
  PrivateNote: markerOf(document.reference),
  Line: document.lines.map((line) => ({
    DetailType: "SalesItemLineDetail",
    Amount: Json.decimal(line.amount),
    ...(line.description === "" ? {} : { Description: line.description.slice(0, 4000) }),
    SalesItemLineDetail: {
      ...(line.account_code === null ? {} : { ItemRef: { value: line.account_code } }),
      ...(!document.amounts_include_tax && multipliesTo(line.quantity, line.unit_amount, line.amount)
        ? { Qty: Json.decimal(line.quantity), UnitPrice: Json.decimal(line.unit_amount) }
        : {}),
      ...(line.tax_code === null ? {} : { TaxCodeRef: { value: line.tax_code } }),
      ...(document.amounts_include_tax ? { TaxInclusiveAmt: Json.decimal(line.amount) } : {})
    }
  }))
})

/** A created document: QuickBooks' number (its id when the company leaves numbers blank) and its page. */
export const createdOf = (app: string, kind: Document["kind"], txn: Entities.Transaction): Created => ({
  id: txn.Id,
  number: txn.DocNumber ?? txn.Id,
  url: `${app}/app/${entityOf(kind).path}?txnId=${encodeURIComponent(txn.Id)}`
})
