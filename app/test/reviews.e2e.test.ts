// @vitest-environment node
/**
 * The Reviews page and the account menu's review count in headless Chromium, against the real server (in this
 * process, over an embedded PGlite database) serving a build of the app of its own. Every state visited is
 * checked with axe-core for serious or critical violations.
 */
import * as Message from "@quotekit/core/Message"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import type { Browser, Page } from "playwright-core"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { axeViolations } from "./support/axe.ts"
import { launch } from "./support/browser.ts"
import { buildOwnApp } from "./support/OwnBuildServer.ts"
import { type RealServer, signUp, start } from "./support/RealServer.ts"

const m = Message.catalogue
let server: RealServer
let browser: Browser

beforeAll(async () => {
  server = await start(await buildOwnApp())
  browser = await launch()
}, 180_000)

afterAll(async () => {
  await browser?.close()
  await server?.close()
})

let current: Page | undefined

afterEach(async ({ task }) => {
  if (task.result?.state === "fail" && current !== undefined && !current.isClosed())
    console.log(`${task.name}: ${current.url()}\n${await current.locator("body").textContent()}`)
  current = undefined
})

/** A new account with the Reviews add-on, a quote, and three reviews: two new, one seen. */
const reviewedAccount = async () => {
  const account = await signUp(server.url, "Harbour Joinery")
  const quoteId = await server.sql((sql) =>
    Effect.gen(function* () {
      yield* sql`UPDATE accounts SET reviews_enabled = true WHERE account_id = ${account.account_id}`
      const [q] = yield* sql<{ quote_id: number }>`
        INSERT INTO quotes (account_id, quote_no, title, status, from_signin_id, search_text)
        VALUES (${account.account_id}, 1, 'Deck and pergola', 'accepted', ${account.signin_id}, 'deck')
        RETURNING quote_id`
      yield* sql`
        INSERT INTO reviews (account_id, quote_id, stars, message, reviewer_name, seen, creation)
        VALUES (${account.account_id}, ${q!.quote_id}, 4, 'Lovely deck. <b>Would</b> hire again.', 'Tom Becker', false,
                now() - interval '1 hour'),
               (${account.account_id}, NULL, 5, 'Quick and tidy.', '', false, now() - interval '2 hours'),
               (${account.account_id}, NULL, 3, 'Fine.', 'Ann', true, now() - interval '3 days')`
      return q!.quote_id
    }).pipe(Effect.provideService(SqlClient.SqlClient, sql))
  )
  const context = await browser.newContext()
  await account.api.share(context)
  const page = await context.newPage()
  page.setDefaultTimeout(8_000)
  current = page
  return { ...account, page, quoteId }
}

const openMenu = async (page: Page) => {
  await page.getByRole("button", { name: "Harbour Joinery" }).click()
  await page.getByRole("menu").waitFor()
}

describe("reviews in Chromium", { timeout: 90_000 }, () => {
  it("the menu counts new reviews; the page lists them as text, marks them seen, features and archives", async () => {
    const { page, account_id, quoteId } = await reviewedAccount()
    await page.goto(`${server.url}/dashboard`)
    await openMenu(page)
    const item = page.getByRole("menuitem", { name: `${m.reviews} 2 ${m.unseenReviews}` })
    await item.waitFor()
    // An open Radix menu hides the rest of the page from assistive technology (`aria-hidden` on the root while it
    // is open), so the menu is checked on its own.
    expect(await axeViolations(page, "[role=menu]")).toEqual([])
    await item.click()

    await page.waitForURL(`${server.url}/settings/reviews`)
    await page.getByRole("heading", { name: m.reviews, level: 1 }).waitFor()
    const tom = page.getByRole("article", { name: "Tom Becker" })
    await tom.waitFor()
    expect(await tom.getByRole("img", { name: "4 out of 5 stars" }).count()).toBe(1)
    // The message is plain text: the markup a customer typed is shown, never applied.
    await tom.getByText("Lovely deck. <b>Would</b> hire again.").waitFor()
    expect(await page.locator("article b").count()).toBe(0)
    expect(await tom.getByRole("link", { name: "Deck and pergola" }).getAttribute("href")).toBe(`/quote/${quoteId}`)
    await page
      .getByRole("article", { name: m.anonymousReviewer })
      .getByRole("img", { name: "5 out of 5 stars" })
      .waitFor()
    expect(await page.getByRole("article").count()).toBe(3)
    expect(await axeViolations(page)).toEqual([])

    // Opening the page saw them all: the menu's count is gone.
    await openMenu(page)
    await page.getByRole("menuitem", { name: m.reviews, exact: true }).waitFor()
    await page.keyboard.press("Escape")

    const tomRow = page.getByRole("listitem").filter({ has: page.getByRole("article", { name: "Tom Becker" }) })
    const featured = tomRow.getByRole("button", { name: m.featured })
    expect(await featured.getAttribute("aria-pressed")).toBe("false")
    await featured.click()
    await expect.poll(() => featured.getAttribute("aria-pressed")).toBe("true")
    expect(await axeViolations(page)).toEqual([])

    await tomRow.getByRole("button", { name: m.archive }).click()
    await page.getByRole("article", { name: "Tom Becker" }).waitFor({ state: "detached" })
    await page.getByRole("button", { name: `${m.archived} (1)` }).click()
    await page.waitForURL(`${server.url}/settings/reviews?archive=archived`)
    const archived = page.getByRole("listitem").filter({ has: page.getByRole("article", { name: "Tom Becker" }) })
    await archived.getByRole("button", { name: m.unarchive }).waitFor()
    expect(await archived.getByRole("button", { name: m.featured }).count()).toBe(0)
    expect(await axeViolations(page)).toEqual([])
    await archived.getByRole("button", { name: m.unarchive }).click()
    await page.getByText(m.noReviews).waitFor()

    const stored = await server.sql((sql) =>
      sql<{ reviewer_name: string; featured: boolean; seen: boolean; archive_id: number }>`
        SELECT reviewer_name, featured, seen, archive_id::int AS archive_id FROM reviews
        WHERE account_id = ${account_id} ORDER BY creation DESC`.pipe(Effect.orDie)
    )
    expect(stored.map((r) => ({ ...r }))).toEqual([
      { reviewer_name: "Tom Becker", featured: true, seen: true, archive_id: 1 },
      { reviewer_name: "", featured: false, seen: true, archive_id: 1 },
      { reviewer_name: "Ann", featured: false, seen: true, archive_id: 1 }
    ])
  })

  it("without new reviews the menu shows Reviews with no count; an empty list says so", async () => {
    const account = await signUp(server.url, "Harbour Joinery")
    await server.sql((sql) =>
      sql`UPDATE accounts SET reviews_enabled = true WHERE account_id = ${account.account_id}`.pipe(Effect.orDie)
    )
    const context = await browser.newContext()
    await account.api.share(context)
    const page = await context.newPage()
    page.setDefaultTimeout(8_000)
    current = page
    await page.goto(`${server.url}/dashboard`)
    await openMenu(page)
    await page.getByRole("menuitem", { name: m.reviews, exact: true }).click()
    await page.getByText(m.noReviews).waitFor()
    expect(await axeViolations(page)).toEqual([])
  })
})
