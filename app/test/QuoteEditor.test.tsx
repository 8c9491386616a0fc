/**
 * The editor's number fields and totals in happy-dom: typed numbers and calculations update the totals on the
 * keystroke, hints come from the core, refused characters never reach the field, percent fields clamp, taxes and
 * optional items feed the totals, the save bar and Ctrl+S follow the dirty flag.
 */
import * as Message from "@quotekit/core/Message"
import * as Quote from "@quotekit/core/Quote"
import { QueryClient, QueryClientProvider } from "@tanstack/react-query"
import { act, cleanup, fireEvent, screen, within } from "@testing-library/react"
import type { ReactNode } from "react"
import { afterEach, describe, expect, it, vi } from "vitest"
import { type ApiClient, ApiProvider, RequestFailure } from "../src/api/client.ts"
import { QuoteEditor, ROWS_PER_BLOCK, type SaveResult } from "../src/quotes/QuoteEditor.tsx"
import type { SaveAction } from "../src/quotes/SaveBar.tsx"
import { type Draft, newDraft } from "../src/quotes/useQuoteDraft.ts"
import { account } from "./support/draft.ts"
import { renderInRouter } from "./support/renderInRouter.tsx"

const m = Message.catalogue
const NOW = 1_780_000_000

afterEach(cleanup)

/** A client double that fails loudly on any call (the editor only calls it for lookups). */
const noCalls = new Proxy({} as ApiClient, {
  get: (_, name) => () => Promise.reject(new Error(`not implemented in this test: ${String(name)}`))
})

const withApi = (ui: ReactNode) => (
  <ApiProvider value={noCalls}>
    <QueryClientProvider client={new QueryClient()}>{ui}</QueryClientProvider>
  </ApiProvider>
)

const savedAs = (d: Draft): Promise<SaveResult> =>
  Promise.resolve({ quote_id: 7, quote_no: 1, items: [], contacts: [], href: `/quotes/7/is-editing` }).then((r) => ({
    ...r,
    quote_id: d.quote.quote_id > 0 ? d.quote.quote_id : r.quote_id
  }))

const setup = async (onSave: (d: Draft, a: SaveAction) => Promise<SaveResult> = savedAs) => {
  const initial = newDraft(account, { mode: "quote" })
  const result = await renderInRouter(
    () => withApi(<QuoteEditor initial={initial} account={account} onSave={onSave} now={() => NOW} />),
    m.draftTitle("")
  )
  const field = (name: string, row = 0) =>
    document.querySelectorAll<HTMLInputElement>(`input[data-field="${name}"]`)[row]!
  const total = () => document.querySelector('[data-total="up-front:total"]')!.textContent
  const type = (input: HTMLInputElement, text: string) => {
    act(() => {
      input.focus()
    })
    fireEvent.change(input, { target: { value: text } })
  }
  return { ...result, field, total, type }
}

