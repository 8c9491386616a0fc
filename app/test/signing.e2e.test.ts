// @vitest-environment node
/**
 * Signing from a touch device, in headless Chromium against a production build and the real server: the customer's
 * desktop page shows the QR code ('Sign from a touch device'); a phone (a second context: phone viewport, touch,
 * mobile) opens the page the code points to, draws with touch on the pad and taps Done; the drawing lands on the
 * desktop within a second with the method back to Draw; accepting there records `signed_on_device`; the phone's
 * page, reloaded, says the quote has been answered. An expired room's page says it expired, also when it expires
 * while the phone is on it; an open quote page hears the quote answered in another tab and offers to reload.
 * Screenshots of both screens go to a temporary folder (printed); no page logs an error.
 */
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import * as Message from "@quotekit/core/Message"
import * as Push from "@quotekit/core/Push"
import { Effect } from "effect"
import type { BrowserContext, Page } from "playwright-core"
import { afterAll, describe, expect, it } from "vitest"
import { axeViolations } from "./support/axe.ts"
import { type SentQuote, sentQuote } from "./support/SentQuote.ts"
import * as ServerAndBrowser from "./support/ServerAndBrowser.ts"

const live = ServerAndBrowser.forFile()
const shots = mkdtempSync(join(tmpdir(), "quotekit-signing-"))
const contexts: Array<BrowserContext> = []
afterAll(async () => {
  for (const c of contexts) await c.close()
  console.log(`signing screenshots: ${shots}`)
})

/** A page in a new context that records its console errors, page errors and websocket frames. */
const open = async (options: Parameters<ServerAndBrowser.ServerAndBrowser["browser"]["newContext"]>[0]) => {
  const context = await live.browser.newContext(options)
  contexts.push(context)
  const page = await context.newPage()
  page.setDefaultTimeout(8_000)
  const errors: Array<string> = []
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text())
  })
  page.on("pageerror", (e) => errors.push(e.message))
  const frames: Array<Record<string, unknown>> = []
  page.on("websocket", (ws) => ws.on("framereceived", (f) => frames.push(JSON.parse(String(f.payload)))))
  /** Wait until the page's websocket heard `type` for `room`. */
  const heard = async (type: string, room: string) => {
    for (let i = 0; i < 200; i++) {
      if (frames.some((f) => f.type === type && f.room === room)) return
      await page.waitForTimeout(25)
    }
    throw new Error(`no ${type} for ${room}; heard ${JSON.stringify(frames)}`)
  }
  return { context, page, errors, heard }
}

const desktop = () => open({ viewport: { width: 1280, height: 900 } })
const phone = () =>
  open({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
    userAgent:
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36"
  })

/** The signing room the customer page shows, read from its QR image's address (`/sign/qr/{parts}`). */
const roomOf = async (page: Page): Promise<string> => {
  const pad = page.locator("qk-signature-pad")
  await pad.getByRole("tab", { name: Message.signTouchDevice }).click()
  const qr = pad.getByRole("img", { name: Message.signQrAlt })
  await qr.waitFor()
  await page.waitForFunction(() => {
    const img = document.querySelector("qk-signature-pad")?.shadowRoot?.querySelector("img")
    return img?.complete === true && img.naturalWidth > 0
  })
  const src = (await qr.getAttribute("src")) ?? ""
  expect(src).toMatch(/^\/sign\/qr\/\d+\/\d+\/[0-9a-f]{32}$/)
  return src.slice("/sign/qr/".length)
}

/** Draw a stroke across the pad's canvas with real touch input (CDP), as a finger would. */
const touchStroke = async (page: Page): Promise<void> => {
  const canvas = page.locator("qk-signature-pad").locator("canvas")
  const box = await canvas.boundingBox()
  if (box === null) throw new Error("no signature canvas")
  const cdp = await page.context().newCDPSession(page)
  const at = (i: number) => ({
    x: box.x + box.width * (0.12 + i * 0.06),
    y: box.y + box.height * (0.55 + Math.sin(i * 0.9) * 0.22)
  })
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [at(0)] })
  for (let i = 1; i <= 12; i++) {
    await page.waitForTimeout(12)
    await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [at(i)] })
  }
  // The finger comes to rest before it lifts: lifted at speed, Chromium starts a fling, and the touch that stops a
  // fling is no tap (Done would get no click).
  for (let k = 1; k <= 5; k++) {
    await page.waitForTimeout(30)
    await cdp.send("Input.dispatchTouchEvent", {
      type: "touchMove",
      touchPoints: [{ ...at(12), x: at(12).x + (k % 2) / 2 }]
    })
  }
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] })
  await cdp.detach()
}

/** The moment between lifting the finger from the pad and tapping Done. */
const liftFinger = (page: Page) => page.waitForTimeout(300)

const padState = (page: Page) =>
  page.evaluate(() => {
    const pad = document.querySelector("qk-signature-pad")
    return { value: pad?.value ?? "", method: pad?.method ?? "" }
  })

