// @vitest-environment node
/**
 * The real-time channel in headless Chromium against a production build and the real server, with two and three
 * pages: the team's quote page hears a customer's acceptance without a reload (within a second); the list shows
 * who is viewing a quote while a customer's page is open and stops when it closes; a page whose websockets are
 * blocked still gets every change, by polling; with PostgreSQL, two server processes on one database: the customer
 * on one, the team member on the other, each hears the other.
 */
import * as Message from "@quotekit/core/Message"
import type { Page } from "playwright-core"
import { describe, expect, it } from "vitest"
import { Client, startPairOnPostgres } from "./support/RealServer.ts"
import { sentQuote } from "./support/SentQuote.ts"
import * as ServerAndBrowser from "./support/ServerAndBrowser.ts"

const live = ServerAndBrowser.forFile()

/** The page's real-time connection has reached `state` (the shell's `data-live`). */
const liveState = (page: Page, state: string) => page.locator(`[data-live="${state}"]`).waitFor({ timeout: 10_000 })
/** The server has joined the page to the account room: from here on no event of the account is missed. */
const accountRoomJoined = (page: Page) => page.locator('[data-account-room="joined"]').waitFor({ timeout: 10_000 })

/** Accept the quote as its customer would, over HTTP (the customer page's own call). */
const acceptAsCustomer = async (base: string, token: string) => {
  const customer = new Client(base)
  const data = await customer.get(`/api/q/${token}`)
  const choices = (data.quote.publicItems as Array<Record<string, unknown>>)
    .filter((i) => i.item_type === 1)
    .map((i) => ({ quote_item_id: i.quote_item_id, contact_selected: i.contact_selected, quantity: i.quantity }))
  await customer.post(`/api/q/${token}/accept`, {
    "accept[sign_value]": "Grace Hopper",
    "accept[state_name]": "text",
    choices
  })
}

/** Replace the page's WebSocket with one that never opens, as a proxy that refuses upgrades would. */
const blockWebSockets = (page: Page) =>
  page.addInitScript(() => {
    class Blocked extends EventTarget {
      readyState = 3
      onopen: ((e: Event) => void) | null = null
      onmessage: ((e: Event) => void) | null = null
      onerror: ((e: Event) => void) | null = null
      onclose: ((e: Event) => void) | null = null
      constructor() {
        super()
        setTimeout(() => {
          const error = new Event("error")
          this.dispatchEvent(error)
          this.onerror?.(error)
          const closed = new CloseEvent("close", { code: 1006 })
          this.dispatchEvent(closed)
          this.onclose?.(closed)
        }, 10)
      }
      send() {}
      close() {}
    }
    Object.defineProperty(window, "WebSocket", { value: Blocked })
  })

describe("the real-time channel in Chromium", () => {
  it("the team's quote page shows the customer's acceptance within a second, without a reload", async () => {
    const q = await sentQuote(live.server)
    const { team, page } = await live.teamPage(q)
    const errors: Array<string> = []
    page.on("console", (m) => void (m.type() === "error" && errors.push(m.text())))
    await page.goto(`${live.server.url}/quote/${q.quoteId}`)
    await accountRoomJoined(page)
    await page.getByRole("heading", { name: "Bathroom retiling" }).first().waitFor()
    const acceptance = page.getByRole("region", { name: Message.acceptanceTitle })
    expect(await acceptance.count()).toBe(0)
    const started = Date.now()
    await acceptAsCustomer(live.server.url, q.token)
    await acceptance.waitFor({ timeout: 3_000 })
    expect(Date.now() - started).toBeLessThan(1_000 + 500) // the answer of the accept itself included
    await expect(acceptance.getByText("Grace Hopper").first().isVisible()).resolves.toBe(true)
    expect(errors).toEqual([])
    await team.close()
  })

  it("the list shows who is viewing a quote while the customer's page is open, and stops when it closes", async () => {
    const q = await sentQuote(live.server)
    const { team, page } = await live.teamPage(q)
    await page.goto(`${live.server.url}/quotes`)
    await accountRoomJoined(page)
    const row = page.getByRole("row").filter({ hasText: "Bathroom retiling" })
    await row.first().waitFor()
    const indicator = row.getByRole("status", { name: /Viewing now: Grace Hopper \(customer\)/ })
    expect(await indicator.count()).toBe(0)

    const customerContext = await live.browser.newContext()
    const customer = await customerContext.newPage()
    await customer.goto(q.link)
    await indicator.waitFor({ timeout: 5_000 })
    await customerContext.close()
    await indicator.waitFor({ state: "detached", timeout: 5_000 })
    await team.close()
  })

  it("a page whose websockets are blocked still gets every change, by polling", async () => {
    const q = await sentQuote(live.server)
    const { team, page } = await live.teamPage(q)
    await blockWebSockets(page)
    await page.goto(`${live.server.url}/quote/${q.quoteId}`)
    await liveState(page, "error")
    await page.getByRole("heading", { name: "Bathroom retiling" }).first().waitFor()
    // Let the first poll join the rooms before the change.
    await page.waitForResponse((r) => r.url().endsWith("/post/socket/fallback") && r.status() === 200)
    await acceptAsCustomer(live.server.url, q.token)
    await page.getByRole("region", { name: Message.acceptanceTitle }).waitFor({ timeout: 8_000 })
    await team.close()
  })

  it.skipIf(process.env.DATABASE_URL === undefined || process.env.DATABASE_URL === "")(
    "two server processes on PostgreSQL: the customer on one, the team member on the other",
    async () => {
      const pair = await startPairOnPostgres(live.dist)
      try {
        const q = await sentQuote(pair.one)
        const team = await live.browser.newContext({ viewport: { width: 1280, height: 900 } })
        await q.team.share(team)
        const page = await team.newPage()
        page.setDefaultTimeout(8_000)
        await page.goto(`${pair.one.url}/quote/${q.quoteId}`)
        await accountRoomJoined(page)
        await page.getByRole("heading", { name: "Bathroom retiling" }).first().waitFor()
        // The customer is served by the other process.
        const customerContext = await live.browser.newContext()
        const customer = await customerContext.newPage()
        await customer.goto(q.link.replace(pair.one.url, pair.two.url))
        await page
          .getByRole("region", { name: "Viewing now" })
          .getByText("Grace Hopper")
          .first()
          .waitFor({ timeout: 5_000 })
        await acceptAsCustomer(pair.two.url, q.token)
        await page.getByRole("region", { name: Message.acceptanceTitle }).waitFor({ timeout: 3_000 })
        await customerContext.close()
        await team.close()
      } finally {
        await pair.close()
      }
    }
  )
})
