/**
 * A fake of the part of Stripe's API quotekit calls, as `msw` request handlers answering with Stripe's documented
 * shapes (https://docs.stripe.com/api/payment_intents/object, /setup_intents/object, /errors): the current
 * account, PaymentIntents and SetupIntents created (form-encoded bodies, the `Idempotency-Key` header honoured:
 * a repeat answers the first object) and retrieved, and errors queued by the test (`failNext`). Only for tests
 * and local runs; a key it was not told about answers 401 as Stripe does.
 *
 * @example
 * const stripe = FakeStripe.make({ keys: ["sk_test_123"] })
 * const server = setupServer(...stripe.handlers)
 * server.listen({ onUnhandledFrame: "error" })
 *
 * @since 0.5.0
 */
import { HttpResponse, http } from "msw"

/** A PaymentIntent as the fake keeps it (Stripe's object, the fields quotekit reads and a few more). */
export interface FakeIntent {
  id: string
  object: "payment_intent" | "setup_intent"
  amount: number
  amount_received: number
  currency: string
  client_secret: string
  status: string
  description: string | null
  metadata: Record<string, string>
  created: number
  livemode: boolean
  last_payment_error: null | { type: string; code: string; message: string }
  payment_method: string | null
  automatic_payment_methods: { enabled: boolean } | null
}

/** An error Stripe answers with. */
export interface FakeError {
  readonly status: number
  readonly type: string
  readonly code?: string
  readonly decline_code?: string
  readonly message: string
  readonly headers?: Readonly<Record<string, string>>
}

/** The documented errors the contract tests use. */
export const errors = {
  invalid: {
    status: 400,
    type: "invalid_request_error",
    code: "parameter_invalid_integer",
    message: "Invalid integer: 12.5"
  },
  unauthorized: {
    status: 401,
    type: "invalid_request_error",
    message: "Invalid API Key provided: sk_test_****wrong"
  },
  declined: {
    status: 402,
    type: "card_error",
    code: "card_declined",
    decline_code: "generic_decline",
    message: "Your card was declined."
  },
  rateLimited: {
    status: 429,
    type: "invalid_request_error",
    code: "rate_limit",
    message: "Too many requests hit the API too quickly. We recommend an exponential backoff of your requests."
  },
  server: { status: 500, type: "api_error", message: "An unknown error occurred" }
} satisfies Record<string, FakeError>

/** What a request to the fake carried, for assertions. */
export interface Seen {
  readonly method: string
  readonly path: string
  readonly key: string
  readonly idempotencyKey: string | null
  readonly form: URLSearchParams
}

/** The fake's state and handlers. */
export interface FakeStripe {
  readonly handlers: ReadonlyArray<ReturnType<typeof http.get>>
  readonly intents: Map<string, FakeIntent>
  readonly seen: Array<Seen>
  /** The next `count` requests (to any path) answer `error`. */
  readonly failNext: (error: FakeError, count?: number) => void
  /** Move a PaymentIntent to `succeeded` with the whole amount received (what a confirmed card does). */
  readonly succeed: (id: string) => FakeIntent
  /** Move an intent to another status (`processing`, `requires_payment_method` ...). */
  readonly setStatus: (id: string, status: string) => FakeIntent
}

/** Keys the fake knows, and the base URL it answers on (Stripe's own unless told). */
export interface FakeOptions {
  readonly keys: ReadonlyArray<string>
  readonly baseUrl?: string
  readonly accountName?: string
}

const errorResponse = (e: FakeError) =>
  HttpResponse.json(
    {
      error: {
        type: e.type,
        message: e.message,
        ...(e.code === undefined ? {} : { code: e.code, doc_url: `https://stripe.com/docs/error-codes/${e.code}` }),
        ...(e.decline_code === undefined ? {} : { decline_code: e.decline_code })
      }
    },
    { status: e.status, headers: { "request-id": "req_fake", ...e.headers } }
  )

/** Stripe's form encoding of metadata: `metadata[key]=value`. */
const metadataOf = (form: URLSearchParams): Record<string, string> => {
  const out: Record<string, string> = {}
  for (const [k, v] of form) {
    const m = /^metadata\[(.+)\]$/.exec(k)
    if (m?.[1] !== undefined) out[m[1]] = v
  }
  return out
}

const random = (n: number): string => {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
  let s = ""
  for (let i = 0; i < n; i++) s += alphabet[Math.floor(Math.random() * alphabet.length)]
  return s
}

