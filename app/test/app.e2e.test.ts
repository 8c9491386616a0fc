// @vitest-environment node
/**
 * Smoke test in headless Chromium against a production build: the sign-in page (a refused sign-in shows its
 * banner and highlights the fields) and the quote editor (typing in a quantity field updates the totals on
 * screen), each checked with axe-core for serious or critical accessibility violations.
 */
import * as Message from "@quotekit/core/Message"
import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type AppServer, serve } from "./support/AppServer.ts"
import { axeViolations } from "./support/axe.ts"
import { launch } from "./support/browser.ts"
import { buildApp, distRoot } from "./support/build.ts"
import {
  cacheAccountJson,
  newEditorJson,
  signedInJson,
  signinAgainJson,
  signinRefusedJson
} from "./support/fixtures.ts"

const m = Message.catalogue
let server: AppServer
/** A server whose session has ended until someone signs in again. */
let expired: AppServer
let signedIn = false
let browser: Browser

beforeAll(async () => {
  await buildApp()
  server = await serve(distRoot, {
    "GET /get/cache-account": () => ({ status: 200, body: cacheAccountJson() }),
    "GET /get/quote-edit/edit/new/is-editing": () => ({ status: 200, body: newEditorJson() }),
    "GET /api/csrf": () => ({ status: 200, body: { token: "test-token" } }),
    "POST /sign-in": () => ({ status: 400, body: signinRefusedJson(m.signinWrong) })
  })
  expired = await serve(distRoot, {
    "GET /get/cache-account": () =>
      signedIn ? { status: 200, body: cacheAccountJson() } : { status: 401, body: signinAgainJson() },
    "GET /api/csrf": () => ({ status: 200, body: { token: "test-token" } }),
    "POST /sign-in": () => {
      signedIn = true
      return { status: 200, body: signedInJson() }
    }
  })
  browser = await launch()
})

afterAll(async () => {
  await browser?.close()
  await server?.close()
  await expired?.close()
})

describe("team app in Chromium", () => {
  it("signs in: a refused sign-in shows the banner and highlights both fields", async () => {
    const page = await browser.newPage()
    await page.goto(`${server.url}/sign-in`)
    await page.getByRole("heading", { name: m.signIn }).waitFor()
    expect(await page.title()).toBe(m.pageTitle(m.signIn))
    expect(await axeViolations(page)).toEqual([])

    await page.getByLabel(m.email).fill("ann@example.com")
    await page.getByLabel(m.password).fill("not-the-password")
    await page.getByRole("button", { name: m.signIn }).click()
    await page.getByRole("alert").getByText(m.signinWrong).waitFor()
    expect(await page.getByLabel(m.email).getAttribute("aria-invalid")).toBe("true")
    expect(await page.getByLabel(m.password).getAttribute("aria-invalid")).toBe("true")
    await page.close()
  })

  it("edits a new quote: a quantity keystroke updates the totals, the form turns dirty", async () => {
    const page = await browser.newPage()
    await page.goto(`${server.url}/quotes/new/is-editing`)
    await page.getByRole("heading", { name: m.draftTitle("") }).waitFor()
    expect(await page.title()).toBe(m.pageTitle(m.draftTitle("")))

    const unit = page.locator('input[data-field="unit"]').first()
    const quantity = page.locator('input[data-field="quantity"]').first()
    const total = page.locator('[data-total="up-front:total"]')
    await unit.fill("120")
    await quantity.fill("2")
    await total.getByText("$240.00").waitFor()
    await quantity.pressSequentially("*3")
    await page.getByText("= 6").waitFor()
    await total.getByText("$720.00").waitFor()
    await quantity.press("Enter")
    expect(await quantity.inputValue()).toBe("6")
    await page.getByText(m.unsavedChanges).first().waitFor()
    expect(await axeViolations(page)).toEqual([])
    await page.close()
  })

  it("a request answering _signinAgain opens the sign-in overlay over the page; signing in closes it", async () => {
    const page = await browser.newPage()
    await page.goto(`${expired.url}/quotes?tab=waiting`)
    const overlay = page.getByRole("dialog", { name: m.signIn })
    await overlay.getByText(m.signinAgain).waitFor()
    expect(new URL(page.url()).pathname).toBe("/quotes")
    expect(await axeViolations(page)).toEqual([])
    await overlay.getByLabel(m.email).fill("ann@example.com")
    await overlay.getByLabel(m.password).fill("correct horse")
    await overlay.getByRole("button", { name: m.signIn }).click()
    await page.getByRole("heading", { name: m.quotes }).waitFor()
    expect(await overlay.count()).toBe(0)
    expect(new URL(page.url()).search).toBe("?tab=waiting")
    await page.close()
  })

  it("unknown addresses show the Not Found page with a link to the dashboard", async () => {
    const page = await browser.newPage()
    await page.goto(`${server.url}/no/such/page`)
    await page.getByRole("heading", { name: m.notFoundTitle }).waitFor()
    expect(await page.getByText(m.notFoundBody).count()).toBe(1)
    expect(await page.getByRole("link", { name: m.dashboard }).getAttribute("href")).toBe("/dashboard")
    await page.close()
  })
})
