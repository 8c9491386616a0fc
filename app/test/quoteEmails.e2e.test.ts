// @vitest-environment node
/**
 * Emailing a quote end to end in headless Chromium, against the real server (in this process, over an embedded
 * PGlite database) serving a production build of its own. On a quote marked as sent (never emailed) 'Send
 * Follow-up' is disabled with its reason; the team member sends the quote by email from the composer, sees it
 * under 'Scheduled emails' counting down with 'Stop Email', then starts a follow-up through the action bar (the
 * URL's do-follow-up flow), sends it, and stops it before it goes: it shows 'Not sent, email stopped' and a
 * follow-up can be started again. A custom date and time is read in the team member's time zone (their personal
 * settings', not the browser's): a day last month is refused with 'Choose a time in the future.' and nothing is
 * sent; a later day at 9:30 AM is sent and shows under 'Scheduled emails' at that date and time.
 */
import * as DateFormat from "@quotekit/core/DateFormat"
import * as Message from "@quotekit/core/Message"
import * as QuickSend from "@quotekit/core/QuickSend"
import * as ScheduledEmail from "@quotekit/core/ScheduledEmail"
import { Option } from "effect"
import { describe, expect, it } from "vitest"
import { axeViolations } from "./support/axe.ts"
import { sentQuote } from "./support/SentQuote.ts"
import * as ServerAndBrowser from "./support/ServerAndBrowser.ts"

const m = Message.catalogue

/** How react-day-picker names a day's button ("Monday, November 23rd, 2026"), before 'Today, ' or ', selected'. */
const dayButtonName = (d: DateFormat.CalendarDate): string => {
  const at = new Date(Date.UTC(d.year, d.month - 1, d.day))
  const weekday = at.toLocaleDateString("en-US", { weekday: "long", timeZone: "UTC" })
  const month = at.toLocaleDateString("en-US", { month: "long", timeZone: "UTC" })
  const teen = d.day % 100 >= 11 && d.day % 100 <= 13
  const suffix = teen ? "th" : (["th", "st", "nd", "rd"][d.day % 10] ?? "th")
  return `${weekday}, ${month} ${d.day}${suffix}, ${d.year}`
}
const live = ServerAndBrowser.forFile()

describe("quote emails in Chromium against the real server", { timeout: 90_000 }, () => {
  it("sends a quote by email, sees it scheduled, sends a follow-up and stops it", async () => {
    const q = await sentQuote(live.server)
    const { team, page } = await live.teamPage(q)
    await page.goto(`${live.server.url}/quote/${q.quoteId}`)
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

  it("sends at a custom date and time in the team member's zone; a past time is refused", async () => {
    const q = await sentQuote(live.server)
    // The team member works in Auckland; the browser is in New York, so a day read in the wrong zone shows.
    const signinZone = "Pacific/Auckland"
    const zone = Option.getOrThrow(QuickSend.zoneFromName(signinZone))
    const personal = await q.team.get("/get/settings/personal")
    await q.team.post("/post/settings/personal", {
      name_first: personal.name_first,
      name_last: personal.name_last,
      email: personal.email,
      profile_phone: personal.profile_phone,
      profile_title: personal.profile_title,
      signin_tz: signinZone
    })
    const style: DateFormat.Style = (await q.team.get("/get/cache-account")).account_signin.dateFormat
    const { team, page } = await live.teamPage(q, { timezoneId: "America/New_York" })
    await page.goto(`${live.server.url}/quote/${q.quoteId}`)
    const panel = page.getByRole("region", { name: m.scheduledEmails })
    await panel.getByText(m.noEmailsYet).waitFor()

    await page.getByRole("button", { name: m.sendByEmail }).click()
    const composer = page.getByRole("dialog", { name: m.sendByEmail })
    await composer.getByRole("radio", { name: m.sendCustom }).check()
    const time = composer.getByRole("combobox", { name: m.sendTime })
    const dateButton = composer.getByRole("button", { name: new RegExp(`^${m.sendDate} `) })
    // It starts at tomorrow 8 AM in Auckland.
    const start = QuickSend.customDefaultWallTime(Math.floor(Date.now() / 1000), zone)
    await composer.getByText(DateFormat.formatDate(start.date, style)).waitFor()
    expect(await time.locator("option:checked").textContent()).toBe("8:00 AM")

    // A day last month: refused under the time, and nothing is sent.
    await dateButton.click()
    await page.getByRole("button", { name: "Go to the Previous Month" }).click()
    await page.getByRole("button", { name: /15th/ }).click()
    const problem = composer.getByRole("alert").filter({ hasText: m.chooseFutureTime })
    await problem.waitFor()
    expect(await time.getAttribute("aria-invalid")).toBe("true")
    expect(await axeViolations(page)).toEqual([])
    await composer.getByRole("button", { name: m.send }).click()
    await page.waitForTimeout(500)
    expect(await composer.isVisible()).toBe(true)
    expect(await problem.isVisible()).toBe(true)
    expect((await q.team.get(`/get/quote-emails/${q.quoteId}`)).emails).toEqual([])

    // The day after tomorrow (in Auckland) at 9:30 AM.
    const day = DateFormat.addDays(start.date, 1)
    await dateButton.click()
    await page.getByRole("button", { name: "Go to the Next Month" }).click()
    if (day.month !== start.date.month) await page.getByRole("button", { name: "Go to the Next Month" }).click()
    await page.getByRole("button", { name: new RegExp(`^(Today, )?${dayButtonName(day)}`) }).click()
    await time.selectOption({ label: "9:30 AM" })
    expect(await composer.getByRole("alert").count()).toBe(0)
    await composer.getByLabel(m.subject).fill("At a time of your choosing")
    await composer.getByRole("button", { name: m.send }).click()
    await composer.waitFor({ state: "detached" })

    const sendAt = QuickSend.instantOf({ date: day, minutes: 9 * 60 + 30 }, zone)
    const email = panel.getByRole("listitem").filter({ hasText: "At a time of your choosing" })
    await email.getByText(m.emailScheduledAt(`${DateFormat.formatDate(day, style)}, 9:30 AM`)).waitFor()
    await email.getByRole("button", { name: m.stopEmail }).waitFor()
    const stored = (await q.team.get(`/get/quote-emails/${q.quoteId}`)).emails
    expect(stored.map((e: { scheduled_when: number }) => e.scheduled_when)).toEqual([
      sendAt + ScheduledEmail.graceSeconds
    ])
    expect(await axeViolations(page)).toEqual([])
    await team.close()
  })
})
