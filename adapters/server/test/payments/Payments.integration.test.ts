/**
 * Card payments over HTTP on PGlite and PostgreSQL, with Stripe answered by `FakeStripe` (msw, Stripe's documented
 * shapes): an admin saves the account's keys (checked with Stripe, secrets sealed and never answered); the
 * customer of an accepted quote with a 30% deposit sees 'never' without keys, then the deposit invoice made and
 * issued; paying makes one PaymentIntent for the exact amount in minor units (a second press the same one); a
 * forged webhook is refused and changes nothing; the signed `payment_intent.succeeded` marks the invoice paid with
 * history and a `payment.received` event; a replay changes nothing; unknown events are ignored; a failed payment
 * is recorded. A JPY quote is charged in whole yen and settled through the page's confirmation.
 */
import { assert } from "@effect/vitest"
import { describeBackends } from "@quotekit/pg/TestDatabase"
import * as FakeStripe from "@quotekit/stripe/FakeStripe"
import * as Payments from "@quotekit/stripe/Payments"
import { Effect, Schedule } from "effect"
import { SqlClient } from "effect/sql"
import { setupServer } from "msw/node"
import { afterAll, beforeAll } from "vitest"
import { type Browser, browser, layer, newAccount, TestServer } from "../Harness.ts"
import { contact, rows, saveNew, taxRate } from "../quotes/Fixtures.ts"

const PK = "pk_test_51QuotekitPublishable"
const SK = "sk_test_51QuotekitSecretKey0042"
const WHSEC = "whsec_QuotekitSigningSecret9876"
const stripe = FakeStripe.make({ keys: [SK] })
const msw = setupServer(...stripe.handlers)
beforeAll(() => msw.listen({ onUnhandledFrame: "bypass" }))
afterAll(() => msw.close())

/** An accepted quote with a deposit and built-in invoices, and the customer's link token. */
const acceptedQuote = (name: string, o: { readonly currency?: number; readonly unit?: string } = {}) =>
  Effect.gen(function* () {
    const owner = yield* newAccount(name)
    const b = owner.browser
    const gst = yield* taxRate(owner.accountId, "15")
    const person = yield* contact(owner.accountId, "Ada", `Payer${owner.accountId}`)
    const saved = yield* saveNew(b, owner.signinId, {
      quote: { title: "Deck", deposit_percent: "30", currency_id: o.currency ?? 156 },
      items: rows([
        { title: "Boards", unit: o.unit ?? "100.00", qty: "3", item_tax_id: gst },
        { title: "Labour", unit: o.unit ?? "250.00" }
      ]),
      contacts: [{ quote_contact_id: -1, contact_id: person, contact_order: 0 }]
    })
    assert.strictEqual((yield* b.post("/post/quote-mark-sent", { quote_id: saved.quote_id })).status, 200)
    const accepted = yield* b.post(`/post/quote-accept-on-behalf/${saved.quote_id}`)
    assert.strictEqual(accepted.status, 200, accepted.text)
    const settings = yield* b.post("/post/invoicing-settings", {
      builtin_enabled: true,
      prefix: "INV-",
      next_number: 1,
      payment_terms_days: 14,
      payment_instructions: "",
      email_invoices: false
    })
    assert.strictEqual(settings.status, 200, settings.text)
    const links = yield* b.get(`/get/quote-links/${saved.quote_id}`)
    const url: string = links.body[0].url
    return { ...owner, quoteId: saved.quote_id, token: url.slice(url.lastIndexOf("/") + 1) }
  })

const saveKeys = (b: Browser) =>
  b.post("/post/payment-settings", { publishable_key: PK, secret_key: SK, webhook_secret: WHSEC })

/** Ask for the deposit until it is no longer being prepared. */
const depositReady = (customer: Browser, token: string) =>
  customer.post(`/api/q/${token}/deposit`).pipe(
    Effect.flatMap((a) =>
      a.status === 200 && a.body.state === "preparing" ? Effect.fail("preparing" as const) : Effect.succeed(a)
    ),
    Effect.retry({ schedule: Schedule.spaced("100 millis"), times: 150 }),
    Effect.orDie
  )

