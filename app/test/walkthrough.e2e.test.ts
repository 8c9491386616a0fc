// @vitest-environment node
/**
 * The newcomer's walkthrough, as a test: the seeded demo account, signed in as its admin, opens every screen
 * and tab of the team app and the customer page of its sent quote. Any console error, any answer of 400 or
 * above, any "Loading…" still shown after 5 seconds, and any serious or critical axe-core violation fails it.
 */
import * as Message from "@quotekit/core/Message"
import * as Seed from "@quotekit/pg/Seed"
import * as LinkToken from "@quotekit/server/customer/LinkToken"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { axeViolations } from "./support/axe.ts"
import { launch } from "./support/browser.ts"
import { buildOwnApp } from "./support/OwnBuildServer.ts"
import { type RealServer, start } from "./support/RealServer.ts"

const m = Message.catalogue
let server: RealServer
let browser: Browser

beforeAll(async () => {
  server = await start(await buildOwnApp())
  const secret = await Effect.runPromise(Effect.service(LinkToken.LinkSecret))
  await server.sql((sql) =>
    Seed.run.pipe(
      Effect.provideService(SqlClient.SqlClient, sql),
      Effect.provideService(Seed.LinkTokens, (link) => LinkToken.derive(secret, link))
    )
  )
  browser = await launch()
})

afterAll(async () => {
  await browser?.close()
  await server?.close()
})

/** Everything that went wrong on a page while the walkthrough was on it. */
const watch = (page: Page) => {
  const problems: Array<string> = []
  page.on("console", (msg) => {
    if (msg.type() === "error") problems.push(`console error on ${page.url()}: ${msg.text()}`)
  })
  page.on("pageerror", (error) => problems.push(`page error on ${page.url()}: ${error.message}`))
  page.on("response", (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} for ${response.url()} on ${page.url()}`)
  })
  return problems
}

/** Wait for the page to settle, then check it: nothing left loading after 5 s, no serious axe violation. */
const settled = async (page: Page, problems: Array<string>, what: string) => {
  await page.waitForLoadState("networkidle")
  const loading = page.getByText(m.loading, { exact: true })
  const deadline = Date.now() + 5000
  while ((await loading.filter({ visible: true }).count()) > 0 && Date.now() < deadline) await page.waitForTimeout(100)
  if ((await loading.filter({ visible: true }).count()) > 0) problems.push(`"${m.loading}" still shown on ${what}`)
  for (const v of await axeViolations(page)) problems.push(`axe on ${what}: ${v}`)
}

describe("the newcomer's walkthrough of the demo account", { timeout: 480_000 }, () => {
  it("opens every screen and tab without an error, an endless Loading… or an accessibility violation", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    page.setDefaultTimeout(10_000)
    const problems = watch(page)
    await page.goto(`${server.url}/sign-in`)
    await page.getByLabel(m.email).fill(Seed.demoEmail)
    await page.getByLabel(m.password).fill(Seed.demoPassword)
    await page.getByRole("button", { name: m.signIn }).click()
    await page.waitForURL("**/dashboard")

    const ids = await server.sql((sql) =>
      Effect.gen(function* () {
        const quotes = yield* sql<{ quote_id: number; status: string; is_template: boolean }>`
          SELECT quote_id, status, is_template FROM quotes ORDER BY quote_id`
        const [contact] = yield* sql<{ contact_id: number }>`
          SELECT contact_id FROM contacts WHERE contact_type = 'person' ORDER BY contact_id LIMIT 1`
        const [item] = yield* sql<{
          item_id: number
        }>`SELECT item_id FROM items WHERE item_type = 1 ORDER BY item_id LIMIT 1`
        return { quotes, contact: contact!.contact_id, item: item!.item_id }
      })
    )
    const quotes = ids.quotes.filter((q) => !q.is_template)
    const template = ids.quotes.find((q) => q.is_template)!
    const screens = [
      "/dashboard",
      "/quotes",
      "/contacts",
      `/contacts/view/${ids.contact}`,
      `/contacts/edit/${ids.contact}`,
      "/content/templates",
      `/content/templates/${template.quote_id}/is-editing`,
      `/content/templates/price-items/${ids.item}`,
      "/c/leads",
      "/settings",
      "/settings/personal",
      "/settings/import",
      "/settings/reviews",
      "/settings/api-keys",
      "/settings/webhooks",
      "/settings/add-ons",
      // Not /settings/add-ons/1/taxes (it needs a connected accounting add-on) nor
      // /settings/billing-update-details (its card form asks Stripe for a SetupIntent): both need outside services.
      "/settings/payments",
      "/settings/billing-overview",
      "/settings/email-domain",
      "/settings/quote/appearance",
      "/settings/invoicing",
      "/invoices",
      "/quotes/examples",
      "/help",
      "/help?q=two-factor",
      "/quotes/new/is-editing",
      ...quotes.flatMap((q) => [`/quote/${q.quote_id}`, `/quote/versions/${q.quote_id}`]),
      ...quotes
        .filter((q) => q.status === "draft" || q.status === "sent")
        .map((q) => `/quotes/${q.quote_id}/is-editing`)
    ]
    for (const path of screens) {
      await page.goto(`${server.url}${path}`)
      await settled(page, problems, path)
      if (path.startsWith("/quote/") && !path.includes("versions")) {
        for (const tab of [m.allActivity, m.settings]) {
          const trigger = page.getByRole("tab", { name: tab })
          if ((await trigger.count()) === 0) continue
          await trigger.click()
          await settled(page, problems, `${path} (${tab})`)
        }
      }
    }

    // The customer page of the sent quote, as the customer opens it.
    const sent = quotes.find((q) => q.status === "sent")!
    const links = (await page.evaluate(
      async (id) => (await fetch(`/get/quote-links/${id}`)).json(),
      sent.quote_id
    )) as Array<{ url: string | null }>
    expect(links.every((l) => l.url !== null)).toBe(true)
    const customer = await browser.newContext()
    const customerPage = await customer.newPage()
    const customerProblems = watch(customerPage)
    await customerPage.goto(links[0]!.url!.replace(/^https?:\/\/[^/]+/, server.url))
    await customerPage.getByRole("heading", { level: 1 }).waitFor()
    await settled(customerPage, customerProblems, "the customer page")

    expect([...problems, ...customerProblems]).toEqual([])
    await customer.close()
    await context.close()
  })
})
