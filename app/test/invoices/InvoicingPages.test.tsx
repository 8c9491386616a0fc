/**
 * The invoicing settings and invoices pages: the settings form checks each field against the contract's schema
 * before saving and is read-only for non-admins; the invoices list's filter, CSV link, paid date (noon that day,
 * local time, today by default).
 */
import type * as InvoicesApi from "@quotekit/core/api/InvoicesApi"
import * as Message from "@quotekit/core/Message"
import { QueryClient, QueryClientProvider } from "@tanstack/react-query"
import { cleanup, fireEvent, screen } from "@testing-library/react"
import { Effect } from "effect"
import { afterEach, describe, expect, it } from "vitest"
import { type ApiClient, ApiProvider, type Contract } from "../../src/api/client.ts"
import { run } from "../../src/api/Transport.ts"
import { csvHref, paidAtOf, paidFilterOf, todayValue } from "../../src/invoices/InvoicesPage.tsx"
import { checkDraft, InvoicingSettingsPage } from "../../src/invoices/InvoicingSettingsPage.tsx"
import { invoicingTextFor } from "../../src/invoices/invoicingText.ts"
import { accountKey } from "../../src/session/useAccount.ts"
import { account } from "../support/draft.ts"
import { renderInRouter } from "../support/renderInRouter.tsx"

const m = Message.catalogue
const t = invoicingTextFor("quote")
afterEach(cleanup)

const settings: InvoicesApi.InvoicingSettings = {
  builtin_enabled: false,
  prefix: "INV-",
  next_number: 7,
  payment_terms_days: 14,
  payment_instructions: "",
  email_invoices: true
}

const draft = (over: Record<string, unknown> = {}) => ({
  ...settings,
  next_number: "7",
  payment_terms_days: "14",
  ...over
})

const showSettings = async (isAdmin: boolean, saved: Array<unknown>) => {
  const contract = {
    invoices: {
      settings: () => Effect.succeed(settings),
      saveSettings: (req: { payload: InvoicesApi.InvoicingSettings }) =>
        Effect.sync(() => {
          saved.push(req.payload)
          return req.payload
        })
    }
  } as unknown as Contract
  const api = { call: (use: (c: Contract) => Effect.Effect<unknown, unknown>) => run(use(contract)) } as ApiClient
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  queryClient.setQueryData(accountKey, {
    ...account,
    account_signin: { ...account.account_signin, is_admin: isAdmin }
  })
  return renderInRouter(
    () => (
      <ApiProvider value={api}>
        <QueryClientProvider client={queryClient}>
          <InvoicingSettingsPage />
        </QueryClientProvider>
      </ApiProvider>
    ),
    t.invoicingSettings
  )
}

describe("InvoicingSettingsPage", () => {
  it("checks each field with the contract's schema", () => {
    expect([...checkDraft(draft()).invalid]).toEqual([])
    expect(checkDraft(draft()).payload).toEqual(settings)
    expect([...checkDraft(draft({ prefix: "INV #" })).invalid]).toEqual(["prefix"])
    expect([...checkDraft(draft({ prefix: "ABCDEFGHIJKLM" })).invalid]).toEqual(["prefix"])
    expect([...checkDraft(draft({ next_number: "0" })).invalid]).toEqual(["next_number"])
    expect([...checkDraft(draft({ next_number: "1.5" })).invalid]).toEqual(["next_number"])
    expect([...checkDraft(draft({ payment_terms_days: "366" })).invalid]).toEqual(["payment_terms_days"])
    expect([...checkDraft(draft({ payment_terms_days: "" })).invalid]).toEqual(["payment_terms_days"])
  })

  it("saves what an admin switched on, and holds Save while a field is refused", async () => {
    const saved: Array<unknown> = []
    await showSettings(true, saved)
    const prefix = await screen.findByLabelText(t.prefix)
    fireEvent.change(prefix, { target: { value: "INV #" } })
    expect(prefix.getAttribute("aria-invalid")).toBe("true")
    const save = screen.getByRole("button", { name: m.save }) as HTMLButtonElement
    expect(save.disabled).toBe(true)
    fireEvent.change(prefix, { target: { value: "Q-" } })
    fireEvent.click(screen.getByRole("switch", { name: t.builtinInvoices }))
    fireEvent.click(save)
    await screen.findByText(m.saved)
    expect(saved).toEqual([{ ...settings, builtin_enabled: true, prefix: "Q-" }])
  })

  it("shows the settings read-only to a non-admin", async () => {
    await showSettings(false, [])
    await screen.findByText(t.readOnlySettings)
    // Everything sits in one disabled fieldset, which the browser keeps from being changed or focused.
    const fieldset = screen.getByLabelText(t.prefix).closest("fieldset") as HTMLFieldSetElement
    expect(fieldset.disabled).toBe(true)
    expect(fieldset.contains(screen.getByRole("switch", { name: t.builtinInvoices }))).toBe(true)
    expect(fieldset.contains(screen.getByLabelText(t.paymentInstructions))).toBe(true)
    expect(screen.queryByRole("button", { name: m.save })).toBeNull()
  })
})

describe("InvoicesPage helpers", () => {
  it("reads the paid filter, and links the CSV of the same filter", () => {
    expect(paidFilterOf("paid")).toBe("paid")
    expect(paidFilterOf("unpaid")).toBe("unpaid")
    expect(paidFilterOf(undefined)).toBe("all")
    expect(paidFilterOf("whatever")).toBe("all")
    expect(csvHref("unpaid")).toBe("/get/invoices.csv?paid=unpaid")
  })

  it("takes a paid date as noon that day, local time, today by default", () => {
    const at = paidAtOf("2026-03-09")
    expect(at).not.toBeNull()
    const d = new Date((at as number) * 1000)
    expect([d.getFullYear(), d.getMonth() + 1, d.getDate(), d.getHours()]).toEqual([2026, 3, 9, 12])
    expect(paidAtOf("")).toBeNull()
    expect(paidAtOf("9/3/2026")).toBeNull()
    expect(todayValue(new Date(2026, 0, 5, 23, 59))).toBe("2026-01-05")
  })
})
