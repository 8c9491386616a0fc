/**
 * The account room in the shell, over a fake websocket: each event makes stale exactly the caches it concerns
 * (never the editor's draft or the email composer), a reset makes everything stale but the forms, live viewers
 * reach the store, and an invoice sync is merged into the held picture or only logged.
 */
import type { Invoicing } from "@quotekit/core/api/InvoicesApi"
import { QueryClient, QueryClientProvider, type QueryKey } from "@tanstack/react-query"
import { act, cleanup, render, waitFor } from "@testing-library/react"
import { afterEach, describe, expect, it, vi } from "vitest"
import { AccountUpdates } from "../../src/push/AccountUpdates.tsx"
import { PushProvider, usePush } from "../../src/push/PushProvider.tsx"
import { useLiveQuotes } from "../../src/push/useLiveQuotes.ts"
import { invoiceJson, picture, rowJson } from "../invoices/pictures.ts"
import { event, fakePush } from "../support/FakeSocket.ts"

afterEach(cleanup)

/** The caches a signed-in app may hold, by a name for the assertions. */
const keys: Record<string, QueryKey> = {
  list: ["quotes", "list", { page: 1 }],
  count: ["quotes", "count", { page: 1 }],
  dashboard: ["dashboard"],
  leads: ["leads", "list", "open"],
  overview7: ["quotes", "overview", 7],
  overview8: ["quotes", "overview", 8],
  invoicing7: ["quotes", "invoicing", 7],
  settings7: ["quotes", "settings", 7],
  emails7: ["quotes", "emails", 7],
  history7: ["history", "quote", 7],
  discussion7: ["discussion", 7, false],
  invoices: ["invoices", "list", "all"],
  account: ["account"],
  editor7: ["editor", "edit", "7", "is-editing", {}],
  composer7: ["quotes", "composer", 7, "send", 0],
  personal: ["settings", "personal"]
}

const LiveCount = () => {
  const live = useLiveQuotes()
  return (
    <p data-testid="live">{live.map((q) => `${q.quote_id}:${q.viewers.map((v) => v.name).join("+")}`).join(" ")}</p>
  )
}

const setup = async () => {
  const push = fakePush()
  const queryClient = new QueryClient()
  for (const key of Object.values(keys)) queryClient.setQueryData(key, { seeded: true })
  const view = render(
    <QueryClientProvider client={queryClient}>
      <PushProvider session="1:10" connect={push.connect}>
        <AccountUpdates />
        <LiveCount />
      </PushProvider>
    </QueryClientProvider>
  )
  await waitFor(() => expect(push.sockets).toHaveLength(1))
  const server = push.server()
  expect(server.of("join")).toEqual([{ type: "join", room: "account" }])
  const send = (message: unknown) => act(() => server.receive(message))
  send({ type: "joined", room: "account", cursor: "a1", state: { live: [] } })
  const stale = () =>
    Object.entries(keys)
      .filter(([, key]) => queryClient.getQueryState(key)?.isInvalidated === true)
      .map(([name]) => name)
  return { ...view, queryClient, server, send, stale }
}