const stored = (q: SentQuote) =>
  live.server.sql((sql) =>
    Effect.gen(function* () {
      const [acceptance] = yield* sql<{ sign_method: string; signed_on_device: boolean; sign_value: string }>`
        SELECT sign_method, signed_on_device, sign_value FROM acceptances WHERE quote_id = ${q.quoteId}`
      return acceptance
    })
  )

const roomValue = (code: string) =>
  live.server.sql((sql) =>
    sql<{ value: string }>`SELECT value FROM signing_rooms WHERE code = ${code}`.pipe(Effect.map((r) => r[0]?.value))
  )

describe("signing from a touch device in Chromium", () => {
  it("the phone's drawing lands on the desktop page within a second, and accepting records the device", async () => {
    const q = await sentQuote(live.server)
    const customer = await desktop()
    await customer.page.goto(`${live.server.url}/q/${q.token}`)
    const parts = await roomOf(customer.page)
    await customer.heard("joined", Push.signRoom(parts))
    await customer.page.screenshot({ path: join(shots, "1-desktop-qr.png"), fullPage: true })

    const device = await phone()
    const answer = await device.page.goto(`${live.server.url}/sign/${parts}`)
    expect(answer?.status()).toBe(200)
    expect(await device.page.title()).toBe("Bathroom retiling · Harbour Tiling Ltd")
    await device.page.getByRole("heading", { level: 1, name: "Bathroom retiling" }).waitFor()
    await device.page.getByText("Harbour Tiling Ltd").waitFor()
    await device.page.getByText(Message.signOnDeviceHint).waitFor()
    const pad = device.page.locator("qk-signature-pad")
    await pad.getByRole("img", { name: Message.signArea }).waitFor()
    expect(await pad.getByRole("tab").count()).toBe(0)
    await device.heard("joined", Push.signRoom(parts))
    expect(await axeViolations(device.page)).toEqual([])
    // Done with nothing drawn asks for a drawing first.
    await device.page.getByRole("button", { name: Message.signDone }).tap()
    await device.page.getByRole("alert").getByText(Message.signDrawFirst).waitFor()

    await touchStroke(device.page)
    const drawnAt = Date.now()
    const drawn = (await padState(device.page)).value
    expect(drawn).not.toBe("")
    await customer.page.waitForFunction((v) => document.querySelector("qk-signature-pad")?.value === v, drawn, {
      timeout: 1_000
    })
    const relayMs = Date.now() - drawnAt
    console.log(`phone stroke to desktop pad: ${relayMs} ms`)
    expect(relayMs).toBeLessThan(1_000)
    expect(await padState(customer.page)).toEqual({ value: drawn, method: "draw" })
    await customer.page
      .locator("qk-signature-pad")
      .getByRole("tab", { name: Message.signDraw, selected: true })
      .waitFor()
    expect(await roomValue(parts.split("/")[2]!)).toBe(drawn)

    await liftFinger(device.page)
    await device.page.getByRole("button", { name: Message.signDone }).tap()
    await device.page.getByRole("status").getByText(Message.signSentToOtherScreen).waitFor()
    await device.page.screenshot({ path: join(shots, "2-phone-sent.png"), fullPage: true })
    await customer.page.screenshot({ path: join(shots, "3-desktop-relayed.png"), fullPage: true })

    await customer.page.getByRole("button", { name: Message.acceptQuote }).click()
    await customer.page.getByText(/^Accepted by Grace Hopper on /).waitFor()
    expect(await stored(q)).toEqual({ sign_method: "draw", signed_on_device: true, sign_value: drawn })
    // The page's own acceptance is no news to it.
    await customer.page.waitForTimeout(300)
    expect(await customer.page.locator(".qk-live").isHidden()).toBe(true)

    const reloaded = await device.page.reload()
    expect(reloaded?.status()).toBe(200)
    await device.page.getByText(Push.refusals.signLinkUsed).waitFor()
    expect(await device.page.locator("qk-signature-pad").count()).toBe(0)
    await device.page.screenshot({ path: join(shots, "4-phone-answered.png"), fullPage: true })
    expect(customer.errors).toEqual([])
    expect(device.errors).toEqual([])
  }, 90_000)

  it("an expired room's phone page says so, on opening and when it expires while the phone is on it", async () => {
    const q = await sentQuote(live.server)
    const customer = await desktop()
    await customer.page.goto(`${live.server.url}/q/${q.token}`)
    const parts = await roomOf(customer.page)
    const code = parts.split("/")[2]!

    const device = await phone()
    await device.page.goto(`${live.server.url}/sign/${parts}`)
    await device.heard("joined", Push.signRoom(parts))
    await touchStroke(device.page)
    await live.server.sql(
      (sql) => sql`UPDATE signing_rooms SET expires_at = now() - interval '1 second' WHERE code = ${code}`
    )
    await liftFinger(device.page)
    await device.page.getByRole("button", { name: Message.signDone }).tap()
    await device.page.getByRole("status").getByText(Push.refusals.signLinkExpired).waitFor()
    expect(await device.page.locator("qk-signature-pad").count()).toBe(0)
    expect(await device.page.getByText(Message.signOnDeviceHint).count()).toBe(0)

    const later = await phone()
    const answer = await later.page.goto(`${live.server.url}/sign/${parts}`)
    expect(answer?.status()).toBe(200)
    await later.page.getByText(Push.refusals.signLinkExpired).waitFor()
    expect(await axeViolations(later.page)).toEqual([])
    await later.page.screenshot({ path: join(shots, "5-phone-expired.png"), fullPage: true })
    const unknown = await later.page.goto(`${live.server.url}/sign/${parts.replace(code, "0".repeat(32))}`)
    expect(unknown?.status()).toBe(404)
    await later.page.getByRole("heading", { name: Message.signLinkNotValid }).waitFor()
    expect(device.errors).toEqual([])
    // Chromium logs a document answered 404 as a failed load; nothing else may be logged.
    expect(later.errors).toEqual(["Failed to load resource: the server responded with a status of 404 (Not Found)"])
  }, 90_000)

  it("an open quote page hears the quote accepted in another tab, says so and offers to reload", async () => {
    const q = await sentQuote(live.server)
    const first = await desktop()
    await first.page.goto(`${live.server.url}/q/${q.token}`)
    await first.heard("joined", Push.quoteViewRoom())
    const second = await first.context.newPage()
    second.setDefaultTimeout(8_000)
    await second.goto(`${live.server.url}/q/${q.token}`)
    const pad = second.locator("qk-signature-pad")
    await pad.getByRole("tab", { name: Message.signType }).click()
    await pad.getByRole("textbox", { name: Message.signTypeName }).fill("Grace Hopper")
    await second.getByRole("button", { name: Message.acceptQuote }).click()
    await second.getByText(/^Accepted by Grace Hopper on /).waitFor()

    const line = first.page.locator(".qk-live")
    await line.getByText(Message.quoteAcceptedNotice).waitFor()
    expect(await line.getAttribute("role")).toBe("status")
    expect(await axeViolations(first.page)).toEqual([])
    await first.page.screenshot({ path: join(shots, "6-desktop-answered-elsewhere.png"), fullPage: true })
    await line.getByRole("button", { name: Message.reloadPage }).click()
    await first.page.getByText(/Accepted by Grace Hopper on /).waitFor()
    expect(await first.page.getByRole("button", { name: Message.acceptQuote }).count()).toBe(0)
    expect(first.errors).toEqual([])
  }, 90_000)
})

