// @vitest-environment node
/**
 * The smaller screens of #19 in headless Chromium, against the real server (in this process, over an embedded
 * PGlite database) serving a production build of its own.
 *
 * - Profile photo: Personal Settings offers 'Upload a Photo'; a text file is refused with the server's message;
 *   a PNG becomes the photo ('Change Photo'), shown in the top bar's account button and in the team list of
 *   Account Settings; 'Remove Photo' clears it everywhere.
 *
 * - Help: /help?q=… shows the sections of the project's guides holding the words, each linking to its heading;
 *   the guide opens scrolled to it; typing in the box searches again and keeps the words in the address.
 *
 * Each state is checked with axe-core; no console error (but the refusal's own 400), no answer of 500 or above.
 */
import * as Message from "@quotekit/core/Message"
import type { Page } from "playwright-core"
import { describe, expect, it } from "vitest"
import { helpText } from "../src/help/helpText.ts"
import { axeViolations } from "./support/axe.ts"
import { signUp } from "./support/RealServer.ts"
import * as ServerAndBrowser from "./support/ServerAndBrowser.ts"

const m = Message.catalogue
const live = ServerAndBrowser.forFile()

/** Console errors, page errors and server failures seen on a page; `expected` errors are left out. */
const watch = (page: Page, expected: ReadonlyArray<RegExp> = []) => {
  const problems: Array<string> = []
  page.on("console", (msg) => {
    if (msg.type() === "error" && !expected.some((e) => e.test(msg.text())))
      problems.push(`console error on ${page.url()}: ${msg.text()}`)
  })
  page.on("pageerror", (error) => problems.push(`page error on ${page.url()}: ${error.message}`))
  page.on("response", (response) => {
    if (response.status() >= 500) problems.push(`${response.status()} for ${response.url()}`)
  })
  return problems
}

/** A 48 x 48 PNG of one colour, drawn by the browser. */
const pngOf = async (page: Page, colour: string): Promise<Buffer> =>
  Buffer.from(
    await page.evaluate(async (fill) => {
      const canvas = new OffscreenCanvas(48, 48)
      const g = canvas.getContext("2d")!
      g.fillStyle = fill
      g.fillRect(0, 0, 48, 48)
      const blob = await canvas.convertToBlob({ type: "image/png" })
      return [...new Uint8Array(await blob.arrayBuffer())]
    }, colour)
  )

/** A page signed in as a new account's admin. */
const adminPage = async (business: string, name: string) => {
  const admin = await signUp(live.server.url, business, name)
  const context = await live.browser.newContext({ viewport: { width: 1280, height: 900 } })
  await admin.api.share(context)
  const page = await context.newPage()
  page.setDefaultTimeout(8_000)
  return { admin, context, page }
}

describe("the missing screens of #19 in Chromium against the real server", { timeout: 120_000 }, () => {
  it("a profile photo is uploaded, shown in the account button and the team list, and removed", async () => {
    const { context, page } = await adminPage("Harbour Joinery", "Alex Owner")
    const problems = watch(page, [/status of 400/])
    await page.goto(`${live.server.url}/settings/personal`)
    await page.getByRole("heading", { name: m.personalSettings, level: 1 }).waitFor()
    const upload = page.getByRole("button", { name: m.uploadPhoto })
    await upload.waitFor()
    expect(await page.getByRole("button", { name: m.removePhoto }).count()).toBe(0)
    const accountButton = page.locator("header").getByRole("button", { name: /Harbour Joinery/ })
    expect(await accountButton.locator("img").count()).toBe(0)
    expect(await axeViolations(page)).toEqual([])

    // Not an image: the server's words, and nothing changes.
    const file = page.locator('input[type="file"]')
    await file.setInputFiles({ name: "me.png", mimeType: "image/png", buffer: Buffer.from("only some text") })
    await page.getByRole("alert").filter({ hasText: m.notAnImage }).waitFor()
    expect(await upload.isVisible()).toBe(true)

    // A real photo: 'Change Photo', the picture here, in the account button and in the team list.
    await file.setInputFiles({ name: "me.png", mimeType: "image/png", buffer: await pngOf(page, "#1f7a5a") })
    await page.getByRole("button", { name: m.changePhoto }).waitFor()
    expect(await page.getByRole("alert").count()).toBe(0)
    const photo = page.getByRole("img", { name: "Alex Owner" })
    await photo.waitFor()
    const src = await photo.getAttribute("src")
    expect(src).toMatch(/^\/avatars\/\d+\/\d+$/)
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(48)
    await expect.poll(() => accountButton.locator("img").getAttribute("src")).toBe(src)
    expect(await axeViolations(page)).toEqual([])
    await page.screenshot({ path: "/tmp/F-profile-photo.png" })

    await page.goto(`${live.server.url}/settings`)
    const team = page.getByRole("region", { name: m.teamMembers })
    const member = team.getByRole("listitem").filter({ hasText: "Alex Owner" })
    await expect.poll(() => member.locator("img").getAttribute("src")).toBe(src)
    await expect.poll(() => member.locator("img").evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(48)
    expect(await axeViolations(page)).toEqual([])

    // Removed: back to 'Upload a Photo' and the initial, and the old address serves nothing.
    await page.goto(`${live.server.url}/settings/personal`)
    await page.getByRole("button", { name: m.removePhoto }).click()
    await upload.waitFor()
    await expect.poll(() => accountButton.locator("img").count()).toBe(0)
    expect((await page.request.get(`${live.server.url}${src}`)).status()).toBe(404)
    expect(problems).toEqual([])
    await context.close()
  })

  it("help finds a guide's section and opens it at its heading", async () => {
    const context = await live.browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    page.setDefaultTimeout(8_000)
    const problems = watch(page)
    await page.goto(`${live.server.url}/help?q=recovery%20codes`)
    await page.getByRole("heading", { name: helpText.title, level: 1 }).waitFor()
    const results = page.getByRole("list").filter({ has: page.locator("mark") })
    const first = results.getByRole("link").first()
    await first.waitFor()
    expect(await first.getAttribute("href")).toMatch(/^\/help\/two-factor#[a-z0-9-]+$/)
    expect(await page.getByLabel(helpText.search).inputValue()).toBe("recovery codes")
    expect(await axeViolations(page)).toEqual([])
    await page.screenshot({ path: "/tmp/F-help.png" })

    const href = (await first.getAttribute("href"))!
    const heading = (await first.textContent())!
    await first.click()
    await page.waitForURL(`${live.server.url}${href}`)
    const target = page.getByRole("heading", { name: heading })
    await target.waitFor()
    expect(await target.getAttribute("id")).toBe(href.split("#")[1])
    await expect.poll(() => target.evaluate((h) => h.getBoundingClientRect().top)).toBeLessThan(200)
    expect(await axeViolations(page)).toEqual([])

    // Back to the search, then a new one typed.
    await page.goBack()
    await page.getByLabel(helpText.search).fill("webhook signatures")
    await page.waitForURL(/\/help\?q=webhook(\+|%20)signatures$/)
    await results.getByRole("link").first().waitFor()
    expect(await results.getByRole("link").first().getAttribute("href")).toMatch(/^\/help\/webhooks/)
    expect(problems).toEqual([])
    await context.close()
  })
})
