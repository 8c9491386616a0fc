// @vitest-environment node
/**
 * Invoicing an accepted quote end to end in headless Chromium, against the real server (in this process, over
 * an embedded PGlite database) serving a production build of its own: the team member switches on quotekit's
 * built-in invoices on the invoicing settings page, accepts a sent quote (asking a 30% deposit) on the
 * customer's behalf, stages and creates the 30% deposit and sees it synced with its number, creates the
 * remainder, marks it removed and sees its amount come back to what is left to invoice, then marks the deposit
 * paid on the invoices page. Every screen is checked with axe-core, at 1280 px and at 390 px; no console error
 * and no answer of 500 or above. Screenshots go to /tmp/invoicing-*.png.
 */
import * as Message from "@quotekit/core/Message"
import type { Page } from "playwright-core"
import { describe, expect, it } from "vitest"
import { invoicingTextFor } from "../src/invoices/invoicingText.ts"
import { axeViolations } from "./support/axe.ts"
import { acceptOnBehalfInPage, sentQuote } from "./support/SentQuote.ts"
import * as ServerAndBrowser from "./support/ServerAndBrowser.ts"

const m = Message.catalogue
const t = invoicingTextFor("quote")
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

const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/invoicing-${name}.png`, fullPage: true })

describe("invoicing an accepted quote in Chromium against the real server", { timeout: 180_000 }, () => {
  it("built-in invoices: a 30% deposit created and synced, the rest created and removed, the deposit paid", async () => {
    const q = await sentQuote(live.server)
    // Labour 200 + Oak finish 300 + Spare tiles 50 = 550; the quote asks a 30% deposit.
    await live.server.sql((sql) => sql`UPDATE quotes SET deposit_percent = 30 WHERE quote_id = ${q.quoteId}`)
    const { team, page } = await live.teamPage(q)
    const problems = watch(page)

    // Built-in invoices on.
    await page.goto(`${live.server.url}/settings/invoicing`)
    const builtin = page.getByRole("switch", { name: t.builtinInvoices })
    await builtin.waitFor()
    expect(await builtin.isChecked()).toBe(false)
    expect(await page.getByLabel(t.prefix).inputValue()).toBe("INV-")
    await builtin.check()
    await page.getByLabel(t.paymentInstructions).fill("Bank transfer to 12-3456-7890123-00, please quote the number.")
    await page.getByRole("button", { name: m.save }).click()
    await page.getByRole("status").filter({ hasText: m.saved }).waitFor()
    expect(await axeViolations(page)).toEqual([])
    await shot(page, "settings")

    // Accepted on the customer's behalf, the quote page shows the panel with the deposit to stage.
    await page.goto(`${live.server.url}/quote/${q.quoteId}`)
    await page.locator('[data-status="sent"]').waitFor()
    expect(await page.locator("[data-invoicing]").count()).toBe(0)
    await acceptOnBehalfInPage(page)
    await page.locator('[data-status="accepted"]').waitFor()
    const panel = page.locator("[data-invoicing]")
    const next = panel.locator('tr[data-suggestion="next"]')
    await next.getByText(t.next("deposit"), { exact: true }).waitFor()
    expect(await next.getByLabel(`${t.percent} (${t.next("deposit")})`).inputValue()).toBe("30")
    expect(await next.locator("[data-amount]").textContent()).toBe("$165.00")
    expect(await panel.getByRole("link", { name: m.addOrCreditItems }).count()).toBe(1)
    expect(await page.getByText(m.addOrCreditItems).count()).toBe(1)
    expect(await axeViolations(page, "[data-invoicing]")).toEqual([])
    await panel.scrollIntoViewIfNeeded()
    await shot(page, "accepted")
    await panel.screenshot({ path: "/tmp/invoicing-panel-accepted.png" })

    // Stage the deposit: a ready row; Complete now offers to invoice it.
    await next.getByRole("button", { name: t.stage }).click()
    const deposit = panel.locator("tr[data-invoice]").first()
    await panel.locator('tr[data-invoice][data-invoice-status="0"]').waitFor()
    expect(await deposit.getByText(m.deposit).count()).toBe(1)
    expect(await deposit.locator("[data-amount]").textContent()).toBe("$165.00")
    await page.getByRole("button", { name: m.completeAndInvoice }).waitFor()
    await shot(page, "staged")
    await panel.screenshot({ path: "/tmp/invoicing-panel-staged.png" })

    // Create it now: 'Syncing', then synced with its number and links.
    await deposit.getByRole("button", { name: t.createNow }).click()
    await deposit.locator("[data-invoice-number]").filter({ hasText: "INV-0001" }).waitFor({ timeout: 20_000 })
    expect(await deposit.getByRole("link", { name: t.viewInvoice }).getAttribute("href")).toMatch(/\/i\//)
    expect(await deposit.getByRole("link", { name: t.pdf }).getAttribute("href")).toMatch(/\.pdf$/)
    await page.getByRole("button", { name: m.complete, exact: true }).waitFor()
    const remaining = panel.locator('[data-total="remaining"]')
    expect(await remaining.textContent()).toBe("$385.00")

    // The remainder: the next invoice at 70%, created at once.
    const rest = panel.locator('tr[data-suggestion="next"]')
    await rest.getByText(t.next("invoice"), { exact: true }).waitFor()
    expect(await rest.locator("[data-amount]").textContent()).toBe("$385.00")
    await rest.getByRole("button", { name: t.createNow }).click()
    const second = panel.locator("tr[data-invoice]").nth(1)
    await second.locator("[data-invoice-number]").filter({ hasText: "INV-0002" }).waitFor({ timeout: 20_000 })
    expect(await remaining.textContent()).toBe("$0.00")
    expect(await panel.locator('tr[data-suggestion="next"]').count()).toBe(0)
    expect(await axeViolations(page, "[data-invoicing]")).toEqual([])
    await shot(page, "synced")
    await panel.screenshot({ path: "/tmp/invoicing-panel-synced.png" })

    // Mark the remainder removed ('Really?' first): its amount is what is left to invoice again.
    const mark = second.getByRole("button", { name: t.markRemoved })
    await mark.click()
    await second.getByRole("button", { name: m.really }).click()
    await panel.locator('tr[data-invoice][data-invoice-status="100"]').waitFor()
    // Still named by its number: it has to be removed from wherever it was sent by hand.
    expect(await second.locator('[data-sync="removed"] [data-invoice-number]').textContent()).toBe("INV-0002")
    expect(await remaining.textContent()).toBe("$385.00")
    await panel.locator('tr[data-suggestion="next"]').getByText(t.next("invoice"), { exact: true }).waitFor()
    expect(await panel.locator('tr[data-suggestion="next"] [data-amount]').textContent()).toBe("$385.00")
    await shot(page, "removed")
    await panel.screenshot({ path: "/tmp/invoicing-panel-removed.png" })

    // The same panel at 390 px: nothing wider than the screen.
    await page.setViewportSize({ width: 390, height: 844 })
    await panel.scrollIntoViewIfNeeded()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    expect(await axeViolations(page, "[data-invoicing]")).toEqual([])
    await panel.screenshot({ path: "/tmp/invoicing-narrow-panel.png" })
    await page.setViewportSize({ width: 1280, height: 900 })

    // The invoices page: both invoices; the deposit marked paid today.
    await page.goto(`${live.server.url}/dashboard`)
    await page.getByRole("link", { name: t.invoices }).click()
    await page.waitForURL("**/invoices")
    const first = page.locator("tr[data-invoice]").filter({ hasText: "INV-0001" })
    await first.waitFor()
    expect(await page.locator("tr[data-invoice]").count()).toBe(2)
    expect(await first.getByRole("link", { name: /Bathroom retiling/ }).getAttribute("href")).toBe(
      `/quote/${q.quoteId}`
    )
    expect(await first.textContent()).toContain("$165.00")
    expect(await page.getByRole("link", { name: t.exportCsv }).getAttribute("href")).toBe("/get/invoices.csv?paid=all")
    await first.getByRole("button", { name: t.markPaid }).click()
    await first.locator("[data-paid]").waitFor()
    expect(await first.getByRole("button", { name: t.markUnpaid }).count()).toBe(1)
    expect(await axeViolations(page)).toEqual([])
    await shot(page, "invoices")
    await page.getByRole("button", { name: t.paid, exact: true }).click()
    await page.waitForURL("**/invoices?paid=paid")
    await page.locator("tr[data-invoice]").filter({ hasText: "INV-0002" }).waitFor({ state: "detached" })
    // The list may be empty for a moment while the filtered page loads: wait for the paid invoice itself.
    await page.locator("tr[data-invoice]").filter({ hasText: "INV-0001" }).waitFor()
    expect(await page.locator("tr[data-invoice]").count()).toBe(1)
    expect(await page.getByRole("link", { name: t.exportCsv }).getAttribute("href")).toBe("/get/invoices.csv?paid=paid")
    const stored = await q.team.get("/get/invoices?paid=paid")
    expect(stored.invoices.map((i: { number: string }) => i.number)).toEqual(["INV-0001"])

    await page.setViewportSize({ width: 390, height: 844 })
    await page.getByRole("button", { name: m.all, exact: true }).click()
    await page.locator("tr[data-invoice]").nth(1).waitFor()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    // Within the page's own content: at this width the shell's account button shows only its initial (its own
    // accessible name is the shell's business, checked elsewhere).
    expect(await axeViolations(page, "main")).toEqual([])
    await shot(page, "narrow-invoices")

    expect(problems).toEqual([])
    await team.close()
  })
})
