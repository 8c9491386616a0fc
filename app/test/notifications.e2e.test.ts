// @vitest-environment node
/**
 * Notifications (add-on 9) in headless Chromium against the real server serving a production build of its own:
 * the author chooses in Personal Settings (the first view by email off, emails in a daily digest), saves, and finds
 * the choices kept after a reload; then, with the app open on the dashboard, the customer opens the quote and asks
 * a question through their link, and the author sees it arrive without reloading (the `notification` event on the
 * account room): a toast with a link to the quote, the bell's unread count, the list with the question quoted,
 * marked read from the list. Each state is checked with axe-core; no console error, no answer of 500 or above.
 */
import { rm } from "node:fs/promises"
import * as Notification from "@quotekit/core/Notification"
import { Effect } from "effect"
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { axeViolations } from "./support/axe.ts"
import { launch } from "./support/browser.ts"
import { buildOwnApp } from "./support/OwnBuildServer.ts"
import { Client, type RealServer, start } from "./support/RealServer.ts"
import { sentQuote } from "./support/SentQuote.ts"

const t = Notification.text
let dist: string
let server: RealServer
let browser: Browser

beforeAll(async () => {
  dist = await buildOwnApp()
  server = await start(dist)
  browser = await launch()
}, 180_000)

afterAll(async () => {
  await browser?.close()
  await server?.close()
  if (dist !== undefined) await rm(dist, { recursive: true, force: true })
})

const watch = (page: Page) => {
  const problems: Array<string> = []
  page.on("console", (msg) => {
    if (msg.type() === "error") problems.push(`console error on ${page.url()}: ${msg.text()}`)
  })
  page.on("pageerror", (error) => problems.push(`page error on ${page.url()}: ${error.message}`))
  page.on("response", (response) => {
    if (response.status() >= 500) problems.push(`${response.status()} for ${response.url()}`)
  })
  return problems
}

describe("notifications in Chromium against the real server", { timeout: 150_000 }, () => {
  it("preferences are saved; a customer's question shows up in the author's list while the app is open", async () => {
    const q = await sentQuote(server)
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    await q.team.share(context)
    const page = await context.newPage()
    page.setDefaultTimeout(15_000)
    const problems = watch(page)

    // Personal Settings: the first view not by email, emails in a daily digest.
    await page.goto(`${server.url}/settings/personal`)
    const section = page.getByRole("region", { name: t.title })
    const viewedByEmail = section.getByRole("checkbox", { name: `${t.labels["quote.viewed"]}: ${t.email}` })
    await viewedByEmail.waitFor()
    expect(await viewedByEmail.isChecked()).toBe(true)
    await viewedByEmail.uncheck()
    await section.getByRole("radio", { name: t.digest }).check()
    expect(await axeViolations(page)).toEqual([])
    await section.getByRole("button", { name: t.save }).click()
    await section.getByRole("status").filter({ hasText: t.saved }).waitFor()
    await page.reload()
    await section.getByRole("radio", { name: t.digest }).waitFor()
    expect(await section.getByRole("radio", { name: t.digest }).isChecked()).toBe(true)
    expect(await viewedByEmail.isChecked()).toBe(false)
    expect(await section.getByRole("checkbox", { name: `${t.labels["question.asked"]}: ${t.inApp}` }).isChecked()).toBe(
      true
    )
    const stored = await q.team.get("/notifications/settings")
    expect(stored.delivery).toBe("digest")
    expect(stored.events["quote.viewed"]).toEqual({ email: false, in_app: true })

    // The app open on the dashboard: nothing yet.
    await page.goto(`${server.url}/dashboard`)
    const bell = page.getByRole("button", { name: t.bell, exact: true })
    await bell.waitFor()
    // The page is in the account room before the customer acts (its events are not replayed to a first join).
    await page.locator('[data-account-room="joined"]').waitFor()

    // The customer opens the quote and asks, through their link.
    const customer = new Client(server.url)
    await customer.get(`/api/q/${q.token}`)
    await customer.post(`/api/q/${q.token}/discuss-update`, { discuss_body: "Can you start on Monday?", files: [] })
    const [quote] = await server.sql((sql) =>
      sql<{
        quote_no: number | null
        title: string
      }>`SELECT quote_no, title FROM quotes WHERE quote_id = ${q.quoteId}`.pipe(Effect.orDie)
    )
    const name = Notification.quoteName(quote!)
    const asked = Notification.headline("question.asked", "Grace Hopper", name)

    // Without a reload: the toast, the count, the list.
    const toast = page.getByRole("status").filter({ hasText: asked })
    await toast.waitFor()
    expect(await toast.getByRole("link", { name: "View" }).getAttribute("href")).toBe(`/quote/${q.quoteId}`)
    await page.getByRole("button", { name: t.bellUnread(2) }).waitFor()
    await page.getByRole("button", { name: t.bellUnread(2) }).click()
    const list = page.getByRole("list", { name: t.title })
    await list.waitFor()
    const entries = await list.getByRole("listitem").allTextContents()
    expect(entries).toHaveLength(2)
    expect(entries[0]).toContain(asked)
    expect(entries[0]).toContain("Can you start on Monday?")
    expect(entries[1]).toContain(Notification.headline("quote.viewed", "Grace Hopper", name))
    expect(await axeViolations(page)).toEqual([])

    await page.getByRole("button", { name: t.markAllRead }).click()
    await page.getByRole("button", { name: t.bell, exact: true }).waitFor()
    // An entry leads to its quote.
    await list.getByRole("link", { name: new RegExp(asked) }).click()
    await page.waitForURL(`${server.url}/quote/${q.quoteId}`)
    // Watching from the quote's page (the author watches too, as a teammate would).
    await page.getByRole("button", { name: t.watch, exact: true }).click()
    await page.getByRole("button", { name: t.unwatch, exact: true }).waitFor()
    expect(await page.getByRole("button", { name: t.unwatch, exact: true }).getAttribute("aria-pressed")).toBe("true")
    expect(await q.team.get(`/notifications/watch/${q.quoteId}`)).toEqual({ watching: true })

    expect(problems).toEqual([])
    await context.close()
  })
})
