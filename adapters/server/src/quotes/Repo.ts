/**
 * The quote repository: quotes and templates with their rows, files, contacts, versions, acceptances and save
 * requests. The only place quote SQL lives; every statement is filtered by the tenant's `account_id` (and the
 * tables' `(account_id, id)` foreign keys keep a row from ever pointing into another account). Database
 * failures become defects here; the error envelope answers them with a 500.
 *
 * Times are epoch milliseconds from the caller's `Clock`, never the database's `now()`.
 *
 * @since 0.1.0
 */
import type * as AcceptanceProof from "@quotekit/core/AcceptanceProof"
import type { AccountId, SigninId } from "@quotekit/core/Account"
import type * as Adjustment from "@quotekit/core/Adjustment"
import type { LeadPanel, VersionRow } from "@quotekit/core/api/QuotesApi"
import type { Tenant } from "@quotekit/core/api/Security"
import type { Contact } from "@quotekit/core/Contact"
import * as Message from "@quotekit/core/Message"
import * as Money from "@quotekit/core/Money"
import type * as QuoteAction from "@quotekit/core/QuoteAction"
import type * as QuoteSave from "@quotekit/core/QuoteSave"
import type * as QuoteStatus from "@quotekit/core/QuoteStatus"
import type * as TaxMode from "@quotekit/core/TaxMode"
import type * as TaxRate from "@quotekit/core/TaxRate"
import { Context, Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"
import {
  type AccountFacts,
  type ContactRow,
  contactColumns,
  type ItemRecord,
  type ItemRow,
  itemColumns,
  itemRecord,
  type QuoteRecord,
  type QuoteRow,
  quoteColumns,
  type StoredQuote,
  seconds,
  timeOrNull,
  toContacts,
  toRecord
} from "./Records.ts"

/** The ids a save refers to, checked against the account before anything is written. */
export interface Refs {
  readonly taxIds: ReadonlyArray<number>
  readonly categoryIds: ReadonlyArray<number>
  readonly itemIds: ReadonlyArray<number>
  readonly contactIds: ReadonlyArray<number>
  readonly fileIds: ReadonlyArray<number>
  readonly signinId: number
}

/** A contact as the search text and the editor need it. */
export interface ContactName {
  readonly contact: Contact
  /** Name, company and email, for the list search. */
  readonly search: string
}

/** What exists of the referred ids. */
export interface RefsFound {
  readonly taxIds: ReadonlySet<number>
  readonly categoryIds: ReadonlySet<number>
  readonly linked: ReadonlyMap<number, QuoteSave.LinkedContent>
  readonly contacts: ReadonlyMap<number, ContactName>
  readonly fileIds: ReadonlySet<number>
  readonly isMember: boolean
}

/** The status machine's columns an action writes. */
export interface StateWrite {
  readonly status: QuoteStatus.QuoteStatus
  readonly archive_id: number
  readonly undo: QuoteAction.UndoPoint | null
  readonly deleted_at: number | null
  readonly sent_when: number
  readonly expiry_date: number
  readonly revision_no: number
  readonly statusChanged: boolean
  readonly by: SigninId
  readonly at: number
}

/** A lead as the editor's lead panel shows it, with the contact it came from. */
export interface LeadRecord extends LeadPanel {
  readonly contact_id: number | null
  readonly quote_id: number | null
}

/** The repository service. */
export class QuoteRepo extends Context.Service<
  QuoteRepo,
  {
    readonly facts: (tenant: Tenant) => Effect.Effect<AccountFacts>
    readonly record: (
      account: AccountId,
      id: number,
      /** `forUpdate`: lock the row for a change; `forShare`: hold it still while a consistent read runs. */
      options?: { readonly forUpdate?: boolean; readonly forShare?: boolean }
    ) => Effect.Effect<Option.Option<QuoteRecord>>
    /** The rows, contacts and files of a quote. */
    readonly load: (account: AccountId, record: QuoteRecord) => Effect.Effect<StoredQuote>
    readonly refs: (account: AccountId, refs: Refs) => Effect.Effect<RefsFound>
    readonly keepVersion: (
      account: AccountId,
      quoteId: number,
      reason: VersionRow["reason"],
      snapshot: unknown,
      by: SigninId,
      at: number
    ) => Effect.Effect<number>
    readonly versions: (account: AccountId, quoteId: number) => Effect.Effect<ReadonlyArray<VersionRow>>
    readonly version: (
      account: AccountId,
      quoteId: number,
      versionId: number
    ) => Effect.Effect<Option.Option<{ readonly row: VersionRow; readonly snapshot: unknown }>>
    readonly setState: (account: AccountId, id: number, s: StateWrite) => Effect.Effect<number>
    readonly lead: (account: AccountId, leadId: number) => Effect.Effect<Option.Option<LeadRecord>>
    readonly convertLead: (account: AccountId, leadId: number, quoteId: number, at: number) => Effect.Effect<void>
    readonly acceptOnBehalf: (
      account: AccountId,
      quoteId: number,
      signin: SigninId,
      name: string,
      at: number,
      /** The SHA-256 of the quote as recorded accepted, and how the customer accepted (null: not said). */
      record: { readonly content_hash: string; readonly proof: AcceptanceProof.Proof | null }
    ) => Effect.Effect<void>
    /** Delete the customer's acceptance data: the acceptance, optional choices and quantity edits. */
    readonly deleteAcceptance: (account: AccountId, quoteId: number) => Effect.Effect<void>
    readonly invoices: (account: AccountId, quoteId: number) => Effect.Effect<ReadonlyArray<Adjustment.InvoiceFacts>>
    /** Rows of a quote, for settling adjustments. */
    readonly rows: (account: AccountId, quoteId: number) => Effect.Effect<ReadonlyArray<ItemRecord>>
    /** After undoing acceptance: rows merged, adjustment index back to 0, total recomputed. */
    readonly settleAdjustments: (
      account: AccountId,
      quoteId: number,
      keep: ReadonlyArray<QuoteSave.Row>,
      price_current: Money.Decimal
    ) => Effect.Effect<void>
    /**
     * Store the expiry of every sent quote (of any account) whose expiry date is at or before `at` (epoch ms);
     * returns what expired, for the history. A quote locked by another process's sweep (or a save in progress)
     * is skipped, not waited for: each expiry is stored and returned by one sweep only, and the next sweep
     * takes what was skipped.
     */
    readonly expireDue: (at: number) => Effect.Effect<
      ReadonlyArray<{
        readonly account_id: AccountId
        readonly quote_id: number
        readonly title: string
        readonly noun: AccountFacts["noun"]
        readonly expiry_date: number
      }>
    >
    /**
     * Delete for good drafts and templates deleted before `deletedBefore` (epoch ms; up to `limit` a call) and
     * save request answers older than `requestsBefore`; returns the quotes purged.
     */
    readonly purge: (
      deletedBefore: number,
      requestsBefore: number,
      limit: number
    ) => Effect.Effect<ReadonlyArray<{ readonly account_id: AccountId; readonly quote_id: number }>>
    /** Whether a follow-up of the quote is scheduled or being written. */
    readonly followUpInProgress: (account: AccountId, quoteId: number) => Effect.Effect<boolean>
  }
>()("quotekit/server/QuoteRepo") {}

interface FactsRow {
  readonly who: string | null
  readonly product_noun: AccountFacts["noun"]
  readonly currency_id: number
  readonly amounts_entered: TaxMode.TaxMode
  readonly private_pricing: number
  readonly default_template_id: number | null
  readonly default_tax_id: number | null
  readonly default_category_id: number | null
  readonly tax_word: string
  readonly reviews_enabled: boolean
  readonly featured_reviews: number
  readonly signin_tz: string | null
  readonly taxes: ReadonlyArray<{ readonly id: number; readonly rate: string }>
}

/** The repository over the SQL client. */
export const layer = Layer.effect(
  QuoteRepo,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const quoteSelect = sql.literal(quoteColumns)
    const itemSelect = sql.literal(itemColumns)

    const record = (
      account: AccountId,
      id: number,
      options: { readonly forUpdate?: boolean; readonly forShare?: boolean } = {}
    ) =>
      sql<QuoteRow>`
        SELECT ${quoteSelect} FROM quotes q WHERE q.account_id = ${account} AND q.quote_id = ${id}
        ${sql.literal(options.forUpdate === true ? "FOR UPDATE OF q" : options.forShare === true ? "FOR SHARE OF q" : "")}`.pipe(
        Effect.map((rows) => Option.map(Option.fromNullishOr(rows[0]), toRecord)),
        Effect.orDie
      )

    // Rows and their files in one round trip.
    const rows = (account: AccountId, quoteId: number) =>
      sql<ItemRow & { readonly file_ids: ReadonlyArray<number> | null }>`
        SELECT ${itemSelect},
          (SELECT array_agg(f.file_id ORDER BY f.file_id) FROM files f
             WHERE f.account_id = i.account_id AND f.parent_table = 'quote_items'
               AND f.parent_id = i.quote_item_id) AS file_ids
        FROM quote_items i
        WHERE i.account_id = ${account} AND i.quote_id = ${quoteId} ORDER BY i.order_index, i.quote_item_id`.pipe(
        Effect.map((items) => items.map(itemRecord)),
        Effect.orDie
      )

    const contactsOf = (account: AccountId, quoteId: number) =>
      sql<ContactRow>`
        SELECT ${sql.literal(contactColumns)}
        FROM quote_contacts qc
        JOIN contacts c ON c.account_id = qc.account_id AND c.contact_id = qc.contact_id
        LEFT JOIN contacts co ON co.account_id = c.account_id AND co.contact_id = c.company_id
        WHERE qc.account_id = ${account} AND qc.quote_id = ${quoteId}
        ORDER BY qc.contact_order, qc.quote_contact_id`.pipe(Effect.orDie)

    return QuoteRepo.of({
      facts: (tenant) =>
        sql<FactsRow>`
          SELECT a.product_noun, a.currency_id, a.amounts_entered, a.private_pricing::int AS private_pricing,
                 a.default_template_id, a.default_tax_id, a.default_category_id, a.tax_word, a.reviews_enabled,
                 s.signin_tz,
                 coalesce(nullif(s.name_display, ''), nullif(btrim(s.name_first || ' ' || s.name_last), ''), s.email)
                   AS who,
                 coalesce((SELECT json_agg(json_build_object('id', t.item_tax_id, 'rate', t.tax_rate::text))
                           FROM item_taxes t WHERE t.account_id = a.account_id), '[]'::json) AS taxes,
                 (SELECT count(*)::int FROM reviews r
                  WHERE r.account_id = a.account_id AND r.featured AND r.archive_id = 1) AS featured_reviews
          FROM accounts a LEFT JOIN signins s ON s.signin_id = ${tenant.signin_id}
          WHERE a.account_id = ${tenant.account_id}`.pipe(
          Effect.flatMap((found) => {
            const r = found[0]
            if (r === undefined) return Effect.die(new Error(`account ${tenant.account_id} not found`))
            const taxes = new Map<number, Money.Decimal>()
            for (const t of r.taxes) taxes.set(t.id, Money.make(t.rate))
            return Effect.succeed<AccountFacts>({
              account_id: tenant.account_id,
              signin_id: tenant.signin_id,
              is_admin: tenant.is_admin,
              // Through an API key, history names the key beside the admin it acts for.
              who: tenant.api_key === undefined ? (r.who ?? "") : Message.apiKeyActor(r.who ?? "", tenant.api_key.name),
              noun: r.product_noun,
              currency_id: r.currency_id,
              amounts_entered: r.amounts_entered,
              private_pricing: r.private_pricing,
              default_template_id: r.default_template_id ?? 0,
              default_tax_id: r.default_tax_id ?? 0,
              default_category_id: r.default_category_id ?? 0,
              tax_word: r.tax_word,
              reviews_enabled: r.reviews_enabled,
              featured_reviews: r.featured_reviews,
              taxes,
              tz: r.signin_tz ?? "UTC"
            })
          }),
          Effect.orDie
        ),

      record,

      load: (account, rec) =>
        Effect.map(
          Effect.all([rows(account, rec.quote_id), contactsOf(account, rec.quote_id)]),
          ([items, contacts]) => ({
            record: rec,
            items,
            ...toContacts(contacts)
          })
        ),

      refs: (account, refs) =>
        Effect.gen(function* () {
          const [found] = yield* sql<{
            readonly taxes: ReadonlyArray<number> | null
            readonly cats: ReadonlyArray<number> | null
            readonly files: ReadonlyArray<number> | null
            readonly member: boolean
          }>`
            SELECT
              (SELECT array_agg(item_tax_id) FROM item_taxes
                 WHERE account_id = ${account} AND item_tax_id = ANY(${refs.taxIds})) AS taxes,
              (SELECT array_agg(item_cat_id) FROM item_categories
                 WHERE account_id = ${account} AND item_cat_id = ANY(${refs.categoryIds})) AS cats,
              (SELECT array_agg(file_id) FROM files
                 WHERE account_id = ${account} AND file_id = ANY(${refs.fileIds})) AS files,
              EXISTS (SELECT 1 FROM memberships WHERE account_id = ${account} AND signin_id = ${refs.signinId}
                        AND joined_at IS NOT NULL) AS member`
          const linked =
            refs.itemIds.length === 0
              ? []
              : yield* sql<{
                  readonly item_id: number
                  readonly item_type: number
                  readonly item_code: string
                  readonly item_title: string
                  readonly item_body: string
                  readonly item_cat_id: number | null
                  readonly item_tax_id: number | null
                  readonly price_unit: string
                  readonly price_cost: string
                  readonly editable_quantity: string
                  readonly discount_item: string
                  readonly contact_choice: number
                  readonly term_every: number
                  readonly term_type: 1 | 2 | 3
                  readonly term_duration: number
                }>`
                  SELECT item_id, item_type::int AS item_type, item_code, item_title, item_body, item_cat_id,
                         item_tax_id, price_unit::text AS price_unit, price_cost::text AS price_cost,
                         editable_quantity::text AS editable_quantity, discount_item::text AS discount_item,
                         contact_choice::int AS contact_choice, term_every::int AS term_every,
                         term_type::int AS term_type, term_duration
                  FROM items WHERE account_id = ${account} AND item_id = ANY(${refs.itemIds}) AND archive_id <> 3`
          const contacts =
            refs.contactIds.length === 0
              ? []
              : yield* sql<{
                  readonly contact_id: number
                  readonly contact_type: "person" | "company"
                  readonly name_first: string
                  readonly name_last: string
                  readonly company_id: number | null
                  readonly email: string
                  readonly modified: Date
                  readonly archive_id: number
                  readonly company_name: string | null
                }>`
                  SELECT c.contact_id, c.contact_type, c.name_first, c.name_last, c.company_id, c.email, c.modified,
                         c.archive_id::int AS archive_id, co.name_first AS company_name
                  FROM contacts c
                  LEFT JOIN contacts co ON co.account_id = c.account_id AND co.contact_id = c.company_id
                  WHERE c.account_id = ${account} AND c.contact_id = ANY(${refs.contactIds})`
          return {
            taxIds: new Set(found?.taxes ?? []),
            categoryIds: new Set(found?.cats ?? []),
            fileIds: new Set(found?.files ?? []),
            isMember: found?.member ?? false,
            linked: new Map(
              linked.map((l) => [
                l.item_id,
                {
                  item_id: l.item_id,
                  item_type: l.item_type,
                  item_code: l.item_code,
                  item_title: l.item_title,
                  item_body: l.item_body,
                  item_cat_id: l.item_cat_id ?? 0,
                  item_tax_id: l.item_tax_id ?? 0,
                  price_unit: Money.make(l.price_unit),
                  price_cost: Money.make(l.price_cost),
                  editable_quantity: Money.make(l.editable_quantity),
                  discount_item: Money.make(l.discount_item),
                  contact_choice: l.contact_choice,
                  term_every: l.term_every,
                  term_type: l.term_type,
                  term_duration: l.term_duration
                }
              ])
            ),
            contacts: new Map(
              contacts.map((c) => [
                c.contact_id,
                {
                  contact: {
                    contact_id: c.contact_id as Contact["contact_id"],
                    type: c.contact_type,
                    name_first: c.name_first,
                    name_last: c.name_last,
                    company_id: c.company_id as Contact["company_id"],
                    email: c.email,
                    modified: seconds(c.modified),
                    archive_id: c.archive_id,
                    ...(c.company_name === null ? {} : { _name_company: c.company_name })
                  },
                  search: [c.name_first, c.name_last, c.company_name ?? "", c.email].join(" ")
                }
              ])
            )
          }
        }).pipe(Effect.orDie),

      keepVersion: (account, quoteId, reason, snapshot, by, at) =>
        sql<{ readonly quote_version_id: number }>`
          INSERT INTO quote_versions (account_id, quote_id, version_creation, created_by, reason, snapshot)
          VALUES (${account}, ${quoteId}, ${new Date(at)}, ${by}, ${reason}, ${JSON.stringify(snapshot)}::jsonb)
          RETURNING quote_version_id`.pipe(
          Effect.map((r) => r[0]!.quote_version_id),
          Effect.orDie
        ),

      versions: (account, quoteId) =>
        sql<{
          readonly quote_version_id: number
          readonly version_creation: Date
          readonly reason: VersionRow["reason"]
          readonly created_by: number | null
          readonly name_by: string | null
        }>`
          SELECT v.quote_version_id, v.version_creation, v.reason, v.created_by,
                 coalesce(nullif(s.name_display, ''), nullif(btrim(s.name_first || ' ' || s.name_last), ''), s.email)
                   AS name_by
          FROM quote_versions v LEFT JOIN signins s ON s.signin_id = v.created_by
          WHERE v.account_id = ${account} AND v.quote_id = ${quoteId}
          ORDER BY v.version_creation DESC, v.quote_version_id DESC`.pipe(
          Effect.map((rs) =>
            rs.map((r) => ({
              quote_version_id: r.quote_version_id,
              version_creation: seconds(r.version_creation),
              reason: r.reason,
              created_by: r.created_by,
              _name_by: r.name_by ?? ""
            }))
          ),
          Effect.orDie
        ),

      version: (account, quoteId, versionId) =>
        sql<{
          readonly quote_version_id: number
          readonly version_creation: Date
          readonly reason: VersionRow["reason"]
          readonly created_by: number | null
          readonly name_by: string | null
          readonly snapshot: unknown
        }>`
          SELECT v.quote_version_id, v.version_creation, v.reason, v.created_by, v.snapshot,
                 coalesce(nullif(s.name_display, ''), nullif(btrim(s.name_first || ' ' || s.name_last), ''), s.email)
                   AS name_by
          FROM quote_versions v LEFT JOIN signins s ON s.signin_id = v.created_by
          WHERE v.account_id = ${account} AND v.quote_id = ${quoteId} AND v.quote_version_id = ${versionId}`.pipe(
          Effect.map((rs) =>
            Option.map(Option.fromNullishOr(rs[0]), (r) => ({
              row: {
                quote_version_id: r.quote_version_id,
                version_creation: seconds(r.version_creation),
                reason: r.reason,
                created_by: r.created_by,
                _name_by: r.name_by ?? ""
              },
              snapshot: r.snapshot
            }))
          ),
          Effect.orDie
        ),

      setState: (account, id, s) =>
        sql<{ readonly edit_seq: number }>`
          UPDATE quotes SET
            status = ${s.status}, archive_id = ${s.archive_id},
            state_undo = ${s.undo === null ? null : JSON.stringify(s.undo)}::jsonb,
            deleted_at = ${s.deleted_at === null ? null : new Date(s.deleted_at * 1000)},
            sent_when = ${timeOrNull(s.sent_when)}, expiry_date = ${timeOrNull(s.expiry_date)},
            revision_no = ${s.revision_no},
            status_changed_at = CASE WHEN ${s.statusChanged} THEN ${new Date(s.at)}::timestamptz
                                     ELSE status_changed_at END,
            modified = ${new Date(s.at)}, modified_by = ${s.by}, edit_seq = edit_seq + 1
          WHERE account_id = ${account} AND quote_id = ${id}
          RETURNING edit_seq`.pipe(
          Effect.map((r) => r[0]?.edit_seq ?? 0),
          Effect.orDie
        ),

      lead: (account, leadId) =>
        sql<{
          readonly lead_id: number
          readonly lead_subject: string
          readonly lead_message: string
          readonly lead_file_name: string | null
          readonly lead_notes: string
          readonly lead_author: number | null
          readonly lead_potential_value: string | null
          readonly lead_status: 1 | 2 | 10
          readonly lead_creation: Date
          readonly contact_id: number | null
          readonly quote_id: number | null
        }>`
          SELECT lead_id, lead_subject, lead_message, lead_file_name, lead_notes, lead_author,
                 lead_potential_value::text AS lead_potential_value, lead_status::int AS lead_status, lead_creation,
                 contact_id, quote_id
          FROM leads WHERE account_id = ${account} AND lead_id = ${leadId}`.pipe(
          Effect.map((rs) =>
            Option.map(Option.fromNullishOr(rs[0]), (r) => ({
              ...r,
              lead_potential_value: r.lead_potential_value === null ? null : Money.make(r.lead_potential_value),
              lead_creation: seconds(r.lead_creation)
            }))
          ),
          Effect.orDie
        ),

      convertLead: (account, leadId, quoteId, at) =>
        sql`
          UPDATE leads SET lead_status = 10, quote_id = ${quoteId}, lead_modified = ${new Date(at)}
          WHERE account_id = ${account} AND lead_id = ${leadId} AND lead_status = 1`.pipe(Effect.asVoid, Effect.orDie),

      acceptOnBehalf: (account, quoteId, signin, name, at, record) =>
        sql`
          INSERT INTO acceptances (account_id, quote_id, sign_method, sign_value, sign_name, on_behalf_signin_id,
                                   accepted_at, content_hash, proof)
          VALUES (${account}, ${quoteId}, 'text', ${name.slice(0, 10000) || "-"}, ${name}, ${signin}, ${new Date(at)},
                  ${record.content_hash}, ${record.proof === null ? null : JSON.stringify(record.proof)}::jsonb)
          ON CONFLICT (quote_id) DO UPDATE SET
            sign_method = EXCLUDED.sign_method, sign_value = EXCLUDED.sign_value, sign_name = EXCLUDED.sign_name,
            on_behalf_signin_id = EXCLUDED.on_behalf_signin_id, accepted_at = EXCLUDED.accepted_at,
            content_hash = EXCLUDED.content_hash, proof = EXCLUDED.proof`.pipe(Effect.asVoid, Effect.orDie),

      deleteAcceptance: (account, quoteId) =>
        Effect.gen(function* () {
          yield* sql`DELETE FROM acceptances WHERE account_id = ${account} AND quote_id = ${quoteId}`
          yield* sql`
            UPDATE quote_items SET contact_selected = 0,
              quantity = coalesce(original_quantity, quantity), original_quantity = NULL
            WHERE account_id = ${account} AND quote_id = ${quoteId}
              AND (contact_selected <> 0 OR original_quantity IS NOT NULL)`
        }).pipe(Effect.orDie),

      invoices: (account, quoteId) =>
        sql<{
          readonly invoice_status: number
          readonly invoice_adj_at: number
          readonly invoice_sent_date: Date | null
          readonly addon_invoice_id: string
        }>`
          SELECT invoice_status::int AS invoice_status, invoice_adj_at::int AS invoice_adj_at, invoice_sent_date,
                 addon_invoice_id
          FROM quote_invoices WHERE account_id = ${account} AND quote_id = ${quoteId}`.pipe(
          Effect.map((rs) =>
            rs.map(
              (r) =>
                ({
                  invoice_status: r.invoice_status,
                  invoice_adj_at: r.invoice_adj_at,
                  invoice_sent_date: seconds(r.invoice_sent_date),
                  addon_invoice_id: r.addon_invoice_id
                }) as unknown as Adjustment.InvoiceFacts
            )
          ),
          Effect.orDie
        ),

      rows,

      settleAdjustments: (account, quoteId, keep, price_current) =>
        Effect.gen(function* () {
          const ids = keep.map((k) => k.quote_item_id as number)
          yield* sql`
            DELETE FROM quote_items
            WHERE account_id = ${account} AND quote_id = ${quoteId} AND NOT (quote_item_id = ANY(${ids}))`
          yield* sql`
            UPDATE quote_items SET added_adj_at = 0, credited_adj_at = 0
            WHERE account_id = ${account} AND quote_id = ${quoteId} AND (added_adj_at <> 0 OR credited_adj_at <> 0)`
          yield* sql`
            UPDATE quotes SET next_adj_index = 0, last_item_adj = 0, price_current = ${Money.toFixed(price_current, 2)}
            WHERE account_id = ${account} AND quote_id = ${quoteId}`
        }).pipe(Effect.orDie),

      expireDue: (at) =>
        sql<{
          readonly account_id: number
          readonly quote_id: number
          readonly title: string
          readonly product_noun: AccountFacts["noun"]
          readonly expiry_date: Date
        }>`
          WITH due AS (
            SELECT quote_id FROM quotes
            WHERE status = 'sent' AND expiry_date <= ${new Date(at)}
            FOR UPDATE SKIP LOCKED
          )
          UPDATE quotes q SET status = 'expired', state_undo = NULL, status_changed_at = q.expiry_date,
                 edit_seq = q.edit_seq + 1
          FROM due, accounts a
          WHERE q.quote_id = due.quote_id AND a.account_id = q.account_id
          RETURNING q.account_id, q.quote_id, q.title, a.product_noun, q.expiry_date`.pipe(
          Effect.map((rows) =>
            rows.map((r) => ({
              account_id: r.account_id as AccountId,
              quote_id: r.quote_id,
              title: r.title,
              noun: r.product_noun,
              expiry_date: seconds(r.expiry_date)
            }))
          ),
          Effect.orDie
        ),

      purge: (deletedBefore, requestsBefore, limit) =>
        Effect.gen(function* () {
          yield* sql`DELETE FROM save_requests WHERE creation < ${new Date(requestsBefore)}`
          const gone = yield* sql<{ readonly account_id: number; readonly quote_id: number }>`
            WITH gone AS (
              SELECT quote_id FROM quotes
              WHERE deleted_at IS NOT NULL AND deleted_at < ${new Date(deletedBefore)}
              ORDER BY deleted_at LIMIT ${limit}
            )
            DELETE FROM quotes q USING gone WHERE q.quote_id = gone.quote_id
            RETURNING q.account_id, q.quote_id`
          return gone.map((g) => ({ account_id: g.account_id as AccountId, quote_id: g.quote_id }))
        }).pipe(Effect.orDie),

      followUpInProgress: (account, quoteId) =>
        sql<{ readonly n: number }>`
          SELECT count(*)::int AS n FROM follow_ups
          WHERE account_id = ${account} AND quote_id = ${quoteId} AND status IN ('scheduled', 'inProgress')`.pipe(
          Effect.map((r) => (r[0]?.n ?? 0) > 0),
          Effect.orDie
        )
    })
  })
)

/** The tax table of account facts (for totals). */
export const taxTable = (facts: AccountFacts): TaxRate.Table => facts.taxes
