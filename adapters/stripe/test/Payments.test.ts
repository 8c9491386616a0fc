/**
 * The Stripe service against a fake that answers with Stripe's documented shapes (`FakeStripe`, over msw): a
 * deposit's PaymentIntent (amount in minor units, metadata, the idempotency key: a repeat makes no second one),
 * retrieving it, SetupIntents, the key check, and each documented error (400, 401, 402 card_declined, 429, 500)
 * turned into its kind; a 429 or 500 is retried before it fails. Webhook signatures: a signed event verifies,
 * a forged, altered or stale one does not. No test reaches the internet.
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { setupServer } from "msw/node"
import { afterAll, afterEach, beforeAll } from "vitest"
import * as FakeStripe from "../src/FakeStripe.ts"
import * as Payments from "../src/Payments.ts"

const KEY = "sk_test_51FakeKeyForQuotekit"
const stripe = FakeStripe.make({ keys: [KEY] })
const server = setupServer(...stripe.handlers)
beforeAll(() => server.listen({ onUnhandledFrame: "error" }))
afterEach(() => {
  stripe.seen.length = 0
})
afterAll(() => server.close())

const payments = Payments.make({ maxNetworkRetries: 0 })
const retrying = Payments.make({ maxNetworkRetries: 2 })

const request: Payments.IntentRequest = {
  amount: 123456n,
  currency: "NZD",
  description: "Deposit INV-0007",
  metadata: { account_id: "3", quote_id: "12", quote_invoice_id: "40" },
  idempotencyKey: "quotekit-deposit-3-40"
}

describe("Payments", () => {
  it.effect("checks a key: the account's name, test mode", () =>
    Effect.gen(function* () {
      const owner = yield* payments.checkKey(KEY)
      assert.deepStrictEqual(owner, { id: "acct_1Fake", name: "Harbour Joinery", livemode: false })
      assert.strictEqual(stripe.seen[0]?.key, KEY)
    })
  )

  it.effect("a wrong key is an authentication failure with Stripe's message", () =>
    Effect.gen(function* () {
      const e = yield* Effect.flip(payments.checkKey("sk_test_wrong"))
      assert.strictEqual(e.kind, "authentication")
      assert.strictEqual(e.status, 401)
      assert.match(e.message, /Invalid API Key/)
    })
  )

  it.effect("creates a PaymentIntent in minor units with metadata and the idempotency key", () =>
    Effect.gen(function* () {
      const intent = yield* payments.createPaymentIntent(KEY, request)
      assert.strictEqual(intent.amount, 123456n)
      assert.strictEqual(intent.currency, "nzd")
      assert.strictEqual(intent.status, "requires_payment_method")
      assert.match(intent.client_secret, /^pi_.+_secret_.+$/)
      assert.deepStrictEqual(intent.metadata, request.metadata)
      const sent = stripe.seen[0]
      assert.strictEqual(sent?.path, "/v1/payment_intents")
      assert.strictEqual(sent?.idempotencyKey, "quotekit-deposit-3-40")
      assert.strictEqual(sent?.form.get("amount"), "123456")
      assert.strictEqual(sent?.form.get("currency"), "nzd")
      assert.strictEqual(sent?.form.get("metadata[quote_invoice_id]"), "40")
      assert.strictEqual(sent?.form.get("automatic_payment_methods[enabled]"), "true")
    })
  )

  it.effect("the same idempotency key answers the same PaymentIntent, another key a new one", () =>
    Effect.gen(function* () {
      const a = yield* payments.createPaymentIntent(KEY, { ...request, idempotencyKey: "k-1" })
      const b = yield* payments.createPaymentIntent(KEY, { ...request, idempotencyKey: "k-1" })
      const c = yield* payments.createPaymentIntent(KEY, { ...request, idempotencyKey: "k-2" })
      assert.strictEqual(a.id, b.id)
      assert.notStrictEqual(a.id, c.id)
    })
  )

  it.effect("retrieves a PaymentIntent once it succeeded; an unknown id is invalid", () =>
    Effect.gen(function* () {
      const created = yield* payments.createPaymentIntent(KEY, { ...request, idempotencyKey: "k-3" })
      stripe.succeed(created.id)
      const got = yield* payments.retrievePaymentIntent(KEY, created.id)
      assert.strictEqual(got.status, "succeeded")
      assert.strictEqual(got.amount_received, 123456n)
      const missing = yield* Effect.flip(payments.retrievePaymentIntent(KEY, "pi_nothing"))
      assert.strictEqual(missing.kind, "invalid")
      assert.strictEqual(missing.code, "resource_missing")
      assert.strictEqual(missing.status, 404)
    })
  )

  it.effect("SetupIntents: created for off-session use and retrieved with their status", () =>
    Effect.gen(function* () {
      const setup = yield* payments.createSetupIntent(KEY, { metadata: { account_id: "3" }, idempotencyKey: "s-1" })
      assert.strictEqual(setup.status, "requires_payment_method")
      assert.match(setup.client_secret, /^seti_.+_secret_/)
      assert.strictEqual(stripe.seen[0]?.form.get("usage"), "off_session")
      stripe.setStatus(setup.id, "processing")
      assert.strictEqual((yield* payments.retrieveSetupIntent(KEY, setup.id)).status, "processing")
    })
  )

  it.effect("each documented error becomes its kind", () =>
    Effect.gen(function* () {
      const cases = [
        [FakeStripe.errors.invalid, "invalid", 400],
        [FakeStripe.errors.unauthorized, "authentication", 401],
        [FakeStripe.errors.declined, "card", 402],
        [FakeStripe.errors.rateLimited, "rate-limit", 429],
        [FakeStripe.errors.server, "server", 500]
      ] as const
      for (const [error, kind, status] of cases) {
        stripe.failNext(error)
        const e = yield* Effect.flip(payments.createPaymentIntent(KEY, { ...request, idempotencyKey: `e-${status}` }))
        assert.strictEqual(e.kind, kind, `${status}`)
        assert.strictEqual(e.status, status)
        assert.strictEqual(e.message, error.message)
      }
      stripe.failNext(FakeStripe.errors.declined)
      const declined = yield* Effect.flip(payments.retrievePaymentIntent(KEY, "pi_x"))
      assert.strictEqual(declined.code, "card_declined")
      assert.strictEqual(declined.decline_code, "generic_decline")
    })
  )

  it.effect(
    "a 429 and a 500 are retried with the same idempotency key, and one PaymentIntent is made",
    () =>
      Effect.gen(function* () {
        stripe.failNext({ ...FakeStripe.errors.rateLimited, headers: { "stripe-should-retry": "true" } })
        stripe.failNext(FakeStripe.errors.server)
        const before = stripe.intents.size
        const intent = yield* retrying.createPaymentIntent(KEY, { ...request, idempotencyKey: "r-1" })
        assert.strictEqual(stripe.seen.length, 3)
        assert.deepStrictEqual(
          stripe.seen.map((s) => s.idempotencyKey),
          ["r-1", "r-1", "r-1"]
        )
        assert.strictEqual(stripe.intents.size, before + 1)
        assert.strictEqual(intent.amount, 123456n)
      }),
    { timeout: 30_000 }
  )
})

describe("Payments.verifyEvent", () => {
  const secret = "whsec_test_secret_for_quotekit"
  const intent: FakeStripe.FakeIntent = {
    id: "pi_123",
    object: "payment_intent",
    amount: 5000,
    amount_received: 5000,
    currency: "usd",
    client_secret: "pi_123_secret_x",
    status: "succeeded",
    description: null,
    metadata: { quote_invoice_id: "9" },
    created: 0,
    livemode: false,
    last_payment_error: null,
    payment_method: null,
    automatic_payment_methods: null
  }
  const body = FakeStripe.eventBody("payment_intent.succeeded", intent, "evt_1")

  it.effect("a signed event verifies, with its object", () =>
    Effect.gen(function* () {
      const verified = yield* payments.verifyEvent(body, yield* Payments.signForTest(body, secret), secret)
      assert.strictEqual(verified.id, "evt_1")
      assert.strictEqual(verified.type, "payment_intent.succeeded")
      assert.strictEqual(verified.object.id, "pi_123")
    })
  )

  it.effect("forged, altered, other-secret and stale signatures are refused", () =>
    Effect.gen(function* () {
      const good = yield* Payments.signForTest(body, secret)
      const refused = [
        payments.verifyEvent(body, yield* Payments.signForTest(body, "whsec_other"), secret),
        payments.verifyEvent(body.replace("5000", "1"), good, secret),
        payments.verifyEvent(body, "t=1,v1=deadbeef", secret),
        payments.verifyEvent(body, "", secret),
        payments.verifyEvent(
          body,
          yield* Payments.signForTest(body, secret, Math.floor(Date.now() / 1000) - 3600),
          secret
        )
      ]
      for (const r of refused) assert.strictEqual((yield* Effect.flip(r))._tag, "SignatureInvalid")
    })
  )
})
