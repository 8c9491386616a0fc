/**
 * The live indicator and the quote page's 'Viewing now' panel, fed through the account room and a quote's room on
 * a fake websocket: nothing while nobody is on a quote; a status named 'Viewing now: Jane (customer)' once someone
 * is; how long each has been there, re-rendered every second; the member's own entry left out of the quote page.
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query"
import { act, cleanup, render, screen } from "@testing-library/react"
import type { ReactNode } from "react"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { AccountUpdates } from "../../src/push/AccountUpdates.tsx"
import { LiveIndicator } from "../../src/push/LiveIndicator.tsx"
import { durationText, liveTextFor } from "../../src/push/liveText.ts"
import { PushProvider } from "../../src/push/PushProvider.tsx"
import { useQuoteView } from "../../src/push/useLiveQuotes.ts"
import { othersThan, ViewingNow } from "../../src/push/ViewingNow.tsx"
import { event, fakePush } from "../support/FakeSocket.ts"

const NOW = 1_800_000_000_000
const t = liveTextFor("quote")

beforeEach(() => {
  vi.useFakeTimers()
  vi.setSystemTime(NOW)
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

const jane = { kind: "customer", name: "Jane", since: NOW - 5_000 }
const ann = { kind: "member", name: "Ann Smith", since: NOW - 120_000 }

/** Render `ui` in the signed-in providers with the account room joined; `send` plays the server. */
const setup = (ui: ReactNode) => {
  const push = fakePush()
  render(
    <QueryClientProvider client={new QueryClient()}>
      <PushProvider session="1:10" connect={push.connect}>
        <AccountUpdates />
        {ui}
      </PushProvider>
    </QueryClientProvider>
  )
  const server = push.server()
  const send = (message: unknown) => act(() => server.receive(message))
  send({ type: "joined", room: "account", cursor: "a1", state: { live: [] } })
  const viewing = (quoteId: number, viewers: ReadonlyArray<unknown>) =>
    send(event("account", `live-${quoteId}-${viewers.length}`, { quote_id: quoteId, viewers }, "live-quote"))
  return { server, send, viewing }
}

describe("LiveIndicator", () => {
  it("shows nothing while nobody is on the quote", () => {
    setup(<LiveIndicator quoteId={7} />)
    expect(screen.queryByRole("status")).toBeNull()
  })

  it("names who is on the quote, and goes when they leave", () => {
    const { viewing } = setup(
      <>
        <LiveIndicator quoteId={7} />
        <LiveIndicator quoteId={8} />
      </>
    )
    viewing(7, [jane, ann])
    const status = screen.getByRole("status", { name: "Viewing now: Jane (customer), Ann Smith (team member)" })
    expect(status.textContent).toBe("Viewing now: Jane (customer), Ann Smith (team member)")
    expect(screen.getAllByRole("status")).toHaveLength(1)
    viewing(7, [])
    expect(screen.queryByRole("status")).toBeNull()
  })

  it("says for how long, re-rendered every second", () => {
    const { viewing } = setup(<LiveIndicator quoteId={7} />)
    viewing(7, [jane])
    const status = screen.getByRole("status", { name: /^Viewing now/ })
    expect(status.title).toBe("Jane (customer) for 5 s")
    act(() => vi.advanceTimersByTime(1_000))
    expect(status.title).toBe("Jane (customer) for 6 s")
    act(() => vi.advanceTimersByTime(54_000))
    expect(status.title).toBe("Jane (customer) for 1 min")
  })

  it("shows who is on a quote from its own room's state", () => {
    const View = () => {
      useQuoteView(9)
      return <LiveIndicator quoteId={9} />
    }
    const { server, send } = setup(<View />)
    expect(server.of("join")).toContainEqual({ type: "join", room: "quote-view:9" })
    send({ type: "joined", room: "quote-view:9", cursor: "v1", state: { viewers: [jane] } })
    expect(screen.getByRole("status", { name: "Viewing now: Jane (customer)" })).toBeDefined()
  })
})

describe("ViewingNow", () => {
  it("lists the others on the quote with how long, leaving out the member's own entry", () => {
    const { viewing } = setup(<ViewingNow quoteId={7} myName="Ann Smith" />)
    viewing(7, [ann])
    expect(screen.queryByRole("region", { name: "Viewing now" })).toBeNull()
    viewing(7, [ann, jane])
    const panel = screen.getByRole("region", { name: "Viewing now" })
    expect(screen.getByRole("status").textContent).toBe("Viewing now: Jane (customer)")
    expect([...panel.querySelectorAll("li")].map((li) => li.textContent)).toEqual(["Jane (customer) for 5 s"])
    act(() => vi.advanceTimersByTime(1_000))
    expect(panel.querySelector("li")?.textContent).toBe("Jane (customer) for 6 s")
  })
})

describe("othersThan", () => {
  it("leaves out one member entry of the name, never a customer's", () => {
    const customerAnn = { ...ann, kind: "customer" as const }
    const member = ann as typeof ann & { kind: "member" }
    expect(othersThan([member, member], "Ann Smith")).toEqual([member])
    expect(othersThan([customerAnn], "Ann Smith")).toEqual([customerAnn])
    expect(othersThan([member], "")).toEqual([member])
  })
})

describe("durationText", () => {
  it("words seconds, minutes and hours", () => {
    expect(durationText(t, NOW - 45_000, NOW)).toBe("for 45 s")
    expect(durationText(t, NOW - 3 * 60_000 - 59_000, NOW)).toBe("for 3 min")
    expect(durationText(t, NOW - 60 * 60_000, NOW)).toBe("for 1 h")
    expect(durationText(t, NOW - 65 * 60_000, NOW)).toBe("for 1 h 5 min")
    expect(durationText(t, NOW + 5_000, NOW)).toBe("for 0 s")
  })
})
