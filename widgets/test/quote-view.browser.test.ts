import * as Message from "@quotekit/core/Message"
import * as Money from "@quotekit/core/Money"
import * as PublicQuote from "@quotekit/core/PublicQuote"
import * as SubscriptionTerm from "@quotekit/core/SubscriptionTerm"
import { Result } from "effect"
import type { Page } from "playwright-core"
import { afterAll, assert, beforeAll, describe, inject, it } from "vitest"
import { type Harness, seriousViolations, start } from "./browser.ts"

const BUNDLE = ["qk-quote-view.bundle.js"]
const text = Message.catalogue
let h: Harness

const item = (over: Record<string, unknown>) => ({
  item_code: "",
  item_body: "",
  item_tax_id: 1,
  price_unit: "0",
  quantity: "1",
  editable_quantity: "0",
  discount_item: "0",
  contact_choice: 0,
  contact_selected: 0,
  term_every: 0,
  term_type: 2,
  term_duration: 0,
  ...over
})

/** A garden quote: fixed and editable lines, an optional extra, a subtotal, a monthly plan to choose, the total. */
const wire = (over: Record<string, unknown> = {}) => ({
  title: "Garden makeover",
  quote_no: 1042,
  status: "sent",
  account_id: 1,
  discount_overall: "5",
  deposit_percent: "30",
  amounts_entered: "exclusive_including",
  currency_id: 107,
  symbol: "$",
  tax_word: "GST",
  currencyCode: "NZD",
  private_pricing: 7,
  isCustomerEditable: true,
  taxIdToRate: { "1": "15" },
  previewType: 0,
  publicItems: [
    item({ quote_item_id: 11, item_type: 1, item_title: "Garden design", price_unit: "1200" }),
    item({
      quote_item_id: 12,
      item_type: 1,
      item_code: "PV-2",
      item_title: "Paving",
      item_body: "*Natural stone* on a _compacted_ base.\n\n* Edging\n* Sealing\n\n<img src=x onerror=alert(1)>",
      price_unit: "85.5",
      quantity: "12",
      editable_quantity: "1"
    }),
    item({ quote_item_id: 13, item_type: 1, item_title: "Outdoor lighting", price_unit: "640", contact_choice: 1 }),
    item({ quote_item_id: 14, item_type: 3, item_title: "", quantity: "0" }),
    item({ quote_item_id: 15, item_type: 2, item_title: "Choose a maintenance plan:", quantity: "0" }),
    item({
      quote_item_id: 16,
      item_type: 1,
      item_title: "Basic care",
      price_unit: "45",
      contact_choice: 6,
      term_every: 1,
      term_duration: 12
    }),
    item({
      quote_item_id: 17,
      item_type: 1,
      item_title: "Full care",
      price_unit: "90",
      contact_choice: 2,
      term_every: 1,
      term_duration: 12
    }),
    item({ quote_item_id: 18, item_type: 4, item_title: "", quantity: "0" }),
    item({ quote_item_id: 19, item_type: 2, item_title: "Thank you", quantity: "0" })
  ],
  ...over
})

const decoded = (w: unknown): PublicQuote.PublicQuote => Result.getOrThrow(PublicQuote.decode(w))

beforeAll(async () => {
  h = await start(inject("widgetsDist"))
  h.route("/quote.json", { type: "application/json", body: JSON.stringify(wire()) })
  h.route("/missing.json", { status: 404, type: "application/json", body: "{}" })
})
afterAll(() => h?.close())

