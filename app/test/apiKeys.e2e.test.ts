// @vitest-environment node
/**
 * API keys in headless Chromium, against the real server (in this process, over an embedded PGlite database)
 * serving a production build of its own: an admin opens API keys from Account Settings, creates a write key, sees
 * it once (copied to the clipboard, with the warning), uses it from outside the browser, finds only its prefix and
 * last use in the list afterwards, and revokes it after confirming; the key then answers 401. Each state is checked
 * with axe-core; no console error, no answer of 500 or above.
 */
import * as Message from "@quotekit/core/Message"
import type { Page } from "playwright-core"
import { describe, expect, it } from "vitest"
import { axeViolations } from "./support/axe.ts"
import { signUp } from "./support/RealServer.ts"
import * as ServerAndBrowser from "./support/ServerAndBrowser.ts"

const m = Message.catalogue
const live = ServerAndBrowser.forFile()

/** Console errors, page errors and server failures seen on a page. */
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

/** What the server answers a program sending the key. */
const withKey = (key: string) =>
  fetch(`${live.server.url}/get/cache-account`, { headers: { authorization: `Bearer ${key}` } }).then((r) => r.status)

describe("API keys in Chromium against the real server", { timeout: 120_000 }, () => {
  it("an admin creates a key, sees it once, and revokes it", async () => {
    const admin = await signUp(live.server.url, "Harbour Joinery", "Alex Owner")
    const context = await live.browser.newContext({ viewport: { width: 1280, height: 900 } })
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: live.server.url })
    await admin.api.share(context)
    const page = await context.newPage()
    page.setDefaultTimeout(8_000)
    const problems = watch(page)

    await page.goto(`${live.server.url}/settings`)
    await page.getByRole("link", { name: m.apiKeys }).click()
    await page.waitForURL(`${live.server.url}/settings/api-keys`)
    await page.getByRole("heading", { name: m.apiKeys, level: 1 }).waitFor()
    await page.getByText(m.noApiKeys).waitFor()
    expect(await axeViolations(page)).toEqual([])

    // Create: a name and the access, then the key once, with the warning and a copy button.
    await page.getByLabel(m.apiKeyName).fill("Zapier")
    await page.getByRole("radio", { name: m.apiKeyScopeWrite }).check()
    await page.getByRole("button", { name: m.createApiKey }).click()
    const shown = page.getByRole("textbox", { name: m.newApiKey("Zapier") })
    const key = await shown.inputValue()
    expect(key).toMatch(/^qk_live_[A-Za-z0-9_-]{43}$/)
    await page.getByText(m.apiKeyShownOnce).waitFor()
    await page.getByRole("button", { name: m.copyApiKey }).click()
    await page.getByRole("status").filter({ hasText: m.copied }).waitFor()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key)
    expect(await axeViolations(page)).toEqual([])

    // A program uses it; the list then shows its prefix and last use, never the key.
    expect(await withKey(key)).toBe(200)
    await page.getByRole("button", { name: m.close }).click()
    await page.reload()
    const row = page.getByRole("listitem", { name: "Zapier" })
    await row.getByText(`${key.slice(0, 14)}…`).waitFor()
    await row.getByText(`${m.apiKeyLastUsed}: ${m.justNow}`).waitFor()
    expect(await page.locator("body").textContent()).not.toContain(key)
    expect(await page.getByRole("textbox", { name: m.newApiKey("Zapier") }).count()).toBe(0)

    // Revoke, after confirming.
    await row.getByRole("button", { name: m.revokeApiKey }).click()
    const confirm = page.getByRole("alertdialog")
    await confirm.getByText(m.revokeApiKeyConfirm("Zapier")).waitFor()
    expect(await axeViolations(page, "[role=alertdialog]")).toEqual([])
    await confirm.getByRole("button", { name: m.revokeApiKey }).click()
    await row.getByText(m.apiKeyRevoked).waitFor()
    expect(await row.getByRole("button", { name: m.revokeApiKey }).count()).toBe(0)
    expect(await withKey(key)).toBe(401)
    expect(await axeViolations(page)).toEqual([])

    expect(problems).toEqual([])
    await context.close()
  })
})
