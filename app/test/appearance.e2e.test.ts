// @vitest-environment node
/**
 * Quote appearance in headless Chromium against the real server (in this process, embedded PGlite, a production
 * build of its own):
 * - the settings page: the colour swatches expand and collapse (picking one collapses them), the hex field keeps
 *   hex digits only and applies at 6 with the lightness hints, the thumbnail follows each change (100 ms debounce),
 *   the show-PDF checkbox reveals the page size, saving keeps it all; axe-checked;
 * - the customer page in that appearance: its colour, 'Download PDF' giving a PDF on US Letter whose text carries
 *   the total shown on the page, the team's quote page offering the same; the lightbox of the quote's images
 *   (loading then shown, Next and Previous wrapping, Escape, Left, Right, Space, Enter, focus kept in the dialog
 *   and given back); with show-PDF off, no download.
 * No console error, no answer of 500 or above.
 */
import { rm } from "node:fs/promises"
import * as Palette from "@quotekit/core/Palette"
import { Effect } from "effect"
import type { Browser, Page } from "playwright-core"
import { extractText, getDocumentProxy } from "unpdf"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { rows, saveBody } from "../../adapters/server/test/quotes/Fixtures.ts"
import { appearanceText as t } from "../src/appearance/appearanceText.ts"
import { axeViolations } from "./support/axe.ts"
import { launch } from "./support/browser.ts"
import { buildOwnApp } from "./support/OwnBuildServer.ts"
import { type RealServer, signUp, start } from "./support/RealServer.ts"

let dist: string
let server: RealServer
let browser: Browser

beforeAll(async () => {
  dist = await buildOwnApp()
  server = await start(dist)
  browser = await launch()
}, 240_000)

afterAll(async () => {
  await browser?.close()
  await server?.close()
  if (dist !== undefined) await rm(dist, { recursive: true, force: true })
})

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

const LIGHT = "That looks quite light, something darker will work better here."
const DARK = "That looks quite dark, something lighter will work better here."

