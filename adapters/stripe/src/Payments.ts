/**
 * Card payments through Stripe, the service the server depends on. Every call takes the account's own secret
 * key (each business connects its own Stripe account), so one client per key is made and kept.
 *
 * - `checkKey`: the account behind a secret key (`GET /v1/account`), to refuse a wrong key when it is saved.
 * - `createPaymentIntent` / `retrievePaymentIntent`: a deposit's PaymentIntent, created with an idempotency key
 *   (one per invoice), so a retried request never makes a second one.
 * - `createSetupIntent` / `retrieveSetupIntent`: saving a card for later payments.
 * - `verifyEvent`: a webhook's body checked against its `Stripe-Signature` with the endpoint's signing secret
 *   (`stripe.webhooks.constructEvent`: HMAC-SHA256, a 5-minute tolerance), with no call to Stripe.
 *
 * `layer` is the real one (the `stripe` package, two network retries on 429/5xx and connection errors);
 * `apiUrl` points it somewhere else than `https://api.stripe.com` (a local fake in tests). The package is loaded
 * by the first call that needs it, not with this module: it takes about 0.1 s to load, and most starts of the
 * server never take a card payment.
 *
 * @since 0.5.0
 */
import { Context, Effect, Layer, Schema } from "effect"
import type Stripe from "stripe"
import { fromThrown, type StripeFailure } from "./StripeFailure.ts"

let stripePackage: Promise<typeof Stripe> | undefined

/** The `stripe` package's client class, loaded on the first call that needs it. */
const loadStripe = Effect.promise(() => (stripePackage ??= import("stripe").then((m) => m.default)))

/** The account behind a key. */
export interface KeyOwner {
  readonly id: string
  /** The business name Stripe has, or the account id when none is set. */
  readonly name: string
  /** Whether it is a live key (`sk_live_`), not a test one. */
  readonly livemode: boolean
}

/** A PaymentIntent as the server keeps it. */
export interface Intent {
  readonly id: string
  /** Only ever passed on to the customer's browser (Stripe.js needs it); never logged or stored. */
  readonly client_secret: string
  readonly status: Stripe.PaymentIntent.Status
  readonly amount: bigint
  readonly amount_received: bigint
  readonly currency: string
  readonly metadata: Readonly<Record<string, string>>
  /** The last failure's message (a declined card ...), empty when there is none. */
  readonly last_error: string
}

/** A SetupIntent as the server keeps it. */
export interface Setup {
  readonly id: string
  readonly client_secret: string
  readonly status: Stripe.SetupIntent.Status
  /** The saved payment method, once the setup succeeded. */
  readonly payment_method: string | null
}

/** What a new PaymentIntent is for. */
export interface IntentRequest {
  /** Minor units (`MinorUnits.toMinor`). */
  readonly amount: bigint
  /** ISO code, lower case as Stripe writes it. */
  readonly currency: string
  readonly description: string
  readonly metadata: Readonly<Record<string, string>>
  /** The same key for the same payment: Stripe answers a repeat with the first one's PaymentIntent. */
  readonly idempotencyKey: string
  readonly receiptEmail?: string
}

/** A verified webhook event: the fields the server uses. */
export interface Event {
  readonly id: string
  readonly type: string
  readonly created: number
  readonly livemode: boolean
  /** `data.object` as Stripe sent it. */
  readonly object: Readonly<Record<string, unknown>>
}

/** A webhook whose signature does not hold (forged, altered, signed with another secret, or too old). */
export class SignatureInvalid extends Schema.TaggedError<SignatureInvalid>()("SignatureInvalid", {
  message: Schema.String
}) {}

/** The card payments service. */
export class Payments extends Context.Service<
  Payments,
  {
    readonly checkKey: (secretKey: string) => Effect.Effect<KeyOwner, StripeFailure>
    readonly createPaymentIntent: (secretKey: string, request: IntentRequest) => Effect.Effect<Intent, StripeFailure>
    readonly retrievePaymentIntent: (secretKey: string, id: string) => Effect.Effect<Intent, StripeFailure>
    readonly createSetupIntent: (
      secretKey: string,
      request: { readonly metadata: Readonly<Record<string, string>>; readonly idempotencyKey: string }
    ) => Effect.Effect<Setup, StripeFailure>
    readonly retrieveSetupIntent: (secretKey: string, id: string) => Effect.Effect<Setup, StripeFailure>
    readonly verifyEvent: (
      body: string,
      signature: string,
      signingSecret: string
    ) => Effect.Effect<Event, SignatureInvalid>
  }
>()("quotekit/stripe/Payments") {}

/** How the real service reaches Stripe. */
export interface Options {
  /** Another base than `https://api.stripe.com` (a local fake). */
  readonly apiUrl?: string
  readonly maxNetworkRetries?: number
  readonly timeoutMs?: number
}

