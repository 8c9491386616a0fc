// @vitest-environment node
/**
 * Every screen at 390 px (a phone), against the real server serving the production build: a team member with a
 * sent quote opens each screen and tab, and nothing may run past the viewport (the page never scrolls sideways;
 * below the spec's 768 px breakpoint lists reflow to fit).
 */
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { launch } from "./support/browser.ts"
import { buildOwnApp } from "./support/OwnBuildServer.ts"
import type { RealServer } from "./support/RealServer.ts"
import { start } from "./support/RealServer.ts"
import { type SentQuote, sentQuote } from "./support/SentQuote.ts"

let server: RealServer
let browser: Browser
let quote: SentQuote

beforeAll(async () => {
  server = await start(await buildOwnApp())
  browser = await launch()
  quote = await sentQuote(server)
})

afterAll(async () => {
  await browser?.close()
  await server?.close()
})

/** What lies past the right edge of the viewport, if anything (a few of the widest elements). */
const overflow = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth
    const scroll = document.documentElement.scrollWidth
    const past = [...document.querySelectorAll("body *")]
      .filter((e) => e.getBoundingClientRect().right > width + 1)
      .slice(0, 3)
      .map((e) => `${e.tagName.toLowerCase()}.${String(e.className).slice(0, 40)}`)
    return scroll > width ? { scroll, width, past } : null
  })

describe("every screen at 390 px", { timeout: 300_000 }, () => {
  it("has no horizontal overflow, the team's screens and the customer's page alike", async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } })
    await quote.team.share(context)
    const page = await context.newPage()
    page.setDefaultTimeout(10_000)
    const screens = [
      "/dashboard",
      "/quotes",
      "/contacts",
      "/content/items",
      "/content/templates",
      "/leads",
      `/quote/${quote.quoteId}`,
      `/quotes/${quote.quoteId}/is-editing`,
      "/settings",
      "/settings/import",
      "/settings/reviews",
      "/settings/personal",
      "/settings/api-keys",
      "/settings/webhooks",
      "/settings/add-ons",
      "/settings/add-ons/1/taxes",
      "/settings/payments",
      "/settings/billing-overview",
      "/settings/billing-update-details",
      "/settings/email-domain",
      "/settings/quote/appearance",
      "/settings/invoicing",
      "/invoices",
      "/quotes/examples",
      "/help",
      "/help?q=two-factor"
    ]
    const found: Record<string, unknown> = {}
    for (const path of screens) {
      await page.goto(`${server.url}${path}`)
      await page.waitForLoadState("networkidle")
      const past = await overflow(page)
      if (past !== null) found[path] = past
    }
    await page.goto(quote.link)
    await page.waitForLoadState("networkidle")
    const customer = await overflow(page)
    if (customer !== null) found.customer = customer
    expect(found).toEqual({})
    await context.close()
  })
})
