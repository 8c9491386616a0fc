// @vitest-environment node
/**
 * Emailing a quote end to end in headless Chromium, against the real server (in this process, over an embedded
 * PGlite database) serving a production build of its own. On a quote marked as sent (never emailed) 'Send
 * Follow-up' is disabled with its reason; the team member sends the quote by email from the composer, sees it
 * under 'Scheduled emails' counting down with 'Stop Email', then starts a follow-up through the action bar (the
 * URL's do-follow-up flow), sends it, and stops it before it goes: it shows 'Not sent, email stopped' and a
 * follow-up can be started again.
 */
import { rm } from "node:fs/promises"
import * as Message from "@quotekit/core/Message"
import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { buildApp, type Server, sentQuote, start, teamContext } from "./customer/CustomerServer.ts"
import { axeViolations } from "./support/axe.ts"
import { launch } from "./support/browser.ts"

const m = Message.catalogue
let server: Server
let dist: string
let browser: Browser

beforeAll(async () => {
  dist = await buildApp()
  server = await start(dist)
  browser = await launch()
})

afterAll(async () => {
  await browser?.close()
  await server?.close()
  if (dist !== undefined) await rm(dist, { recursive: true, force: true })
})

describe("quote emails in Chromium against the real server", { timeout: 90_000 }, () => {
  it("sends a quote by email, sees it scheduled, sends a follow-up and stops it", async () => {
    const q = await sentQuote(server)
    const team = await teamContext(browser, server, q)
    const page = await team.newPage()
    page.setDefaultTimeout(8_000)
    await page.goto(`${server.url}/quote/${q.quoteId}`)
    const panel = page.getByRole("region", { name: m.scheduledEmails })
    await panel.getByText(m.noEmailsYet).waitFor()
    const followUp = page.locator('button[data-action="sendFollowUp"]')
    expect(await followUp.isDisabled()).toBe(true)
    expect(await followUp.getAttribute("title")).toBe(m.followUpNotEmailed)

    // Send the quote by email: the contact with an address is chosen, the subject is the default until changed.
    await page.getByRole("button", { name: m.sendByEmail }).click()
    const composer = page.getByRole("dialog", { name: m.sendByEmail })
    const grace = composer.getByRole("checkbox", { name: /Grace Hopper/ })
    expect(await grace.isChecked()).toBe(true)
    const subject = composer.getByLabel(m.subject)
    expect(await subject.inputValue()).toBe(m.emailSubjectDefault("Bathroom retiling"))
    expect(await composer.getByLabel(m.leadMessage).inputValue()).toBe(m.emailMessageDefault)
    expect(await axeViolations(page)).toEqual([])
    await subject.fill("Your bathroom quote")
    await composer.getByRole("button", { name: m.send }).click()
    await composer.waitFor({ state: "detached" })

    const quoteEmail = panel.getByRole("listitem").filter({ hasText: "Your bathroom quote" })
    await quoteEmail.getByText(m.emailKindQuote).waitFor()
    await quoteEmail.getByText(/^Emailing in \d+…$/).waitFor()
    await quoteEmail.getByRole("button", { name: m.stopEmail }).waitFor()
    expect(await axeViolations(page)).toEqual([])

    // Emailed now: the action bar's Send Follow-up opens the composer through the URL.
    await page.waitForFunction(() => {
      const b = document.querySelector('button[data-action="sendFollowUp"]') as HTMLButtonElement | null
      return b !== null && !b.disabled
    })
    await followUp.click()
    const followUpComposer = page.getByRole("dialog", { name: m.sendFollowUp })
    await followUpComposer.waitFor()
    // The router writes search values as JSON ("1"), as for every page.
    expect(page.url()).toMatch(/[?&]do-follow-up=1(&|$)/)
    expect(page.url()).toMatch(/[?&]returnTo=quote(&|$)/)
    expect(await followUpComposer.getByLabel(m.subject).inputValue()).toBe(
      m.emailFollowUpSubjectDefault("Bathroom retiling")
    )
    await followUpComposer.getByRole("button", { name: m.send }).click()
    await followUpComposer.waitFor({ state: "detached" })
    await page.waitForFunction(() => !new URL(location.href).searchParams.has("do-follow-up"))

    const followUpEmail = panel.getByRole("listitem").filter({ hasText: m.emailKindFollowUp1 })
    await followUpEmail.getByText(/^Emailing in \d+…$/).waitFor()
    await page.waitForFunction(
      (reason) => document.querySelector('button[data-action="sendFollowUp"]')?.getAttribute("title") === reason,
      m.followUpInProgress
    )
    expect(await followUp.isDisabled()).toBe(true)

    // Stop the follow-up before it goes; the quote email keeps counting down.
    await followUpEmail.getByRole("button", { name: m.stopEmail }).click()
    await followUpEmail.getByText(m.emailStopped).waitFor()
    expect(await followUpEmail.getByRole("button", { name: m.stopEmail }).count()).toBe(0)
    await quoteEmail.getByRole("button", { name: m.stopEmail }).waitFor()
    await page.waitForFunction(() => {
      const b = document.querySelector('button[data-action="sendFollowUp"]') as HTMLButtonElement | null
      return b !== null && !b.disabled
    })

    await page.getByRole("tab", { name: m.allActivity }).click()
    await page
      .getByText(/Ada Tester stopped the email/)
      .first()
      .waitFor()
    await page
      .getByText(/Ada Tester emailed the quote to Grace Hopper <grace@example\.com>\./)
      .first()
      .waitFor()
    await team.close()
  })
})
