// @vitest-environment node
/**
 * The quote page's Settings tab end to end in headless Chromium, against the real server (in this process, over
 * an embedded PGlite database) serving a production build of its own: on a sent quote the team member turns on
 * the terms box and turns off quantity edits; the Overview's 'Settings applied' lists both, All Activity names
 * who changed what, and the customer's page now asks to tick the terms box and offers no quantity field. Once
 * the quote is accepted, the Settings tab is gone and the summary still shows what the customer met. The
 * Settings tab is checked with axe-core for serious or critical violations.
 */
import * as Message from "@quotekit/core/Message"
import { describe, expect, it } from "vitest"
import { axeViolations } from "./support/axe.ts"
import { sentQuote } from "./support/SentQuote.ts"
import * as ServerAndBrowser from "./support/ServerAndBrowser.ts"

const m = Message.catalogue
const live = ServerAndBrowser.forFile()

describe("quote settings in Chromium against the real server", { timeout: 90_000 }, () => {
  it("changes settings on the quote page; the summary and the customer page follow; answered quotes lock them", async () => {
    const q = await sentQuote(live.server)
    const { team, page } = await live.teamPage(q)
    await page.goto(`${live.server.url}/quote/${q.quoteId}`)
    const applied = page.getByRole("region", { name: m.settingsApplied })
    await applied.getByText(m.settingsAsDefaults).waitFor()

    // Before: the customer has no terms box and may edit the spare tiles' quantity.
    const customer = await live.browser.newContext()
    const view = await customer.newPage()
    view.setDefaultTimeout(8_000)
    await view.goto(q.link)
    const tiles = view.locator("qk-quote-view").getByRole("textbox", { name: m.itemQuantity("Spare tiles") })
    await tiles.waitFor()
    expect(await view.getByLabel(m.agreeToTerms).count()).toBe(0)

    await page.getByRole("tab", { name: m.settings }).click()
    const terms = page.getByLabel(m.settingTerms)
    expect(await terms.inputValue()).toBe("default")
    expect(await terms.locator("option").first().textContent()).toBe(m.settingAccountDefault(m.settingOff))
    expect(await page.getByRole("button", { name: m.save }).isDisabled()).toBe(true)
    expect(await axeViolations(page)).toEqual([])
    await terms.selectOption({ label: m.settingOn })
    await page.getByLabel(m.settingQuantities).selectOption({ label: m.settingOff })
    await page.getByRole("button", { name: m.save }).click()
    await page.getByRole("status").getByText(m.settingsSaved).waitFor()

    await page.getByRole("tab", { name: m.overview }).click()
    await applied.getByText(m.settingTermsRequired).waitFor()
    await applied.getByText(m.settingQuantitiesLocked).waitFor()
    expect(await applied.getByText(m.settingsAsDefaults).count()).toBe(0)
    await page.getByRole("tab", { name: m.allActivity }).click()
    await page
      .getByText(
        "Ada Tester changed the settings: Terms box to tick before accepting: On; Customer can edit quantities: Off."
      )
      .first()
      .waitFor()

    // After: the customer must tick the terms box, and the quantity is no longer a field.
    await view.reload()
    await view.getByLabel(m.agreeToTerms).waitFor()
    await view.locator("qk-quote-view").getByText("Spare tiles").first().waitFor()
    expect(await tiles.count()).toBe(0)

    // Accepted: the settings are what the customer met; the tab is gone, the summary stays.
    await q.team.post(`/post/quote-accept-on-behalf/${q.quoteId}`)
    await page.reload()
    await applied.getByText(m.settingTermsRequired).waitFor()
    await page.getByRole("tab", { name: m.allActivity }).waitFor()
    expect(await page.getByRole("tab", { name: m.settings }).count()).toBe(0)
    await team.close()
    await customer.close()
  })
})
