// @vitest-environment node
/**
 * Card payments in headless Chromium against a production build and the real server (in this process). Stripe's
 * API is answered by `FakeStripe` at the server's network edge (msw, Stripe's documented shapes); in the browser,
 * `js.stripe.com` is routed to a small stand-in for Stripe.js (the Payment Element as a card number field,
 * `confirmPayment` / `confirmSetup` posting to `api.stripe.com` with the publishable key as Stripe.js does), and
 * `api.stripe.com` to the same fake's state: the test cards 4242 4242 4242 4242 (succeeds) and
 * 4000 0000 0000 0002 (declined) behave as Stripe documents.
 *
 * - The customer of an accepted quote with a 30% deposit: 'Preparing deposit invoice', 'Pay Deposit' with the
 *   invoice's number and amount, the card form, the pay button waiting while Stripe confirms, a declined card's
 *   message, then paid; the invoice is paid in the team's list and the PaymentIntent was for the server's amount.
 * - No Stripe keys: 'You will receive a deposit invoice shortly.', and no Stripe.js loaded.
 * - A deposit invoice not ready after 12 s (a fake clock): 'The deposit invoice isn't ready yet, ...'.
 * - Settings → Payments and the billing card pages.
 */
import { fileURLToPath } from "node:url"
import * as CardMessage from "@quotekit/core/CardMessage"
import * as Message from "@quotekit/core/Message"
import * as FakeStripe from "@quotekit/stripe/FakeStripe"
import { Effect } from "effect"
import { setupServer } from "msw/node"
import type { Page, Route } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { row, saveBody } from "../../adapters/server/test/quotes/Fixtures.ts"
import { axeViolations } from "./support/axe.ts"
import { type Client, signUp } from "./support/RealServer.ts"
import * as ServerAndBrowser from "./support/ServerAndBrowser.ts"

const PK = "pk_test_51QuotekitBrowserPublishable"
const SK = "sk_test_51QuotekitBrowserSecret4242"
const WHSEC = "whsec_QuotekitBrowserSigning1234"
const stripe = FakeStripe.make({ keys: [SK] })
const network = setupServer(...stripe.handlers)
beforeAll(() => network.listen({ onUnhandledFrame: "bypass" }))
afterAll(() => network.close())

const live = ServerAndBrowser.forFile()

/** The stand-in for Stripe.js: the calls quotekit makes, with one card number field as the Payment Element. */
const STRIPE_JS = `(() => {
  function Stripe(pk) {
    let mounted = null
    const post = async (path, form) => {
      const res = await fetch("https://api.stripe.com" + path, {
        method: "POST",
        headers: { authorization: "Bearer " + pk, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(form)
      })
      return { ok: res.ok, body: await res.json() }
    }
    const card = () => mounted.el.querySelector("input").value.replace(/\\s/g, "")
    return {
      elements(options) {
        return {
          create(type) {
            return {
              mount(target) {
                const el = typeof target === "string" ? document.querySelector(target) : target
                el.innerHTML = '<label>Card number <input name="cardnumber" inputmode="numeric" autocomplete="cc-number"></label>'
                mounted = { el, secret: options.clientSecret, type }
              }
            }
          }
        }
      },
      async confirmPayment() {
        const id = mounted.secret.split("_secret_")[0]
        const r = await post("/v1/payment_intents/" + id + "/confirm", { client_secret: mounted.secret, "payment_method_data[card][number]": card() })
        return r.ok ? { paymentIntent: r.body } : { error: r.body.error }
      },
      async confirmSetup() {
        const id = mounted.secret.split("_secret_")[0]
        const r = await post("/v1/setup_intents/" + id + "/confirm", { client_secret: mounted.secret, "payment_method_data[card][number]": card() })
        return r.ok ? { setupIntent: r.body } : { error: r.body.error }
      },
      async retrieveSetupIntent(secret) {
        const id = secret.split("_secret_")[0]
        const res = await fetch("https://api.stripe.com/v1/setup_intents/" + id + "?client_secret=" + secret, { headers: { authorization: "Bearer " + pk } })
        return { setupIntent: await res.json() }
      }
    }
  }
  Stripe.version = "endive"
  window.Stripe = Stripe
})()`

