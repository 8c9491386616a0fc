/**
 * What the invoicing panel offers, from the server's picture: when the panel shows, each row's and suggestion's
 * buttons (none to create without a destination, nothing while the quote is not accepted), what Split sends
 * (nothing for an unchanged percent), the adjustment index of subscription groups, amounts with the currency
 * symbol and comma thousands, and the Complete button's label.
 */
import type * as QuotesApi from "@quotekit/core/api/QuotesApi"
import * as Message from "@quotekit/core/Message"
import * as Money from "@quotekit/core/Money"
import * as SubscriptionTerm from "@quotekit/core/SubscriptionTerm"
import { describe, expect, it } from "vitest"
import {
  adjAtFor,
  completesAndInvoices,
  isSyncing,
  mayHaveInvoices,
  money,
  readyInvoiceIds,
  rowActions,
  showsPanel,
  splitPercent,
  statusName,
  suggestionActions,
  typeName,
  withCompleteLabel
} from "../../src/invoices/InvoiceOffers.ts"
import { invoicingTextFor } from "../../src/invoices/invoicingText.ts"
import { messagesFor } from "../../src/page/useMessages.ts"
import { documentJson, invoiceJson, picture, rowJson } from "./pictures.ts"

const m = messagesFor("quote")
const t = invoicingTextFor("quote")
const noAddon = { creation_blocked: { reason: "no-addon" as const, message: Message.catalogue.connectAccounting } }
const notAccepted = { creation_blocked: { reason: "not-accepted" as const, message: "" } }
const open = { creation_blocked: null }

const ready = picture([rowJson(invoiceJson(1))]).groups[0]!.invoices[0]!
const sent = picture([
  rowJson(invoiceJson(2, { invoice_status: 11, invoice_sync_status: 11 }), { document: documentJson("INV-0001") })
]).groups[0]!.invoices[0]!
const queued = picture([rowJson(invoiceJson(3, { invoice_status: 10, invoice_sync_status: 10 }))]).groups[0]!
  .invoices[0]!
const removed = picture([rowJson(invoiceJson(4, { invoice_status: 100 }))]).groups[0]!.invoices[0]!

describe("InvoiceOffers", () => {
  it("shows the panel for an accepted quote, and for any quote with invoices", () => {
    expect(showsPanel(picture())).toBe(true)
    expect(showsPanel(picture([], { status: "sent" }))).toBe(false)
    expect(showsPanel(picture([rowJson(invoiceJson(1))], { status: "sent" }))).toBe(true)
  })

  it("fetches a picture for quotes past draft only", () => {
    expect(mayHaveInvoices("draft")).toBe(false)
    expect(
      ["sent", "sentEditing", "accepted", "declined", "withdrawn", "expired"].every((s) => mayHaveInvoices(s as "sent"))
    ).toBe(true)
  })

  it("offers a ready row Create now (only with a destination), Remove and Do not create", () => {
    expect(rowActions(ready, open)).toEqual(["createNow", "remove", "doNotCreate"])
    expect(rowActions(ready, noAddon)).toEqual(["remove", "doNotCreate"])
    expect(rowActions(ready, notAccepted)).toEqual(["remove", "doNotCreate"])
  })

  it("offers a sent row Mark removed; queued and removed rows nothing", () => {
    expect(rowActions(sent, open)).toEqual(["markRemoved"])
    expect(rowActions(queued, open)).toEqual([])
    expect(rowActions(removed, open)).toEqual([])
  })

  it("offers suggestions Stage and Create now, the skipped one Restore to Ready; nothing before acceptance", () => {
    expect(suggestionActions("next", open)).toEqual(["stage", "createNow"])
    expect(suggestionActions("credit", open)).toEqual(["stage", "createNow"])
    expect(suggestionActions("next", noAddon)).toEqual(["stage"])
    expect(suggestionActions("skipped", open)).toEqual(["restore"])
    expect(suggestionActions("skipped", noAddon)).toEqual(["restore"])
    expect(suggestionActions("next", notAccepted)).toEqual([])
    expect(suggestionActions("skipped", notAccepted)).toEqual([])
  })

  it("sends nothing from Split when the percent is unchanged or the row not editable", () => {
    expect(splitPercent(ready, 30)).toBeNull()
    expect(splitPercent(ready, 40)).toBe(40)
    expect(splitPercent(sent, 40)).toBeNull()
  })

  it("names adjustment 0 for subscription groups, the given one up front", () => {
    expect(adjAtFor(SubscriptionTerm.upFrontKey, 2)).toBe(2)
    expect(adjAtFor(SubscriptionTerm.groupKey({ term_every: 1, term_type: 2, term_duration: 12 }), 2)).toBe(0)
  })

  it("polls while an invoice syncs", () => {
    expect(isSyncing(picture([rowJson(invoiceJson(3, { invoice_status: 10, invoice_sync_status: 10 }))]))).toBe(true)
    expect(isSyncing(picture([rowJson(invoiceJson(1))]))).toBe(false)
  })

  it("writes amounts with the symbol, comma thousands and 2 decimals", () => {
    expect(money("$", Money.make("1234567.5"))).toBe("$1,234,567.50")
    expect(money("€", Money.make("-20"))).toBe("-€20.00")
    expect(money("", Money.zero)).toBe("0.00")
  })

  it("names types and statuses", () => {
    expect([0, 5, 10, 20].map((k) => typeName(m, t, k as 0 | 5 | 10 | 20))).toEqual([
      "Invoice",
      "Deposit",
      "Credit",
      "Subscription"
    ])
    expect([0, 10, 11, 100].map((s) => statusName(m, t, s as 0 | 10 | 11 | 100))).toEqual([
      "Ready",
      "Creating",
      "Sent",
      "Removed"
    ])
  })

  it("words Complete 'Complete & Invoice' while ready invoices exist and a destination is connected", () => {
    const offers: ReadonlyArray<QuotesApi.ActionOffer> = [
      { action: "complete", label: m.complete, disabledReason: null, checked: false, confirmation: null },
      { action: "undoAcceptance", label: m.undoAcceptance, disabledReason: null, checked: null, confirmation: null }
    ]
    const withReady = picture([rowJson(invoiceJson(1))])
    expect(withCompleteLabel(offers, withReady, 0).map((o) => o.label)).toEqual([
      Message.catalogue.completeAndInvoice,
      m.undoAcceptance
    ])
    expect(completesAndInvoices(withReady)).toBe(true)
    const none = picture([rowJson(invoiceJson(1))], { destination: { kind: "none", name: "" } })
    expect(withCompleteLabel(offers, none, 0)).toBe(offers)
    expect(withCompleteLabel(offers, picture(), 0)).toBe(offers)
    expect(withCompleteLabel(offers, undefined, 0)).toBe(offers)
  })

  it("lists the ready invoices 'Complete & Invoice' creates", () => {
    const p = picture([
      rowJson(invoiceJson(1)),
      rowJson(invoiceJson(2, { invoice_status: 11, invoice_sync_status: 11 })),
      rowJson(invoiceJson(5))
    ])
    expect(readyInvoiceIds(p)).toEqual([1, 5])
  })
})
