// @vitest-environment node
/**
 * The customer's quote page in headless Chromium against a production build and the real server: a sent quote's
 * link opens server-rendered, the customer picks options and a quantity, is told 'Sign to accept' until they
 * draw a signature (synthetic pointer events on the pad), accepts, and sees who accepted; the quote is accepted
 * with its audit entry and content hash; a second accept changes nothing; a forged link gets the not-found page;
 * no network answer the page receives carries the private note or the cost; axe-core finds nothing serious.
 */
import { fileURLToPath } from "node:url"
import * as Message from "@quotekit/core/Message"
import { Effect } from "effect"
import type { Page } from "playwright-core"
import { describe, expect, it } from "vitest"
import { axeViolations } from "../support/axe.ts"
import { COST, PRIVATE_NOTE, sentQuote } from "../support/SentQuote.ts"
import * as ServerAndBrowser from "../support/ServerAndBrowser.ts"

const live = ServerAndBrowser.forFile()

/** Every response body the page receives, to check nothing private leaks. */
const recordResponses = (page: Page): Array<string> => {
  const bodies: Array<string> = []
  page.on("response", (response) => {
    // The page's own script mentions field names; only the data it is sent matters.
    if (response.url().includes("/assets/")) return
    response.text().then(
      (t) => bodies.push(`${response.url()}\n${t}`),
      () => undefined
    )
  })
  return bodies
}

/** Draw a stroke across the signature pad's canvas with pointer events. */
const drawSignature = async (page: Page): Promise<void> => {
  const canvas = page.locator("qk-signature-pad").locator("canvas")
  await canvas.scrollIntoViewIfNeeded()
  const box = await canvas.boundingBox()
  if (box === null) throw new Error("no signature canvas")
  const y = box.y + box.height / 2
  await page.mouse.move(box.x + box.width * 0.2, y)
  await page.mouse.down()
  for (let i = 1; i <= 12; i++)
    await page.mouse.move(box.x + box.width * (0.2 + i * 0.05), y + Math.sin(i) * box.height * 0.2)
  await page.mouse.up()
}