/** Stripe's browser-side API as the stand-in calls it, answered from the fake's state. */
const stripeEdge = async (page: Page, hold?: Promise<void>) => {
  await page.route("https://js.stripe.com/**", (route) =>
    route.fulfill({ contentType: "application/javascript", body: STRIPE_JS })
  )
  await page.route("https://api.stripe.com/**", async (route: Route) => {
    const request = route.request()
    const url = new URL(request.url())
    expect(request.headers().authorization).toBe(`Bearer ${PK}`)
    const match = /^\/v1\/(payment_intents|setup_intents)\/([A-Za-z0-9_]+)(\/confirm)?$/.exec(url.pathname)
    const intent = match?.[2] === undefined ? undefined : stripe.intents.get(match[2])
    const form = new URLSearchParams(request.postData() ?? url.search)
    if (intent === undefined || form.get("client_secret") !== intent.client_secret)
      return route.fulfill({
        status: 404,
        json: { error: { type: "invalid_request_error", message: "No such intent." } }
      })
    const shape = () => ({ id: intent.id, object: intent.object, status: intent.status, amount: intent.amount })
    if (match?.[3] === undefined) return route.fulfill({ json: shape() })
    if (hold !== undefined) await hold
    if (form.get("payment_method_data[card][number]") === "4242424242424242") {
      if (intent.object === "payment_intent") stripe.succeed(intent.id)
      else {
        stripe.setStatus(intent.id, "succeeded")
        intent.payment_method = "pm_card_visa"
      }
      return route.fulfill({ json: shape() })
    }
    intent.last_payment_error = { type: "card_error", code: "card_declined", message: "Your card was declined." }
    return route.fulfill({
      status: 402,
      json: { error: { type: "card_error", code: "card_declined", message: "Your card was declined." } }
    })
  })
}

/** A new account with an accepted quote with a 30% deposit and built-in invoices; its customer link token. */
const acceptedQuote = async (keys: boolean) => {
  const account = await signUp(live.server.url, "Harbour Decks Ltd", "Ada Tester")
  const team: Client = account.api
  const contactId = await live.server.sql((sql) =>
    sql<{ contact_id: number }>`
      INSERT INTO contacts (account_id, contact_type, name_first, name_last, email)
      VALUES (${account.account_id}, 'person', 'Grace', 'Hopper', 'grace@example.com') RETURNING contact_id`.pipe(
      Effect.map((r) => r[0]!.contact_id)
    )
  )
  const saved = await team.post(
    "/post/quote-update/edit/new/is-editing",
    saveBody(account.signin_id, {
      quote: { title: "Deck and steps", deposit_percent: "30" },
      items: [
        row(-1, 1, 0, { item_title: "Boards", price_unit: "100", quantity: "3" }),
        row(-2, 1, 1, { item_title: "Labour", price_unit: "250" }),
        row(-3, 4, 2),
        row(-4, 2, 3, { item_title: "Terms", item_body: "30% deposit before we start." })
      ],
      contacts: [{ quote_contact_id: -1, contact_id: contactId, contact_order: 0 }]
    })
  )
  const quoteId = saved.quote_id as number
  await team.post("/post/quote-mark-sent", { quote_id: quoteId })
  await team.post(`/post/quote-accept-on-behalf/${quoteId}`)
  await team.post("/post/invoicing-settings", {
    builtin_enabled: true,
    prefix: "INV-",
    next_number: 1,
    payment_terms_days: 14,
    payment_instructions: "",
    email_invoices: false
  })
  if (keys) await team.post("/post/payment-settings", { publishable_key: PK, secret_key: SK, webhook_secret: WHSEC })
  const links = await team.get(`/get/quote-links/${quoteId}`)
  const link = links[0].url as string
  return { team, account, quoteId, token: link.slice(link.lastIndexOf("/") + 1) }
}

/** A customer's page that records console errors and scripts asked for. */
const customerPage = async () => {
  const context = await live.browser.newContext({ viewport: { width: 1100, height: 1000 } })
  const page = await context.newPage()
  page.setDefaultTimeout(10_000)
  const errors: Array<string> = []
  const scripts: Array<string> = []
  page.on("console", (m) => {
    // A declined card's 402 from api.stripe.com: real Stripe.js makes that call inside its own frame, the
    // stand-in from the page; the browser logs the status either way. Everything else counts.
    if (m.type() === "error" && !m.text().includes("status of 402")) errors.push(m.text())
  })
  page.on("pageerror", (e) => errors.push(e.message))
  page.on("request", (r) => {
    if (r.resourceType() === "script") scripts.push(r.url())
  })
  return { context, page, errors, scripts }
}

const shot = (name: string) => fileURLToPath(new URL(`../../docs/screenshots/${name}.png`, import.meta.url))

