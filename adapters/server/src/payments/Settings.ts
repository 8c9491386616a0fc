/**
 * Settings → Payments, admins only: the account's Stripe keys. The publishable key is public and shown back; the
 * secret key and the webhook signing secret are sealed at rest (`SecretBox`, bound to the account) and shown only
 * as "set" with their last 4 characters; a blank field keeps what is stored. A new secret key is checked with
 * Stripe (`GET /v1/account`) before anything is saved, so a mistyped or revoked key is refused with Stripe's
 * reason; test and live keys cannot be mixed.
 *
 * @since 0.5.0
 */
import { AccessDenied, InvalidInput, Unavailable } from "@quotekit/core/api/ApiError"
import type { PaymentSettingsInput, PaymentSettingsView } from "@quotekit/core/api/PaymentsApi"
import type { Tenant } from "@quotekit/core/api/Security"
import * as CardMessage from "@quotekit/core/CardMessage"
import { Payments } from "@quotekit/stripe/Payments"
import { Effect, Option } from "effect"
import * as SecretBox from "../crypto/SecretBox.ts"
import { PublicUrl } from "../http/PublicUrl.ts"
import { PaymentsRepo, type StoredSettings } from "./Repo.ts"

/** The events the account's Stripe webhook endpoint should send. */
export const WEBHOOK_EVENTS = ["payment_intent.succeeded", "payment_intent.payment_failed"] as const

/** The context a secret key is sealed under. */
export const secretContext = (account: number) => `stripe-secret:${account}`
/** The context a webhook signing secret is sealed under. */
export const webhookContext = (account: number) => `stripe-webhook:${account}`

/** The path Stripe posts an account's events to. */
export const webhookPath = (account: number) => `/stripe/webhook/${account}`

const adminOnly = "Only an admin can see and change the payments settings."

/** An account's keys opened, when card payments are on. */
export interface Keys {
  readonly publishable: string
  readonly secret: string
  /** None when no webhook signing secret is set (events cannot be verified, so none are taken). */
  readonly webhookSecret: Option.Option<string>
}

/** The account's opened keys; none when payments are off or a sealed secret no longer opens. */
export const keys = (account: number) =>
  Effect.gen(function* () {
    const stored = yield* (yield* PaymentsRepo).settings(account)
    if (Option.isNone(stored)) return Option.none<Keys>()
    const s = stored.value
    if (s.publishable_key === "" || s.secret_sealed === null) return Option.none<Keys>()
    const box = yield* SecretBox.SecretBox
    const secret = box.open(s.secret_sealed, secretContext(account))
    if (Option.isNone(secret)) {
      yield* Effect.logWarning(`account ${account}: the Stripe secret key does not open (was the secret key changed?)`)
      return Option.none<Keys>()
    }
    const webhookSecret =
      s.webhook_secret_sealed === null
        ? Option.none<string>()
        : box.open(s.webhook_secret_sealed, webhookContext(account))
    return Option.some<Keys>({ publishable: s.publishable_key, secret: secret.value, webhookSecret })
  })

const viewOf = (account: number, s: Option.Option<StoredSettings>) =>
  Effect.gen(function* () {
    const base = yield* (yield* PublicUrl).current
    const v = Option.getOrUndefined(s)
    const view: PaymentSettingsView = {
      enabled: v !== undefined && v.publishable_key !== "" && v.secret_sealed !== null,
      publishable_key: v?.publishable_key ?? "",
      secret_key_set: v?.secret_sealed != null,
      secret_key_last4: v?.secret_last4 ?? "",
      webhook_secret_set: v?.webhook_secret_sealed != null,
      webhook_secret_last4: v?.webhook_secret_last4 ?? "",
      stripe_account: v?.stripe_account ?? "",
      livemode: v?.livemode ?? false,
      webhook_url: `${base}${webhookPath(account)}`,
      webhook_events: [...WEBHOOK_EVENTS]
    }
    return view
  })

const admin = (tenant: Tenant) => (tenant.is_admin ? Effect.void : Effect.fail(AccessDenied.answer(adminOnly)))

/** The settings as the page shows them. */
export const view = Effect.fn("PaymentSettings.view")(function* (tenant: Tenant) {
  yield* admin(tenant)
  return yield* viewOf(tenant.account_id, yield* (yield* PaymentsRepo).settings(tenant.account_id))
})