describe("customer quote page in Chromium", () => {
  it("opens a sent quote, picks options, signs and accepts once; nothing private reaches the page", async () => {
    const q = await sentQuote(live.server)
    const page = await live.browser.newPage()
    page.setDefaultTimeout(8000)
    const bodies = recordResponses(page)
    await page.goto(`${live.server.url}/q/${q.token}`)
    expect(await page.title()).toBe("Bathroom retiling · Harbour Tiling Ltd")
    await page.getByRole("heading", { level: 1, name: "Bathroom retiling" }).waitFor()
    const view = page.locator("qk-quote-view")
    await view.getByRole("checkbox", { name: "Extended warranty" }).waitFor()
    expect(await axeViolations(page)).toEqual([])

    await view.getByRole("checkbox", { name: "Extended warranty" }).check()
    await view.getByRole("radio", { name: "Walnut finish" }).check()
    const tiles = view.getByRole("textbox", { name: Message.itemQuantity("Spare tiles") })
    await tiles.fill("8")
    await tiles.press("Enter")

    const accept = page.getByRole("button", { name: Message.acceptQuote })
    await accept.click()
    await page.getByRole("alert").getByText(Message.signToAccept).waitFor()
    await drawSignature(page)
    await accept.click()
    await page.getByText(/^Accepted by Grace Hopper on /).waitFor()
    expect(await page.getByRole("button", { name: Message.acceptQuote }).count()).toBe(0)

    const stored = await live.server.sql((sql) =>
      Effect.gen(function* () {
        const [quote] = yield* sql<{ status: string; price_current: string }>`
          SELECT status, price_current::text AS price_current FROM quotes WHERE quote_id = ${q.quoteId}`
        const [acceptance] = yield* sql<{ sign_method: string; content_hash: string }>`
          SELECT sign_method, content_hash FROM acceptances WHERE quote_id = ${q.quoteId}`
        const audits = yield* sql<{ content_hash: string }>`
          SELECT content_hash FROM audit_log WHERE subject_id = ${q.quoteId} AND action = 'quote.customerAccept'`
        return { quote, acceptance, audits }
      })
    )
    // 200 labour + 50 warranty + 450 walnut + 8 x 10 tiles.
    expect(stored.quote).toEqual({ status: "accepted", price_current: "780.00" })
    expect(stored.acceptance?.sign_method).toBe("draw")
    expect(stored.audits.map((a) => a.content_hash)).toEqual([stored.acceptance?.content_hash])

    // A second accept (another press, another device) changes nothing.
    const again = await page.evaluate(async (token) => {
      const csrf = /(?:^|; )qk_csrf=([^;]+)/.exec(document.cookie)?.[1] ?? ""
      const r = await fetch(`/api/q/${token}/accept`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-csrf-token": decodeURIComponent(csrf),
          "x-requested-with": "XMLHttpRequest"
        },
        body: JSON.stringify({ "accept[sign_value]": "Eve Mallory", "accept[state_name]": "text", choices: [] })
      })
      return r.status
    }, q.token)
    expect(again).toBe(409)
    const count = await live.server.sql((sql) =>
      sql<{ n: number }>`SELECT count(*)::int AS n FROM acceptances WHERE quote_id = ${q.quoteId}`.pipe(
        Effect.map((r) => r[0]!.n)
      )
    )
    expect(count).toBe(1)

    // Reloaded, the page shows the accepted state.
    await page.reload()
    await page.getByText(/Accepted by Grace Hopper on /).waitFor()
    await page.waitForTimeout(200)
    for (const body of bodies) {
      expect(body).not.toContain(PRIVATE_NOTE)
      expect(body).not.toContain("price_cost")
      expect(body).not.toContain(COST)
    }
    expect(bodies.length).toBeGreaterThanOrEqual(3)
    await page.close()

    // The team sees the acceptance on the quote's overview: signer, the drawn signature, and the choices.
    const team = await live.browser.newContext()
    await q.team.share(team)
    const overview = await team.newPage()
    overview.setDefaultTimeout(8000)
    await overview.goto(`${live.server.url}/quote/${q.quoteId}`)
    const card = overview.getByRole("region", { name: Message.acceptanceTitle })
    await card.getByText("Grace Hopper", { exact: true }).waitFor()
    const signature = card.getByRole("img", { name: Message.signatureOf("Grace Hopper") })
    await signature.waitFor()
    expect(await signature.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0)
    await card.getByText(`Walnut finish — ${Message.choiceChosen}, × 1`).waitFor()
    await card.getByText(`Spare tiles — ${Message.choiceChosen}, × 8`).waitFor()
    await card.getByText(`Oak finish — ${Message.choiceNotChosen}`).waitFor()
    expect(await axeViolations(overview)).toEqual([])
    await team.close()
  }, 90_000)

  it("the Type method starts empty: the signer's name may be filled in, the signature is the customer's to type", async () => {
    const q = await sentQuote(live.server)
    const page = await live.browser.newPage()
    page.setDefaultTimeout(8000)
    await page.goto(`${live.server.url}/q/${q.token}`)
    const pad = page.locator("qk-signature-pad")
    await pad.getByRole("tab", { name: Message.signType }).click()
    const typed = pad.getByRole("textbox", { name: Message.signTypeName })
    expect(await typed.inputValue()).toBe("")
    const accept = page.getByRole("button", { name: Message.acceptQuote })
    await accept.click()
    await page.getByRole("alert").getByText(Message.signToAccept).waitFor()
    await typed.fill("Grace Hopper")
    await accept.click()
    await page.getByText(/^Accepted by Grace Hopper on /).waitFor()
    await page.close()
  })

  it("asks a question and sees it; a forged link gets the not-found page", async () => {
    const q = await sentQuote(live.server)
    const page = await live.browser.newPage()
    await page.goto(`${live.server.url}/q/${q.token}`)
    const send = page.getByRole("button", { name: Message.send })
    await send.click()
    await page.getByText(Message.commentEmpty("Question")).waitFor()
    await page.getByLabel(Message.askQuestion).fill("Can you start in May?")
    await send.click()
    await page.locator(".qk-comments").getByText("Can you start in May?").waitFor()
    // The README's picture of the customer page: the quote, the acceptance area and a question asked.
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.screenshot({
      path: fileURLToPath(new URL("../../../docs/screenshots/customer-page.png", import.meta.url)),
      fullPage: true
    })

    const forged = await page.goto(`${live.server.url}/q/${q.token.slice(0, -3)}xyz`)
    expect(forged?.status()).toBe(404)
    await page.getByRole("heading", { name: Message.quoteLinkNotFound }).waitFor()
    await page.close()
  })
})