/** A page of the app as a browser asks for it. */
const htmlPage = (path: string) =>
  Effect.gen(function* () {
    const server = yield* TestServer
    const res = yield* Effect.promise(() => fetch(`${server.url}${path}`, { headers: { accept: "text/html" } }))
    return { status: res.status, headers: res.headers }
  })

/** Post a webhook body as Stripe would. */
const postEvent = (account: number, body: string, signature: string) =>
  Effect.gen(function* () {
    const server = yield* TestServer
    const res = yield* Effect.promise(() =>
      fetch(`${server.url}/stripe/webhook/${account}`, {
        method: "POST",
        headers: { "content-type": "application/json; charset=utf-8", "stripe-signature": signature },
        body
      })
    )
    return { status: res.status, body: (yield* Effect.promise(() => res.json())) as Record<string, unknown> }
  })

describeBackends(
  "card payments with Stripe",
  (it) => {
    it.effect("keys are checked, sealed and never answered; only admins may set them", () =>
      Effect.gen(function* () {
        const owner = yield* newAccount("Keyholder")
        const b = owner.browser
        const empty = yield* b.get("/get/payment-settings")
        assert.strictEqual(empty.status, 200, empty.text)
        assert.isFalse(empty.body.enabled)
        assert.match(empty.body.webhook_url, new RegExp(`/stripe/webhook/${owner.accountId}$`))
        assert.deepStrictEqual(empty.body.webhook_events, ["payment_intent.succeeded", "payment_intent.payment_failed"])

        const bad = yield* b.post("/post/payment-settings", {
          publishable_key: "pk_nope",
          secret_key: "",
          webhook_secret: "secret"
        })
        assert.strictEqual(bad.status, 400, bad.text)
        assert.deepStrictEqual(
          bad.body.form_errors.map((e: { input_id: string }) => e.input_id),
          ["publishable_key", "secret_key", "webhook_secret"]
        )
        const mixed = yield* b.post("/post/payment-settings", {
          publishable_key: "pk_live_51QuotekitPublishable",
          secret_key: SK,
          webhook_secret: ""
        })
        assert.strictEqual(mixed.status, 400)
        const refused = yield* b.post("/post/payment-settings", {
          publishable_key: PK,
          secret_key: "sk_test_51WrongKeyForQuotekit",
          webhook_secret: ""
        })
        assert.strictEqual(refused.status, 400, refused.text)
        assert.match(refused.body._serveError.message, /^Stripe refused this key: Invalid API Key/)

        const saved = yield* saveKeys(b)
        assert.strictEqual(saved.status, 200, saved.text)
        assert.deepStrictEqual(
          [saved.body.enabled, saved.body.secret_key_set, saved.body.secret_key_last4, saved.body.webhook_secret_last4],
          [true, true, "0042", "9876"]
        )
        assert.strictEqual(saved.body.stripe_account, "Harbour Joinery")
        assert.notInclude(saved.text, SK)
        assert.notInclude(saved.text, WHSEC)
        // A blank secret keeps the stored one; the page never holds it.
        const kept = yield* b.post("/post/payment-settings", {
          publishable_key: PK,
          secret_key: "",
          webhook_secret: ""
        })
        assert.strictEqual(kept.status, 200, kept.text)
        assert.isTrue(kept.body.secret_key_set)
        const sql = yield* SqlClient.SqlClient
        const stored = yield* sql<{ secret_sealed: string; webhook_secret_sealed: string }>`
          SELECT secret_sealed, webhook_secret_sealed FROM payment_settings WHERE account_id = ${owner.accountId}`
        assert.match(stored[0]?.secret_sealed ?? "", /^v1\./)
        assert.notInclude(JSON.stringify(stored), "QuotekitSecretKey")
        assert.notInclude(JSON.stringify(stored), "QuotekitSigningSecret")

        // Another account's admin sees its own (empty) settings; a stranger without a session is refused.
        const other = yield* newAccount("Stranger")
        assert.isFalse((yield* other.browser.get("/get/payment-settings")).body.enabled)
        const anonymous = yield* browser
        assert.strictEqual((yield* anonymous.get("/get/payment-settings")).status, 401)

        const removed = yield* b.post("/post/payment-settings-remove")
        assert.strictEqual(removed.status, 200)
        assert.isFalse(removed.body.enabled)
      })
    )

    it.effect("the customer pays the deposit: exact amount, one PaymentIntent, signed webhook marks it paid once", () =>
      Effect.gen(function* () {
        const q = yield* acceptedQuote("Depositpayer")
        const customer = yield* browser
        // Without keys the customer cannot pay here: the spec's never-url state.
        const never = yield* customer.post(`/api/q/${q.token}/deposit`)
        assert.strictEqual(never.status, 200, never.text)
        assert.strictEqual(never.body.state, "never")
        const early = yield* customer.post(`/api/q/${q.token}/deposit/pay`)
        assert.strictEqual(early.status, 409)
        assert.strictEqual(early.body._serveError.message, "You will receive a deposit invoice shortly.")
        // The page's policy allows Stripe.js only once the account takes card payments.
        const policy = (yield* customer.get(`/q/${q.token}`)).headers
        assert.notInclude(policy.get("content-security-policy") ?? "", "stripe.com")

        assert.strictEqual((yield* saveKeys(q.browser)).status, 200)
        // The team listens for payments (the webhooks feature).
        const hook = yield* q.browser.post("/post/webhook-endpoint", {
          url: "https://receiver.example.com/hooks",
          description: "Accounts",
          events: ["payment.received"],
          enabled: true
        })
        assert.strictEqual(hook.status, 201, hook.text)
        const paying = (yield* customer.get(`/q/${q.token}`)).headers
        const csp = paying.get("content-security-policy") ?? ""
        assert.include(csp, "script-src 'self'")
        assert.match(csp, /script-src [^;]*https:\/\/js\.stripe\.com/)
        assert.match(csp, /connect-src 'self' https:\/\/api\.stripe\.com/)
        assert.match(csp, /frame-src 'self' https:\/\/js\.stripe\.com https:\/\/hooks\.stripe\.com/)
        assert.isNull(paying.get("x-quotekit-csp-profile"))
        // Only the paying page: the team app's pages keep the strict policy.
        assert.notInclude((yield* q.browser.get("/settings")).headers.get("content-security-policy") ?? "", "stripe")
        const first = yield* customer.post(`/api/q/${q.token}/deposit`)
        assert.strictEqual(first.body.state, "preparing")
        const ready = yield* depositReady(customer, q.token)
        assert.deepStrictEqual(
          [ready.body.state, ready.body.invoice_number, ready.body.amount, ready.body.amount_text, ready.body.currency],
          ["ready", "INV-0001", "178.50", "$178.50", "USD"]
        )
        // Asking again makes no second deposit invoice.
        yield* customer.post(`/api/q/${q.token}/deposit`)
        const invoices = yield* q.browser.get("/get/invoices")
        assert.strictEqual(invoices.body.invoices.length, 1)

        const created = stripe.intents.size
        const pay = yield* customer.post(`/api/q/${q.token}/deposit/pay`)
        assert.strictEqual(pay.status, 200, pay.text)
        assert.deepStrictEqual(
          [pay.body.publishable_key, pay.body.amount_minor, pay.body.currency, pay.body.amount_text],
          [PK, "17850", "usd", "$178.50"]
        )
        const intent = stripe.intents.get(pay.body.intent_id)!
        assert.strictEqual(intent.amount, 17850)
        assert.strictEqual(pay.body.client_secret, intent.client_secret)
        assert.deepStrictEqual(intent.metadata, {
          account_id: String(q.accountId),
          quote_id: String(q.quoteId),
          quote_invoice_id: intent.metadata.quote_invoice_id!,
          invoice_number: "INV-0001"
        })
        const sent = stripe.seen.filter((s) => s.path === "/v1/payment_intents").at(-1)!
        assert.match(sent.idempotencyKey ?? "", new RegExp(`^quotekit-deposit-${q.accountId}-\\d+-\\d{10}-17850-usd$`))
        // A second press (or another device) gets the same PaymentIntent.
        const again = yield* customer.post(`/api/q/${q.token}/deposit/pay`)
        assert.strictEqual(again.body.intent_id, pay.body.intent_id)
        assert.strictEqual(stripe.intents.size, created + 1)

        // A forged event: signed with another secret, or not at all. Refused, nothing changes.
        stripe.succeed(intent.id)
        const body = FakeStripe.eventBody("payment_intent.succeeded", intent, `evt_paid_${q.accountId}`)
        const forged = yield* postEvent(
          q.accountId,
          body,
          yield* Payments.signForTest(body, "whsec_AttackerSecret1234")
        )
        assert.strictEqual(forged.status, 400)
        assert.strictEqual((yield* postEvent(q.accountId, body, "")).status, 400)
        const altered = body.replace('"amount_received":17850', '"amount_received":99999')
        assert.strictEqual(
          (yield* postEvent(q.accountId, altered, yield* Payments.signForTest(body, WHSEC))).status,
          400
        )
        assert.strictEqual((yield* customer.post(`/api/q/${q.token}/deposit`)).body.state, "ready")

        // The real one marks it paid.
        const signature = yield* Payments.signForTest(body, WHSEC)
        const paid = yield* postEvent(q.accountId, body, signature)
        assert.deepStrictEqual(paid, { status: 200, body: { received: true, paid: true } })
        const after = yield* customer.post(`/api/q/${q.token}/deposit`)
        assert.strictEqual(after.body.state, "paid")
        assert.isAbove(after.body.paid_at, 0)
        const list = yield* q.browser.get("/get/invoices?paid=paid")
        assert.strictEqual(list.body.invoices.length, 1)
        const sql = yield* SqlClient.SqlClient
        const history = yield* sql<{ html_summary: string }>`
          SELECT html_summary FROM history WHERE account_id = ${q.accountId} AND action = 'quote.paymentReceived'`
        assert.strictEqual(history.length, 1)
        assert.include(history[0]?.html_summary, "Deposit <b>INV-0001</b> paid by card: $178.50")
        assert.include(history[0]?.html_summary, intent.id)
        const events = yield* sql<{ payload: unknown }>`
          SELECT payload FROM webhook_messages
          WHERE account_id = ${q.accountId} AND event_type = 'payment.received'`
        assert.strictEqual(events.length, 1)
        const payload = JSON.stringify(events[0]?.payload)
        assert.include(payload, "INV-0001")
        assert.include(payload, "178.5")
        const row = yield* sql<{ amount_received: string; status: string }>`
          SELECT amount_received::text, status FROM card_payments WHERE account_id = ${q.accountId}`
        assert.deepStrictEqual(row[0], { amount_received: "17850", status: "succeeded" })

        // A replay (the same event again) changes nothing.
        const replay = yield* postEvent(q.accountId, body, yield* Payments.signForTest(body, WHSEC))
        assert.deepStrictEqual(replay, { status: 200, body: { received: true, duplicate: true } })
        const again2 = yield* sql<{ n: number }>`
          SELECT (SELECT count(*) FROM history WHERE account_id = ${q.accountId} AND action = 'quote.paymentReceived')
               + (SELECT count(*) FROM webhook_messages WHERE account_id = ${q.accountId})::int AS n`
        assert.strictEqual(Number(again2[0]?.n), 2)
        // Paying a paid deposit is refused.
        assert.strictEqual((yield* customer.post(`/api/q/${q.token}/deposit/pay`)).status, 409)

        // Unknown events are acknowledged and ignored; a failed payment is recorded.
        const other = JSON.stringify({ ...JSON.parse(body), id: "evt_other_1", type: "charge.refund.updated" })
        assert.deepStrictEqual(yield* postEvent(q.accountId, other, yield* Payments.signForTest(other, WHSEC)), {
          status: 200,
          body: { received: true, ignored: true }
        })
        // Another account's events do not open with this one's secret, and an unknown account is refused.
        assert.strictEqual((yield* postEvent(q.accountId + 100_000, body, signature)).status, 400)
        assert.strictEqual((yield* postEvent(0, "{}", "")).status, 400)
      })
    )

    it.effect("a failed card is recorded; a JPY deposit is charged in whole yen and settled on confirmation", () =>
      Effect.gen(function* () {
        const q = yield* acceptedQuote("Yenpayer", { currency: 75, unit: "1000" })
        assert.strictEqual((yield* saveKeys(q.browser)).status, 200)
        const customer = yield* browser
        const ready = yield* depositReady(customer, q.token)
        // 30% of 3 x 1000 + 15% tax and of 1000: 1035 + 300.
        assert.deepStrictEqual([ready.body.state, ready.body.amount, ready.body.currency], ["ready", "1335.00", "JPY"])
        const pay = yield* customer.post(`/api/q/${q.token}/deposit/pay`)
        assert.strictEqual(pay.status, 200, pay.text)
        assert.deepStrictEqual([pay.body.amount_minor, pay.body.currency], ["1335", "jpy"])
        const intent = stripe.intents.get(pay.body.intent_id)!

        intent.last_payment_error = { type: "card_error", code: "card_declined", message: "Your card was declined." }
        const failed = FakeStripe.eventBody("payment_intent.payment_failed", intent, `evt_failed_${q.accountId}`)
        const answer = yield* postEvent(q.accountId, failed, yield* Payments.signForTest(failed, WHSEC))
        assert.deepStrictEqual(answer, { status: 200, body: { received: true, paid: false } })
        const sql = yield* SqlClient.SqlClient
        const recorded = yield* sql<{ last_error: string }>`
          SELECT last_error FROM card_payments WHERE account_id = ${q.accountId}`
        assert.strictEqual(recorded[0]?.last_error, "Your card was declined.")
        assert.strictEqual((yield* customer.post(`/api/q/${q.token}/deposit`)).body.state, "ready")

        // The page says Stripe confirmed: the server asks Stripe, which says it succeeded.
        stripe.succeed(intent.id)
        const wrong = yield* customer.post(`/api/q/${q.token}/deposit/confirmed`, { intent_id: "pi_notours" })
        assert.strictEqual(wrong.status, 400)
        const confirmed = yield* customer.post(`/api/q/${q.token}/deposit/confirmed`, { intent_id: intent.id })
        assert.strictEqual(confirmed.status, 200, confirmed.text)
        assert.strictEqual(confirmed.body.state, "paid")
        const history = yield* sql<{ html_summary: string }>`
          SELECT html_summary FROM history WHERE account_id = ${q.accountId} AND action LIKE 'quote.payment%'
          ORDER BY history_id`
        assert.deepStrictEqual(
          history.map((h) => h.html_summary.replace(/\(Stripe .*\)/, "")),
          [
            "Card payment for deposit <b>INV-0001</b> failed: Your card was declined.",
            "Deposit <b>INV-0001</b> paid by card: ¥1,335.00 "
          ]
        )
      })
    )

    it.effect("paying again once Stripe has the payment settles it and takes no second one", () =>
      Effect.gen(function* () {
        const q = yield* acceptedQuote("Twicepayer")
        assert.strictEqual((yield* saveKeys(q.browser)).status, 200)
        const customer = yield* browser
        yield* depositReady(customer, q.token)
        const pay = yield* customer.post(`/api/q/${q.token}/deposit/pay`)
        assert.strictEqual(pay.status, 200, pay.text)
        const before = stripe.intents.size
        // Confirmed at Stripe, but neither the page nor the webhook told the server.
        stripe.succeed(pay.body.intent_id)
        const again = yield* customer.post(`/api/q/${q.token}/deposit/pay`)
        assert.strictEqual(again.status, 409, again.text)
        assert.strictEqual(again.body._serveError.message, "Deposit paid. Thank you!")
        assert.strictEqual(stripe.intents.size, before)
        assert.strictEqual((yield* customer.post(`/api/q/${q.token}/deposit`)).body.state, "paid")
      })
    )

    it.effect(
      "billing details: a card is saved only from a SetupIntent Stripe says succeeded; the pages may load Stripe.js",
      () =>
        Effect.gen(function* () {
          const owner = yield* newAccount("Cardholder")
          const b = owner.browser
          // No keys: the card cannot be set up, with the catalogue's text.
          const early = yield* b.post("/post/billing-card-setup")
          assert.strictEqual(early.status, 409, early.text)
          assert.strictEqual(early.body._serveError.message, "Failed to connect to Stripe.")
          assert.strictEqual((yield* saveKeys(b)).status, 200)
          const empty = yield* b.get("/get/billing-card")
          assert.deepStrictEqual(empty.body, { payment_method: "", saved_at: 0, last_intent: "", last_error: "" })

          const setup = yield* b.post("/post/billing-card-setup")
          assert.strictEqual(setup.status, 200, setup.text)
          assert.strictEqual(setup.body.publishable_key, PK)
          const id: string = setup.body.client_secret.split("_secret_")[0]
          assert.strictEqual(stripe.intents.get(id)?.metadata.account_id, String(owner.accountId))
          // Not yet confirmed, or still processing: the spec's outcome texts, nothing saved.
          for (const [status, text] of [
            ["requires_payment_method", "Payment details required."],
            ["processing", "Payment processing?"],
            ["canceled", "Failed to process payment details."]
          ] as const) {
            stripe.setStatus(id, status)
            const refused = yield* b.post("/post/billing-update-save", { id })
            assert.strictEqual(refused.status, 409, refused.text)
            assert.strictEqual(refused.body._serveError.message, text)
          }
          assert.strictEqual((yield* b.post("/post/billing-update-save", { id: "pm_123" })).status, 400)
          const unknown = yield* b.post("/post/billing-update-save", { id: "seti_unknown" })
          assert.strictEqual(unknown.status, 400)
          assert.strictEqual(unknown.body._serveError.message, "Setup intent missing?")
          // Succeeded: the payment method Stripe holds is saved (never one the browser names).
          const intent = stripe.setStatus(id, "succeeded")
          intent.payment_method = "pm_card_visa"
          const saved = yield* b.post("/post/billing-update-save", { id })
          assert.strictEqual(saved.status, 200, saved.text)
          assert.strictEqual(saved.body.payment_method, "pm_card_visa")
          assert.isAbove(saved.body.saved_at, 0)
          // An authorisation's outcome is recorded as it came.
          const failed = yield* b.post("/post/billing-auth-success", { id: "", errorTxt: "Your card was declined." })
          assert.strictEqual(failed.body.last_error, "Your card was declined.")
          const ok = yield* b.post("/post/billing-auth-success", { id: "pi_123", errorTxt: "" })
          assert.deepStrictEqual([ok.body.last_intent, ok.body.last_error], ["pi_123", ""])
          assert.strictEqual((yield* b.post("/post/billing-auth-success", { id: "", errorTxt: " " })).status, 400)
          // Another account sees its own (no) card.
          const other = yield* newAccount("Cardless")
          assert.strictEqual((yield* other.browser.get("/get/billing-card")).body.payment_method, "")

          // The two billing pages may load Stripe.js; the rest of the app may not.
          for (const path of ["/settings/billing-overview", "/settings/billing-update-details"]) {
            const page = yield* htmlPage(path)
            assert.strictEqual(page.status, 200)
            assert.match(page.headers.get("content-security-policy") ?? "", /script-src [^;]*https:\/\/js\.stripe\.com/)
          }
          const settings = yield* htmlPage("/settings/payments")
          assert.notInclude(settings.headers.get("content-security-policy") ?? "", "stripe.com")
        })
    )
  },
  { layer: layer() }
)
