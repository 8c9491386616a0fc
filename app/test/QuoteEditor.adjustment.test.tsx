/**
 * The editor in adjustment mode, in happy-dom: the banner names the adjustment being made (and the core's limit
 * warning), rows of earlier rounds are read-only but offer 'Credit', a credit of this round offers 'Uncredit',
 * credited rows are struck through with 'Credited in B' and leave the totals, new rows are 'Added in B' and
 * free; the quote page's 'Add or Credit Items' follows the core's rule.
 */
import * as Adjustment from "@quotekit/core/Adjustment"
import * as LineItem from "@quotekit/core/LineItem"
import * as Message from "@quotekit/core/Message"
import * as Money from "@quotekit/core/Money"
import * as Quote from "@quotekit/core/Quote"
import { QueryClient, QueryClientProvider } from "@tanstack/react-query"
import { cleanup, fireEvent, screen, within } from "@testing-library/react"
import type { ReactNode } from "react"
import { afterEach, describe, expect, it, vi } from "vitest"
import { type ApiClient, ApiProvider } from "../src/api/client.ts"
import { adjustOffer, QuoteActionBar } from "../src/quotes/QuoteActionBar.tsx"
import { QuoteEditor, type SaveResult } from "../src/quotes/QuoteEditor.tsx"
import type { SaveAction } from "../src/quotes/SaveBar.tsx"
import { type Draft, newDraft } from "../src/quotes/useQuoteDraft.ts"
import { account } from "./support/draft.ts"
import { renderInRouter } from "./support/renderInRouter.tsx"

const m = Message.catalogue
const NOW = 1_780_000_000

afterEach(cleanup)

const noCalls = new Proxy({} as ApiClient, {
  get: (_, name) => () => Promise.reject(new Error(`not implemented in this test: ${String(name)}`))
})

const withApi = (ui: ReactNode) => (
  <ApiProvider value={noCalls}>
    <QueryClientProvider client={new QueryClient()}>{ui}</QueryClientProvider>
  </ApiProvider>
)

const priceRow = (id: number, title: string, unit: string, added: number, credited: number): LineItem.QuoteItem => {
  const fields = { price_unit: Money.make(unit), quantity: Money.one, discount_item: Money.zero }
  return new LineItem.QuoteItem({
    ...LineItem.blank(LineItem.ItemType.price, id, id),
    ...fields,
    item_title: title,
    price_total: LineItem.total(fields),
    added_adj_at: added,
    credited_adj_at: credited
  })
}

/** An accepted quote opened for adjustment `adjIndex`: decking (accepted), rails (credited in A), gate (added in A). */
const accepted = (adjIndex: number): Draft => {
  const base = newDraft(account, { mode: "quote" })
  return {
    ...base,
    quote: new Quote.Quote({ ...base.quote, title: "Deck", status: "accepted", quote_id: Quote.QuoteId.make(7) }),
    items: Quote.normalise(
      [priceRow(1, "Decking", "1000", 0, 0), priceRow(2, "Rails", "300", 0, 1), priceRow(3, "Gate", "200", 1, 0)],
      base.defaults
    ),
    adjIndex
  }
}

const savedAs = (d: Draft): Promise<SaveResult> =>
  Promise.resolve({ quote_id: 7, quote_no: 1, items: [], contacts: [], href: "/quotes/7/is-adjustment" }).then((r) => ({
    ...r,
    quote_id: d.quote.quote_id
  }))

const setup = async (adjIndex = 2, onSave: (d: Draft, a: SaveAction) => Promise<SaveResult> = savedAs) => {
  const initial = accepted(adjIndex)
  const result = await renderInRouter(
    () => withApi(<QuoteEditor initial={initial} account={account} onSave={onSave} now={() => NOW} />),
    m.editingTitle("Deck")
  )
  const row = (title: string) =>
    Array.from(document.querySelectorAll<HTMLElement>("li[data-row]")).find((li) =>
      Array.from(li.querySelectorAll("input")).some((i) => i.value === title)
    )!
  const total = () => document.querySelector('[data-total="up-front:total"]')!.textContent
  return { ...result, row, total }
}