/** A fresh fake. */
export const make = (options: FakeOptions): FakeStripe => {
  const base = (options.baseUrl ?? "https://api.stripe.com").replace(/\/$/, "")
  const intents = new Map<string, FakeIntent>()
  const byIdempotency = new Map<string, string>()
  const seen: Array<Seen> = []
  const queued: Array<FakeError> = []

  /** The request's key, its form, and a queued error or a 401 to answer instead. */
  const open = async (request: Request, path: string) => {
    const auth = request.headers.get("authorization") ?? ""
    const key = auth.startsWith("Bearer ") ? auth.slice(7) : ""
    const form = new URLSearchParams(request.method === "GET" ? new URL(request.url).search : await request.text())
    seen.push({ method: request.method, path, key, idempotencyKey: request.headers.get("idempotency-key"), form })
    const failure = queued.shift()
    if (failure !== undefined) return { key, form, refuse: errorResponse(failure) }
    if (!options.keys.includes(key)) return { key, form, refuse: errorResponse(errors.unauthorized) }
    return { key, form, refuse: undefined }
  }

  const create = (kind: "pi" | "seti", key: string, form: URLSearchParams, idempotency: string | null) => {
    const scoped = idempotency === null ? null : `${key}:${kind}:${idempotency}`
    const earlier = scoped === null ? undefined : byIdempotency.get(scoped)
    if (earlier !== undefined) return intents.get(earlier) as FakeIntent
    const id = `${kind}_${random(24)}`
    const amount = form.get("amount")
    const intent: FakeIntent = {
      id,
      object: kind === "pi" ? "payment_intent" : "setup_intent",
      amount: amount === null ? 0 : Number(amount),
      amount_received: 0,
      currency: form.get("currency") ?? "",
      client_secret: `${id}_secret_${random(24)}`,
      status: "requires_payment_method",
      description: form.get("description"),
      metadata: metadataOf(form),
      created: Math.floor(Date.now() / 1000),
      livemode: key.startsWith("sk_live_"),
      last_payment_error: null,
      payment_method: null,
      automatic_payment_methods: form.get("automatic_payment_methods[enabled]") === "true" ? { enabled: true } : null
    }
    intents.set(id, intent)
    if (scoped !== null) byIdempotency.set(scoped, id)
    return intent
  }

  const shape = (i: FakeIntent) =>
    i.object === "payment_intent"
      ? {
          id: i.id,
          object: i.object,
          amount: i.amount,
          amount_capturable: 0,
          amount_received: i.amount_received,
          automatic_payment_methods: i.automatic_payment_methods,
          capture_method: "automatic",
          client_secret: i.client_secret,
          confirmation_method: "automatic",
          created: i.created,
          currency: i.currency,
          description: i.description,
          last_payment_error: i.last_payment_error,
          latest_charge: i.status === "succeeded" ? `ch_${i.id.slice(3)}` : null,
          livemode: i.livemode,
          metadata: i.metadata,
          payment_method: i.payment_method,
          payment_method_types: ["card"],
          status: i.status
        }
      : {
          id: i.id,
          object: i.object,
          automatic_payment_methods: i.automatic_payment_methods,
          client_secret: i.client_secret,
          created: i.created,
          last_setup_error: i.last_payment_error,
          livemode: i.livemode,
          metadata: i.metadata,
          payment_method: i.payment_method,
          payment_method_types: ["card"],
          status: i.status,
          usage: "off_session"
        }

  const missing = (id: string) =>
    errorResponse({
      status: 404,
      type: "invalid_request_error",
      code: "resource_missing",
      message: `No such payment_intent: '${id}'`
    })

  const handlers = [
    http.get(`${base}/v1/account`, async ({ request }) => {
      const o = await open(request, "/v1/account")
      if (o.refuse) return o.refuse
      return HttpResponse.json({
        id: "acct_1Fake",
        object: "account",
        business_profile: { name: options.accountName ?? "Harbour Joinery" },
        charges_enabled: true,
        country: "NZ",
        default_currency: "nzd",
        settings: { dashboard: { display_name: options.accountName ?? "Harbour Joinery" } }
      })
    }),
    http.post(`${base}/v1/payment_intents`, async ({ request }) => {
      const o = await open(request, "/v1/payment_intents")
      if (o.refuse) return o.refuse
      if (!/^\d+$/.test(o.form.get("amount") ?? ""))
        return errorResponse({ ...errors.invalid, message: `Invalid integer: ${o.form.get("amount")}` })
      return HttpResponse.json(shape(create("pi", o.key, o.form, request.headers.get("idempotency-key"))))
    }),
    http.get(`${base}/v1/payment_intents/:id`, async ({ request, params }) => {
      const o = await open(request, `/v1/payment_intents/${params.id}`)
      if (o.refuse) return o.refuse
      const found = intents.get(String(params.id))
      return found === undefined ? missing(String(params.id)) : HttpResponse.json(shape(found))
    }),
    http.post(`${base}/v1/setup_intents`, async ({ request }) => {
      const o = await open(request, "/v1/setup_intents")
      if (o.refuse) return o.refuse
      return HttpResponse.json(shape(create("seti", o.key, o.form, request.headers.get("idempotency-key"))))
    }),
    http.get(`${base}/v1/setup_intents/:id`, async ({ request, params }) => {
      const o = await open(request, `/v1/setup_intents/${params.id}`)
      if (o.refuse) return o.refuse
      const found = intents.get(String(params.id))
      return found === undefined ? missing(String(params.id)) : HttpResponse.json(shape(found))
    })
  ]

  const get = (id: string): FakeIntent => {
    const found = intents.get(id)
    if (found === undefined) throw new Error(`the fake Stripe has no intent ${id}`)
    return found
  }

  return {
    handlers,
    intents,
    seen,
    failNext: (error, count = 1) => {
      for (let i = 0; i < count; i++) queued.push(error)
    },
    succeed: (id) => {
      const i = get(id)
      i.status = "succeeded"
      i.amount_received = i.amount
      i.payment_method = `pm_${random(24)}`
      return i
    },
    setStatus: (id, status) => {
      const i = get(id)
      i.status = status
      return i
    }
  }
}

/** A signed-ready webhook event body for an intent (`payment_intent.succeeded` ...), as Stripe sends it. */
export const eventBody = (type: string, intent: FakeIntent, id = `evt_${random(24)}`): string =>
  JSON.stringify({
    id,
    object: "event",
    api_version: "2025-01-27.acacia",
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: intent.id,
        object: intent.object,
        amount: intent.amount,
        amount_received: intent.amount_received,
        currency: intent.currency,
        metadata: intent.metadata,
        status: intent.status,
        last_payment_error: intent.last_payment_error,
        livemode: intent.livemode
      }
    },
    livemode: intent.livemode,
    pending_webhooks: 1,
    request: { id: "req_fake", idempotency_key: null },
    type
  })