const attr = (value: unknown) => JSON.stringify(value).replace(/&/g, "&amp;").replace(/"/g, "&quot;")

/** A page with one quote view built from `data` (JSON in the attribute) and its events in `window.events`. */
const openView = async (attributes: string, width?: number): Promise<Page> => {
  const p = await h.open(`<qk-quote-view ${attributes}></qk-quote-view>`, {
    bundles: BUNDLE,
    ...(width === undefined ? {} : { width })
  })
  await p.waitForFunction(() => customElements.get("qk-quote-view") !== undefined)
  await p.evaluate(async () => {
    const view = document.querySelector("qk-quote-view")!
    await view.updateComplete
    const w = window as unknown as { events: Array<unknown> }
    w.events = []
    view.addEventListener("qk-selection-change", (e) => w.events.push(e.detail))
  })
  return p
}

const events = (p: Page) => p.evaluate(() => (window as unknown as { events: Array<Record<string, unknown>> }).events)

/** The totals block as label/amount pairs. */
const totalsShown = (p: Page) =>
  p
    .locator("qk-quote-view [part~=totals] .row")
    .evaluateAll((rows) =>
      rows.map((r) => [r.querySelector("dt")!.textContent!.trim(), r.querySelector("dd")!.textContent!.trim()])
    )

/** The totals block the core gives for a quote, as the view should show it. */
const expectedTotals = (q: PublicQuote.PublicQuote) => {
  const t = PublicQuote.totals(q)
  const money = (n: Money.Decimal) => PublicQuote.formatAmount(q, n)
  const rows: Array<[string, string]> = []
  const group = (g: (typeof t)["upFront"], term: string) => {
    rows.push([text.subtotal, money(g.subtotal)])
    rows.push([text.discountPercent("5"), `-${money(g.discount)}`])
    for (const tax of g.taxes) rows.push([text.taxAdded("GST", "15"), money(tax.amount)])
    rows.push([term === "" ? text.total : `${text.total} ${term}`, `${money(g.total)} NZD`])
  }
  group(t.upFront, "")
  rows.push([text.depositPercent("30"), money(t.deposit)])
  for (const g of t.subscriptions) group(g, SubscriptionTerm.describe(g.term))
  return rows
}

const wireTotals = (q: PublicQuote.PublicQuote) => {
  const t = PublicQuote.totals(q)
  const g = (x: (typeof t)["upFront"]) => ({
    key: x.key,
    subtotal: Money.toFixed(x.subtotal, 2),
    discount: Money.toFixed(x.discount, 2),
    tax: Money.toFixed(x.tax, 2),
    total: Money.toFixed(x.total, 2)
  })
  return { upFront: g(t.upFront), subscriptions: t.subscriptions.map(g), deposit: Money.toFixed(t.deposit, 2) }
}

describe("<qk-quote-view>", () => {
  it("shows items, safe descriptions, prices and the core's totals per tax mode, deposit and subscription", async () => {
    const p = await openView(`data="${attr(wire())}"`)
    const view = p.locator("qk-quote-view")
    assert.strictEqual((await view.locator("h2").textContent())?.trim(), "Garden makeover")
    const titles = await view.locator("[part~=item-title]").allTextContents()
    assert.deepStrictEqual(titles, [
      "Garden design",
      "Paving",
      "Outdoor lighting",
      "Choose a maintenance plan:",
      "Basic care",
      "Full care",
      "Thank you"
    ])
    // markup rendered by the core: emphasis and bullets; raw HTML stays text and runs nothing
    const body = view.locator("[part~=item-body]").first()
    assert.strictEqual(await body.locator("strong").textContent(), "Natural stone")
    assert.deepStrictEqual(await body.locator("li").allTextContents(), ["Edging", "Sealing"])
    assert.strictEqual(await body.locator("img").count(), 0)
    assert.include(await body.textContent(), "<img src=x onerror=alert(1)>")
    assert.strictEqual(await view.locator("[part~=item-code]").textContent(), "PV-2")
    const lineTotals = await view.locator("[part~=line-total]").allTextContents()
    assert.deepStrictEqual(lineTotals, ["$1,200.00", "$1,026.00", "$640.00", "$45.00", "$90.00"])
    assert.include(await view.locator("[part~=item-price]").nth(0).textContent(), "1 × $1,200.00")
    assert.strictEqual(await view.locator("[part~=quantity-input]").inputValue(), "12")
    assert.include(await view.locator("[part~=item-price]").nth(3).textContent(), "every month for 12 payments")
    assert.include(await view.locator("[part~=item-subtotal]").textContent(), "$2,226.00")
    assert.deepStrictEqual(await totalsShown(p), expectedTotals(decoded(wire())))
    assert.strictEqual(
      (await view.locator("[part~=total]").first().locator("dd").textContent())?.trim(),
      "$2,431.91 NZD"
    ) // (1,200 + 1,026) less 5 % is 2,114.70, plus 15 % GST 317.21
    await p.close()
  })

  it("ticking an option recomputes the totals with the core and fires qk-selection-change", async () => {
    const p = await openView(`data="${attr(wire())}"`)
    await p.getByRole("checkbox", { name: "Outdoor lighting" }).check()
    const q = PublicQuote.choose(decoded(wire()), 2, true)
    assert.deepStrictEqual(await totalsShown(p), expectedTotals(q))
    const [detail] = await events(p)
    assert.deepInclude(detail!, wireTotals(q))
    assert.deepInclude(detail!.items as Array<unknown>, {
      quote_item_id: 13,
      selected: true,
      contact_selected: 1,
      quantity: "1.0000"
    })
    await p.getByRole("checkbox", { name: "Outdoor lighting" }).uncheck()
    assert.deepStrictEqual(await totalsShown(p), expectedTotals(decoded(wire())))
    assert.strictEqual((await events(p)).length, 2)
    await p.close()
  })

  it("picking a plan keeps one choice per group and moves the recurring total", async () => {
    const p = await openView(`data="${attr(wire())}"`)
    assert.isTrue(await p.getByRole("radio", { name: "Basic care" }).isChecked())
    await p.getByRole("radio", { name: "Full care" }).check()
    assert.isFalse(await p.getByRole("radio", { name: "Basic care" }).isChecked())
    const q = PublicQuote.choose(decoded(wire()), 6, true)
    assert.deepStrictEqual(await totalsShown(p), expectedTotals(q))
    const detail = (await events(p))[0]!
    assert.deepStrictEqual(detail.subscriptions, wireTotals(q).subscriptions)
    await p.close()
  })

  it("editing a quantity updates the totals as typed; on Enter zero or below becomes 1", async () => {
    const p = await openView(`data="${attr(wire())}"`)
    const field = p.getByRole("textbox", { name: "Quantity of Paving" })
    await field.fill("20")
    const q20 = PublicQuote.setQuantity(decoded(wire()), 1, Money.make("20"))
    assert.deepStrictEqual(await totalsShown(p), expectedTotals(q20))
    await field.fill("2*3")
    assert.strictEqual((await p.locator("qk-quote-view .hint").textContent())?.trim(), "= 6", "the core's hint")
    await field.press("Enter")
    assert.strictEqual(await field.inputValue(), "6")
    await field.fill("0")
    await field.press("Enter")
    assert.strictEqual(await field.inputValue(), "1")
    const q1 = PublicQuote.setQuantity(decoded(wire()), 1, Money.zero)
    assert.deepStrictEqual(await totalsShown(p), expectedTotals(q1))
    const last = (await events(p)).at(-1)!
    assert.deepInclude(last.items as Array<unknown>, {
      quote_item_id: 12,
      selected: true,
      contact_selected: 0,
      quantity: "1.0000"
    })
    assert.deepInclude(last, wireTotals(q1))
    // A negative quantity is refused while typed and becomes 1 on Enter or on leaving the field; a decimal comma
    // is read as the customer means it.
    await field.fill("-4")
    assert.strictEqual((await p.locator("qk-quote-view .hint").textContent())?.trim(), Message.numberNegative)
    await field.press("Enter")
    assert.strictEqual(await field.inputValue(), "1")
    await field.fill("-4")
    await field.blur()
    assert.strictEqual(await field.inputValue(), "1")
    await field.fill("2,5")
    await field.press("Enter")
    assert.strictEqual(await field.inputValue(), "2.5")
    await p.close()
  })

  it("private pricing hides quantities, totals or both; a quote not customer-editable has no quantity field", async () => {
    const p = await openView(`data="${attr(wire({ private_pricing: 4, isCustomerEditable: false }))}"`)
    const view = p.locator("qk-quote-view")
    assert.strictEqual(await view.locator("[part~=quantity-input]").count(), 0)
    assert.notInclude(await view.locator("[part~=items]").textContent(), "×")
    assert.strictEqual(await view.locator("[part~=line-total]").count(), 5)
    assert.strictEqual(await view.locator("[part~=item-code]").count(), 0, "the item code bit is off")
    await p.evaluate(
      (data) => {
        document.querySelector("qk-quote-view")!.data = data
      },
      wire({ private_pricing: 0 })
    )
    assert.strictEqual(await view.locator("[part~=price]").count(), 0)
    assert.deepStrictEqual(await totalsShown(p), expectedTotals(decoded(wire())), "totals stay")
    await p.close()
  })

  it("shows accepted, declined and expired states without allowing changes; withdrawn hides items and prices", async () => {
    const p = await openView(`data="${attr(wire())}" status="accepted"`)
    const view = p.locator("qk-quote-view")
    assert.strictEqual(await view.locator("[part~=notice]").textContent(), text.quoteAcceptedNotice)
    assert.strictEqual(await view.locator("[part~=status]").textContent(), "Accepted")
    assert.isTrue(await p.getByRole("checkbox", { name: "Outdoor lighting" }).isDisabled())
    assert.strictEqual(await view.locator("[part~=quantity-input]").count(), 0)
    for (const [status, notice] of [
      ["declined", text.quoteDeclinedNotice],
      ["expired", text.quoteExpiredNotice]
    ] as const) {
      await p.evaluate((s) => {
        document.querySelector("qk-quote-view")!.status = s
      }, status)
      assert.strictEqual(await view.locator("[part~=notice]").textContent(), notice)
    }
    await p.evaluate(
      (data) => {
        const v = document.querySelector("qk-quote-view")!
        v.status = ""
        v.data = data
      },
      wire({ status: "withdrawn" })
    )
    assert.strictEqual(await view.locator("[part~=notice]").textContent(), text.quoteWithdrawnNotice)
    assert.strictEqual(await view.locator("[part~=items]").count(), 0)
    assert.notInclude(await view.textContent(), "$")
    await p.close()
  })

  it("fetches the data from src; bad data and missing quotes show a clear error", async () => {
    const p = await openView(`src="/quote.json"`)
    const view = p.locator("qk-quote-view")
    await view.locator("h2").waitFor()
    assert.deepStrictEqual(await totalsShown(p), expectedTotals(decoded(wire())))
    await p.evaluate(() => {
      const v = document.querySelector("qk-quote-view")!
      v.data = undefined
      v.src = "/missing.json"
    })
    await view.locator("[part~=error]").waitFor()
    assert.include(await view.locator("[part~=error]").textContent(), text.quoteNotFound)
    for (const bad of [
      "{not json",
      JSON.stringify(wire({ publicItems: [item({ quote_item_id: 1, item_type: 9 })] }))
    ]) {
      await p.evaluate((data) => {
        document.querySelector("qk-quote-view")!.data = data
      }, bad)
      assert.strictEqual(await view.getByRole("alert").count(), 1)
      assert.include(await view.getByRole("alert").textContent(), text.unexpectedResponse)
      assert.strictEqual(await view.locator("[part~=items]").count(), 0)
    }
    await p.close()
  })

  it("is usable 320 px wide: nothing overflows and the choices and quantity stay reachable", async () => {
    const p = await openView(`data="${attr(wire())}"`, 320)
    const widths = await p.evaluate(() => [
      document.documentElement.scrollWidth,
      document.querySelector("qk-quote-view")!.getBoundingClientRect().width
    ])
    assert.isAtMost(widths[0]!, 320)
    assert.isAtMost(widths[1]!, 320)
    const field = p.getByRole("textbox", { name: "Quantity of Paving" })
    const box = (await field.boundingBox())!
    assert.isAtMost(box.x + box.width, 320)
    await field.fill("2")
    await field.press("Enter")
    await p.getByRole("checkbox", { name: "Outdoor lighting" }).check()
    const q = PublicQuote.choose(PublicQuote.setQuantity(decoded(wire()), 1, Money.make("2")), 2, true)
    assert.deepStrictEqual(await totalsShown(p), expectedTotals(q))
    await p.close()
  })

  it("has no serious or critical accessibility violations, interactive or answered", async () => {
    const p = await openView(`data="${attr(wire())}"`)
    assert.deepStrictEqual(await seriousViolations(p), [])
    await p.evaluate(() => {
      document.querySelector("qk-quote-view")!.status = "accepted"
    })
    assert.deepStrictEqual(await seriousViolations(p), [])
    await p.close()
  })
})
