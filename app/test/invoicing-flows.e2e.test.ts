// @vitest-environment node
/**
 * The invoicing flows around the panel end to end in headless Chromium, against the real server (in this
 * process, over an embedded PGlite database) serving a production build of its own:
 * - with no destination the panel says 'Connect to Xero or QuickBooks to create invoices.', links to the
 *   invoicing settings and offers staging but never 'Create now';
 * - a staged invoice turns Complete into 'Complete & Invoice', which creates it (synced, INV-0001) and completes
 *   the quote;
 * - after a 100% invoice, 'Add or Credit Items' adds an item and credits one; the panel then suggests the next
 *   invoice and the credit for exactly those amounts, and nothing is left once both are created;
 * - the customer's invoice page (no sign-in) shows the number, the lines and the total, its PDF carries the
 *   same, and the invoice email is queued to the contact and delivered.
 * Every new screen state is checked with axe-core; no console error, page error or answer of 500 or above.
 * Screenshots go to /tmp/invoicing-flows-*.png.
 */
import * as ArchiveState from "@quotekit/core/ArchiveState"
import * as Invoice from "@quotekit/core/Invoice"
import * as Message from "@quotekit/core/Message"
import * as ScheduledEmail from "@quotekit/core/ScheduledEmail"
import type { Page } from "playwright-core"
import { extractText, getDocumentProxy } from "unpdf"
import { describe, expect, it } from "vitest"
import { invoicingTextFor } from "../src/invoices/invoicingText.ts"
import { axeViolations } from "./support/axe.ts"
import { acceptOnBehalfInPage, type SentQuote, sentQuote } from "./support/SentQuote.ts"
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

