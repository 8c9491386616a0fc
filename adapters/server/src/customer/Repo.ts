/**
 * The customer page's repository: the account's branding, the recorded acceptance, views, and the writes of an
 * acceptance or a decline (the acceptance row, the customer's choices, the status change guarded by the status it
 * had, the history row and the append-only audit row with the content hash). Every statement is filtered by the
 * account of the link; times are epoch milliseconds from the caller's clock.
 *
 * @since 0.1.0
 */
import type * as QuoteStatus from "@quotekit/core/QuoteStatus"
import { Context, Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"
import * as AddOnPushes from "../crm/Pushes.ts"
import * as NotificationRecord from "../notifications/Record.ts"
import * as QuoteEvents from "../push/QuoteEvents.ts"
import type { FileRow } from "../uploads/Repo.ts"
import * as WebhookEvents from "../webhooks/Events.ts"

/** The account as the customer page shows it. */
export interface Brand {
  readonly name: string
  readonly logo_file_id: number | null
  readonly terms_required: boolean
}

/** A recorded acceptance. */
export interface AcceptanceRow {
  readonly sign_name: string
  readonly accepted_at: number
  readonly on_behalf: boolean
}

/** What an acceptance records. */
export interface AcceptanceWrite {
  readonly account_id: number
  readonly quote_id: number
  readonly quote_contact_id: number
  readonly sign_method: "draw" | "text" | "instruct"
  readonly sign_value: string
  readonly sign_name: string
  readonly terms_confirmed: boolean
  /** The drawing came from a second device through the link's signing room. */
  readonly signed_on_device: boolean
  readonly ip: string
  readonly user_agent: string
  readonly content_hash: string
  readonly at: number
}

/** A customer's event for history and audit. */
export interface CustomerEvent {
  readonly account_id: number
  readonly quote_id: number
  readonly action: string
  readonly html_summary: string
  readonly html_full: string
  readonly data: Record<string, unknown>
  readonly content_hash: string | null
  readonly at: number
}

/** The repository service. */
export class CustomerRepo extends Context.Service<
  CustomerRepo,
  {
    readonly brand: (account: number) => Effect.Effect<Brand>
    /** The contact's email address, when it has one. */
    readonly contactEmail: (account: number, contactId: number) => Effect.Effect<Option.Option<string>>
    readonly acceptance: (account: number, quoteId: number) => Effect.Effect<Option.Option<AcceptanceRow>>
    /** Record a customer's view: the view row, the contact's and the quote's last view, the opens count. */
    readonly recordView: (
      account: number,
      quoteId: number,
      quoteContactId: number,
      ip: string,
      userAgent: string,
      at: number
    ) => Effect.Effect<void>
    /**
     * Move the quote from `from` to `to` only if its status is still `from` (the guard that makes concurrent
     * accepts record once); true when this call moved it.
     */
    readonly moveStatus: (
      account: number,
      quoteId: number,
      from: QuoteStatus.QuoteStatus,
      to: { readonly status: QuoteStatus.QuoteStatus; readonly archive_id: number; readonly undo: unknown },
      at: number
    ) => Effect.Effect<boolean>
    readonly insertAcceptance: (a: AcceptanceWrite) => Effect.Effect<void>
    /** The customer's choices: selection and quantity per item (the original quantity kept for Undo Acceptance). */
    readonly writeChoices: (
      account: number,
      quoteId: number,
      items: ReadonlyArray<{
        readonly quote_item_id: number
        readonly contact_selected: number
        readonly quantity: string
        readonly price_total: string
      }>,
      priceCurrent: string
    ) => Effect.Effect<void>
    /**
     * A discussion file the link may fetch: on a customer-visible entry of the quote, or held for the link
     * (uploaded through it, not yet on a question).
     */
    readonly discussionFile: (
      account: number,
      quoteId: number,
      quoteContactId: number,
      fileId: number
    ) => Effect.Effect<Option.Option<FileRow>>
    /** A history row (actor: the customer) and its audit row. */
    readonly record: (e: CustomerEvent) => Effect.Effect<void>
  }
>()("quotekit/server/CustomerRepo") {}

/** The webhook of a customer's answer, queued with its history row (in the answer's transaction). */
const customerWebhook = (e: CustomerEvent) => {
  const data = e.data as { readonly sign_name?: unknown; readonly reason?: unknown; readonly contact_id?: unknown }
  const extra = { contact_id: data.contact_id ?? null }
  switch (e.action) {
    case "quote.customerAccept":
      return Effect.andThen(
        WebhookEvents.quote(e.account_id, e.quote_id, "quote.accepted", {
          ...extra,
          accepted_by: String(data.sign_name ?? ""),
          on_behalf: false
        }),
        AddOnPushes.enqueue(e.account_id, e.quote_id, "accepted")
      )
    case "quote.customerDecline":
      return WebhookEvents.quote(e.account_id, e.quote_id, "quote.declined", {
        ...extra,
        reason: String(data.reason ?? "")
      })
    default:
      return Effect.void
  }
}

/** The author's and watchers' notifications of a customer's answer, written with its history row. */
const customerNotification = (e: CustomerEvent) => {
  const kind =
    e.action === "quote.customerAccept"
      ? "quote.accepted"
      : e.action === "quote.customerDecline"
        ? "quote.declined"
        : undefined
  if (kind === undefined) return Effect.void
  const contact = (e.data as { readonly contact_id?: unknown }).contact_id
  return NotificationRecord.quoteEvent({
    account: e.account_id,
    quote_id: e.quote_id,
    kind,
    contact_id: typeof contact === "number" ? contact : undefined,
    at: e.at,
    text: kind === "quote.declined" ? String((e.data as { readonly reason?: unknown }).reason ?? "") : ""
  })
}

/** The repository over the SQL client. */
export const layer = Layer.effect(
  CustomerRepo,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    return CustomerRepo.of({
      brand: (account) =>
        sql<{ name: string; logo_file_id: number | null; terms_required: boolean | null }>`
          SELECT name, logo_file_id,
                 (appearance->>'termsCheckbox')::boolean AS terms_required
          FROM accounts WHERE account_id = ${account}`.pipe(
          Effect.map((rows) => {
            const r = rows[0]
            return {
              name: r?.name ?? "",
              logo_file_id: r?.logo_file_id ?? null,
              terms_required: r?.terms_required ?? false
            }
          }),
          Effect.orDie
        ),
      acceptance: (account, quoteId) =>
        sql<{ sign_name: string; accepted_at: Date; on_behalf: boolean }>`
          SELECT sign_name, accepted_at, on_behalf_signin_id IS NOT NULL AS on_behalf
          FROM acceptances WHERE account_id = ${account} AND quote_id = ${quoteId}`.pipe(
          Effect.map((rows) =>
            Option.map(Option.fromNullishOr(rows[0]), (r) => ({
              sign_name: r.sign_name,
              accepted_at: Math.floor(r.accepted_at.getTime() / 1000),
              on_behalf: r.on_behalf
            }))
          ),
          Effect.orDie
        ),
      contactEmail: (account, contactId) =>
        sql<{ email: string | null }>`
          SELECT email FROM contacts WHERE account_id = ${account} AND contact_id = ${contactId}`.pipe(
          Effect.map((rows) => Option.filter(Option.fromNullishOr(rows[0]?.email), (e) => e.includes("@"))),
          Effect.orDie
        ),
      recordView: (account, quoteId, quoteContactId, ip, userAgent, at) =>
        Effect.gen(function* () {
          const when = new Date(at)
          yield* sql`
            INSERT INTO quote_views (account_id, quote_id, quote_contact_id, viewed_at, ip, user_agent)
            VALUES (${account}, ${quoteId}, ${quoteContactId}, ${when}, ${ip}, ${userAgent.slice(0, 500)})`
          yield* sql`
            UPDATE quote_contacts SET last_view = ${when}
            WHERE account_id = ${account} AND quote_contact_id = ${quoteContactId}`
          // The row lock makes one view of many at once the first (the one counted 1).
          const [opened] = yield* sql<{ stat_opens: number }>`
            UPDATE quotes SET last_view = ${when}, stat_opens = stat_opens + 1
            WHERE account_id = ${account} AND quote_id = ${quoteId}
            RETURNING stat_opens`
          if (opened?.stat_opens === 1) {
            yield* WebhookEvents.quote(account, quoteId, "quote.viewed", { quote_contact_id: quoteContactId })
            yield* NotificationRecord.quoteEvent({
              account,
              quote_id: quoteId,
              kind: "quote.viewed",
              quote_contact_id: quoteContactId
            })
          }
          yield* QuoteEvents.changed({ account_id: account, quote_id: quoteId, what: "customer.view", by: "customer" })
        }).pipe(sql.withTransaction, Effect.provideService(SqlClient.SqlClient, sql), Effect.orDie),
      moveStatus: (account, quoteId, from, to, at) =>
        sql<{ quote_id: number }>`
          UPDATE quotes SET status = ${to.status}, archive_id = ${to.archive_id},
                 state_undo = ${to.undo === null ? null : JSON.stringify(to.undo)}::jsonb,
                 status_changed_at = ${new Date(at)}, edit_seq = edit_seq + 1
          WHERE account_id = ${account} AND quote_id = ${quoteId} AND status = ${from}
          RETURNING quote_id`.pipe(
          Effect.map((rows) => rows.length === 1),
          Effect.orDie
        ),
      insertAcceptance: (a) =>
        sql`
          INSERT INTO acceptances (account_id, quote_id, quote_contact_id, sign_method, sign_value, sign_name,
                                   terms_confirmed, signed_on_device, accepted_at, ip, user_agent, content_hash)
          VALUES (${a.account_id}, ${a.quote_id}, ${a.quote_contact_id}, ${a.sign_method}, ${a.sign_value},
                  ${a.sign_name}, ${a.terms_confirmed}, ${a.signed_on_device}, ${new Date(a.at)}, ${a.ip}, ${a.user_agent.slice(0, 500)},
                  ${a.content_hash})`.pipe(Effect.asVoid, Effect.orDie),
      writeChoices: (account, quoteId, items, priceCurrent) =>
        Effect.gen(function* () {
          for (const i of items) {
            yield* sql`
              UPDATE quote_items SET contact_selected = ${i.contact_selected},
                original_quantity = CASE WHEN quantity <> ${i.quantity}::numeric
                  THEN coalesce(original_quantity, quantity) ELSE original_quantity END,
                quantity = ${i.quantity}::numeric, price_total = ${i.price_total}::numeric
              WHERE account_id = ${account} AND quote_id = ${quoteId} AND quote_item_id = ${i.quote_item_id}`
          }
          yield* sql`
            UPDATE quotes SET price_current = ${priceCurrent}::numeric
            WHERE account_id = ${account} AND quote_id = ${quoteId}`
        }).pipe(Effect.orDie),
      discussionFile: (account, quoteId, quoteContactId, fileId) =>
        sql<FileRow>`
          SELECT f.file_id, f.account_id, f.hash, f.original_filename, f.mime, f.size::float8 AS size, f.storage_key,
                 f.parent_table, f.parent_id
          FROM files f
          WHERE f.account_id = ${account} AND f.file_id = ${fileId} AND f.parent_table = 'discussion' AND (
            f.parent_id = ${-quoteContactId} OR EXISTS (
              SELECT 1 FROM discussion d WHERE d.account_id = f.account_id AND d.discuss_id = f.parent_id
                AND d.quote_id = ${quoteId} AND d.discuss_type <> 12))`.pipe(
          Effect.map((rows) => Option.fromNullishOr(rows[0])),
          Effect.orDie
        ),
      record: (e) =>
        sql`
          WITH h AS (
            INSERT INTO history (account_id, table_name, category_id, action, action_time, html_summary, html_full,
                                 actor, actor_signin_id)
            VALUES (${e.account_id}, 'quote', ${e.quote_id}, ${e.action}, ${new Date(e.at)}, ${e.html_summary},
                    ${e.html_full}, 'customer', NULL)
          )
          INSERT INTO audit_log (account_id, at, actor, actor_signin_id, action, subject_table, subject_id, data,
                                 content_hash)
          VALUES (${e.account_id}, ${new Date(e.at)}, 'customer', NULL, ${e.action}, 'quote', ${e.quote_id},
                  ${JSON.stringify(e.data)}::jsonb, ${e.content_hash})`.pipe(
          Effect.andThen(
            QuoteEvents.changed({ account_id: e.account_id, quote_id: e.quote_id, what: e.action, by: "customer" })
          ),
          Effect.andThen(customerWebhook(e)),
          Effect.andThen(customerNotification(e)),
          Effect.provideService(SqlClient.SqlClient, sql),
          Effect.orDie
        )
    })
  })
)
