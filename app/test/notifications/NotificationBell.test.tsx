/**
 * The bell over a fake websocket and a scripted list: a `notification` event naming this member reads the list
 * again and toasts the newest unread; another member's is ignored; two arriving close together (a customer opens
 * the quote and asks) end with the list and the toast of a read made after the second, not the first's.
 */
import * as Notification from "@quotekit/core/light/Notification"
import type { Item } from "@quotekit/core/Notification"
import { QueryClient, QueryClientProvider } from "@tanstack/react-query"
import { act, cleanup, screen, waitFor } from "@testing-library/react"
import { afterEach, describe, expect, it } from "vitest"
import type { Notifications, WireClient } from "../../src/api/WireClient.ts"
import { WireProvider } from "../../src/api/WireClient.ts"
import { NotificationBell } from "../../src/notifications/NotificationBell.tsx"
import { PushProvider } from "../../src/push/PushProvider.tsx"
import { event, fakePush } from "../support/FakeSocket.ts"
import { renderInRouter } from "../support/renderInRouter.tsx"

afterEach(cleanup)

const ME = 10

const item = (id: number, headline: string): Item => ({
  id,
  kind: "question.asked",
  quote_id: 7,
  quote: "#1 Bathroom retiling",
  headline,
  excerpt: "",
  link: "/quote/7",
  at: 1_800_000_000_000 + id,
  read: false
})
const viewed = item(1, "Grace Hopper viewed #1 Bathroom retiling")
const asked = item(2, "Grace Hopper asked a question on #1 Bathroom retiling")

/** Each read of the list waits until the test answers it. */
const scriptedList = () => {
  const reads: Array<(answer: Notifications) => void> = []
  const wire: WireClient = {
    cacheAccount: () => Promise.reject(new Error("not read here")),
    listQuotes: () => Promise.reject(new Error("not read here")),
    notifications: () => new Promise((resolve) => reads.push(resolve))
  }
  const answer = (n: number, items: ReadonlyArray<Item>) =>
    act(() => reads[n]!({ items: [...items], unread: items.filter((i) => !i.read).length }))
  return { wire, reads, answer }
}

const setup = async () => {
  const push = fakePush()
  const list = scriptedList()
  await renderInRouter(
    () => (
      <QueryClientProvider client={new QueryClient()}>
        <WireProvider value={list.wire}>
          <PushProvider session={`1:${ME}`} connect={push.connect}>
            <p>shell</p>
            <NotificationBell signinId={ME} />
          </PushProvider>
        </WireProvider>
      </QueryClientProvider>
    ),
    "shell"
  )
  await waitFor(() => expect(list.reads).toHaveLength(1))
  await list.answer(0, [])
  await waitFor(() => expect(push.sockets).toHaveLength(1))
  const server = push.server()
  act(() => server.receive({ type: "joined", room: "account", cursor: "a1", state: { live: [] } }))
  const notify = (id: string, signinIds: ReadonlyArray<number>) =>
    act(() => server.receive(event("account", id, { signin_ids: signinIds }, "notification")))
  return { ...list, notify }
}

const bell = (unread: number) =>
  screen.findByRole("button", {
    name: unread === 0 ? Notification.bellText.bell : Notification.bellText.bellUnread(unread)
  })

describe("NotificationBell", () => {
  it("reads the list again and toasts the newest unread when a notification names this member", async () => {
    const { notify, reads, answer } = await setup()
    await notify("e1", [ME])
    await waitFor(() => expect(reads).toHaveLength(2))
    await answer(1, [asked])
    expect((await screen.findByRole("status")).textContent).toContain(asked.headline)
    await bell(1)
  })

  it("ignores a notification for another member", async () => {
    const { notify, reads } = await setup()
    await notify("e1", [ME + 1])
    await new Promise((r) => setTimeout(r, 20))
    expect(reads).toHaveLength(1)
    await bell(0)
  })

  it("a second notification during the first's read is shown from a read made after it", async () => {
    const { notify, reads, answer } = await setup()
    await notify("e1", [ME])
    await waitFor(() => expect(reads).toHaveLength(2))
    await notify("e2", [ME])
    // The first read does not serve the second notification: another read is made.
    await waitFor(() => expect(reads).toHaveLength(3))
    await answer(2, [asked, viewed])
    // The first read answers late, with only what it saw.
    await answer(1, [viewed])
    expect((await screen.findByRole("status")).textContent).toContain(asked.headline)
    await bell(2)
  })
})
