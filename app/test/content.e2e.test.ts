// @vitest-environment node
/**
 * End-to-end flows of the contacts, Templates & Items, leads and settings screens in headless Chromium, against
 * the real server (in this process, over an embedded PGlite database) serving the production build: one server
 * and one browser for the file, a new account per flow. Every screen visited is checked with axe-core for
 * serious or critical violations.
 */
import * as Message from "@quotekit/core/Message"
import * as Wording from "@quotekit/core/Wording"
import * as FakePhoton from "@quotekit/lookup/testing/FakePhoton"
import { Effect } from "effect"
import { setupServer } from "msw/node"
import type { Browser, Page } from "playwright-core"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { axeViolations } from "./support/axe.ts"
import { launch } from "./support/browser.ts"
import { buildOwnApp } from "./support/OwnBuildServer.ts"
import { type RealServer, signUp, start } from "./support/RealServer.ts"

const m = Message.catalogue
let server: RealServer
let browser: Browser
// The server (in this process) looks addresses up on Photon: answered here, everything else passes through.
const photon = FakePhoton.make()
const network = setupServer(...photon.handlers)

beforeAll(async () => {
  network.listen({ onUnhandledFrame: "bypass" })
  server = await start(await buildOwnApp())
  browser = await launch()
})

afterAll(async () => {
  await browser?.close()
  await server?.close()
  network.close()
})

/** The page of the running test, whose text a failure prints. */
let current: Page | undefined

afterEach(async ({ task }) => {
  if (task.result?.state === "fail" && current !== undefined && !current.isClosed())
    console.log(`${task.name}: ${current.url()}\n${await current.locator("body").textContent()}`)
  current = undefined
})

/** A page signed in as a new account's admin. */
const signedInPage = async (business?: string) => {
  const account = await signUp(server.url, business)
  const context = await browser.newContext()
  await account.api.share(context)
  const page = await context.newPage()
  // Fail on the step that waits, well inside the test's own time limit.
  page.setDefaultTimeout(8_000)
  current = page
  page.on("response", (r) => {
    if (r.status() >= 400) void r.text().then((body) => console.log(`${r.status()} ${r.url()} ${body}`))
  })
  return { ...account, page, context }
}

