// @vitest-environment node
/**
 * Adjusting an accepted quote end to end in headless Chromium, against the real server (in this process, over
 * an embedded PGlite database) serving a production build of its own: the team member accepts a sent quote on
 * the customer's behalf, opens 'Add or Credit Items' from the quote page, credits one item and adds a new one
 * in adjustment A, saves, and sees the credit, the new item and the new total in the editor and on the quote
 * page; the back link returns to the quote page. Every screen is checked with axe-core.
 */
import * as Message from "@quotekit/core/Message"
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { axeViolations } from "./support/axe.ts"
import { acceptOnBehalfInPage, sentQuote } from "./support/SentQuote.ts"
import * as ServerAndBrowser from "./support/ServerAndBrowser.ts"

const m = Message.catalogue
const live = ServerAndBrowser.forFile()

describe("adjusting an accepted quote in Chromium against the real server", { timeout: 120_000 }, () => {
  it("credits an item and adds one in adjustment A; the quote's total follows", async () => {
    const q = await sentQuote(live.server)
    const { team, page } = await live.teamPage(q)
    const stored = () =>
      live.server.sql((sql) =>
        Effect.all({
          quote: sql<{ price_current: string; next_adj_index: number }>`
            SELECT price_current::text AS price_current, next_adj_index::int AS next_adj_index FROM quotes WHERE quote_id = ${q.quoteId}`,
          items: sql<{ item_title: string; added_adj_at: number; credited_adj_at: number }>`
            SELECT item_title, added_adj_at::int AS added_adj_at, credited_adj_at::int AS credited_adj_at
            FROM quote_items WHERE quote_id = ${q.quoteId} AND item_type = 1 ORDER BY order_index`
        })
      )
    // Labour 200 + Oak finish 300 (the chosen option) + Spare tiles 50; the warranty is off, walnut not chosen.
    expect(Number((await stored()).quote[0]!.price_current)).toBe(550)

    // Not offered before acceptance; accepted on the customer's behalf, it is.
    await page.goto(`${live.server.url}/quote/${q.quoteId}`)
    await page.locator('[data-status="sent"]').waitFor()
    expect(await page.locator('[data-action="addOrCreditItems"]').count()).toBe(0)
    await acceptOnBehalfInPage(page)
    await page.locator('[data-status="accepted"]').waitFor()
    const adjust = page.getByRole("link", { name: m.addOrCreditItems })
    await adjust.waitFor()
    expect(await axeViolations(page)).toEqual([])

    // The editor in adjustment A: accepted rows read-only, each with 'Credit'.
    await adjust.click()
    await page.waitForURL(`**/quotes/${q.quoteId}/is-adjustment`)
    await page.getByText(m.makingAdjustment("A")).waitFor()
    const labour = page.locator('li[data-row="0"]')
    expect(await labour.getByLabel(m.itemTitle).inputValue()).toBe("Labour")
    expect(await labour.getByLabel(m.itemTitle).isDisabled()).toBe(true)
    expect(await labour.getByRole("button", { name: m.delete }).isDisabled()).toBe(true)
    const total = page.locator('[data-total="up-front:total"]')
    expect(await total.textContent()).toContain("550.00")
    await labour.getByRole("button", { name: m.credit }).click()
    await labour.getByText(m.creditedIn("A")).waitFor()
    expect(await total.textContent()).toContain("350.00")

    // A new item of adjustment A.
    await page.getByRole("button", { name: `+ ${m.addPriceItem}` }).click()
    const added = page.locator("li[data-row]").filter({ hasText: m.addedIn("A") })
    await added.getByLabel(m.itemTitle).fill("Grout sealing")
    await added.locator('input[data-field="unit"]').fill("80")
    expect(await total.textContent()).toContain("430.00")
    expect(await axeViolations(page)).toEqual([])
    // The stored rows are read once the save has answered (the bar may hide before the answer arrives).
    const saved = page.waitForResponse(
      (r) => r.request().method() === "POST" && r.url().includes(`/post/quote-update/edit/${q.quoteId}/`)
    )
    await page.keyboard.press("Control+s")
    expect((await saved).status()).toBe(200)
    await page.getByText(m.unsavedChanges).waitFor({ state: "hidden" })

    const after = await stored()
    expect(Number(after.quote[0]!.price_current)).toBe(430)
    expect(after.quote[0]!.next_adj_index).toBe(1)
    expect(after.items.find((i) => i.item_title === "Labour")).toMatchObject({ added_adj_at: 0, credited_adj_at: 1 })
    expect(after.items.find((i) => i.item_title === "Grout sealing")).toMatchObject({
      added_adj_at: 1,
      credited_adj_at: 0
    })

    // Opened again, the editor shows the credit (still undoable in A) and the added item.
    await page.reload()
    await page.getByText(m.makingAdjustment("A")).waitFor()
    await labour.getByText(m.creditedIn("A")).waitFor()
    expect(await labour.getByRole("button", { name: m.uncredit }).count()).toBe(1)
    await page
      .locator("li[data-row]")
      .filter({ hasText: m.addedIn("A") })
      .waitFor()
    expect(await total.textContent()).toContain("430.00")

    // The back link returns to the quote page, whose total is the new one.
    await page.getByRole("link", { name: new RegExp(m.back) }).click()
    await page.waitForURL(`**/quote/${q.quoteId}`)
    await page.locator('[data-status="accepted"]').waitFor()
    await page
      .getByText(/430\.00/)
      .first()
      .waitFor()
    expect(await axeViolations(page)).toEqual([])
    await team.close()
  })
})
