/**
 * The payments repository: an account's Stripe settings (secrets only ever sealed), its saved card, the
 * PaymentIntent of each invoice, and the Stripe events already handled. Every query is filtered by the account.
 *
 * @since 0.5.0
 */
import { Context, Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"

/** An account's Stripe settings as stored. */
export interface StoredSettings {
  readonly account_id: number
  readonly publishable_key: string
  readonly secret_sealed: string | null
  readonly secret_last4: string
  readonly webhook_secret_sealed: string | null
  readonly webhook_secret_last4: string
  readonly stripe_account: string
  readonly livemode: boolean
  readonly card_payment_method: string
  /** Epoch seconds, 0 when no card is saved. */
  readonly card_saved_at: number
  readonly card_last_intent: string
  readonly card_last_error: string
}

/** What saving the settings writes. Null sealed values clear them. */
export interface SettingsWrite {
  readonly publishable_key: string
  readonly secret_sealed: string | null
  readonly secret_last4: string
  readonly webhook_secret_sealed: string | null
  readonly webhook_secret_last4: string
  readonly stripe_account: string
  readonly livemode: boolean
}

/** An invoice's PaymentIntent as stored. */
export interface CardPayment {
  readonly account_id: number
  readonly quote_invoice_id: number
  readonly quote_id: number
  readonly intent_id: string
  readonly amount_minor: bigint
  readonly currency: string
  readonly status: string
  readonly amount_received: bigint
  readonly last_error: string
  /** Epoch seconds, 0 while unpaid. */
  readonly paid_at: number
}

/** The repository. */
export class PaymentsRepo extends Context.Service<
  PaymentsRepo,
  {
    readonly settings: (account: number) => Effect.Effect<Option.Option<StoredSettings>>
    readonly saveSettings: (account: number, write: SettingsWrite, by: number) => Effect.Effect<StoredSettings>
    readonly removeSettings: (account: number) => Effect.Effect<void>
    readonly saveCard: (account: number, paymentMethod: string, at: number) => Effect.Effect<void>
    readonly recordAuthorisation: (account: number, intentId: string, error: string) => Effect.Effect<void>
    readonly payment: (account: number, invoiceId: number) => Effect.Effect<Option.Option<CardPayment>>
    readonly paymentByIntent: (account: number, intentId: string) => Effect.Effect<Option.Option<CardPayment>>
    readonly insertPayment: (p: Omit<CardPayment, "amount_received" | "last_error" | "paid_at">) => Effect.Effect<void>
    readonly updatePayment: (
      account: number,
      intentId: string,
      change: {
        readonly status: string
        readonly amount_received: bigint
        readonly last_error: string
        readonly paid_at: number
      }
    ) => Effect.Effect<void>
    /** Mark an issued invoice paid at `paidAt` (epoch seconds) unless it is already; whether it was marked now. */
    readonly markInvoicePaid: (account: number, invoiceId: number, paidAt: number) => Effect.Effect<boolean>
    /** Record a Stripe event as handled; false when it was handled before (a replay). */
    readonly firstSeen: (account: number, eventId: string, type: string, objectId: string) => Effect.Effect<boolean>
  }
>()("quotekit/server/PaymentsRepo") {}

/** A settings row as the database answers it: the stored settings with the card's time as a timestamp. */
interface SettingsRow extends Omit<StoredSettings, "card_saved_at"> {
  readonly card_saved_at: Date | null
}

const seconds = (d: Date | null): number => (d === null ? 0 : Math.floor(d.getTime() / 1000))
const timeOrNull = (s: number): Date | null => (s > 0 ? new Date(s * 1000) : null)

const toSettings = (r: SettingsRow): StoredSettings => ({ ...r, card_saved_at: seconds(r.card_saved_at) })

interface PaymentRow {
  readonly account_id: number
  readonly quote_invoice_id: number
  readonly quote_id: number
  readonly intent_id: string
  readonly amount_minor: string
  readonly currency: string
  readonly status: string
  readonly amount_received: string
  readonly last_error: string
  readonly paid_at: Date | null
}

const toPayment = (r: PaymentRow): CardPayment => ({
  ...r,
  amount_minor: BigInt(r.amount_minor),
  amount_received: BigInt(r.amount_received),
  paid_at: seconds(r.paid_at)
})

const settingsColumns = `account_id, publishable_key, secret_sealed, secret_last4, webhook_secret_sealed,
  webhook_secret_last4, stripe_account, livemode, card_payment_method, card_saved_at, card_last_intent,
  card_last_error`
const paymentColumns = `account_id, quote_invoice_id, quote_id, intent_id, amount_minor::text AS amount_minor,
  currency, status, amount_received::text AS amount_received, last_error, paid_at`

/** The repository over a `SqlClient`. */
export const layer = Layer.effect(
  PaymentsRepo,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const sc = sql.literal(settingsColumns)
    const pc = sql.literal(paymentColumns)
    return PaymentsRepo.of({
      settings: (account) =>
        sql<SettingsRow>`SELECT ${sc} FROM payment_settings WHERE account_id = ${account}`.pipe(
          Effect.map((rows) => Option.map(Option.fromUndefinedOr(rows[0]), toSettings)),
          Effect.orDie
        ),
      saveSettings: (account, w, by) =>
        sql<SettingsRow>`
          INSERT INTO payment_settings (account_id, publishable_key, secret_sealed, secret_last4,
            webhook_secret_sealed, webhook_secret_last4, stripe_account, livemode, modified_by, modified_at)
          VALUES (${account}, ${w.publishable_key}, ${w.secret_sealed}, ${w.secret_last4}, ${w.webhook_secret_sealed},
            ${w.webhook_secret_last4}, ${w.stripe_account}, ${w.livemode}, ${by}, now())
          ON CONFLICT (account_id) DO UPDATE SET publishable_key = EXCLUDED.publishable_key,
            secret_sealed = EXCLUDED.secret_sealed, secret_last4 = EXCLUDED.secret_last4,
            webhook_secret_sealed = EXCLUDED.webhook_secret_sealed,
            webhook_secret_last4 = EXCLUDED.webhook_secret_last4, stripe_account = EXCLUDED.stripe_account,
            livemode = EXCLUDED.livemode, modified_by = EXCLUDED.modified_by, modified_at = now()
          RETURNING ${sc}`.pipe(
          Effect.map((rows) => toSettings(rows[0] as SettingsRow)),
          Effect.orDie
        ),
      removeSettings: (account) =>
        sql`UPDATE payment_settings SET publishable_key = '', secret_sealed = NULL, secret_last4 = '',
              webhook_secret_sealed = NULL, webhook_secret_last4 = '', stripe_account = '', livemode = false,
              modified_at = now()
            WHERE account_id = ${account}`.pipe(Effect.asVoid, Effect.orDie),
      saveCard: (account, paymentMethod, at) =>
        sql`INSERT INTO payment_settings (account_id, card_payment_method, card_saved_at)
            VALUES (${account}, ${paymentMethod}, ${timeOrNull(at)})
            ON CONFLICT (account_id) DO UPDATE SET card_payment_method = EXCLUDED.card_payment_method,
              card_saved_at = EXCLUDED.card_saved_at`.pipe(Effect.asVoid, Effect.orDie),
      recordAuthorisation: (account, intentId, error) =>
        sql`INSERT INTO payment_settings (account_id, card_last_intent, card_last_error)
            VALUES (${account}, ${intentId}, ${error})
            ON CONFLICT (account_id) DO UPDATE SET card_last_intent = EXCLUDED.card_last_intent,
              card_last_error = EXCLUDED.card_last_error`.pipe(Effect.asVoid, Effect.orDie),
      payment: (account, invoiceId) =>
        sql<PaymentRow>`SELECT ${pc} FROM card_payments
                        WHERE account_id = ${account} AND quote_invoice_id = ${invoiceId}`.pipe(
          Effect.map((rows) => Option.map(Option.fromUndefinedOr(rows[0]), toPayment)),
          Effect.orDie
        ),
      paymentByIntent: (account, intentId) =>
        sql<PaymentRow>`SELECT ${pc} FROM card_payments
                        WHERE account_id = ${account} AND intent_id = ${intentId} FOR UPDATE`.pipe(
          Effect.map((rows) => Option.map(Option.fromUndefinedOr(rows[0]), toPayment)),
          Effect.orDie
        ),
      insertPayment: (p) =>
        sql`INSERT INTO card_payments (account_id, quote_invoice_id, quote_id, intent_id, amount_minor, currency,
              status)
            VALUES (${p.account_id}, ${p.quote_invoice_id}, ${p.quote_id}, ${p.intent_id}, ${String(p.amount_minor)},
              ${p.currency}, ${p.status})
            ON CONFLICT (account_id, quote_invoice_id) DO UPDATE SET status = EXCLUDED.status`.pipe(
          Effect.asVoid,
          Effect.orDie
        ),
      updatePayment: (account, intentId, c) =>
        sql`UPDATE card_payments SET status = ${c.status}, amount_received = ${String(c.amount_received)},
              last_error = ${c.last_error}, paid_at = COALESCE(paid_at, ${timeOrNull(c.paid_at)})
            WHERE account_id = ${account} AND intent_id = ${intentId}`.pipe(Effect.asVoid, Effect.orDie),
      markInvoicePaid: (account, invoiceId, paidAt) =>
        sql<{ quote_invoice_id: number }>`
          UPDATE invoice_documents SET paid_at = ${timeOrNull(paidAt)}, paid_by = NULL
          WHERE account_id = ${account} AND quote_invoice_id = ${invoiceId} AND paid_at IS NULL
          RETURNING quote_invoice_id`.pipe(
          Effect.map((rows) => rows.length === 1),
          Effect.orDie
        ),
      firstSeen: (account, eventId, type, objectId) =>
        sql<{ event_id: string }>`
          INSERT INTO stripe_events (account_id, event_id, event_type, object_id)
          VALUES (${account}, ${eventId}, ${type}, ${objectId})
          ON CONFLICT (account_id, event_id) DO NOTHING
          RETURNING event_id`.pipe(
          Effect.map((rows) => rows.length === 1),
          Effect.orDie
        )
    })
  })
)