const intentOf = (pi: Stripe.PaymentIntent): Intent => ({
  id: pi.id,
  client_secret: pi.client_secret ?? "",
  status: pi.status,
  amount: BigInt(pi.amount),
  amount_received: BigInt(pi.amount_received ?? 0),
  currency: pi.currency,
  metadata: pi.metadata ?? {},
  last_error: pi.last_payment_error?.message ?? ""
})

const setupOf = (si: Stripe.SetupIntent): Setup => ({
  id: si.id,
  client_secret: si.client_secret ?? "",
  status: si.status,
  payment_method: typeof si.payment_method === "string" ? si.payment_method : (si.payment_method?.id ?? null)
})

/** The real service over the `stripe` package. */
export const make = (options: Options = {}): Payments["Service"] => {
  const base = options.apiUrl === undefined ? undefined : new URL(options.apiUrl)
  const clients = new Map<string, Stripe>()
  const client = (StripeClient: typeof Stripe, secretKey: string): Stripe => {
    let c = clients.get(secretKey)
    if (c === undefined) {
      c = new StripeClient(secretKey, {
        maxNetworkRetries: options.maxNetworkRetries ?? 2,
        timeout: options.timeoutMs ?? 30_000,
        appInfo: { name: "quotekit" },
        telemetry: false,
        ...(base === undefined
          ? {}
          : {
              host: base.hostname,
              port: base.port === "" ? (base.protocol === "https:" ? 443 : 80) : Number(base.port),
              protocol: base.protocol === "http:" ? "http" : "https"
            })
      })
      // Keys are few (one per account); keep the client and its connection pool.
      if (clients.size > 1000) clients.clear()
      clients.set(secretKey, c)
    }
    return c
  }
  const call = <A>(secretKey: string, f: (stripe: Stripe) => Promise<A>) =>
    Effect.flatMap(loadStripe, (StripeClient) =>
      Effect.tryPromise({ try: () => f(client(StripeClient, secretKey)), catch: fromThrown })
    )
  return {
    checkKey: (secretKey) =>
      call(secretKey, (stripe) => stripe.accounts.retrieveCurrent()).pipe(
        Effect.map((a) => ({
          id: a.id,
          name: a.settings?.dashboard?.display_name || a.business_profile?.name || a.id,
          livemode: secretKey.startsWith("sk_live_") || secretKey.startsWith("rk_live_")
        }))
      ),
    createPaymentIntent: (secretKey, r) =>
      call(secretKey, (stripe) =>
        stripe.paymentIntents.create(
          {
            amount: Number(r.amount),
            currency: r.currency.toLowerCase(),
            description: r.description,
            metadata: { ...r.metadata },
            automatic_payment_methods: { enabled: true },
            ...(r.receiptEmail === undefined ? {} : { receipt_email: r.receiptEmail })
          },
          { idempotencyKey: r.idempotencyKey }
        )
      ).pipe(Effect.map(intentOf)),
    retrievePaymentIntent: (secretKey, id) =>
      call(secretKey, (stripe) => stripe.paymentIntents.retrieve(id)).pipe(Effect.map(intentOf)),
    createSetupIntent: (secretKey, r) =>
      call(secretKey, (stripe) =>
        stripe.setupIntents.create(
          { metadata: { ...r.metadata }, automatic_payment_methods: { enabled: true }, usage: "off_session" },
          { idempotencyKey: r.idempotencyKey }
        )
      ).pipe(Effect.map(setupOf)),
    retrieveSetupIntent: (secretKey, id) =>
      call(secretKey, (stripe) => stripe.setupIntents.retrieve(id)).pipe(Effect.map(setupOf)),
    verifyEvent: (body, signature, signingSecret) =>
      Effect.flatMap(loadStripe, (StripeClient) =>
        Effect.try({
          try: () => StripeClient.webhooks.constructEvent(body, signature, signingSecret),
          catch: (e) =>
            new SignatureInvalid({ message: e instanceof Error ? e.message : "The signature does not match." })
        })
      ).pipe(
        Effect.map((e) => ({
          id: e.id,
          type: e.type,
          created: e.created,
          livemode: e.livemode,
          object: e.data.object as unknown as Record<string, unknown>
        }))
      )
  }
}

/** The real service as a layer. */
export const layer = (options: Options = {}) => Layer.succeed(Payments, Payments.of(make(options)))

/** Sign a webhook body as Stripe does (`Stripe-Signature`), for tests and local fakes. */
export const signForTest = (body: string, secret: string, timestamp?: number): Effect.Effect<string> =>
  Effect.map(loadStripe, (StripeClient) =>
    StripeClient.webhooks.generateTestHeaderString({
      payload: body,
      secret,
      ...(timestamp === undefined ? {} : { timestamp })
    })
  )
