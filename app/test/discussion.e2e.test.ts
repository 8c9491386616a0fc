// @vitest-environment node
/**
 * The quote discussion and versions end to end in headless Chromium, against the real server (in this process,
 * over an embedded PGlite database) serving a production build of its own: the customer asks a question on a
 * sent quote's link, a team member answers it on the quote page with an @mention of a colleague picked from the
 * completer (stored in `discussion_mentions`), and the customer sees the answer; a sent quote edited under a new
 * title keeps its earlier version, which the versions page opens read-only. One server and one browser for the
 * file; the quote page is checked with axe-core for serious or critical violations.
 */
import * as Message from "@quotekit/core/Message"
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { axeViolations } from "./support/axe.ts"
import { sentQuote } from "./support/SentQuote.ts"
import * as ServerAndBrowser from "./support/ServerAndBrowser.ts"

const m = Message.catalogue
const live = ServerAndBrowser.forFile()

/** A second member of the account (not an admin), whose @mention handle is their first name. */
const colleague = (accountId: number, first: string) =>
  live.server.sql((sql) =>
    Effect.gen(function* () {
      const [s] = yield* sql<{ signin_id: number }>`
        INSERT INTO signins (email, name_first, name_last, name_display)
        VALUES (${`${first.toLowerCase()}.${process.pid}.${Date.now()}@example.com`}, ${first}, 'Turing',
                ${`${first} Turing`})
        RETURNING signin_id`
      yield* sql`
        INSERT INTO memberships (account_id, signin_id, is_admin, joined_at)
        VALUES (${accountId}, ${s!.signin_id}, false, now())`
      return s!.signin_id
    })
  )

describe("discussion and versions in Chromium against the real server", { timeout: 60_000 }, () => {
  it("the customer asks, the team answers with an @mention picked from the completer, the customer sees it", async () => {
    const q = await sentQuote(live.server)
    const alan = await colleague(q.accountId, "Alan")

    const customer = await live.browser.newContext()
    const asking = await customer.newPage()
    asking.setDefaultTimeout(8_000)
    await asking.goto(q.link)
    await asking.getByLabel(m.askQuestion).fill("Can you start in May?")
    await asking.getByRole("button", { name: m.send }).click()
    await asking.locator(".qk-comments").getByText("Can you start in May?").waitFor()

    const { team, page } = await live.teamPage(q)
    await page.goto(`${live.server.url}/quote/${q.quoteId}`)
    const question = page.getByRole("listitem").filter({ hasText: "Can you start in May?" })
    await question.waitFor()
    expect(await axeViolations(page)).toEqual([])

    const answer = question.getByRole("combobox", { name: m.answer })
    await answer.click()
    await answer.pressSequentially("Yes; @Al")
    const suggestions = page.getByRole("listbox", { name: m.mentionSuggestions })
    await suggestions.getByRole("option", { name: /@Alan/ }).click()
    await expect.poll(() => answer.inputValue()).toMatch(/^Yes; @Alan\s?$/)
    await answer.press("End")
    await answer.pressSequentially(" will confirm the start date.")
    expect(await axeViolations(page)).toEqual([])
    await question.getByRole("button", { name: m.send }).click()
    await question.getByText("will confirm the start date.").waitFor()
    await expect.poll(() => answer.inputValue()).toBe("")

    const mentioned = await live.server.sql(
      (sql) => sql<{ signin_id: number; discuss_body: string; parent_question: number | null }>`
        SELECT dm.signin_id, d.discuss_body, d.parent_question
        FROM discussion_mentions dm JOIN discussion d USING (account_id, discuss_id)
        WHERE d.quote_id = ${q.quoteId}`
    )
    expect(mentioned.map((r) => r.signin_id)).toEqual([alan])
    expect(mentioned[0]?.discuss_body).toContain("@Alan")
    expect(mentioned[0]?.parent_question).toBeGreaterThan(0)

    await asking.reload()
    await asking.locator(".qk-comments").getByText("will confirm the start date.").waitFor()
    await customer.close()
    await team.close()
  })

  it("a sent quote edited under a new title keeps its earlier version, opened read-only", async () => {
    const q = await sentQuote(live.server)
    await q.team.post(`/act-on/quote-action/revise-dodo/${q.quoteId}`)

    const { team, page } = await live.teamPage(q)
    await page.goto(`${live.server.url}/quotes/${q.quoteId}/is-editing`)
    await page.getByRole("heading", { name: m.editingTitle("Bathroom retiling") }).waitFor()
    await page.getByLabel(m.title, { exact: true }).fill("Bathroom and laundry retiling")
    await page.keyboard.press("Control+s")
    await page.getByText(m.unsavedChanges).waitFor({ state: "hidden" })
    await expect
      .poll(() =>
        live.server.sql((sql) => sql<{ title: string }>`SELECT title FROM quotes WHERE quote_id = ${q.quoteId}`)
      )
      .toEqual([{ title: "Bathroom and laundry retiling" }])

    await page.goto(`${live.server.url}/quote/versions/${q.quoteId}`)
    await page.getByRole("heading", { name: `${m.versions}: Bathroom and laundry retiling` }).waitFor()
    const opens = page.getByRole("button", { name: m.openVersion })
    await opens.first().waitFor()
    expect(await opens.count()).toBe(1)
    await opens.first().click()
    const older = page.getByRole("region", { name: m.readOnlyVersion })
    await older.getByText("Bathroom retiling", { exact: true }).first().waitFor()
    expect(await older.getByText("Bathroom and laundry retiling").count()).toBe(0)
    // Options and quantities are shown but cannot be changed.
    expect(await older.locator("input").count()).toBeGreaterThan(0)
    expect(await older.locator("input:enabled").count()).toBe(0)
    expect(await older.getByRole("button").count()).toBe(0)
    expect(await axeViolations(page)).toEqual([])
    await team.close()
  })
})