describe("AccountUpdates", () => {
  it("a quote's change makes the lists, dashboard, leads and that quote's pages stale, not the forms", async () => {
    const { send, stale } = await setup()
    send(event("account", "e1", { quote_id: 7, edit_seq: 5, status: "accepted", by: "customer", what: "accepted" }))
    expect(stale()).toEqual(["list", "count", "dashboard", "leads", "overview7", "invoicing7", "settings7", "emails7"])
  })

  it("a history entry makes the quote's history, discussion and overview stale", async () => {
    const { send, stale } = await setup()
    send(event("account", "e1", { quote_id: 7, kind: "discussion" }, "history"))
    expect(stale()).toEqual(["overview7", "history7", "discussion7"])
  })

  it("a reset makes everything stale but the forms' sources", async () => {
    const { send, stale } = await setup()
    send({ type: "reset", room: "account", cursor: "a9" })
    expect(stale()).toEqual(Object.keys(keys).filter((k) => !["editor7", "composer7", "personal"].includes(k)))
  })

  it("says when the server has joined it to the room, not before", async () => {
    const joined = vi.fn()
    const push = fakePush()
    render(
      <QueryClientProvider client={new QueryClient()}>
        <PushProvider session="1:10" connect={push.connect}>
          <AccountUpdates onJoined={joined} />
        </PushProvider>
      </QueryClientProvider>
    )
    await waitFor(() => expect(push.sockets).toHaveLength(1))
    const server = push.server()
    // The socket is open and the join asked: not yet in the room.
    expect(server.of("join")).toEqual([{ type: "join", room: "account" }])
    expect(joined).not.toHaveBeenCalled()
    act(() => server.receive({ type: "joined", room: "account", cursor: "a1", state: { live: [] } }))
    expect(joined).toHaveBeenCalledTimes(1)
  })

  it("ignores events it cannot read", async () => {
    const { send, stale } = await setup()
    send(event("account", "e1", { quote_id: "7" }))
    send(event("account", "e2", null, "history"))
    send(event("account", "e3", { quote_id: 7 }, "something-new"))
    expect(stale()).toEqual([])
  })

  it("keeps the live quotes from the joined state and live-quote events", async () => {
    const { send, getByTestId } = await setup()
    send({ type: "joined", room: "account", cursor: "a2", state: { live: [{ quote_id: 7, viewers: [jane] }] } })
    expect(getByTestId("live").textContent).toBe("7:Jane")
    send(event("account", "e1", { quote_id: 8, viewers: [ann, jane] }, "live-quote"))
    expect(getByTestId("live").textContent).toBe("7:Jane 8:Ann+Jane")
    send(event("account", "e2", { quote_id: 7, viewers: [] }, "live-quote"))
    expect(getByTestId("live").textContent).toBe("8:Ann+Jane")
  })

  it("merges a newer sync of a sent invoice into the held picture, and invalidates only the invoices list", async () => {
    const { send, queryClient, stale } = await setup()
    const sent = { invoice_status: 11, invoice_sync_status: 11 }
    queryClient.setQueryData(keys.invoicing7!, picture([rowJson(invoiceJson(31, sent))]))
    send(
      event(
        "account",
        "e1",
        {
          quote_id: 7,
          invoice: invoiceJson(31, { ...sent, invoice_modified: 1_800_000_100, addon_invoice_number: "INV-9" })
        },
        "invoice-sync"
      )
    )
    expect(stale()).toEqual(["invoices"])
    await waitFor(() =>
      expect(
        queryClient.getQueryData<Invoicing>(keys.invoicing7!)?.groups[0]?.invoices[0]?.invoice.addon_invoice_number
      ).toBe("INV-9")
    )
  })

  it("only logs an invoice sync for a quote whose picture is not held", async () => {
    const debug = vi.spyOn(console, "debug").mockImplementation(() => {})
    const { send, queryClient } = await setup()
    queryClient.removeQueries({ queryKey: keys.invoicing7! })
    send(event("account", "e1", { quote_id: 7, invoice: invoiceJson(31) }, "invoice-sync"))
    expect(debug).toHaveBeenCalledWith("invoice-sync for quote 7 skipped: not on the page")
    expect(queryClient.getQueryData(keys.invoicing7!)).toBeUndefined()
    debug.mockRestore()
  })

  it("leaves the account room and closes the connection when the session ends", async () => {
    const push = fakePush()
    const queryClient = new QueryClient()
    const Probe = () => <p data-testid="client">{usePush().client === null ? "none" : "some"}</p>
    const ui = (session: string | undefined) => (
      <QueryClientProvider client={queryClient}>
        <PushProvider session={session} connect={push.connect}>
          <AccountUpdates />
          <Probe />
        </PushProvider>
      </QueryClientProvider>
    )
    const view = render(ui("1:10"))
    await waitFor(() => expect(push.sockets).toHaveLength(1))
    push.server()
    view.rerender(ui(undefined))
    expect(push.sockets[0]!.closed).toBe(true)
    expect(view.getByTestId("client").textContent).toBe("none")
    view.rerender(ui("2:10"))
    await waitFor(() => expect(push.sockets).toHaveLength(2))
  })
})

const jane = { kind: "customer", name: "Jane", since: 1_800_000_000_000 }
const ann = { kind: "member", name: "Ann", since: 1_800_000_001_000 }
