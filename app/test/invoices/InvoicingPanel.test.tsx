/**
 * The invoicing panel against a double of the contract (any endpoint not stubbed fails loudly): it shows each
 * group's invoices, suggestions and totals; every action sends the picture's `_modifiedIn` and shows the picture
 * it answers; a double click sends once; Split sends nothing for an unchanged percent and stays disabled at a
 * percent refused for going below 0; a refusal's message shows in the banner; a stale picture is fetched again;
 * 'Mark removed' asks 'Really?' first; without a destination the panel says to connect one and offers no
 * create buttons; 'Show Issue' reveals the sync error; 'Add or Credit Items' opens the editor it answers.
 */
import { ChangeWarning } from "@quotekit/core/api/ApiError"
import { type Invoicing, InvoicingRefused } from "@quotekit/core/api/InvoicesApi"
import * as Message from "@quotekit/core/Message"
import { QueryClient, QueryClientProvider } from "@tanstack/react-query"
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react"
import { Deferred, Effect } from "effect"
import { afterEach, describe, expect, it } from "vitest"
import { type ApiClient, ApiProvider, type Contract } from "../../src/api/client.ts"
import { run } from "../../src/api/Transport.ts"
import { InvoicingPanel } from "../../src/invoices/InvoicingPanel.tsx"
import { invoicingTextFor } from "../../src/invoices/invoicingText.ts"
import { accountKey } from "../../src/session/useAccount.ts"
import { account } from "../support/draft.ts"
import { renderInRouter } from "../support/renderInRouter.tsx"
import { documentJson, invoiceJson, picture, rowJson } from "./pictures.ts"

const m = Message.catalogue
const t = invoicingTextFor("quote")
afterEach(cleanup)

/** One request the double received. */
interface Sent {
  readonly endpoint: string
  readonly params: Record<string, unknown>
  readonly payload?: unknown
}

/** The double's state: the picture it serves, what it received, and how each action answers. */
interface State {
  current: Invoicing
  loads: number
  sent: Array<Sent>
  answer: (sent: Sent) => Effect.Effect<Invoicing, unknown>
}

const double = (state: State): ApiClient => {
  const record =
    (endpoint: string) =>
    (req: { params: Record<string, unknown>; payload?: unknown }): Effect.Effect<Invoicing, unknown> => {
      const sent = { endpoint, params: req.params, payload: req.payload }
      state.sent.push(sent)
      return state.answer(sent).pipe(Effect.tap((p) => Effect.sync(() => (state.current = p))))
    }
  const groups: Record<string, unknown> = {
    quoteInvoices: {
      invoicing: () =>
        Effect.sync(() => {
          state.loads += 1
          return state.current
        }),
      action: record("action"),
      createInvoice: record("createInvoice"),
      setRemoved: record("setRemoved"),
      makeAdjustment: (req: { params: Record<string, unknown> }) =>
        Effect.sync(() => {
          state.sent.push({ endpoint: "makeAdjustment", params: req.params })
          return { adj_index: 1, letter: "A", editor_url: "/elsewhere", warning: null }
        })
    }
  }
  const contract = new Proxy(groups, {
    get: (target, group: string) => {
      if (group in target) return target[group]
      throw new Error(`contract double: ${group} is not implemented`)
    }
  }) as unknown as Contract
  return new Proxy(
    { call: (use: (c: Contract) => Effect.Effect<unknown, unknown>) => run(use(contract)) },
    {
      get: (target, name: string) => {
        if (name in target) return target[name as "call"]
        return () => {
          throw new Error(`client double: ${name} is not implemented`)
        }
      }
    }
  ) as unknown as ApiClient
}

const show = async (state: State) => {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  queryClient.setQueryData(accountKey, account)
  return renderInRouter(
    () => (
      <ApiProvider value={double(state)}>
        <QueryClientProvider client={queryClient}>
          <InvoicingPanel quoteId={7} />
        </QueryClientProvider>
      </ApiProvider>
    ),
    t.invoicing
  )
}

const readyDeposit = rowJson(invoiceJson(1))
const sentDeposit = rowJson(invoiceJson(1, { invoice_status: 11, invoice_sync_status: 11, invoice_sent_date: 1 }), {
  document: documentJson("INV-0001")
})

const stateOf = (current: Invoicing, answer: State["answer"] = () => Effect.succeed(current)): State => ({
  current,
  loads: 0,
  sent: [],
  answer
})

