import * as Message from "@quotekit/core/Message"
import { QueryClient, QueryClientProvider } from "@tanstack/react-query"
import { cleanup, render, screen } from "@testing-library/react"
import { afterEach, describe, expect, it, vi } from "vitest"
import { OfflineBanner } from "../../src/shell/OfflineBanner.tsx"

/** Render the banner with `/api/notice` answering `offline_at` seconds from the server's now, which runs `skew` ahead. */
const withNotice = (offlineIn: number | null, skew = 0) => {
  const serverNow = Math.floor(Date.now() / 1000) + skew
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => Response.json({ offline_at: offlineIn === null ? null : serverNow + offlineIn, now: serverNow }))
  )
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  return render(
    <QueryClientProvider client={client}>
      <OfflineBanner />
    </QueryClientProvider>
  )
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe("OfflineBanner", () => {
  it("warns in the spec's words during the last 30 minutes, by the server's clock", async () => {
    // The browser's clock is an hour behind: the countdown still follows the server's.
    withNotice(600, 3600)
    expect((await screen.findByRole("status")).textContent).toBe(Message.offlineSoon("10 minutes"))
  })

  it("says it is going offline once the time has come", async () => {
    withNotice(-5)
    expect((await screen.findByRole("status")).textContent).toBe(Message.goingOffline)
  })

  it("shows nothing without an announcement, or earlier than 30 minutes before", async () => {
    withNotice(null)
    withNotice(2 * 3600)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(screen.queryByRole("status")).toBeNull()
  })
})