const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/invoicing-flows-${name}.png`, fullPage: true })

/** Switch quotekit's built-in invoices on for the quote's account (the settings page is invoicing.e2e's). */
const builtInInvoicesOn = async (q: SentQuote) => {
  const settings = await q.team.get("/get/invoicing-settings")
  await q.team.post("/post/invoicing-settings", { ...settings, builtin_enabled: true, email_invoices: true })
}

/** Open the quote page and accept the sent quote on the customer's behalf; answers the invoicing panel. */
const acceptedOnPage = async (page: Page, q: SentQuote) => {
  await page.goto(`${live.server.url}/quote/${q.quoteId}`)
  await page.locator('[data-status="sent"]').waitFor()
  await acceptOnBehalfInPage(page)
  await page.locator('[data-status="accepted"]').waitFor()
  const panel = page.locator("[data-invoicing]")
  await panel.locator('tr[data-suggestion="next"]').waitFor()
  return panel
}

describe("invoicing flows in Chromium against the real server", { timeout: 120_000 }, () => {
  it("no destination: the panel links to the settings and stages, but creates nothing", async () => {
    const q = await sentQuote(live.server)
    const { team, page } = await live.teamPage(q)
    const problems = watch(page)

    const panel = await acceptedOnPage(page, q)
    const blocked = panel.locator('[data-creation-blocked="no-addon"]')
    await blocked.getByText(m.connectAccounting, { exact: true }).waitFor()
    const settingsLink = blocked.getByRole("link", { name: t.invoicingSettings })
    expect(await settingsLink.getAttribute("href")).toBe("/settings/invoicing")
    expect(await panel.getByRole("button", { name: t.createNow }).count()).toBe(0)
    const next = panel.locator('tr[data-suggestion="next"]')
    await next.getByText(t.next("invoice"), { exact: true }).waitFor()
    expect(await next.locator("[data-amount]").textContent()).toBe("$550.00")
    expect(await axeViolations(page, "[data-invoicing]")).toEqual([])
    await panel.scrollIntoViewIfNeeded()
    await shot(page, "no-destination")
    await panel.screenshot({ path: "/tmp/invoicing-flows-panel-no-destination.png" })

    // Staging works without a destination: a ready row, still without 'Create now'; Complete stays Complete.
    await next.getByRole("button", { name: t.stage }).click()
    const ready = panel.locator(`tr[data-invoice][data-invoice-status="${Invoice.InvoiceStatus.Ready}"]`)
    await ready.waitFor()
    expect(await ready.locator("[data-amount]").textContent()).toBe("$550.00")
    expect(await ready.getByRole("button", { name: t.doNotCreate }).count()).toBe(1)
    expect(await panel.getByRole("button", { name: t.createNow }).count()).toBe(0)
    expect(await page.getByRole("button", { name: m.completeAndInvoice }).count()).toBe(0)
    expect(await page.locator('button[data-action="complete"]').textContent()).toBe(m.complete)
    expect(await blocked.getByText(m.connectAccounting, { exact: true }).count()).toBe(1)
    expect(await axeViolations(page, "[data-invoicing]")).toEqual([])
    await panel.screenshot({ path: "/tmp/invoicing-flows-panel-no-destination-staged.png" })

    // The link leads to the invoicing settings, where built-in invoices are off.
    await settingsLink.click()
    await page.waitForURL("**/settings/invoicing")
    const builtin = page.getByRole("switch", { name: t.builtinInvoices })
    await builtin.waitFor()
    expect(await builtin.isChecked()).toBe(false)
    expect(await axeViolations(page)).toEqual([])

    expect(problems).toEqual([])
    await team.close()
  })

  it("'Complete & Invoice' creates the staged invoice and completes the quote", async () => {
    const q = await sentQuote(live.server)
    await builtInInvoicesOn(q)
    const { team, page } = await live.teamPage(q)
    const problems = watch(page)

    const panel = await acceptedOnPage(page, q)
    const next = panel.locator('tr[data-suggestion="next"]')
    await next.getByText(t.next("invoice"), { exact: true }).waitFor()
    expect(await next.getByLabel(`${t.percent} (${t.next("invoice")})`).inputValue()).toBe("100")
    expect(await page.locator('button[data-action="complete"]').textContent()).toBe(m.complete)

    // Staged, not created: Complete offers to invoice it.
    await next.getByRole("button", { name: t.stage }).click()
    const invoice = panel.locator("tr[data-invoice]").first()
    await panel.locator(`tr[data-invoice][data-invoice-status="${Invoice.InvoiceStatus.Ready}"]`).waitFor()
    expect(await invoice.locator("[data-amount]").textContent()).toBe("$550.00")
    expect(await invoice.locator("[data-invoice-number]").count()).toBe(0)
    const complete = page.getByRole("button", { name: m.completeAndInvoice })
    await complete.waitFor()
    expect(await complete.getAttribute("data-action")).toBe("complete")
    expect(await axeViolations(page)).toEqual([])
    await shot(page, "complete-and-invoice")

    // Complete & Invoice: the invoice is created and the quote completed (the app goes on to the dashboard).
    await complete.click()
    await page.waitForURL("**/dashboard")
    await page.goto(`${live.server.url}/quote/${q.quoteId}`)
    await page.locator('[data-status="accepted"]').waitFor()
    // Completed: the toggle shows checked ('✓ Complete', the reactivate offer).
    await page.locator('button[data-action="reactivate"][aria-pressed="true"]').waitFor()
    // The panel stays for a completed quote with invoices; the invoice ends up synced with its number.
    await invoice.locator("[data-invoice-number]").filter({ hasText: "INV-0001" }).waitFor({ timeout: 20_000 })
    expect(await invoice.getAttribute("data-invoice-status")).toBe(String(Invoice.InvoiceStatus.Sent))
    expect(await invoice.getByRole("link", { name: `${t.viewInvoice} INV-0001` }).getAttribute("href")).toMatch(
      /\/i\/\d+\/\d+\/[^/]+$/
    )
    expect(await panel.locator('[data-total="remaining"]').textContent()).toBe("$0.00")
    expect(await page.getByRole("button", { name: m.completeAndInvoice }).count()).toBe(0)
    expect(await axeViolations(page)).toEqual([])
    await panel.scrollIntoViewIfNeeded()
    await shot(page, "completed")
    await panel.screenshot({ path: "/tmp/invoicing-flows-panel-completed.png" })

    // The invoices page lists it.
    await page.goto(`${live.server.url}/invoices`)
    const listed = page.locator("tr[data-invoice]").filter({ hasText: "INV-0001" })
    await listed.waitFor()
    expect(await listed.textContent()).toContain("$550.00")
    const stored = await live.server.sql(
      (sql) =>
        sql<{ archive_id: number }>`SELECT archive_id::int AS archive_id FROM quotes WHERE quote_id = ${q.quoteId}`
    )
    expect(stored[0]!.archive_id).toBe(ArchiveState.ArchiveId.complete)

    expect(problems).toEqual([])
    await team.close()
  })

  it("an adjustment after a 100% invoice: the next invoice and the credit, both created", async () => {
    const q = await sentQuote(live.server)
    await builtInInvoicesOn(q)
    const { team, page } = await live.teamPage(q)
    const problems = watch(page)

    // Accepted and invoiced in full.
    const panel = await acceptedOnPage(page, q)
    await panel.locator('tr[data-suggestion="next"]').getByRole("button", { name: t.createNow }).click()
    const first = panel.locator("tr[data-invoice]").first()
    await first.locator("[data-invoice-number]").filter({ hasText: "INV-0001" }).waitFor({ timeout: 20_000 })
    const remaining = panel.locator('[data-total="remaining"]')
    expect(await remaining.textContent()).toBe("$0.00")
    // Nothing to invoice or credit: only the skipped invoice ('Restore to Ready', $0.00) is offered.
    expect(await panel.locator('tr[data-suggestion="next"], tr[data-suggestion="credit"]').count()).toBe(0)
    expect(await panel.locator('tr[data-suggestion="skipped"] [data-amount]').textContent()).toBe("$0.00")

    // 'Add or Credit Items' opens the editor in adjustment A.
    await panel.getByRole("link", { name: m.addOrCreditItems }).click()
    await page.waitForURL(`**/quotes/${q.quoteId}/is-adjustment`)
    await page.getByText(m.makingAdjustment("A")).waitFor()
    const total = page.locator('[data-total="up-front:total"]')
    expect(await total.textContent()).toContain("550.00")

    // Credit Labour (2 x 100), add Grout sealing at 80.
    const labour = page.locator('li[data-row="0"]')
    expect(await labour.getByLabel(m.itemTitle).inputValue()).toBe("Labour")
    await labour.getByRole("button", { name: m.credit }).click()
    await labour.getByText(m.creditedIn("A")).waitFor()
    await page.getByRole("button", { name: `+ ${m.addPriceItem}` }).click()
    const added = page.locator("li[data-row]").filter({ hasText: m.addedIn("A") })
    await added.getByLabel(m.itemTitle).fill("Grout sealing")
    await added.locator('input[data-field="unit"]').fill("80")
    await page
      .getByText(/430\.00/)
      .first()
      .waitFor()
    expect(await total.textContent()).toContain("430.00")
    expect(await axeViolations(page)).toEqual([])
    await shot(page, "adjustment-editor")
    const saved = page.waitForResponse(
      (r) => r.request().method() === "POST" && r.url().includes(`/post/quote-update/edit/${q.quoteId}/`)
    )
    await page.keyboard.press("Control+s")
    expect((await saved).status()).toBe(200)
    await page.getByText(m.unsavedChanges).waitFor({ state: "hidden" })

    // Back on the quote page: the next invoice for the added item, the credit for the credited one.
    await page.getByRole("link", { name: new RegExp(m.back) }).click()
    await page.waitForURL(`**/quote/${q.quoteId}`)
    const next = panel.locator('tr[data-suggestion="next"]')
    const credit = panel.locator('tr[data-suggestion="credit"]')
    await next.getByText(t.next("invoice"), { exact: true }).waitFor()
    await credit.getByText(t.next("credit"), { exact: true }).waitFor()
    expect(await next.locator("[data-amount]").textContent()).toBe("$80.00")
    expect(await credit.locator("[data-amount]").textContent()).toBe("$200.00")
    expect(await panel.locator('[data-total="total"]').textContent()).toBe("$430.00")
    // What is left is the added item, whatever the credit still to make.
    expect(await panel.locator('[data-total="remaining"]').textContent()).toBe("$80.00")
    expect(await axeViolations(page, "[data-invoicing]")).toEqual([])
    await panel.scrollIntoViewIfNeeded()
    await shot(page, "adjusted")
    await panel.screenshot({ path: "/tmp/invoicing-flows-panel-adjusted.png" })

    // Create both: each synced with the next number, nothing left to invoice.
    await next.getByRole("button", { name: t.createNow }).click()
    await panel.locator("[data-invoice-number]").filter({ hasText: "INV-0002" }).waitFor({ timeout: 20_000 })
    await credit.getByRole("button", { name: t.createNow }).click()
    await panel.locator("[data-invoice-number]").filter({ hasText: "INV-0003" }).waitFor({ timeout: 20_000 })
    const rows = panel.locator("tr[data-invoice]")
    expect(await rows.count()).toBe(3)
    expect(await panel.locator(`tr[data-invoice][data-invoice-status="${Invoice.InvoiceStatus.Sent}"]`).count()).toBe(3)
    const second = rows.filter({ hasText: "INV-0002" })
    const third = rows.filter({ hasText: "INV-0003" })
    expect(await second.getByText(t.invoice, { exact: true }).count()).toBe(1)
    expect(await second.locator("[data-amount]").textContent()).toBe("$80.00")
    expect(await third.getByText(m.credit, { exact: true }).count()).toBe(1)
    expect(await third.locator("[data-amount]").textContent()).toBe("$200.00")
    expect(await panel.locator('tr[data-suggestion="next"], tr[data-suggestion="credit"]').count()).toBe(0)
    expect(await remaining.textContent()).toBe("$0.00")
    expect(await axeViolations(page, "[data-invoicing]")).toEqual([])
    await shot(page, "adjusted-invoiced")
    await panel.screenshot({ path: "/tmp/invoicing-flows-panel-adjusted-invoiced.png" })

    expect(problems).toEqual([])
    await team.close()
  })

  it("the customer's invoice: its page without sign-in, its PDF, its email", async () => {
    const q = await sentQuote(live.server)
    await builtInInvoicesOn(q)
    const { team, page } = await live.teamPage(q)
    const problems = watch(page)

    const panel = await acceptedOnPage(page, q)
    await panel.locator('tr[data-suggestion="next"]').getByRole("button", { name: t.createNow }).click()
    const invoice = panel.locator("tr[data-invoice]").first()
    await invoice.locator("[data-invoice-number]").filter({ hasText: "INV-0001" }).waitFor({ timeout: 20_000 })
    const view = await invoice.getByRole("link", { name: `${t.viewInvoice} INV-0001` }).getAttribute("href")
    // Absolute, on the server's public address (as emailed).
    expect(view).toMatch(/^http:\/\/[^/]+\/i\/\d+\/\d+\/[^/]+$/)
    const viewUrl = new URL(view ?? "")

    // Issued with it, in the same transaction: the invoice email, queued to the contact under 'Scheduled emails'
    // (stoppable for its first 30 seconds).
    await page.reload()
    const emails = page.getByRole("region", { name: m.scheduledEmails })
    const email = emails.getByRole("listitem").filter({ hasText: /INV-0001: / })
    await email.waitFor()
    expect(await email.getByText(m.emailKindInvoice).count()).toBe(1)
    expect(await email.textContent()).toContain("INV-0001: Bathroom retiling")
    expect(await email.textContent()).toContain("Grace Hopper")
    expect(await email.getAttribute("data-email-status")).toBe(String(ScheduledEmail.Statuses.inQueue))
    const queued = await live.server.sql(
      (sql) => sql<{ subject: string; body_text: string; recipients: ReadonlyArray<{ email: string }> }>`
        SELECT subject, body_text, recipients FROM email_messages
        WHERE quote_id = ${q.quoteId} AND subject_type = ${ScheduledEmail.SubjectTypes.invoice}`
    )
    expect(queued).toHaveLength(1)
    expect(queued[0]!.subject.startsWith("INV-0001")).toBe(true)
    expect(queued[0]!.body_text).toContain("INV-0001 for $550.00")
    expect(queued[0]!.recipients.map((r) => r.email)).toEqual(["grace@example.com"])
    expect(await axeViolations(page)).toEqual([])
    await emails.scrollIntoViewIfNeeded()
    await shot(page, "invoice-email-queued")

    // The customer's page, in a context with no cookies at all.
    const customer = await live.browser.newContext({ viewport: { width: 1280, height: 900 } })
    expect(await customer.cookies()).toEqual([])
    const invoicePage = await customer.newPage()
    invoicePage.setDefaultTimeout(8_000)
    const customerProblems = watch(invoicePage)
    const answer = await invoicePage.goto(viewUrl.href)
    expect(answer?.status()).toBe(200)
    await invoicePage.getByRole("heading", { level: 1 }).waitFor()
    const facts = invoicePage.locator("header dl")
    expect(await facts.getByText("INV-0001", { exact: true }).count()).toBe(1)
    const lines = await invoicePage.locator("tbody tr td:first-child").allTextContents()
    expect(lines).toEqual(["Labour", "Oak finish", "Spare tiles"])
    const shownTotal = (await invoicePage.locator(".totals .strong span").last().textContent()) ?? ""
    expect(shownTotal).toBe("$550.00")
    expect(await invoicePage.getByText("Walnut finish").count()).toBe(0)
    expect(await axeViolations(invoicePage)).toEqual([])
    await invoicePage.screenshot({ path: "/tmp/invoicing-flows-customer-invoice.png", fullPage: true })

    // Download PDF: a PDF with the same number, lines and total.
    const pdfHref = await invoicePage.getByRole("link", { name: "Download PDF" }).getAttribute("href")
    expect(pdfHref).toBe(`${viewUrl.pathname}.pdf`)
    const pdf = await invoicePage.request.get(new URL(pdfHref ?? "", invoicePage.url()).href)
    expect(pdf.status()).toBe(200)
    expect(pdf.headers()["content-type"]).toMatch(/^application\/pdf/)
    const bytes = new Uint8Array(await pdf.body())
    expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe("%PDF-")
    const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true })
    expect(text).toContain("INV-0001")
    for (const title of lines) expect(text).toContain(title)
    expect(text).toContain(shownTotal)
    expect(customerProblems).toEqual([])
    await customer.close()

    // Its time to be stopped moved into the past, the sender delivers it (the outbox itself is not reachable
    // from this harness: RealServer keeps the in-memory mailer to itself).
    await live.server.sql(
      (sql) => sql`UPDATE email_messages SET scheduled_when = now() - interval '1 minute'
        WHERE quote_id = ${q.quoteId} AND subject_type = ${ScheduledEmail.SubjectTypes.invoice}`
    )
    await emails
      .locator(`li[data-email-status="${ScheduledEmail.Statuses.delivered}"]`)
      .filter({ hasText: /INV-0001: / })
      .waitFor({ timeout: 15_000 })
    expect(await email.locator("[data-email-standing]").textContent()).toMatch(new RegExp(`^${m.emailSentAt("")}`))

    expect(problems).toEqual([])
    await team.close()
  })
})
