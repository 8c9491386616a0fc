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
 * - Sign-in overlay: /sign-in/overlay outside a frame goes to the full sign-in page; in an iframe it tells the
 *   page around it to hide on Close, on a sign-in (with where to go next) and, when the page is shown again more
 *   than 3 s after load, if a sign-in happened elsewhere (visibility changes within 3 s are ignored); left open
 *   5 minutes it gives way to /genius-timeout.
 *
 * - Quotes download: the form lists the quotes (all chosen), and its link follows every change of format,
 *   choice and search; the CSV it downloads holds the chosen quotes.
 *
 * Each state is checked with axe-core; no console error (but the refusal's own 400), no answer of 500 or above.
 */
import * as Message from "@quotekit/core/Message"
import type { Page } from "playwright-core"
import { describe, expect, it } from "vitest"
import { row, saveBody } from "../../adapters/server/test/quotes/Fixtures.ts"
import { helpText } from "../src/help/helpText.ts"
import { downloadText } from "../src/quotedownload/downloadText.ts"
import { listText } from "../src/quotes/listText.ts"
import { overlayText } from "../src/signinoverlay/overlayText.ts"
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
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth), { timeout: 10_000 }).toBe(48)
    await expect.poll(() => accountButton.locator("img").getAttribute("src"), { timeout: 10_000 }).toBe(src)
    expect(await axeViolations(page)).toEqual([])
    await page.screenshot({ path: "/tmp/F-profile-photo.png" })

    await page.goto(`${live.server.url}/settings`)
    const team = page.getByRole("region", { name: m.teamMembers })
    const member = team.getByRole("listitem").filter({ hasText: "Alex Owner" })
    await expect.poll(() => member.locator("img").getAttribute("src"), { timeout: 10_000 }).toBe(src)
    await expect
      .poll(() => member.locator("img").evaluate((img: HTMLImageElement) => img.naturalWidth), { timeout: 10_000 })
      .toBe(48)
    expect(await axeViolations(page)).toEqual([])

    // Removed: back to 'Upload a Photo' and the initial, and the old address serves nothing.
    await page.goto(`${live.server.url}/settings/personal`)
    await page.getByRole("button", { name: m.removePhoto }).click()
    await upload.waitFor()
    await expect.poll(() => accountButton.locator("img").count(), { timeout: 10_000 }).toBe(0)
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
    await expect
      .poll(() => target.evaluate((h) => h.getBoundingClientRect().top), { timeout: 10_000 })
      .toBeLessThan(200)
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

  it("the sign-in overlay in an iframe tells its page to hide; outside a frame it is the full sign-in page", async () => {
    const account = await signUp(live.server.url, "Overlay Works", "Olive Frame")
    const context = await live.browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    page.setDefaultTimeout(8_000)
    const problems = watch(page, [/status of 401/])

    // Not framed: the full sign-in page, keeping where to go after.
    await page.goto(`${live.server.url}/sign-in/overlay?redirect=%2Fquotes`)
    await page.waitForURL(`${live.server.url}/sign-in?redirect=%2Fquotes`)
    await page.getByRole("heading", { name: m.signIn }).waitFor()

    // A page of the site frames the overlay and records what it is told.
    await page.goto(`${live.server.url}/help`)
    const frameOverlay = async () => {
      await page.evaluate(() => {
        const w = window as unknown as { told: Array<unknown> }
        w.told ??= []
        if (!document.body.dataset.listening) {
          window.addEventListener("message", (e) => {
            const frame = document.querySelector("iframe")
            if (frame !== null && e.source === frame.contentWindow) w.told.push(e.data)
          })
          document.body.dataset.listening = "1"
        }
        document.querySelector("iframe")?.remove()
        const frame = document.createElement("iframe")
        frame.title = "Sign in"
        frame.src = "/sign-in/overlay"
        frame.style.cssText = "position:fixed;inset:0;width:100%;height:100%;border:0"
        document.body.append(frame)
      })
      const frame = page.frameLocator("iframe")
      await frame.getByRole("heading", { name: m.signIn }).waitFor()
      return frame
    }
    const told = () => page.evaluate(() => (window as unknown as { told: Array<unknown> }).told)

    let frame = await frameOverlay()
    expect(page.url()).toBe(`${live.server.url}/help`)
    await page.screenshot({ path: "/tmp/F-overlay.png" })
    expect(await axeViolations(page)).toEqual([])
    await frame.getByRole("button", { name: overlayText.close }).click()
    await expect
      .poll(told, { timeout: 10_000 })
      .toEqual([{ type: "qk-signin-overlay", action: "hide", reason: "close" }])

    // Escape closes too.
    frame = await frameOverlay()
    await frame.getByLabel(m.email).press("Escape")
    await expect.poll(() => told().then((t) => t.length), { timeout: 10_000 }).toBe(2)

    // A visibility change in the first 3 s is ignored, even though signed in by then; a later one is not.
    frame = await frameOverlay()
    const loaded = Date.now()
    await account.api.share(context)
    const changed = () => page.frames()[1]!.evaluate(() => document.dispatchEvent(new Event("visibilitychange")))
    await changed()
    await page.waitForTimeout(700)
    expect(Date.now() - loaded).toBeLessThan(3_000)
    expect((await told()).length).toBe(2)
    await page.waitForTimeout(Math.max(0, 3_200 - (Date.now() - loaded)))
    await changed()
    await expect
      .poll(() => told().then((t) => t[2]), { timeout: 10_000 })
      .toEqual({ type: "qk-signin-overlay", action: "hide", reason: "signedIn", next: "/dashboard" })

    // Signing in within the frame.
    await context.clearCookies()
    frame = await frameOverlay()
    await frame.getByLabel(m.email).fill(account.email)
    await frame.getByLabel(m.password).fill(account.password)
    await frame.getByRole("button", { name: m.signIn }).click()
    await expect
      .poll(() => told().then((t) => t[3]), { timeout: 10_000 })
      .toEqual({ type: "qk-signin-overlay", action: "hide", reason: "signedIn", next: "/dashboard" })
    expect(page.url()).toBe(`${live.server.url}/help`)
    expect(problems).toEqual([])
    await context.close()
  })

  it("the overlay left open for 5 minutes gives way to the timeout page", async () => {
    const context = await live.browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    page.setDefaultTimeout(8_000)
    await page.clock.install()
    await page.goto(`${live.server.url}/help`)
    await page.evaluate(() => {
      const w = window as unknown as { told: Array<unknown> }
      w.told = []
      window.addEventListener("message", (e) => w.told.push(e.data))
      const frame = document.createElement("iframe")
      frame.title = "Sign in"
      frame.src = "/sign-in/overlay"
      frame.style.cssText = "position:fixed;inset:0;width:100%;height:100%;border:0"
      document.body.append(frame)
    })
    const frame = page.frameLocator("iframe")
    await frame.getByRole("heading", { name: m.signIn }).waitFor()
    await page.clock.fastForward(299_000)
    expect(await frame.getByRole("heading", { name: overlayText.timedOutTitle }).count()).toBe(0)
    await page.clock.fastForward(2_000)
    await frame.getByRole("heading", { name: overlayText.timedOutTitle }).waitFor()
    expect(page.frames()[1]!.url()).toBe(`${live.server.url}/genius-timeout`)
    expect(await frame.getByRole("link", { name: overlayText.signInAgain }).getAttribute("href")).toBe(
      "/sign-in/overlay"
    )
    expect(await axeViolations(page)).toEqual([])
    await frame.getByRole("button", { name: overlayText.close }).click()
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { told: Array<unknown> }).told), { timeout: 10_000 })
      .toEqual([{ type: "qk-signin-overlay", action: "hide", reason: "close" }])
    await context.close()
  })

  it("the quotes download form rebuilds its link from its values and downloads the chosen quotes", async () => {
    const { admin, context, page } = await adminPage("Download Joinery", "Dana Owner")
    const problems = watch(page)
    const ids: Array<number> = []
    for (const [title, price] of [
      ["Deck repair", "400"],
      ["Kitchen cabinets", "2500"],
      ["Deck stain", "150"]
    ] as const) {
      const saved = await admin.api.post(
        "/post/quote-update/edit/new/is-editing",
        saveBody(admin.signin_id, {
          quote: { title },
          items: [
            row(-1, 1, 0, { item_title: "Work", price_unit: price }),
            row(-2, 4, 1),
            row(-3, 2, 2, { item_title: "Terms", item_body: "Payment within 14 days." })
          ]
        })
      )
      ids.unshift(saved.quote_id as number)
    }
    await page.goto(`${live.server.url}/quotes`)
    await page.getByRole("link", { name: listText.download }).click()
    await page.waitForURL(`${live.server.url}/quotes/download`)
    await page.getByRole("heading", { name: downloadText.title, level: 1 }).waitFor()
    const link = page.getByRole("link", { name: /^Download (CSV|PDF bundle)/ })
    await link.filter({ hasText: downloadText.download("csv", 3) }).waitFor()
    expect(await link.getAttribute("href")).toBe(`/get/quotes-download?format=csv&ids=${ids.join(",")}`)
    expect(await axeViolations(page)).toEqual([])

    // Each change rebuilds the link.
    await page.getByRole("checkbox", { name: /Kitchen cabinets/ }).uncheck()
    await expect
      .poll(() => link.getAttribute("href"), { timeout: 10_000 })
      .toBe(`/get/quotes-download?format=csv&ids=${ids[0]},${ids[2]}`)
    await page.getByRole("radio", { name: downloadText.pdf }).check()
    await expect
      .poll(() => link.getAttribute("href"), { timeout: 10_000 })
      .toBe(`/get/quotes-download?format=pdf&ids=${ids[0]},${ids[2]}`)
    expect(await link.textContent()).toBe(downloadText.download("pdf", 2))
    await page.getByRole("button", { name: downloadText.selectNone }).click()
    await page.getByText(downloadText.noneChosen).waitFor()
    expect(await link.count()).toBe(0)
    await page.getByRole("button", { name: downloadText.selectAll }).click()
    await page.getByRole("radio", { name: downloadText.csv }).check()
    await page.getByLabel(downloadText.search).fill("deck")
    await expect
      .poll(() => link.getAttribute("href"), { timeout: 10_000 })
      .toBe(`/get/quotes-download?format=csv&ids=${ids[0]},${ids[2]}`)
    await page.screenshot({ path: "/tmp/F-download.png" })

    const [download] = await Promise.all([page.waitForEvent("download"), link.click()])
    expect(download.suggestedFilename()).toBe("quotes.csv")
    const path = await download.path()
    const { readFile } = await import("node:fs/promises")
    const csv = (await readFile(path, "utf8"))
      .replace(/^\uFEFF/, "")
      .trim()
      .split(/\r?\n/)
    expect(csv).toHaveLength(3)
    expect(csv[1]).toContain("Deck stain")
    expect(csv[2]).toContain("Deck repair")
    expect(problems).toEqual([])
    await context.close()
  })
})