describe("the customer page's refresh rules in Chromium", () => {
  /** Hide the page, let `seconds` pass on its clock, and show it again. */
  const awayFor = (page: Page, seconds: number) =>
    page.evaluate((ms) => {
      let state: DocumentVisibilityState = "hidden"
      Object.defineProperty(document, "visibilityState", { configurable: true, get: () => state })
      document.dispatchEvent(new Event("visibilitychange"))
      const now = Date.now.bind(Date)
      Date.now = () => now() + ms
      state = "visible"
      document.dispatchEvent(new Event("visibilitychange"))
    }, seconds * 1000)

  const teamComment = (q: SentQuote, text: string) =>
    q.team.post(`/post/discuss-update/${q.quoteId}/0/1/${q.quoteId.toString(36)}`, {
      comment: { discuss_type: 11, discuss_body: text, parent_question: 0 },
      files: [],
      _modifiedIn: 0
    })

  it("back after 10 s away, an untouched page shows what is new; a drawing in progress is never replaced", async () => {
    const q = await sentQuote(live.server)
    const customer = await desktop()
    await customer.page.goto(`${live.server.url}/q/${q.token}`)
    await customer.heard("joined", Push.quoteViewRoom())
    const comments = customer.page.locator(".qk-comments")

    await teamComment(q, "We can start on Monday.")
    await awayFor(customer.page, 9)
    await customer.page.waitForTimeout(500)
    expect(await comments.getByText("We can start on Monday.").count()).toBe(0)
    await awayFor(customer.page, 11)
    await comments.getByText("We can start on Monday.").waitFor()
    // A comment is no change to the quote itself.
    expect(await customer.page.locator(".qk-live").isHidden()).toBe(true)

    // The customer starts signing: a refresh leaves the page alone.
    const canvas = customer.page.locator("qk-signature-pad").locator("canvas")
    await canvas.scrollIntoViewIfNeeded()
    const box = await canvas.boundingBox()
    if (box === null) throw new Error("no signature canvas")
    await customer.page.mouse.move(box.x + 40, box.y + 60)
    await customer.page.mouse.down()
    await customer.page.mouse.move(box.x + 200, box.y + 90, { steps: 8 })
    await customer.page.mouse.up()
    const drawing = (await padState(customer.page)).value
    expect(drawing).not.toBe("")
    await teamComment(q, "And finish by Friday.")
    await awayFor(customer.page, 30)
    await customer.page.waitForTimeout(800)
    expect(await comments.getByText("And finish by Friday.").count()).toBe(0)
    expect((await padState(customer.page)).value).toBe(drawing)
    expect(customer.errors).toEqual([])
  }, 90_000)
})