describe("QuoteEditor in adjustment mode", () => {
  it("names the adjustment being made, with the rule for earlier items", async () => {
    await setup()
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe(m.editingTitle("Deck"))
    expect(screen.getByText(m.makingAdjustment("B"))).toBeTruthy()
    expect(screen.getByText(m.adjustmentItemLocked)).toBeTruthy()
    expect(document.querySelector("[data-adjustment-warning]")).toBeNull()
  })

  it("shows the core's limit warning when few adjustments remain", async () => {
    await setup(18)
    expect(screen.getByText(m.makingAdjustment(Adjustment.letter(18)))).toBeTruthy()
    expect(screen.getByText(m.adjustmentLimitWarning(2))).toBeTruthy()
  })

  it("keeps earlier rows read-only and labels what adjustments did to them", async () => {
    const { row } = await setup()
    const decking = within(row("Decking"))
    expect((decking.getByLabelText(m.itemTitle) as HTMLInputElement).disabled).toBe(true)
    expect((row("Decking").querySelector('input[data-field="quantity"]') as HTMLInputElement).disabled).toBe(true)
    expect((decking.getByRole("button", { name: m.delete }) as HTMLButtonElement).disabled).toBe(true)
    expect((decking.getByRole("button", { name: m.moveDown }) as HTMLButtonElement).disabled).toBe(true)
    expect((decking.getByLabelText(m.optionalItem) as HTMLSelectElement).disabled).toBe(true)
    expect(decking.getByRole("button", { name: m.credit })).toBeTruthy()
    // Credited in A: settled, labelled and struck through, no button in B.
    const rails = within(row("Rails"))
    expect(rails.getByText(m.creditedIn("A"))).toBeTruthy()
    expect(rails.queryByRole("button", { name: m.credit })).toBeNull()
    expect(rails.queryByRole("button", { name: m.uncredit })).toBeNull()
    expect(row("Rails").className).toMatch(/credited/)
    // Added in A: an earlier row of B, so it can be credited.
    const gate = within(row("Gate"))
    expect(gate.getByText(m.addedIn("A"))).toBeTruthy()
    expect(gate.getByRole("button", { name: m.credit })).toBeTruthy()
    // The accepted settings show read-only.
    expect(screen.getByLabelText(m.title, { exact: true }).closest("fieldset")?.disabled).toBe(true)
  })

  it("credits and uncredits a row; the totals follow", async () => {
    const { row, total } = await setup()
    // Rails were credited in A: 1,000 + 200.
    expect(total()).toBe("$1,200.00")
    fireEvent.click(within(row("Decking")).getByRole("button", { name: m.credit }))
    expect(within(row("Decking")).getByText(m.creditedIn("B"))).toBeTruthy()
    expect(row("Decking").className).toMatch(/credited/)
    expect(total()).toBe("$200.00")
    expect(screen.getByText(m.unsavedChanges)).toBeTruthy()
    fireEvent.click(within(row("Decking")).getByRole("button", { name: m.uncredit }))
    expect(within(row("Decking")).queryByText(m.creditedIn("B"))).toBeNull()
    expect(total()).toBe("$1,200.00")
  })

  it("adds a row labelled with this adjustment, edited and deleted freely, and saves credits and rows", async () => {
    const onSave = vi.fn((d: Draft, _a: SaveAction) => savedAs(d))
    const { row, total } = await setup(2, onSave)
    fireEvent.click(screen.getByRole("button", { name: `+ ${m.addPriceItem}` }))
    const added = Array.from(document.querySelectorAll<HTMLElement>("li[data-row]")).find((li) =>
      li.textContent?.includes(m.addedIn("B"))
    )!
    const title = within(added).getByLabelText(m.itemTitle) as HTMLInputElement
    expect(title.disabled).toBe(false)
    fireEvent.change(title, { target: { value: "Lighting" } })
    const unit = added.querySelector<HTMLInputElement>('input[data-field="unit"]')!
    fireEvent.change(unit, { target: { value: "150" } })
    expect(total()).toBe("$1,350.00")
    expect(within(added).queryByRole("button", { name: m.credit })).toBeNull()
    fireEvent.click(within(row("Gate")).getByRole("button", { name: m.credit }))
    expect(total()).toBe("$1,150.00")
    fireEvent.click(screen.getByRole("button", { name: m.save }))
    await vi.waitFor(() => expect(onSave).toHaveBeenCalledTimes(1))
    const sent = onSave.mock.calls[0]![0]
    expect(sent.items.find((r) => r.item_title === "Gate")!.credited_adj_at).toBe(2)
    expect(sent.items.find((r) => r.item_title === "Lighting")!.added_adj_at).toBe(2)
    expect(within(row("Lighting")).getByRole("button", { name: m.delete })).toBeTruthy()
    fireEvent.click(within(row("Lighting")).getByRole("button", { name: m.delete }))
    expect(total()).toBe("$1,000.00")
  })
})

describe("'Add or Credit Items' on the quote page", () => {
  const quote = (fields: Partial<Parameters<typeof adjustOffer>[1]>) => ({
    quote_id: Quote.QuoteId.make(7),
    status: "accepted" as const,
    archive_id: 1 as const,
    price_current: Money.make("1200"),
    ...fields
  })

  it("is offered on accepted quotes only, disabled when finished or at a total of 0", () => {
    expect(adjustOffer(m, quote({}))).toEqual({ href: "/quotes/7/is-adjustment", disabledReason: null })
    expect(adjustOffer(m, quote({ status: "sent" }))).toBeNull()
    expect(adjustOffer(m, quote({ archive_id: 5 }))?.disabledReason).toBe(null)
    // complete (2) and dismissed (4) are finished.
    expect(adjustOffer(m, quote({ archive_id: 2 }))?.disabledReason).toBe(m.adjustFinished)
    expect(adjustOffer(m, quote({ archive_id: 4 }))?.disabledReason).toBe(m.adjustFinished)
    expect(adjustOffer(m, quote({ price_current: Money.zero }))?.disabledReason).toBe(m.adjustNoPrice)
  })

  it("links to the editor in adjustment mode, or shows the disabled button with its reason", async () => {
    await renderInRouter(
      () => <QuoteActionBar offers={[]} busy={false} onRun={() => undefined} quote={quote({})} />,
      m.addOrCreditItems
    )
    expect(screen.getByRole("link", { name: m.addOrCreditItems }).getAttribute("href")).toBe("/quotes/7/is-adjustment")
    cleanup()
    await renderInRouter(
      () => (
        <QuoteActionBar offers={[]} busy={false} onRun={() => undefined} quote={quote({ price_current: Money.zero })} />
      ),
      m.addOrCreditItems
    )
    const button = screen.getByRole("button", { name: m.addOrCreditItems }) as HTMLButtonElement
    expect(button.disabled).toBe(true)
    expect(button.title).toBe(m.adjustNoPrice)
  })
})
