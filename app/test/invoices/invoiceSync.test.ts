/**
 * The spec's rule for real-time invoice updates: merged into the held picture only when the invoice is on it, the
 * update is not older than the held copy and the held copy is sent; otherwise skipped and logged.
 */
import type { Invoicing } from "@quotekit/core/api/InvoicesApi"
import * as Invoice from "@quotekit/core/Invoice"
import { QueryClient } from "@tanstack/react-query"
import { Schema } from "effect"
import { afterEach, describe, expect, it, vi } from "vitest"
import { applyInvoiceSync, merge } from "../../src/invoices/invoiceSync.ts"
import { invoicingKey } from "../../src/invoices/useInvoicing.ts"
import { invoiceJson, picture, rowJson } from "./pictures.ts"

const sent = { invoice_status: 11, invoice_sync_status: 11 }
const decode = Schema.decodeUnknownSync(Invoice.Invoice)
/** An update of invoice 31 at `modified` (epoch seconds). */
const update = (modified: number, over: Record<string, unknown> = {}) =>
  decode(invoiceJson(31, { ...sent, invoice_modified: modified, addon_invoice_number: "INV-9", ...over }))
const held = (over: Record<string, unknown> = sent) =>
  picture([rowJson(invoiceJson(30, sent)), rowJson(invoiceJson(31, over))])
const invoiceOf = (p: Invoicing, id: number) =>
  p.groups.flatMap((g) => g.invoices).find((r) => r.invoice.quote_invoice_id === id)?.invoice

afterEach(() => {
  vi.restoreAllMocks()
})

describe("merge", () => {
  it("puts a newer (or same-age) update of a sent invoice in place of the held copy, leaving the rest", () => {
    for (const modified of [1_800_000_000, 1_800_000_100]) {
      const before = held()
      const outcome = merge(before, update(modified))
      expect(outcome._tag).toBe("Merged")
      if (outcome._tag !== "Merged") return
      expect(invoiceOf(outcome.picture, 31)?.addon_invoice_number).toBe("INV-9")
      expect(invoiceOf(outcome.picture, 30)).toBe(invoiceOf(before, 30))
      expect(outcome.picture.groups[0]?.charged_total).toEqual(before.groups[0]?.charged_total)
      expect(invoiceOf(before, 31)?.addon_invoice_number).toBe("")
    }
  })

  it("skips an update older than the held copy", () => {
    expect(merge(held(), update(1_799_999_999))).toEqual({ _tag: "Skipped", reason: "older" })
  })

  it("skips an update when the held copy is not sent (ready, queued or removed)", () => {
    for (const status of [0, 10, 100])
      expect(merge(held({ invoice_status: status }), update(1_800_000_100))).toEqual({
        _tag: "Skipped",
        reason: "not sent"
      })
  })

  it("skips an invoice that is not on the page", () => {
    expect(merge(undefined, update(1_800_000_100))).toEqual({ _tag: "Skipped", reason: "not on the page" })
    expect(merge(held(), update(1_800_000_100, { quote_invoice_id: 99 }))).toEqual({
      _tag: "Skipped",
      reason: "not on the page"
    })
  })
})

describe("applyInvoiceSync", () => {
  it("caches the merged picture", () => {
    const queryClient = new QueryClient()
    queryClient.setQueryData(invoicingKey(7), held())
    const json = invoiceJson(31, { ...sent, invoice_modified: 1_800_000_100, addon_invoice_number: "INV-9" })
    expect(applyInvoiceSync(queryClient, 7, json)._tag).toBe("Merged")
    const cached = queryClient.getQueryData<Invoicing>(invoicingKey(7))
    expect(cached === undefined ? undefined : invoiceOf(cached, 31)?.addon_invoice_number).toBe("INV-9")
  })

  it("only logs what it skips, the cached picture left as it was", () => {
    const debug = vi.spyOn(console, "debug").mockImplementation(() => {})
    const queryClient = new QueryClient()
    const before = held({ invoice_status: 10, invoice_sync_status: 10 })
    queryClient.setQueryData(invoicingKey(7), before)
    applyInvoiceSync(queryClient, 7, invoiceJson(31, { ...sent, invoice_modified: 1_800_000_100 }))
    applyInvoiceSync(queryClient, 7, { quote_invoice_id: "31" })
    expect(debug.mock.calls).toEqual([
      ["invoice-sync for quote 7 skipped: not sent"],
      ["invoice-sync for quote 7 skipped: unreadable"]
    ])
    expect(queryClient.getQueryData(invoicingKey(7))).toBe(before)
  })
})
