// @vitest-environment node
/**
 * Settings → Shared accounts in headless Chromium, against the real server (in this process, over an embedded
 * PGlite database) serving a production build of its own: the parent's admin makes a link code (shown once), the
 * child's admin enters it (a wrong code refused on the field first), the child's templates list then shows the
 * parent's template marked shared, and the parent stops the link after confirming. Each state is checked with
 * axe-core; no console error, no answer of 500 or above.
 */
import * as SharedAccount from "@quotekit/core/SharedAccount"
import type { BrowserContext, Page } from "playwright-core"
import { describe, expect, it } from "vitest"
import { sharedAccountsText as t } from "../../src/sharedaccounts/sharedAccountsText.ts"
import { axeViolations } from "../support/axe.ts"
import { signUp } from "../support/RealServer.ts"
import * as ServerAndBrowser from "../support/ServerAndBrowser.ts"

const live = ServerAndBrowser.forFile()

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

const open = async (context: BrowserContext) => {
  const page = await context.newPage()
  page.setDefaultTimeout(8_000)
  return { page, problems: watch(page) }
}

describe("Shared accounts in Chromium against the real server", { timeout: 180_000 }, () => {
  it("a parent's code links a child, whose templates show the parent's as shared; the parent stops it", async () => {
    const parent = await signUp(live.server.url, "Head Office", "Pat Parent")
    const child = await signUp(live.server.url, "North Branch", "Chris Child")
    await parent.api.post("/post/quote-update/template/new/is-editing", {
      request_id: `shared-${Date.now()}`,
      quote: {
        title: "Annual service",
        sent_when: 0,
        expiry_date: 0,
        deposit_percent: "0",
        discount_overall: "0",
        currency_id: 156,
        amounts_entered: "exclusive_including",
        private_pricing: 7,
        from: parent.signin_id
      },
      meta: {},
      items: [1, 4, 2].map((type, i) => ({
        quote_item_id: -(i + 1),
        item_type: type,
        item_id: 0,
        item_code: "",
        item_title: type === 2 ? "Terms" : type === 1 ? "Service visit" : "",
        item_body: "",
        item_cat_id: 0,
        item_tax_id: 0,
        price_unit: type === 1 ? "100" : "0",
        price_cost: "0",
        price_total: type === 1 ? "100" : "0",
        quantity: type === 1 ? "1" : "0",
        editable_quantity: "0",
        discount_item: "0",
        contact_choice: 0,
        contact_selected: 0,
        term_every: 0,
        term_type: 2,
        term_duration: 0,
        added_adj_at: 0,
        credited_adj_at: 0,
        order_index: i
      })),
      item_files: [],
      contacts: [],
      _modifiedIn: 0,
      primary: "save:now"
    })

    const parentContext = await live.browser.newContext({ viewport: { width: 1280, height: 900 } })
    await parent.api.share(parentContext)
    const p = await open(parentContext)
    await p.page.goto(`${live.server.url}/settings`)
    await p.page.getByRole("link", { name: t.title }).click()
    await p.page.waitForURL(`${live.server.url}/settings/shared-accounts`)
    await p.page.getByRole("heading", { name: t.title, level: 1 }).waitFor()
    await p.page.getByText(t.noLinks).waitFor()
    expect(await axeViolations(p.page)).toEqual([])
    await p.page.getByRole("button", { name: t.makeCode }).click()
    const code = await p.page.getByRole("textbox", { name: t.newCode, exact: true }).inputValue()
    expect(code).toMatch(/^QK-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/)
    await p.page.getByText(t.codeShownOnce).waitFor()
    await p.page.getByRole("listitem", { name: t.waiting }).waitFor()
    expect(await axeViolations(p.page)).toEqual([])

    const childContext = await live.browser.newContext({ viewport: { width: 1280, height: 900 } })
    await child.api.share(childContext)
    const c = await open(childContext)
    await c.page.goto(`${live.server.url}/settings/shared-accounts`)
    await c.page.getByLabel(t.codeLabel).fill("QK-0000-0000-0000")
    await c.page.getByRole("button", { name: t.link }).click()
    await c.page.getByText(SharedAccount.messages.codeNotFound).waitFor()
    await c.page.getByLabel(t.codeLabel).fill(code)
    await c.page.getByRole("button", { name: t.link }).click()
    const used = c.page.getByRole("listitem", { name: t.usingFrom("Head Office") })
    await used.getByText(t.status.active, { exact: true }).waitFor()
    await used.getByText(t.started("Chris Child"), { exact: false }).waitFor()
    expect(await axeViolations(c.page)).toEqual([])
    await c.page.screenshot({ path: "test-results/shared-accounts-child.png", fullPage: true })

    // The child's templates: the parent's, marked shared.
    const templates = await child.api.get("/get/content/templates")
    expect(templates.rows.map((r: { title: string; shared: boolean }) => [r.title, r.shared])).toEqual([
      ["Annual service", true]
    ])

    // In Templates & Items the parent's template carries the Shared sticker and offers no Archived or Delete.
    await c.page.goto(`${live.server.url}/content/templates`)
    const shared = c.page.getByRole("listitem").filter({ hasText: "Annual service" })
    await shared.getByText(t.shared, { exact: true }).waitFor()
    expect(await shared.getByRole("button", { name: "Delete" }).count()).toBe(0)
    expect(await axeViolations(c.page)).toEqual([])
    await c.page.screenshot({ path: "test-results/shared-accounts-templates.png", fullPage: true })

    // The parent stops sharing, after confirming.
    await p.page.reload()
    const sharing = p.page.getByRole("listitem", { name: t.sharingWith("North Branch") })
    await sharing.getByRole("button", { name: t.stop }).click()
    const confirm = p.page.getByRole("alertdialog")
    await confirm.getByText(t.stopConfirm).waitFor()
    await confirm.getByRole("button", { name: t.stop }).click()
    await sharing.getByText(t.status.stopped, { exact: true }).waitFor()
    await sharing.getByText(t.stopped("Pat Parent"), { exact: false }).waitFor()
    expect(await axeViolations(p.page)).toEqual([])
    expect((await child.api.get("/get/content/templates")).rows).toEqual([])

    // The one 400 is the wrong code refused on purpose (Chromium logs every refused request).
    const refused = c.problems.filter((x) => x.includes("status of 400"))
    expect(refused).toHaveLength(1)
    expect([...p.problems, ...c.problems.filter((x) => !refused.includes(x))]).toEqual([])
    await parentContext.close()
    await childContext.close()
  })
})