const invoiceRow = (id: number) => document.querySelector(`tr[data-invoice="${id}"]`) as HTMLElement
const suggestionRow = (kind: string) => document.querySelector(`tr[data-suggestion="${kind}"]`) as HTMLElement

describe("InvoicingPanel", () => {
  it("shows a group's invoices, its next invoice and its totals", async () => {
    await show(stateOf(picture([readyDeposit])))
    await screen.findByText("Up front")
    const row = invoiceRow(1)
    expect(within(row).getByText(m.deposit)).toBeTruthy()
    expect(within(row).getByText("$1,650.00")).toBeTruthy()
    expect(within(row).getByText(t.statusReady)).toBeTruthy()
    expect(
      within(row)
        .getAllByRole("button")
        .map((b) => b.textContent)
    ).toEqual([t.lines(2), t.split, t.createNow, m.remove, t.doNotCreate])
    const next = suggestionRow("next")
    expect(within(next).getByText(t.next("invoice"))).toBeTruthy()
    expect(within(next).getByText("$3,850.00")).toBeTruthy()
    expect(within(next).getByRole("button", { name: t.stage })).toBeTruthy()
    expect(document.querySelector('[data-total="total"]')?.textContent).toBe("$5,500.00")
    expect(document.querySelector('[data-total="remaining"]')?.textContent).toBe("$3,850.00")
    // The lines it covers open below it.
    fireEvent.click(within(row).getByRole("button", { name: t.lines(2) }))
    expect(screen.getByRole("table", { name: t.linesOf("deposit") }).textContent).toContain("Labour")
  })

  it("creates once on a double click, sending _modifiedIn, and shows the synced invoice it answers", async () => {
    const gate = Effect.runSync(Deferred.make<void>())
    const state = stateOf(picture([readyDeposit]), () =>
      Effect.as(Deferred.await(gate), picture([sentDeposit], { _modifiedIn: 5 }))
    )
    await show(state)
    const create = await within(await waitFor(() => invoiceRow(1))).findByRole("button", { name: t.createNow })
    fireEvent.click(create)
    fireEvent.click(create)
    await waitFor(() => expect((create as HTMLButtonElement).disabled).toBe(true))
    Effect.runSync(Deferred.succeed(gate, undefined))
    await screen.findByText("INV-0001")
    expect(state.sent).toEqual([
      { endpoint: "createInvoice", params: { quote_id: 7, invoice_id: 1 }, payload: { _modifiedIn: 4 } }
    ])
    const row = invoiceRow(1)
    expect(
      within(row)
        .getByRole("link", { name: `${t.viewInvoice} INV-0001` })
        .getAttribute("href")
    ).toBe("https://quotekit.test/i/1/INV-0001")
    expect(
      within(row)
        .getByRole("link", { name: `${t.pdf} INV-0001` })
        .getAttribute("href")
    ).toBe("https://quotekit.test/i/1/INV-0001.pdf")
    expect(within(row).getByRole("button", { name: t.markRemoved })).toBeTruthy()
  })

  it("splits only a changed percent, and keeps Split disabled at a percent refused for going below 0", async () => {
    const state = stateOf(picture([readyDeposit]), () =>
      Effect.fail(InvoicingRefused.answer("below-zero", m.invoiceBelowZero))
    )
    await show(state)
    const row = await waitFor(() => invoiceRow(1))
    const split = within(row).getByRole("button", { name: t.split }) as HTMLButtonElement
    expect(split.disabled).toBe(true)
    const field = within(row).getByLabelText(`${t.percent} (${m.deposit})`)
    fireEvent.focus(field)
    fireEvent.change(field, { target: { value: "40" } })
    expect(split.disabled).toBe(false)
    fireEvent.click(split)
    await screen.findByText(m.invoiceBelowZero)
    expect(state.sent).toEqual([
      {
        endpoint: "action",
        params: {
          action: "do-stage",
          type: 5,
          quote_id: 7,
          group: "up-front",
          adj_at: 0,
          percent: 40,
          invoice_id: 1
        },
        payload: { _modifiedIn: 4 }
      }
    ])
    await waitFor(() => expect(split.disabled).toBe(true))
    fireEvent.change(field, { target: { value: "35" } })
    expect(split.disabled).toBe(false)
  })

  it("stages the next invoice at the percent typed, with invoice id 0", async () => {
    const state = stateOf(picture())
    await show(state)
    const next = await waitFor(() => suggestionRow("next"))
    const field = within(next).getByLabelText(`${t.percent} (${t.next("invoice")})`)
    fireEvent.focus(field)
    fireEvent.change(field, { target: { value: "30" } })
    expect(within(next).getByText(t.amountOnStage)).toBeTruthy()
    fireEvent.click(within(next).getByRole("button", { name: t.stage }))
    await waitFor(() => expect(state.sent).toHaveLength(1))
    expect(state.sent[0]?.params).toMatchObject({ action: "do-stage", type: 0, percent: 30, invoice_id: 0 })
  })

  it("fetches the picture again after a change warning, and shows its message", async () => {
    const state = stateOf(picture([readyDeposit]), () =>
      Effect.fail(
        new ChangeWarning({
          _changeWarning: { who: "Sam", when: 1, mayVersion: false },
          _serveError: { code: "change_conflict", message: "Sam saved this quote just now." }
        })
      )
    )
    await show(state)
    fireEvent.click(await within(await waitFor(() => invoiceRow(1))).findByRole("button", { name: m.remove }))
    await screen.findByText("Sam saved this quote just now.")
    await waitFor(() => expect(state.loads).toBe(2))
  })

  it("asks 'Really?' before marking a sent invoice removed", async () => {
    const state = stateOf(picture([sentDeposit]))
    await show(state)
    const mark = await within(await waitFor(() => invoiceRow(1))).findByRole("button", { name: t.markRemoved })
    fireEvent.click(mark)
    expect(mark.textContent).toBe(m.really)
    expect(state.sent).toEqual([])
    fireEvent.click(mark)
    await waitFor(() => expect(state.sent).toHaveLength(1))
    expect(state.sent[0]).toMatchObject({ endpoint: "setRemoved", params: { invoice_id: 1, group: "up-front" } })
  })

  it("without a destination says to connect one, links the settings and offers nothing to create", async () => {
    await show(
      stateOf(
        picture([readyDeposit], {
          destination: { kind: "none", name: "" },
          creation_blocked: { reason: "no-addon", message: m.connectAccounting }
        })
      )
    )
    await screen.findByText(m.connectAccounting)
    expect(screen.getByRole("link", { name: t.invoicingSettings }).getAttribute("href")).toBe("/settings/invoicing")
    expect(screen.queryAllByRole("button", { name: t.createNow })).toEqual([])
    expect(within(suggestionRow("next")).getByRole("button", { name: t.stage })).toBeTruthy()
  })

  it("shows and hides a sync issue, 'Syncing' while queued, and 'Never created' for a removed ready one", async () => {
    await show(
      stateOf(
        picture([
          rowJson(invoiceJson(1, { invoice_sync_status: 100, error_html: "<p>Contact has <b>no email</b></p>" })),
          rowJson(invoiceJson(2, { invoice_status: 10, invoice_sync_status: 10 })),
          rowJson(invoiceJson(3, { invoice_status: 100 }))
        ])
      )
    )
    const issue = await within(await waitFor(() => invoiceRow(1))).findByRole("button", { name: m.showIssue })
    fireEvent.click(issue)
    expect(issue.textContent).toBe(m.hideIssue)
    expect(within(invoiceRow(1)).getByText("Contact has no email")).toBeTruthy()
    fireEvent.click(issue)
    expect(within(invoiceRow(1)).queryByText("Contact has no email")).toBeNull()
    expect(within(invoiceRow(2)).getByText(m.syncing)).toBeTruthy()
    expect(within(invoiceRow(3)).getByText(m.neverCreated)).toBeTruthy()
  })

  it("opens the editor 'Add or Credit Items' answers, and disables it with its reason", async () => {
    const state = stateOf(picture())
    const { router } = await show(state)
    const adjust = await screen.findByRole("link", { name: m.addOrCreditItems })
    fireEvent.click(adjust)
    await waitFor(() => expect(router.state.location.pathname).toBe("/elsewhere"))
    expect(state.sent).toEqual([{ endpoint: "makeAdjustment", params: { quote_id: 7 } }])
    cleanup()
    await show(
      stateOf(
        picture([], {
          adjustment: {
            next_adj_index: 0,
            letter: "",
            editable: false,
            disabled: m.adjustFinished,
            warning: null
          }
        })
      )
    )
    const disabled = (await screen.findByRole("button", { name: m.addOrCreditItems })) as HTMLButtonElement
    expect(disabled.disabled).toBe(true)
    expect(disabled.title).toBe(m.adjustFinished)
  })
})
