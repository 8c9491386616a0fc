// @vitest-environment node
/**
 * What a new user meets in their first hour (#24), in Chromium against the real server: the sign-in prompt of
 * a first visit, number fields reading money as typed, the item look-up by keyboard, one default per
 * multiple-choice group, a linked row keeping its choice through save and reload, search by quote number, and
 * the decline reason on the team's overview.
 */
import * as Message from "@quotekit/core/Message"
import { Effect } from "effect"
import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { launch } from "./support/browser.ts"
import { buildOwnApp } from "./support/OwnBuildServer.ts"
import { type RealServer, signUp, start } from "./support/RealServer.ts"
import { sentQuote } from "./support/SentQuote.ts"

const m = Message.catalogue
let server: RealServer
let browser: Browser

beforeAll(async () => {
  server = await start(await buildOwnApp())
  browser = await launch()
})

afterAll(async () => {
  await browser?.close()
  await server?.close()
})

const signedIn = async () => {
  const account = await signUp(server.url, "Harbour Joinery")
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  await account.api.share(context)
  const page = await context.newPage()
  page.setDefaultTimeout(10_000)
  return { ...account, context, page }
}

describe("a new user's first hour in Chromium", { timeout: 90_000 }, () => {
  it("a first visit is asked to sign in, not told a session ended", async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(`${server.url}/dashboard`)
    await page.getByText(m.signinNeeded).waitFor()
    expect(await page.getByText(m.signinAgain).count()).toBe(0)
    await context.close()
  })

  it("number fields read money as people write it, and say how they read it", async () => {
    const { page, context } = await signedIn()
    await page.goto(`${server.url}/quotes/new/is-editing`)
    const quantity = page.locator('input[data-field="quantity"]').first()
    await quantity.fill("1,5")
    await page.getByText("= 1.5", { exact: true }).waitFor()
    const unit = page.locator('input[data-field="unit"]').first()
    await unit.fill("$1 200")
    await page.getByText(/^= 1,200(\.00)?$/).waitFor()
    await unit.blur()
    await expect.poll(() => page.locator('[data-total="up-front:total"]').textContent()).toContain("1,800.00")
    await context.close()
  })

  it("adds an item from the look-up by keyboard; one default per multiple choice; a linked row keeps its choice", async () => {
    const { page, context, account_id } = await signedIn()
    await server.sql((sql) =>
      sql`INSERT INTO items (account_id, item_type, item_title, price_unit, search_text)
          VALUES (${account_id}, 1, 'Cedar decking', 90, 'cedar decking'),
                 (${account_id}, 1, 'Kwila decking', 120, 'kwila decking')`.pipe(Effect.asVoid)
    )
    await page.goto(`${server.url}/quotes/new/is-editing`)
    await page.getByLabel(m.title, { exact: true }).fill("Deck options")
    const lookup = page.getByRole("combobox", { name: m.itemSearchPlaceholder })
    const titles = page.getByLabel(m.itemTitle, { exact: true })
    const titleValues = async () => Promise.all((await titles.all()).map((t) => t.inputValue()))
    for (const name of ["Cedar decking", "Kwila decking"]) {
      await lookup.fill("decking")
      const results = page.getByRole("listbox", { name: m.items }).getByRole("option")
      await results.nth(1).waitFor()
      const options = await results.allTextContents()
      for (let i = 0; i <= options.indexOf(name); i++) await lookup.press("ArrowDown")
      await lookup.press("Enter")
      await expect.poll(titleValues).toContain(name)
    }
    const rows = page.locator("li[data-row]")
    const rowOf = async (title: string) => {
      const all = await rows.all()
      for (const row of all) {
        const field = row.getByLabel(m.itemTitle, { exact: true })
        if ((await field.count()) > 0 && (await field.inputValue()) === title) return row
      }
      throw new Error(`no row titled ${title}`)
    }
    for (const title of ["Cedar decking", "Kwila decking"])
      await (await rowOf(title)).getByLabel(m.optionalItem).selectOption("multiple")
    const defaults = async () =>
      Promise.all(
        ["Cedar decking", "Kwila decking"].map(async (t) => (await rowOf(t)).getByLabel(m.choiceDefaultOn).isChecked())
      )
    expect(await defaults()).toEqual([true, false])
    await (await rowOf("Kwila decking")).getByLabel(m.choiceDefaultOn).check()
    expect(await defaults()).toEqual([false, true])
    const saved = page.waitForResponse(
      (r) => r.request().method() === "POST" && r.url().includes("/post/quote-update/")
    )
    await page.keyboard.press("Control+s")
    expect((await saved).status()).toBe(200)
    await page.waitForURL(/\/quotes\/\d+\/is-editing/)
    await page.reload()
    await expect.poll(titleValues).toContain("Kwila decking")
    for (const title of ["Cedar decking", "Kwila decking"])
      expect(await (await rowOf(title)).getByLabel(m.optionalItem).inputValue()).toBe("multiple")
    expect(await defaults()).toEqual([false, true])
    await context.close()
  })

  it("finds a quote by its number as the list shows it, and shows a customer's decline reason", async () => {
    const q = await sentQuote(server)
    const customer = await browser.newContext()
    const customerPage = await customer.newPage()
    await customerPage.goto(q.link)
    await customerPage.getByRole("button", { name: m.decline }).first().click()
    await customerPage.getByLabel(m.declineReason).fill("Went with a cheaper tiler")
    await customerPage.getByRole("button", { name: m.decline }).last().click()
    await customerPage.getByText(m.quoteDeclinedNotice).first().waitFor()
    await customer.close()

    const team = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    await q.team.share(team)
    const page = await team.newPage()
    page.setDefaultTimeout(10_000)
    const number = await server.sql((sql) =>
      sql<{ quote_no: number }>`SELECT quote_no FROM quotes WHERE quote_id = ${q.quoteId}`.pipe(
        Effect.map((r) => r[0]!.quote_no)
      )
    )
    await page.goto(`${server.url}/quotes`)
    await page.getByLabel(m.quoteSearchPlaceholder).fill(`#${number}`)
    await page.getByRole("link", { name: "Bathroom retiling" }).waitFor()
    await page.getByLabel(m.quoteSearchPlaceholder).fill("#9999")
    await page.getByText(m.noQuotesMatch).waitFor()

    await page.goto(`${server.url}/quote/${q.quoteId}`)
    const card = page.getByRole("region", { name: m.declineTitle })
    await card.getByText("Went with a cheaper tiler").waitFor()
    await card.getByText("Grace Hopper").waitFor()
    await team.close()
  })
})