describe("card payments in Chromium", { timeout: 120_000 }, () => {
  it("the customer pays the deposit with a card; a declined card is told; the pay button waits", async () => {
    const q = await acceptedQuote(true)
    const { context, page, errors } = await customerPage()
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    await stripeEdge(page, held)
    await page.goto(`${live.server.url}/q/${q.token}`)
    const panel = page.locator("section.qk-deposit")
    const pay = panel.getByRole("button", { name: CardMessage.payDeposit })
    await pay.waitFor()
    await expect(panel.locator(".qk-deposit-invoice").textContent()).resolves.toBe("INV-0001: $165.00")
    expect(await axeViolations(page)).toEqual([])
    await pay.click()
    const card = panel.getByLabel("Card number")
    await card.fill("4000 0000 0000 0002")
    const confirm = panel.getByRole("button", { name: "Pay $165.00" })
    release()
    await confirm.click()
    await panel.getByRole("alert").filter({ hasText: "Your card was declined." }).waitFor()
    expect(await confirm.isEnabled()).toBe(true)

    // A second try: the button waits, disabled, until Stripe answers.
    let releaseAgain = () => {}
    const heldAgain = new Promise<void>((resolve) => {
      releaseAgain = resolve
    })
    await page.unroute("https://api.stripe.com/**")
    await stripeEdge(page, heldAgain)
    await card.fill("4242 4242 4242 4242")
    await confirm.click()
    await expect(confirm.getAttribute("aria-busy")).resolves.toBe("true")
    expect(await confirm.isDisabled()).toBe(true)
    await page.screenshot({ path: shot("deposit-paying") })
    releaseAgain()
    await panel.getByText("Deposit paid. Thank you!").waitFor()
    await page.screenshot({ path: shot("deposit-paid") })

    // The server's amount, the invoice paid for the team, and nothing else charged.
    const intents = [...stripe.intents.values()].filter((i) => i.metadata.quote_id === String(q.quoteId))
    expect(intents.map((i) => [i.amount, i.currency, i.status])).toEqual([[16500, "usd", "succeeded"]])
    const paid = await q.team.get("/get/invoices?paid=paid")
    expect(paid.invoices.length).toBe(1)
    expect(errors).toEqual([])
    await context.close()

    // The team sees it in the quote's activity.
    const team = await live.browser.newContext()
    await q.team.share(team)
    const teamPage = await team.newPage()
    teamPage.setDefaultTimeout(10_000)
    await teamPage.goto(`${live.server.url}/quote/${q.quoteId}`)
    await teamPage.getByRole("tab", { name: Message.catalogue.allActivity }).click()
    await teamPage
      .getByText(/Deposit INV-0001 paid by card: \$165\.00 \(Stripe pi_/)
      .first()
      .waitFor()
    await team.close()
  })

  it("without Stripe keys the customer is told a deposit invoice will come, and Stripe.js is never loaded", async () => {
    const q = await acceptedQuote(false)
    const { context, page, errors, scripts } = await customerPage()
    await stripeEdge(page)
    await page.goto(`${live.server.url}/q/${q.token}`)
    await page.locator("section.qk-deposit").getByText(CardMessage.depositComing).waitFor()
    expect(await page.getByRole("button", { name: CardMessage.payDeposit }).count()).toBe(0)
    expect(scripts.filter((s) => s.includes("stripe.com"))).toEqual([])
    expect(errors).toEqual([])
    await page.screenshot({ path: shot("deposit-never") })
    await context.close()
  })

  it("a deposit invoice still being prepared after 12 s says it isn't ready (a fake clock)", async () => {
    const q = await acceptedQuote(true)
    const { context, page, errors } = await customerPage()
    await page.clock.install()
    // The server's answer held at 'preparing', as when the invoice worker is behind.
    let asked = 0
    await page.route(`**/api/q/${q.token}/deposit`, (route) => {
      asked++
      return route.fulfill({
        json: { state: "preparing", invoice_number: "", amount: "", amount_text: "", currency: "", paid_at: 0 }
      })
    })
    await page.goto(`${live.server.url}/q/${q.token}`)
    const panel = page.locator("section.qk-deposit")
    await panel.getByText(CardMessage.preparingDeposit).waitFor()
    await page.clock.runFor(10_000)
    await expect(panel.getByRole("status").first().textContent()).resolves.toBe(CardMessage.preparingDeposit)
    await page.clock.runFor(3_000)
    await panel.getByText(CardMessage.depositNotReady).waitFor()
    expect(asked).toBeGreaterThanOrEqual(2)
    const before = asked
    await page.clock.runFor(10_000)
    expect(asked).toBe(before)
    await page.screenshot({ path: shot("deposit-not-ready") })
    expect(errors).toEqual([])
    await context.close()
  })
  it("billing details: the admin saves a card (declined first), and each setup outcome Stripe returns with", async () => {
    const q = await acceptedQuote(true)
    const { context, page, errors } = await customerPage()
    await q.team.share(context)
    await stripeEdge(page)
    await page.goto(`${live.server.url}/settings/payments`)
    await page.getByRole("heading", { name: "Payments" }).waitFor()
    await expect(page.getByLabel("Secret key").inputValue()).resolves.toBe("")
    await page.getByText("Set, ending in 4242").waitFor()
    await page.getByRole("link", { name: "Billing details (the saved card)" }).click()
    await page.getByText("No card is saved yet.").waitFor()
    await page.getByRole("link", { name: "Add a card" }).click()
    await page.waitForURL("**/settings/billing-update-details")
    const card = page.getByLabel("Card number")
    await card.fill("4000 0000 0000 0002")
    await page.getByRole("button", { name: "Save card" }).click()
    const alert = page.getByRole("alert")
    await alert
      .filter({ hasText: "Your card was declined. Please try again or contact Support if this message persists." })
      .waitFor()
    expect(await alert.getByRole("link", { name: "Try again" }).getAttribute("href")).toBe(
      "/settings/billing-update-details"
    )
    expect(await axeViolations(page)).toEqual([])
    await page.screenshot({ path: shot("billing-update-declined") })
    await card.fill("4242 4242 4242 4242")
    await page.getByRole("button", { name: "Save card" }).click()
    await page.waitForURL("**/settings/billing-overview")
    await page.getByText("Your card is saved.").waitFor()
    await page.getByText(/^A card is saved/).waitFor()
    await page.screenshot({ path: shot("billing-overview") })
    const saved = await q.team.get("/get/billing-card")
    expect(saved.payment_method).toBe("pm_card_visa")

    // Back from Stripe with a setup that did not succeed: the spec's outcome texts; an unknown action.
    for (const [status, text] of [
      ["processing", CardMessage.paymentProcessing],
      ["requires_payment_method", CardMessage.paymentDetailsRequired],
      ["canceled", CardMessage.paymentFailed]
    ] as const) {
      const setup = await q.team.post("/post/billing-card-setup")
      const id = (setup.client_secret as string).split("_secret_")[0]!
      stripe.setStatus(id, status)
      await page.goto(
        `${live.server.url}/settings/billing-overview?setup_intent=${id}&setup_intent_client_secret=${setup.client_secret}&redirect_status=${status}`
      )
      await alert.filter({ hasText: `${text} ${CardMessage.contactSupport}` }).waitFor()
      expect(new URL(page.url()).search).toBe("")
    }
    await page.goto(`${live.server.url}/settings/billing-overview?setup_intent=seti_x`)
    await alert.filter({ hasText: CardMessage.setupIntentMissing }).waitFor()
    await page.goto(`${live.server.url}/settings/billing-overview?action=refund`)
    await alert.filter({ hasText: CardMessage.unknownAction }).waitFor()
    expect(errors).toEqual([])
    await context.close()
  })
  it("Settings → Payments: keys checked with Stripe and saved, secrets never shown again, turned off", async () => {
    const account = await signUp(live.server.url, "Harbour Keys Ltd", "Ada Tester")
    const { context, page, errors } = await customerPage()
    await account.api.share(context)
    await page.goto(`${live.server.url}/settings`)
    await page.getByRole("link", { name: "Payments", exact: true }).click()
    await page.getByRole("heading", { name: "Payments" }).waitFor()
    await page.getByText("Off: customers are told they will receive a deposit invoice.").waitFor()
    await page.getByLabel("Publishable key").fill(PK)
    await page.getByLabel("Secret key").fill("sk_test_51QuotekitNotTheRightKey")
    await page.getByRole("button", { name: "Save" }).click()
    await page.getByText(/^Stripe refused this key: Invalid API Key provided/).waitFor()
    expect(await page.getByLabel("Secret key").getAttribute("aria-invalid")).toBe("true")
    await page.getByLabel("Secret key").fill(SK)
    await page.getByLabel("Webhook signing secret").fill(WHSEC)
    await page.getByRole("button", { name: "Save" }).click()
    await page.getByText("On: Harbour Joinery (test mode)").waitFor()
    await page.getByText("Set, ending in 4242. Leave blank to keep it.").waitFor()
    await page.getByText("Set, ending in 1234. Leave blank to keep it.").waitFor()
    expect(await page.getByLabel("Secret key").inputValue()).toBe("")
    await page.getByText(`/stripe/webhook/${account.account_id}`).waitFor()
    expect(await axeViolations(page)).toEqual([])
    await page.screenshot({ path: shot("settings-payments"), fullPage: true })
    // The page's data never holds a secret.
    const view = await account.api.get("/get/payment-settings")
    expect(JSON.stringify(view)).not.toContain("Secret4242")
    expect(JSON.stringify(view)).not.toContain("Signing1234")

    await page.getByRole("button", { name: "Turn off card payments" }).click()
    await page.getByRole("alertdialog").getByRole("button", { name: "Turn off card payments" }).click()
    await page.getByText("Off: customers are told they will receive a deposit invoice.").waitFor()
    expect((await account.api.get("/get/payment-settings")).enabled).toBe(false)
    // The refused key's 400 is the one the browser logs; nothing else.
    expect(errors.filter((e) => !e.includes("status of 400"))).toEqual([])
    await context.close()
  })
})