describe("QuoteEditor", () => {
  it("shows the window title and page title of a new draft", async () => {
    await setup()
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Draft: Untitled")
    expect(document.title).toBe(m.pageTitle(m.draftTitle("")))
    fireEvent.change(screen.getByLabelText(m.title), { target: { value: "Kitchen refit" } })
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Draft: Kitchen refit")
  })

  it("offers the tax modes in the account's word for tax", async () => {
    await setup()
    const select = screen.getByLabelText(m.amountsEntered) as HTMLSelectElement
    expect(select.selectedOptions[0]!.textContent).toBe(m.taxExclusive("GST"))
    expect(Array.from(select.options, (o) => o.textContent)).toEqual([
      m.taxExclusive("GST"),
      m.taxExclusiveTotalsWithout("GST"),
      m.taxInclusive("GST"),
      m.taxNone("GST")
    ])
  })

  it("recomputes the totals on each keystroke of a quantity", async () => {
    const { field, total, type } = await setup()
    type(field("unit"), "120")
    expect(total()).toBe("$120.00")
    type(field("quantity"), "2")
    expect(total()).toBe("$240.00")
    type(field("quantity"), "2.5")
    expect(total()).toBe("$300.00")
  })

  it("takes calculations, hints their value and commits it on Enter", async () => {
    const { field, total, type } = await setup()
    type(field("unit"), "10")
    type(field("quantity"), "12*3")
    expect(screen.getByText("= 36")).toBeTruthy()
    expect(total()).toBe("$360.00")
    type(field("quantity"), "12*")
    expect(screen.queryByText(/^= /)).toBeNull()
    type(field("quantity"), "12*3")
    fireEvent.keyDown(field("quantity"), { key: "Enter" })
    expect(field("quantity").value).toBe("36")
  })

  it("refuses letters, and minus signs where negatives are not allowed", async () => {
    const { field, type } = await setup()
    type(field("quantity"), "4")
    type(field("quantity"), "4x")
    expect(field("quantity").value).toBe("4")
    type(field("quantity"), "-")
    expect(field("quantity").value).toBe("4")
  })

  it("shows the error hint for a division by zero and keeps the last good total", async () => {
    const { field, total, type } = await setup()
    type(field("unit"), "50")
    type(field("quantity"), "2")
    type(field("quantity"), "2/0")
    expect(screen.getByText(m.numberNonFinite)).toBeTruthy()
    expect(field("quantity").getAttribute("aria-invalid")).toBe("true")
    expect(total()).toBe("$100.00")
  })

  it("truncates typed decimals beyond the preset and says so", async () => {
    const { field, type } = await setup()
    type(field("unit"), "12.34567")
    expect(screen.getByText("= 12.3456")).toBeTruthy()
  })

  it("clamps the overall discount to 100 and applies the discount to the totals", async () => {
    const { field, total, type } = await setup()
    type(field("unit"), "200")
    type(field("discount-overall"), "150")
    expect(screen.getByText("= 100")).toBeTruthy()
    expect(total()).toBe("$0.00")
    type(field("discount-overall"), "25")
    expect(total()).toBe("$150.00")
    expect(document.querySelector('[data-total="up-front:discount"]')!.textContent).toBe("-$50.00")
  })

  it("adds the row's tax in the exclusive mode, and a deposit of the up-front total", async () => {
    const { field, total, type } = await setup()
    type(field("unit"), "100")
    fireEvent.change(screen.getByLabelText(m.itemTax), { target: { value: "1" } })
    expect(total()).toBe("$115.00")
    const totals = within(screen.getByRole("region", { name: m.total }))
    expect(totals.getByText(m.taxAdded("GST", "15"))).toBeTruthy()
    expect(document.querySelector('[data-total="up-front:tax-1"]')!.textContent).toBe("$15.00")
    type(field("deposit"), "50")
    expect(document.querySelector('[data-total="up-front:deposit"]')!.textContent).toBe("$57.50")
  })

  it("editing the amount sets the unit price back", async () => {
    const { field, type } = await setup()
    type(field("quantity"), "3")
    type(field("amount"), "100")
    expect(field("unit").value).toBe("33.3333")
  })

  it("an optional item switched off by default leaves the totals", async () => {
    const { field, total, type } = await setup()
    type(field("unit"), "80")
    fireEvent.change(screen.getByLabelText(m.optionalItem), { target: { value: "optional" } })
    expect(total()).toBe("$80.00")
    fireEvent.click(screen.getByLabelText(m.choiceDefaultOn))
    expect(total()).toBe("$0.00")
  })

  it("a multiple-choice group shows one option selected by default, and ticking another moves the default", async () => {
    const { field, total, type } = await setup()
    type(field("unit"), "80")
    fireEvent.click(screen.getByRole("button", { name: `+ ${m.addPriceItem}` }))
    type(field("unit", 1), "120")
    fireEvent.blur(field("unit", 1))
    for (const select of screen.getAllByLabelText(m.optionalItem))
      fireEvent.change(select, { target: { value: "multiple" } })
    const defaults = () => screen.getAllByLabelText(m.choiceDefaultOn).map((box) => (box as HTMLInputElement).checked)
    expect(defaults()).toEqual([true, false])
    expect(total()).toBe("$80.00")
    fireEvent.click(screen.getAllByLabelText(m.choiceDefaultOn)[1]!)
    expect(defaults()).toEqual([false, true])
    expect(total()).toBe("$120.00")
  })

  it("adds, moves and deletes rows; subtotals sum their section", async () => {
    const { field, type } = await setup()
    type(field("unit"), "10")
    fireEvent.click(screen.getByRole("button", { name: `+ ${m.addPriceItem}` }))
    type(field("unit", 1), "5")
    fireEvent.blur(field("unit", 1))
    fireEvent.click(screen.getByRole("button", { name: `+ ${m.addSubtotal}` }))
    expect(document.querySelector('[data-figure="subtotal"]')!.textContent).toBe("$15.00")
    const second = within(screen.getByRole("group", { name: m.rowActions(2) }))
    fireEvent.click(second.getByRole("button", { name: m.moveUp }))
    expect(field("unit", 0).value).toBe("5.00")
    fireEvent.click(
      within(screen.getByRole("group", { name: m.rowActions(1) })).getByRole("button", { name: m.delete })
    )
    expect(document.querySelectorAll('input[data-field="unit"]').length).toBe(1)
    expect(document.querySelector('[data-figure="subtotal"]')!.textContent).toBe("$10.00")
  })

  it("shows a long quote's rows as numbered lists of ROWS_PER_BLOCK; a row moved into the next list keeps the focus", async () => {
    const { field } = await setup()
    const add = screen.getByRole("button", { name: `+ ${m.addPriceItem}` })
    for (let i = 1; i < 30; i++) fireEvent.click(add)
    expect(document.querySelectorAll('input[data-field="unit"]').length).toBe(30)
    const section = screen.getByRole("region", { name: m.items })
    const lists = section.querySelectorAll("ol")
    // 30 price rows, the total and the closing text.
    const rows = 32
    const expected: Array<[string, number]> = []
    for (let start = 0; start < rows; start += ROWS_PER_BLOCK) {
      expected.push([String(start + 1), Math.min(ROWS_PER_BLOCK, rows - start)])
    }
    expect(expected.length).toBeGreaterThan(1)
    expect(Array.from(lists, (l) => [l.getAttribute("start"), l.children.length])).toEqual(expected)
    // The last row of the first list moves down into the second.
    const last = ROWS_PER_BLOCK - 1
    act(() => field("quantity", last).focus())
    fireEvent.change(field("quantity", last), { target: { value: "7" } })
    fireEvent.blur(field("quantity", last))
    const down = within(screen.getByRole("group", { name: m.rowActions(last + 1) })).getByRole("button", {
      name: m.moveDown
    })
    act(() => down.focus())
    fireEvent.click(down)
    expect(field("quantity", last + 1).value).toBe("7")
    expect(lists[1]!.contains(field("quantity", last + 1))).toBe(true)
    expect(document.activeElement).toBe(
      within(screen.getByRole("group", { name: m.rowActions(last + 2) })).getByRole("button", { name: m.moveDown })
    )
  })

  it("shows the save bar once dirty, and Ctrl+S saves now", async () => {
    const onSave = vi.fn((d: Draft, _a: SaveAction) => savedAs(d))
    const { field, type } = await setup(onSave)
    expect(screen.queryByText(m.unsavedChanges)).toBeNull()
    type(field("quantity"), "2")
    expect(screen.getByText(m.unsavedChanges)).toBeTruthy()
    await act(async () => {
      fireEvent.keyDown(window, { key: "s", ctrlKey: true })
    })
    expect(onSave).toHaveBeenCalledTimes(1)
    expect(onSave.mock.calls[0]![1]).toBe("save:now")
    expect(screen.queryByText(m.unsavedChanges)).toBeNull()
  })

  it("a failed save keeps the draft dirty and shows the failure", async () => {
    const { field, type } = await setup(() => Promise.reject(new RequestFailure("notAvailable", m.notAvailableNow)))
    type(field("quantity"), "2")
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: m.save }))
    })
    expect(screen.getByRole("alert").textContent).toContain(m.notAvailableNow)
    expect(screen.getByText(m.unsavedChanges)).toBeTruthy()
  })

  it("warns about an expiry date in the past", async () => {
    const initial = newDraft(account, { mode: "quote" })
    const expired = { ...initial, quote: new Quote.Quote({ ...initial.quote, expiry_date: NOW - 86_400 }) }
    await renderInRouter(
      () => withApi(<QuoteEditor initial={expired} account={account} onSave={savedAs} now={() => NOW} />),
      m.draftTitle("")
    )
    expect(screen.getByText(m.expiryInPast)).toBeTruthy()
  })
})