describe("contacts, content, leads and settings in Chromium", { timeout: 60_000 }, () => {
  it("ships its icon: the pages link it and the server answers it (no 404 on every load)", async () => {
    const { page } = await signedInPage()
    await page.goto(`${server.url}/`)
    const icons = await page
      .locator('link[rel="icon"]')
      .evaluateAll((links) => links.map((l) => (l as HTMLLinkElement).href))
    expect(icons.map((href) => new URL(href).pathname)).toEqual(["/favicon.svg", "/favicon.ico"])
    for (const [path, type] of [
      ["/favicon.ico", "image/"],
      ["/favicon.svg", "image/svg+xml"]
    ] as const) {
      const answer = await fetch(`${server.url}${path}`)
      expect(answer.status).toBe(200)
      expect(answer.headers.get("content-type") ?? "").toContain(type)
    }
  })

  it("an address picked from the look-up fills the contact form's address", async () => {
    const { page, context } = await signedInPage()
    await page.goto(`${server.url}/contacts/edit/new-person`)
    await page.getByLabel(m.firstName).fill("Aroha")
    await page.getByRole("button", { name: m.addAddress }).click()
    await page.getByRole("combobox", { name: m.country }).fill("New Zeal")
    await page.getByRole("option", { name: "New Zealand" }).click()
    await page.getByRole("combobox", { name: m.findAddress }).pressSequentially("14 harbour")
    await page.getByRole("option", { name: "14 Harbour Street, Wellington, Wellington 6011, New Zealand" }).click()
    await expect.poll(() => page.getByLabel(m.streetAddress).inputValue()).toBe("14 Harbour Street")
    expect(await page.getByLabel(m.city).inputValue()).toBe("Wellington")
    expect(await page.getByLabel(m.postcode).inputValue()).toBe("6011")
    expect(await page.getByRole("combobox", { name: m.country }).inputValue()).toBe("New Zealand")
    // Near the chosen country's centre.
    expect(photon.requests.at(-1)?.searchParams.get("lat")).toBe("-41")
    expect(await axeViolations(page)).toEqual([])
    await context.close()
  })

  it("warns before a second contact with one email: open the first, or create this one anyway", async () => {
    const { page, context } = await signedInPage()
    const newPerson = async (first: string, email: string) => {
      await page.goto(`${server.url}/contacts/edit/new-person`)
      await page.getByLabel(m.firstName).fill(first)
      await page.getByLabel(m.lastName).fill("Shah")
      await page.getByLabel(m.email, { exact: true }).fill(email)
      await page.getByRole("button", { name: m.save }).click()
    }
    await newPerson("Priya", "priya@harbour.example")
    await page.getByRole("heading", { name: "Priya Shah" }).waitFor()
    const firstUrl = page.url()
    await newPerson("P.", "Priya@Harbour.example")
    const alert = page.getByRole("alert")
    await alert.getByText(m.duplicateContact("Priya Shah")).waitFor()
    expect(await axeViolations(page)).toEqual([])
    await alert.getByRole("link", { name: m.openExistingContact("Priya Shah") }).waitFor()
    await alert.getByRole("button", { name: m.createAnyway }).click()
    await page.getByRole("heading", { name: "P. Shah" }).waitFor()
    expect(page.url()).not.toBe(firstUrl)
    await context.close()
  })

  it("creates a company, then a person in it from the company's page", async () => {
    const { page, context } = await signedInPage()
    await page.goto(`${server.url}/contacts`)
    await page.getByRole("heading", { name: m.contacts }).waitFor()
    await page.getByText(m.noContacts).waitFor()
    expect(await axeViolations(page)).toEqual([])

    await page.getByRole("link", { name: m.newCompany }).click()
    await page.getByLabel(m.companyName).fill("Acme Timber")
    await page.getByRole("button", { name: m.addPhone }).click()
    await page.getByLabel(`${m.phonesAndWebsites} 1`).selectOption("8")
    await page.getByLabel("Website 1").fill("acme-timber.example")
    await page.getByRole("button", { name: m.addAddress }).click()
    await page.getByLabel(m.streetAddress).fill("12 High St")
    await page.getByLabel(m.city).fill("Wellington")
    await page.getByRole("combobox", { name: m.country }).fill("New Zeal")
    await page.getByRole("option", { name: "New Zealand" }).click()
    expect(await axeViolations(page)).toEqual([])
    await page.getByRole("button", { name: m.save }).click()

    await page.getByRole("heading", { name: "Acme Timber" }).waitFor()
    await page.getByRole("heading", { name: m.noPeople }).waitFor()
    expect(await page.getByRole("link", { name: "acme-timber.example" }).getAttribute("href")).toBe(
      "https://acme-timber.example"
    )
    expect(await page.getByRole("link", { name: m.map }).getAttribute("href")).toMatch(
      /^https:\/\/www\.google\.com\/maps/
    )
    expect(await axeViolations(page)).toEqual([])

    await page.getByRole("link", { name: m.addPerson }).click()
    await page.getByLabel(m.firstName).fill("Jane")
    await page.getByLabel(m.lastName).fill("Smith")
    await page.getByLabel(m.email, { exact: true }).fill("jane@acme-timber.example")
    expect(await page.getByRole("combobox", { name: m.company }).inputValue()).toBe("Acme Timber")
    await page.getByRole("button", { name: m.save }).click()

    await page.getByRole("heading", { name: "Jane Smith" }).waitFor()
    await page.getByRole("link", { name: "Acme Timber" }).click()
    await page.getByRole("heading", { name: m.peopleCount(1) }).waitFor()
    await page.getByRole("link", { name: "Jane Smith" }).waitFor()

    await page.goto(`${server.url}/contacts?type=company`)
    await page.getByRole("link", { name: "Acme Timber" }).waitFor()
    expect(await page.getByRole("link", { name: "Jane Smith" }).count()).toBe(0)
    await page.getByRole("button", { name: m.all }).click()
    await page.getByRole("searchbox", { name: m.contactSearchPlaceholder }).fill("jane@acme")
    await page.getByRole("link", { name: "Jane Smith" }).waitFor()
    await expect.poll(() => page.getByRole("link", { name: "Acme Timber" }).count()).toBe(0)
    await page.getByRole("searchbox", { name: m.contactSearchPlaceholder }).fill("nobody here")
    await page.getByText(m.noContactsMatch).waitFor()
    await context.close()
  })

  it("merges two contacts: the loser's page offers Merge, the list picks the winner, Confirm Merge", async () => {
    const { page, context, api } = await signedInPage()
    const person = (first: string, last: string) =>
      api.post("/post/contact-update/0", {
        contact: { type: "person", name_first: first, name_last: last, email: "", company_id: null },
        phones: [],
        addresses: []
      })
    const winner = await person("Sam", "Taylor")
    const loser = await person("Samuel", "Taylor")
    await page.goto(`${server.url}/contacts/view/${loser.contact_id}`)
    await page.getByRole("heading", { name: "Samuel Taylor" }).waitFor()
    await page.getByRole("link", { name: m.merge }).click()
    await page.getByText(m.selectMergeWinner).waitFor()
    expect(await page.getByRole("link", { name: m.cancelMerge }).count()).toBe(1)
    expect(await axeViolations(page)).toEqual([])
    await page.getByRole("button", { name: m.confirmMergeWinner }).click()
    const confirm = page.getByRole("alertdialog", { name: m.confirmMerge })
    await confirm.getByRole("button", { name: m.confirmMerge }).click()
    await page.waitForURL((url) => url.pathname === `/contacts/view/${winner.contact_id}`, { waitUntil: "commit" })
    await page.getByRole("heading", { name: "Sam Taylor" }).waitFor()
    const merged = await api.get(`/get/contact-view/${loser.contact_id}`)
    expect(merged.merged_into.contact_id).toBe(winner.contact_id)
    await context.close()
  })

  it("edits a price item used by two templates; both templates take the change", async () => {
    const { page, context, api, account_id, signin_id } = await signedInPage()
    const saved = await api.post("/post/content-item/update/price-items/new", {
      item: {
        item_code: "DECK",
        item_title: "Decking per m²",
        item_body: "",
        item_cat_id: 0,
        item_tax_id: 0,
        price_unit: "120",
        price_cost: "80",
        quantity: "1",
        editable_quantity: "0",
        discount_item: "0",
        contact_choice: 0,
        term_every: 0,
        term_type: 2,
        term_duration: 0
      }
    })
    const itemId = saved.item_id as number
    const templates = await server.sql((sql) =>
      Effect.gen(function* () {
        const ids: Array<number> = []
        for (const title of ["Kitchen", "Bathroom"]) {
          const [t] = yield* sql<{
            quote_id: number
          }>`INSERT INTO quotes (account_id, is_template, title, from_signin_id)
            VALUES (${account_id}, true, ${title}, ${signin_id}) RETURNING quote_id`
          yield* sql`INSERT INTO quote_items (account_id, quote_id, item_type, item_id, item_title, price_unit, quantity,
                                              price_total, order_index, editing)
            VALUES (${account_id}, ${t!.quote_id}, 1, ${itemId}, 'Decking per m²', 120, 2, 240, 0, 'locked'),
                   (${account_id}, ${t!.quote_id}, 4, NULL, '', 0, 0, 0, 1, 'normal'),
                   (${account_id}, ${t!.quote_id}, 2, NULL, '', 0, 0, 0, 2, 'normal')`
          ids.push(t!.quote_id)
        }
        return ids
      })
    )
    await page.goto(`${server.url}/content/templates/price-items/${itemId}?within_template=${templates[0]}`)
    await page.getByText(m.changesApplyToTemplates(2)).waitFor()
    await page.getByRole("link", { name: m.templateTitle("Kitchen") }).waitFor()
    await page.getByRole("button", { name: m.seeWhereUsed }).click()
    await page.getByRole("list", { name: m.templatesUsing }).getByRole("link", { name: "Bathroom" }).waitFor()
    expect(await axeViolations(page)).toEqual([])

    await page.getByLabel(m.title).fill("Hardwood decking per m²")
    await page.getByLabel(m.unitPrice).fill("135")
    await page
      .getByLabel(m.attachFile)
      .setInputFiles({ name: "deck-spec.txt", mimeType: "text/plain", buffer: Buffer.from("Hardwood, 140 mm boards") })
    await page.getByRole("link", { name: "deck-spec.txt" }).waitFor()
    await page.getByText(m.unsavedChanges).waitFor()
    await page.keyboard.press("Control+s")
    await page.getByText(m.savedTemplates(2)).waitFor()
    const reloaded = await api.get(`/get/content-item/price-items/${itemId}`)
    expect(reloaded.files.map((f: { original_filename: string }) => f.original_filename)).toEqual(["deck-spec.txt"])
    const rows = await server.sql(
      (sql) =>
        sql<{ quote_id: number; item_title: string; price_unit: string }>`
        SELECT quote_id, item_title, price_unit::text AS price_unit FROM quote_items
        WHERE item_id = ${itemId} ORDER BY quote_id`
    )
    expect(rows.map((r) => [r.quote_id, r.item_title, Number(r.price_unit)])).toEqual([
      [templates[0], "Hardwood decking per m²", 135],
      [templates[1], "Hardwood decking per m²", 135]
    ])

    await page.goto(`${server.url}/content/templates?tab=price-items`)
    await page.getByRole("link", { name: "Hardwood decking per m²" }).waitFor()
    await page.getByText(m.usedIn(2)).waitFor()
    expect(await axeViolations(page)).toEqual([])
    await page.goto(`${server.url}/content/templates`)
    await page.getByRole("link", { name: "Kitchen" }).waitFor()
    expect(await axeViolations(page)).toEqual([])
    await context.close()
  })

  it("merges two price items: Merge on the loser, the list picks the winner, the winner's editor confirms", async () => {
    const { page, context, api } = await signedInPage()
    const item = (title: string) =>
      api.post("/post/content-item/update/price-items/new", {
        item: {
          item_code: "",
          item_title: title,
          item_body: "",
          item_cat_id: 0,
          item_tax_id: 0,
          price_unit: "10",
          price_cost: "0",
          quantity: "1",
          editable_quantity: "0",
          discount_item: "0",
          contact_choice: 0,
          term_every: 0,
          term_type: 2,
          term_duration: 0
        }
      })
    const winner = await item("Screws (box)")
    const loser = await item("Box of screws")
    await page.goto(`${server.url}/content/templates/price-items/${loser.item_id}`)
    await page.getByRole("link", { name: m.merge, exact: true }).click()
    await page.getByText(m.selectMergeWinner).waitFor()
    expect(await page.getByRole("link", { name: "Box of screws" }).count()).toBe(0)
    await page.getByRole("link", { name: "Screws (box)" }).click()
    await page.getByRole("button", { name: m.confirmMergeWinner }).click()
    await page.getByRole("alertdialog", { name: m.confirmMerge }).getByRole("button", { name: m.confirmMerge }).click()
    await page.waitForURL(
      (url) => url.pathname === `/content/templates/price-items/${winner.item_id}` && url.search === "",
      {
        waitUntil: "commit"
      }
    )
    await expect
      .poll(async () => (await api.get(`/get/content-item/price-items/${loser.item_id}`)).item.archive_id)
      .toBe(3)
    await context.close()
  })

  it("templates: Default for New Quotes, Delete after 'Are you sure?', then Restore Template", async () => {
    const { page, context, api, account_id, signin_id } = await signedInPage()
    await server.sql(
      (sql) =>
        sql`INSERT INTO quotes (account_id, is_template, title, from_signin_id)
          VALUES (${account_id}, true, 'Deck build', ${signin_id}), (${account_id}, true, 'Fence', ${signin_id})`
    )
    await page.goto(`${server.url}/content/templates`)
    const deck = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: "Deck build" }) })
    // The toggle follows the server: it turns checked when the answer comes back.
    await deck.getByRole("checkbox", { name: m.defaultForNewQuotes }).click()
    await expect
      .poll(() => deck.getByRole("checkbox", { name: m.defaultForNewQuotes }).isChecked(), { timeout: 8_000 })
      .toBe(true)
    expect((await api.get("/get/settings/account")).default_template_id).toBeGreaterThan(0)
    expect(await deck.getByRole("link", { name: m.copyToNewTemplate }).count()).toBe(1)
    expect(await axeViolations(page)).toEqual([])

    const fence = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: "Fence" }) })
    await fence.getByRole("button", { name: m.delete }).click()
    const confirm = page.getByRole("alertdialog", { name: m.areYouSure })
    await confirm.getByRole("button", { name: m.delete }).click()
    await expect.poll(() => page.getByRole("link", { name: "Fence" }).count()).toBe(0)
    await page.getByRole("button", { name: m.deleted }).click()
    await page.getByRole("button", { name: m.restoreTemplate }).click()
    await expect.poll(() => page.getByRole("link", { name: "Fence" }).count()).toBe(0)
    await page.getByRole("button", { name: m.current }).click()
    await page.getByRole("link", { name: "Fence" }).waitFor()
    await context.close()
  })

  it("a new template saved with 'Save & Preview' shows its preview: the template as saved, in the quote view", async () => {
    const { page, context } = await signedInPage()
    await page.goto(`${server.url}/content/templates/new/is-editing`)
    await page.getByText(m.newTemplateBanner).waitFor()
    await page.getByLabel(m.title, { exact: true }).fill("Garden path")
    await page.getByLabel(m.itemTitle, { exact: true }).nth(0).fill("Gravel per tonne")
    await page.locator('input[data-field="unit"]').nth(0).fill("85")
    await page.getByRole("button", { name: m.savePreview }).click()
    // The save moves the page to the saved template; the preview opens there.
    await page.waitForURL(/\/content\/templates\/\d+\/is-editing/)
    const dialog = page.getByRole("dialog", { name: m.templateTitle("Garden path") })
    const view = dialog.locator("qk-quote-view")
    await expect.poll(() => view.evaluate((e) => e.shadowRoot?.textContent ?? "")).toContain("Gravel per tonne")
    expect(await axeViolations(page)).toEqual([])
    await dialog.getByRole("button", { name: m.viewingAsCustomer }).click()
    expect(await dialog.getByRole("button", { name: m.viewingAsCustomer }).getAttribute("aria-pressed")).toBe("true")
    await dialog.getByRole("button", { name: m.close }).click()
    await dialog.waitFor({ state: "hidden" })
    expect(await page.getByText(m.unsavedChanges).count()).toBe(0)
    await context.close()
  })

  it("tax rates and categories: added, a category's default tax set in place, archived and restored", async () => {
    const { page, context } = await signedInPage()
    await page.goto(`${server.url}/content/templates?tab=taxes`)
    await page.getByText(m.noTaxRates).waitFor()
    await page.getByLabel(m.itemBody).fill("GST")
    await page.getByLabel(m.ratePercent).fill("15")
    await page.getByRole("button", { name: m.addTaxRate }).click()
    await page.getByText("GST 15%").waitFor()
    expect(await axeViolations(page)).toEqual([])

    await page.getByRole("tab", { name: m.categories }).click()
    await page.getByText(m.noCategories).waitFor()
    await page.getByLabel(m.name).fill("Timber")
    await page.getByRole("button", { name: m.addCategory }).click()
    await page.getByRole("listitem").filter({ hasText: "Timber" }).getByRole("button", { name: m.edit }).click()
    // In place: the row's own fields (its text is now in an input, so the row is found by its fields).
    const row = page.getByRole("listitem").filter({ has: page.getByLabel(m.defaultTax) })
    await row.getByLabel(m.name).fill("Hardwood")
    await row.getByLabel(m.defaultTax).selectOption({ label: "GST 15%" })
    await row.getByRole("button", { name: m.save }).click()
    await page.getByText(`${m.defaultTax}: GST 15%`).waitFor()
    expect(await axeViolations(page)).toEqual([])
    await page.getByRole("listitem").filter({ hasText: "Hardwood" }).getByRole("button", { name: m.archive }).click()
    await page.getByText(m.noCategories).waitFor()
    await page.getByRole("button", { name: m.archived }).click()
    await page.getByRole("listitem").filter({ hasText: "Hardwood" }).getByRole("button", { name: m.restore }).click()
    await page.getByText(m.noCategories).waitFor()
    await page.getByRole("button", { name: m.current }).click()
    await page.getByText("Hardwood").waitFor()
    await context.close()
  })

  it("a lead: notes and value kept, dismissed and reopened, converted: the panel opens the editor from the lead", async () => {
    const { page, context, api } = await signedInPage()
    const settings = await api.get("/get/settings/account")
    const { account_id: _a, logo_url: _l, lead_form_key: _k, lead_form_path, ...input } = settings
    await api.post("/post/settings/account", { ...input, leads_enabled: true })
    const form = new FormData()
    form.set("name", "Sam Taylor")
    form.set("email", "sam@taylor.example")
    form.set("subject", "New deck")
    form.set("message", "We would like a 20 m² deck.")
    const res = await fetch(`${server.url}${lead_form_path}`, { method: "POST", body: form })
    expect(res.status).toBe(201)

    await page.goto(`${server.url}/c/leads`)
    await page.getByRole("button", { name: `${m.open} (1)` }).waitFor()
    expect(await axeViolations(page)).toEqual([])
    await page.getByRole("link", { name: "Sam Taylor" }).click()
    await page.getByRole("heading", { name: "New deck" }).waitFor()
    await page.getByText("We would like a 20 m² deck.").waitFor()
    await page.getByLabel(m.notes).fill("Call after 5")
    await page.getByLabel(m.potentialValue).fill("4800")
    await page.getByLabel(m.potentialValue).blur()
    await page.getByText(m.saved).waitFor()
    expect(await axeViolations(page)).toEqual([])
    const { rows } = await api.get("/get/leads")
    expect(rows[0].lead_notes).toBe("Call after 5")
    expect(rows[0].lead_potential_value).toBe("4800")

    await page.getByRole("button", { name: m.dismiss, exact: true }).click()
    await page.getByRole("button", { name: `${m.dismissed} (1)` }).waitFor()
    await page.getByRole("button", { name: m.reopen }).click()
    await page.getByRole("button", { name: `${m.open} (1)` }).waitFor()
    await page.getByRole("button", { name: m.convertToQuote }).click()
    await page.waitForURL(
      (url) =>
        url.pathname === "/quotes/new/is-editing" &&
        new URLSearchParams(url.search).get("from-lead") === String(rows[0].lead_id),
      {
        waitUntil: "commit"
      }
    )
    // The lead's person is the new quote's contact.
    await page.locator('[class*="contactChip"]').filter({ hasText: "Sam Taylor" }).waitFor()
    await context.close()
  })

  it("invites a team member; changes the product noun to Estimate: the navigation and page titles follow", async () => {
    const { page, context } = await signedInPage()
    await page.goto(`${server.url}/settings`)
    await page.getByRole("heading", { name: m.accountSettings }).waitFor()
    await page.getByRole("navigation", { name: m.mainNavigation }).getByRole("link", { name: m.quotes }).waitFor()
    expect(await axeViolations(page)).toEqual([])
    await page.getByLabel(m.email, { exact: true }).fill("sam@harbour.example")
    await page.getByRole("button", { name: m.inviteMember }).click()
    await page.getByText(m.invitationSent("sam@harbour.example")).waitFor()
    await page.getByLabel(m.productNoun).selectOption("estimate")
    await page.getByRole("button", { name: m.save }).click()
    await page.getByRole("status").getByText(m.saved).waitFor()
    const nav = page.getByRole("navigation", { name: m.mainNavigation })
    await nav.getByRole("link", { name: Wording.forms("estimate").plural }).waitFor()
    expect(await nav.getByRole("link", { name: m.quotes }).count()).toBe(0)
    await nav.getByRole("link", { name: Wording.forms("estimate").plural }).click()
    await page.getByRole("heading", { name: "Estimates" }).waitFor()
    await expect.poll(() => page.title()).toBe(m.pageTitle("Estimates"))
    await page.reload()
    await page
      .getByRole("link", { name: Wording.apply("estimate", m.newQuote) })
      .first()
      .waitFor()
    await context.close()
  })

  it("imports a CSV of contacts: the preview shows the mapped rows and the bad row's reason", async () => {
    const { page, context, api } = await signedInPage()
    await page.goto(`${server.url}/settings/import`)
    await page.getByRole("heading", { name: m.importCsv }).waitFor()
    expect(await axeViolations(page)).toEqual([])
    const csv =
      "First name,Last name,Email,Company,Phone\nJane,Smith,jane@acme.example,Acme,\n,,,,021 555 0100\nTom,Brown,tom@brown.example,,\n"
    await page
      .getByLabel(m.chooseCsv)
      .setInputFiles({ name: "contacts.csv", mimeType: "text/csv", buffer: Buffer.from(csv) })
    await page.getByRole("cell", { name: "jane@acme.example" }).waitFor()
    await page.getByRole("cell", { name: "tom@brown.example" }).waitFor()
    const rejected = page.getByRole("list", { name: m.rejectedRows })
    await rejected.getByText(m.importRowNoName).waitFor()
    expect(await axeViolations(page)).toEqual([])
    await page.getByRole("button", { name: m.importRows(2) }).click()
    await page.getByText(m.importedRows(2)).waitFor()
    const list = await api.get("/get/contacts?getCount=1")
    expect(list.rows.map((r: { display_name: string }) => r.display_name).sort()).toEqual([
      "Acme",
      "Jane Smith",
      "Tom Brown"
    ])
    await context.close()
  })

  it("personal settings: photo upload switches 'Upload a Photo' to 'Change Photo'", async () => {
    const { page, context } = await signedInPage()
    await page.goto(`${server.url}/settings/personal`)
    await page.getByRole("button", { name: m.uploadPhoto }).waitFor()
    expect(await axeViolations(page)).toEqual([])
    const png = Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
      "base64"
    )
    await page
      .locator(`input[type="file"][aria-label="${m.uploadPhoto}"]`)
      .setInputFiles({ name: "me.png", mimeType: "image/png", buffer: png })
    await page.getByRole("button", { name: m.changePhoto }).waitFor()
    await page.getByRole("button", { name: m.removePhoto }).click()
    await page.getByRole("button", { name: m.uploadPhoto }).waitFor()
    await context.close()
  })
})