describe("quote appearance in Chromium against the real server", { timeout: 180_000 }, () => {
  it("swatches, the hex field and its hints, the live thumbnail and the PDF section", async () => {
    const admin = await signUp(server.url, "Kauri Kitchens", "Ana Admin")
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    await admin.api.share(context)
    const page = await context.newPage()
    page.setDefaultTimeout(10_000)
    const problems = watch(page)

    await page.goto(`${server.url}/settings`)
    await page.getByRole("link", { name: t.title }).click()
    await page.waitForURL(`${server.url}/settings/quote/appearance`)
    await page.getByRole("heading", { name: t.title }).waitFor()

    const thumbnail = page.locator(`iframe[title="${t.thumbnail}"]`)
    const shows = (colour: string) =>
      expect
        .poll(async () => (await thumbnail.getAttribute("srcdoc")) ?? "", { timeout: 10_000 })
        .toContain(`--qk-color-primary:${colour}`)
    await shows("#1f5fbf")
    // The thumbnail is the customer page's own markup, from the server.
    await expect
      .poll(() => thumbnail.contentFrame().locator("h1.qk-title").textContent())
      .toContain("Kitchen renovation")

    // The swatches: collapsed, expanded by the button, collapsed again by picking one.
    const toggle = page.getByRole("button", { name: t.changeColour })
    const swatches = page.locator("#appearance-swatches")
    await expect.poll(() => swatches.isVisible()).toBe(false)
    await toggle.click()
    await expect.poll(() => swatches.isVisible()).toBe(true)
    expect(await page.getByRole("button", { name: t.hideColours }).getAttribute("aria-expanded")).toBe("true")
    expect(await swatches.locator("[data-swatch]").count()).toBe(40)
    const shot1 = await page.screenshot()
    expect(shot1.length).toBeGreaterThan(1000)
    expect(await axeViolations(page)).toEqual([])
    const preset = Palette.presets[0]?.[6] ?? "#000000"
    const picked = Date.now()
    await page.getByRole("button", { name: preset, exact: true }).click()
    await expect.poll(() => swatches.isVisible()).toBe(false)
    expect(await page.getByRole("button", { name: t.changeColour }).getAttribute("aria-expanded")).toBe("false")
    const hex = page.getByLabel(t.hex)
    expect(await hex.inputValue()).toBe(preset.slice(1))
    await shows(preset)
    // After the 100 ms debounce, within a loaded machine's slack.
    expect(Date.now() - picked).toBeGreaterThanOrEqual(100)
    expect(Date.now() - picked).toBeLessThan(8_000)

    // The hex field: hex digits only, at most 6, applied at 6.
    await hex.fill("")
    await hex.pressSequentially("#zz12g3ab4c")
    expect(await hex.inputValue()).toBe("123ab4")
    await shows("#123ab4")
    await hex.fill("ffee")
    expect(await hex.inputValue()).toBe("ffee")
    await page.waitForTimeout(400)
    expect(await thumbnail.getAttribute("srcdoc")).toContain("--qk-color-primary:#123ab4")
    await hex.fill("ffee00")
    await shows("#ffee00")
    await page.getByText(LIGHT).waitFor()
    await hex.fill("1a1a2e")
    await page.getByText(DARK).waitFor()
    await hex.fill("0f766e")
    await shows("#0f766e")
    await expect.poll(() => page.getByText(LIGHT).or(page.getByText(DARK)).count()).toBe(0)

    // Font and layout follow too.
    await page.getByLabel(t.font).selectOption("georgia")
    await expect.poll(async () => (await thumbnail.getAttribute("srcdoc")) ?? "").toContain("--qk-font-family:Georgia")

    // Show-PDF reveals the page size; unticked, the section goes.
    const pdfBox = page.getByLabel(t.showPdf)
    expect(await pdfBox.isChecked()).toBe(true)
    const sizeGroup = page.getByRole("group", { name: t.pageSize })
    await sizeGroup.waitFor()
    await pdfBox.uncheck()
    await expect.poll(() => sizeGroup.count()).toBe(0)
    await pdfBox.check()
    await sizeGroup.waitFor()
    await page.getByLabel(t.letter).check()

    // The full-size preview opens and closes.
    await page.getByRole("button", { name: t.fullSize }).click()
    const full = page.locator(`iframe[title="${t.fullSizeFrame}"]`)
    await full.waitFor()
    await expect.poll(() => full.contentFrame().locator("h1.qk-title").isVisible()).toBe(true)
    await page.getByRole("button", { name: t.close }).click()

    await page.getByRole("button", { name: t.save }).click()
    await page.getByText(t.saved).waitFor()
    await page.reload()
    await page.getByLabel(t.letter).waitFor()
    expect(await page.getByLabel(t.letter).isChecked()).toBe(true)
    expect(await page.getByLabel(t.hex).inputValue()).toBe("0f766e")
    expect(await page.getByLabel(t.font).inputValue()).toBe("georgia")
    expect(await axeViolations(page)).toEqual([])
    expect(problems).toEqual([])
    await context.close()
  })

  it("the customer page follows it: colour, Download PDF on US Letter, the lightbox; show-PDF off hides it", async () => {
    const account = await signUp(server.url, "Totara Decks", "Tia Owner")
    const team = account.api
    await team.post("/post/quote-appearance", {
      accent: "#0f766e",
      font: "georgia",
      heading_style: "accent",
      logo_position: "left",
      logo_size: "medium",
      density: "compact",
      legacy_theme: "none",
      show_pdf: true,
      pdf_page_size: "Letter"
    })
    const contactId = await server.sql((sql) =>
      sql<{ contact_id: number }>`
        INSERT INTO contacts (account_id, contact_type, name_first, name_last, email)
        VALUES (${account.account_id}, 'person', 'Grace', 'Hopper', 'grace@example.com') RETURNING contact_id`.pipe(
        Effect.map((r) => r[0]!.contact_id)
      )
    )
    const body = "Plans:\n\n![Deck plan](/favicon.svg) ![Site photo](/favicon.ico) ![Finish sample](/favicon.svg?c)"
    const saved = await team.post(
      "/post/quote-update/edit/new/is-editing",
      saveBody(account.signin_id, {
        quote: { title: "Hardwood deck" },
        items: rows([
          { title: "Deck boards", item_body: body, unit: "1250", qty: "2" },
          { title: "Oil finish", unit: "180" }
        ]),
        contacts: [{ quote_contact_id: -1, contact_id: contactId, contact_order: 0 }]
      })
    )
    const quoteId = saved.quote_id as number
    await team.post("/post/quote-mark-sent", { quote_id: quoteId })
    const links = await team.get(`/get/quote-links/${quoteId}`)
    const link = links[0].url as string

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true })
    const page = await context.newPage()
    page.setDefaultTimeout(10_000)
    const problems = watch(page)
    await page.goto(link)
    await page.locator("qk-quote-view").locator("article").waitFor()
    expect(
      await page.evaluate(() =>
        getComputedStyle(document.documentElement).getPropertyValue("--qk-color-primary").trim()
      )
    ).toBe("#0f766e")
    // Headings in the accent, inside the widget too.
    expect(
      await page
        .locator("qk-quote-view")
        .locator("h3")
        .first()
        .evaluate((h) => getComputedStyle(h).color)
    ).toBe("rgb(15, 118, 110)")

    // Download PDF: US Letter, with the total the page shows.
    const shownTotal =
      (await page
        .locator("qk-quote-view")
        .getByText(/\$2,\d{3}\.\d{2}/)
        .last()
        .textContent()) ?? ""
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download PDF" }).click()
    ])
    const path = await download.path()
    const { readFile } = await import("node:fs/promises")
    const bytes = new Uint8Array(await readFile(path))
    const pdf = await getDocumentProxy(bytes)
    expect((await pdf.getPage(1)).view.map(Math.round).join(" ")).toBe("0 0 612 792")
    const text = (await extractText(pdf, { mergePages: true })).text
    expect(text).toContain("Deck boards")
    expect(text).toContain(shownTotal.match(/\$[\d,]+\.\d{2}/)?.[0] ?? "no total shown")

    // The lightbox: loading, then shown; wraps both ways; the spec's keys; focus kept inside and given back.
    const images = page.locator("qk-quote-view").getByRole("button", { name: /open larger/ })
    expect(await images.count()).toBe(3)
    await images.first().click()
    const dialog = page.getByRole("dialog")
    await dialog.waitFor()
    const labelled = (n: number) =>
      expect.poll(() => dialog.getAttribute("aria-label")).toMatch(new RegExp(`^Image ${n} of 3`))
    await labelled(1)
    await expect.poll(() => dialog.getAttribute("aria-busy")).toBe("false")
    expect(await dialog.locator("img").isVisible()).toBe(true)
    await page.screenshot()
    expect(await axeViolations(page)).toEqual([])
    await page.keyboard.press("ArrowRight")
    await labelled(2)
    await page.keyboard.press("ArrowLeft")
    await page.keyboard.press("ArrowLeft")
    await labelled(3)
    await dialog.locator("img").focus()
    await page.keyboard.press("Enter")
    await labelled(1)
    await dialog.locator("img").focus()
    await page.keyboard.press(" ")
    await labelled(2)
    await dialog.getByRole("button", { name: "Next" }).click()
    await dialog.getByRole("button", { name: "Next" }).click()
    await labelled(1)
    expect(await dialog.getByRole("link", { name: "Download" }).getAttribute("href")).toMatch(/\/favicon\.svg$/)
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press("Tab")
      expect(
        await page
          .locator("qk-quote-view")
          .evaluate(
            (v) => v.shadowRoot?.activeElement?.closest("dialog") !== null && v.shadowRoot?.activeElement != null
          )
      ).toBe(true)
    }
    await page.keyboard.press("Escape")
    await expect.poll(() => dialog.count()).toBe(0)
    expect(
      await page.locator("qk-quote-view").evaluate((v) => v.shadowRoot?.activeElement?.getAttribute("aria-label"))
    ).toMatch(/^Image 1 of 3: Deck plan/)

    // The team's quote page offers the same PDF.
    const teamContext = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    await team.share(teamContext)
    const teamPage = await teamContext.newPage()
    teamPage.setDefaultTimeout(10_000)
    const teamProblems = watch(teamPage)
    await teamPage.goto(`${server.url}/quote/${quoteId}`)
    await teamPage.getByRole("button", { name: "Preview", exact: true }).click()
    const teamLink = teamPage.getByRole("link", { name: "Download PDF" })
    await teamLink.waitFor()
    expect(await teamLink.getAttribute("href")).toBe(`/get/quote-pdf/${quoteId}`)

    // Show-PDF off: neither page offers it.
    await team.post("/post/quote-appearance", {
      accent: "#0f766e",
      font: "georgia",
      heading_style: "accent",
      logo_position: "left",
      logo_size: "medium",
      density: "compact",
      legacy_theme: "none",
      show_pdf: false,
      pdf_page_size: "Letter"
    })
    await page.reload()
    await page.locator("qk-quote-view").locator("article").waitFor()
    expect(await page.getByRole("link", { name: "Download PDF" }).count()).toBe(0)
    expect(problems).toEqual([])
    expect(teamProblems).toEqual([])
    await context.close()
    await teamContext.close()
  })
})
