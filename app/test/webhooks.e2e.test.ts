// @vitest-environment node
/**
 * Webhooks in headless Chromium, against the real server (in this process, over an embedded PGlite database, with
 * webhooks allowed to this machine) serving a production build of its own: an admin opens Webhooks from Account
 * Settings, adds an endpoint pointing at a receiver the test runs on 127.0.0.1, sees its secret once, sends a
 * test, reads it in the delivery log (answered 200, attempt 1, the receiver's answer), and replays it. The
 * receiver verifies every delivery with the Standard Webhooks library. Each state is checked with axe-core; no
 * console error, no answer of 500 or above.
 */
import { rm } from "node:fs/promises"
import { createServer, type IncomingHttpHeaders, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import * as Message from "@quotekit/core/Message"
import type { Browser, Page } from "playwright-core"
import { Webhook } from "standardwebhooks"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { webhooksText as t } from "../src/webhooks/webhooksText.ts"
import { axeViolations } from "./support/axe.ts"
import { launch } from "./support/browser.ts"
import { buildOwnApp } from "./support/OwnBuildServer.ts"
import { type RealServer, signUp, start } from "./support/RealServer.ts"

const m = Message.catalogue
let dist: string
let server: RealServer
let browser: Browser
let receiver: Server
let receiverUrl = ""
const received: Array<{ readonly headers: IncomingHttpHeaders; readonly body: string }> = []

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = ""
    req.on("data", (c) => (body += String(c)))
    req.on("end", () => {
      received.push({ headers: req.headers, body })
      res.writeHead(200, { "content-type": "text/plain" })
      res.end("received by the test")
    })
  })
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve))
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`
  dist = await buildOwnApp()
  server = await start(dist, { webhooksAllowPrivate: true })
  browser = await launch()
}, 180_000)

afterAll(async () => {
  await browser?.close()
  await server?.close()
  await new Promise<void>((resolve) => receiver.close(() => resolve()))
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

describe("webhooks in Chromium against the real server", { timeout: 120_000 }, () => {
  it("an admin adds an endpoint, sees its secret once, sends a test and reads it in the log", async () => {
    const admin = await signUp(server.url, "Harbour Joinery", "Alex Owner")
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url })
    await admin.api.share(context)
    const page = await context.newPage()
    page.setDefaultTimeout(8_000)
    const problems = watch(page)

    await page.goto(`${server.url}/settings`)
    await page.getByRole("link", { name: t.webhooks }).click()
    await page.waitForURL(`${server.url}/settings/webhooks`)
    await page.getByRole("heading", { name: t.webhooks, level: 1 }).waitFor()
    await page.getByText(t.noEndpoints).waitFor()
    expect(await axeViolations(page)).toEqual([])

    // No event chosen: said so, nothing sent.
    await page.getByLabel(t.url).fill(receiverUrl)
    await page.getByRole("button", { name: t.addEndpoint }).click()
    await page.getByText(t.noEvents).waitFor()
    await page.getByLabel(t.description).fill("Our CRM")
    await page.getByRole("checkbox", { name: /Quote accepted/ }).check()
    await page.getByRole("checkbox", { name: /Lead created/ }).check()
    await page.getByRole("button", { name: t.addEndpoint }).click()

    // The secret, once, with its warning; copied to the clipboard.
    const shown = page.getByRole("textbox", { name: t.newSecret(receiverUrl) })
    const secret = await shown.inputValue()
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/)
    await page.getByText(t.secretShownOnce).waitFor()
    await page.getByRole("button", { name: t.copySecret }).click()
    await page.getByText(m.copied).waitFor()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret)
    expect(await axeViolations(page)).toEqual([])
    await page.getByRole("button", { name: m.close }).click()
    await shown.waitFor({ state: "detached" })
    expect(await page.content()).not.toContain(secret)

    // The endpoint, on, with its events; send a test.
    const card = page.getByRole("article", { name: receiverUrl })
    await card.getByText("Our CRM").waitFor()
    await card.getByText("quote.accepted, lead.created").waitFor()
    expect(await card.getByRole("switch", { name: t.enabled }).isChecked()).toBe(true)
    await card.getByRole("button", { name: t.sendTest }).click()
    await card.getByText(t.testSent).waitFor()

    // The log opens and shows the delivery: event, 200, delivered, attempt 1, the receiver's answer.
    const row = card.getByRole("row").filter({ hasText: "webhook.test" })
    await row.getByText("received by the test").waitFor()
    await row.getByText("200").waitFor()
    await row.getByText(`(${t.delivered})`).waitFor()
    expect(await row.getByRole("cell").nth(4).textContent()).toBe("1")
    expect(received).toHaveLength(1)
    const verified = new Webhook(secret).verify(received[0]!.body, {
      "webhook-id": String(received[0]!.headers["webhook-id"]),
      "webhook-timestamp": String(received[0]!.headers["webhook-timestamp"]),
      "webhook-signature": String(received[0]!.headers["webhook-signature"])
    }) as { type: string }
    expect(verified.type).toBe("webhook.test")
    expect(await axeViolations(page)).toEqual([])

    // Replay: the same message again, a second row in the log.
    await row.getByRole("button", { name: new RegExp(`^${t.replay} webhook.test`) }).click()
    await expect.poll(() => card.getByRole("row").filter({ hasText: "webhook.test" }).count()).toBe(2)
    expect(received).toHaveLength(2)
    expect(received[1]!.headers["webhook-id"]).toBe(received[0]!.headers["webhook-id"])

    // Turned off: no test can be sent.
    // The switch moves once the server has stored the change.
    await card.getByRole("switch", { name: t.enabled }).click()
    await expect.poll(() => card.getByRole("switch", { name: t.enabled }).isChecked()).toBe(false)
    await expect.poll(() => card.getByRole("button", { name: t.sendTest }).isDisabled()).toBe(true)
    expect(await axeViolations(page)).toEqual([])

    // At a phone's width the page still reads, the log scrolling within its card.
    await page.setViewportSize({ width: 390, height: 844 })
    expect(await axeViolations(page)).toEqual([])
    expect(problems).toEqual([])
    await context.close()
  })
})