const modeOf = (key: string): "test" | "live" => (/^(pk|sk|rk)_live_/.test(key) ? "live" : "test")

/** Check and save the settings. */
export const save = Effect.fn("PaymentSettings.save")(function* (tenant: Tenant, input: PaymentSettingsInput) {
  yield* admin(tenant)
  const repo = yield* PaymentsRepo
  const box = yield* SecretBox.SecretBox
  const account = tenant.account_id
  const stored = Option.getOrUndefined(yield* repo.settings(account))
  const publishable = input.publishable_key.trim()
  const secret = input.secret_key.trim()
  const webhook = input.webhook_secret.trim()
  const errors: Array<{ readonly id: string; readonly message: string }> = []
  if (!/^pk_(test|live)_[A-Za-z0-9]{8,}$/.test(publishable))
    errors.push({ id: "publishable_key", message: "Enter the publishable key, starting with pk_test_ or pk_live_." })
  if (secret === "" && (stored?.secret_sealed ?? null) === null)
    errors.push({ id: "secret_key", message: "Enter the secret key, starting with sk_test_ or sk_live_." })
  else if (secret !== "" && !/^(sk|rk)_(test|live)_[A-Za-z0-9]{8,}$/.test(secret))
    errors.push({ id: "secret_key", message: "The secret key starts with sk_test_, sk_live_, rk_test_ or rk_live_." })
  if (webhook !== "" && !/^whsec_[A-Za-z0-9+/=]{8,}$/.test(webhook))
    errors.push({ id: "webhook_secret", message: "The webhook signing secret starts with whsec_." })
  const keptSecret =
    secret !== ""
      ? secret
      : stored?.secret_sealed == null
        ? ""
        : Option.getOrElse(box.open(stored.secret_sealed, secretContext(account)), () => "")
  if (errors.length === 0 && keptSecret !== "" && modeOf(keptSecret) !== modeOf(publishable))
    errors.push({
      id: "publishable_key",
      message: "Use the publishable and secret keys of the same mode (test or live)."
    })
  if (errors.length > 0) {
    const first = errors[0] as { readonly id: string; readonly message: string }
    return yield* InvalidInput.answer(
      first.message,
      errors.map((e) => ({ input_id: e.id, highlight: true, message: e.message }))
    )
  }
  let stripeAccount = stored?.stripe_account ?? ""
  if (secret !== "" || stored?.stripe_account === "" || stored === undefined) {
    const owner = yield* (yield* Payments).checkKey(keptSecret).pipe(
      Effect.catchTag("StripeFailure", (e) =>
        Effect.gen(function* () {
          yield* Effect.logWarning(`account ${account}: Stripe key check failed (${e.kind} ${e.status})`)
          return yield* e.kind === "authentication" || e.kind === "invalid"
            ? Effect.fail(InvalidInput.field("secret_key", `Stripe refused this key: ${e.message}`))
            : Effect.fail(Unavailable.answer(CardMessage.stripeConnectFailed))
        })
      )
    )
    stripeAccount = owner.name
  }
  const saved = yield* repo.saveSettings(
    account,
    {
      publishable_key: publishable,
      secret_sealed: secret === "" ? (stored?.secret_sealed ?? null) : box.seal(secret, secretContext(account)),
      secret_last4: secret === "" ? (stored?.secret_last4 ?? "") : secret.slice(-4),
      webhook_secret_sealed:
        webhook === "" ? (stored?.webhook_secret_sealed ?? null) : box.seal(webhook, webhookContext(account)),
      webhook_secret_last4: webhook === "" ? (stored?.webhook_secret_last4 ?? "") : webhook.slice(-4),
      stripe_account: stripeAccount,
      livemode: modeOf(keptSecret) === "live"
    },
    tenant.signin_id
  )
  return yield* viewOf(account, Option.some(saved))
})

/** Turn card payments off: the keys are forgotten (the payments made stay recorded). */
export const remove = Effect.fn("PaymentSettings.remove")(function* (tenant: Tenant) {
  yield* admin(tenant)
  const repo = yield* PaymentsRepo
  yield* repo.removeSettings(tenant.account_id)
  return yield* viewOf(tenant.account_id, yield* repo.settings(tenant.account_id))
})
