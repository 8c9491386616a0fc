// @vitest-environment node
/**
 * The public-site pieces in Chromium against the real server: a visitor from a referral link sees the special
 * offer on the new-account page, follows an example quote's copy link through account creation into the editor
 * with the example's draft, and the new account's settings show where it came from; the sample-quote picker
 * starts a draft from the quote list.
 */
import { rm } from "node:fs/promises"
import * as Message from "@quotekit/core/Message"
import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { axeViolations } from "./support/axe.ts"
import { launch } from "./support/browser.ts"
import { buildOwnApp } from "./support/OwnBuildServer.ts"
import { PASSWORD, type RealServer, start } from "./support/RealServer.ts"

const m = Message.catalogue
let dist: string
let server: RealServer
let browser: Browser

beforeAll(async () => {
  dist = await buildOwnApp()
  server = await start(dist, { referralOffer: "true" })
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
  await server?.close()
  if (dist !== undefined) await rm(dist, { recursive: true, force: true })
})

describe("the public site's pieces in Chromium", { timeout: 120_000 }, () => {
  it("a referred visitor sees the offer, copies an example into a new account, and the account knows its source", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    page.setDefaultTimeout(10_000)
    const errors: Array<string> = []
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text())
    })

    await page.goto(`${server.url}/new-account?ref=friend42`)
    await page
      .getByRole("note")
      .filter({ hasText: `${m.specialOfferLabel} ${m.specialOffer}` })
      .waitFor()

    await page.goto(`${server.url}/sign-in/quote-copy-example?example=landscaping`)
    await page.waitForURL(/\/sign-in\?redirect=/)
    await page.getByRole("note").filter({ hasText: m.specialOffer }).waitFor()
    expect(await axeViolations(page)).toEqual([])
    await page.getByRole("link", { name: m.createAccount }).click()
    await page.waitForURL(/\/new-account\?redirect=/)
    await page.getByLabel(m.businessName).fill("Referred Gardens")
    await page.getByLabel(m.yourName).fill("Rita Referred")
    await page.getByLabel(m.email).fill(`rita.${Date.now()}@example.com`)
    await page.getByLabel(m.password).fill(PASSWORD)
    await page.getByRole("button", { name: m.createAccount }).click()

    await page.waitForURL(/\/quotes\/new\/is-editing\?example=landscaping/)
    await page.getByText(m.exampleBanner).waitFor()
    await page.locator('input[value="Site clearance"], textarea', { hasText: "" }).first().waitFor()
    await page.screenshot({ path: "/tmp/site-example-editor.png" })

    await page.goto(`${server.url}/settings`)
    await page.locator("[data-signup-source]").waitFor()
    const source = await page.locator("[data-signup-source]").textContent()
    expect(source).toContain("new-account.ref-friend42")
    expect(errors).toEqual([])
    await context.close()
  })

  it("the quote list's 'Start from an example' opens the picker, and an example becomes a draft", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    page.setDefaultTimeout(10_000)
    await page.goto(`${server.url}/new-account`)
    expect(await page.getByRole("note").count()).toBe(0)
    await page.getByLabel(m.businessName).fill("Picker Ltd")
    await page.getByLabel(m.yourName).fill("Pia Picker")
    await page.getByLabel(m.email).fill(`pia.${Date.now()}@example.com`)
    await page.getByLabel(m.password).fill(PASSWORD)
    await page.getByRole("button", { name: m.createAccount }).click()
    await page.waitForURL(/\/dashboard/)

    await page.goto(`${server.url}/quotes`)
    await page.getByRole("link", { name: m.exampleQuotes }).first().click()
    await page.waitForURL(/\/quotes\/examples$/)
    const garden = page.getByRole("article", { name: "Garden makeover" })
    await garden.getByText(`${m.total} 4,940.00`).waitFor()
    expect(await axeViolations(page)).toEqual([])
    await page.screenshot({ path: "/tmp/site-example-picker.png", fullPage: true })
    await garden.getByRole("link", { name: m.useThisExample }).click()
    await page.waitForURL(/\/quotes\/new\/is-editing\?example=landscaping/)
    await page.getByText(m.exampleBanner).waitFor()
    await context.close()
  })
})
