/**
 * The writes of a quote save, built for few round trips (every statement of a save waits for the database, and a
 * busy host makes each wait longer):
 *
 * - `lock`: one statement claims the save request id and locks the stored quote with its rows, files and
 *   contacts (read as JSON), or only claims it for a new quote.
 * - `write`: one statement writes the quote (inserting it with the next number, or updating it), deletes the
 *   removed rows (one `DELETE`), writes the changed and the new rows with one multi-row upsert (`INSERT ...
 *   ON CONFLICT (quote_item_id) DO UPDATE`, new rows numbered from the table's identity; rows that did not
 *   change are not rewritten), and records the history and audit rows.
 * - `writeFiles` and `writeContacts` run only when the files or contacts changed; `remember` keeps the answer.
 *
 * Every statement is filtered by the tenant's `account_id`. Database failures become defects.
 *
 * @since 0.1.0
 */
import type { AccountId, SigninId } from "@quotekit/core/Account"
import type { ItemFile, QuoteContact } from "@quotekit/core/api/QuotesApi"
import * as LineItem from "@quotekit/core/LineItem"
import * as Money from "@quotekit/core/Money"
import * as QuoteSave from "@quotekit/core/QuoteSave"
import type * as TaxMode from "@quotekit/core/TaxMode"
import { Context, Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"
import type { Entry } from "../history/Repo.ts"
import * as QuoteEvents from "../push/QuoteEvents.ts"
import {
  type ContactRow,
  contactJson,
  type ItemJson,
  type ItemRecord,
  itemJson,
  itemRecord,
  type QuoteRow,
  quoteColumns,
  type StoredQuote,
  timeOrNull,
  toContacts,
  toRecord
} from "./Records.ts"

/** The quote fields a save writes. */
export interface QuoteWrite {
  readonly is_template: boolean
  readonly title: string
  readonly sent_when: number
  readonly expiry_date: number
  readonly deposit_percent: Money.Decimal
  readonly discount_overall: Money.Decimal
  readonly currency_id: number
  readonly amounts_entered: TaxMode.TaxMode
  readonly private_pricing: number
  readonly from: number
  readonly price_current: Money.Decimal
  readonly meta: Record<string, unknown>
  readonly from_template_id: number
  readonly from_quote_id: number
  readonly from_lead_id: number
  /** Title and contacts, lower-cased; the quote number is added by the database. */
  readonly search_text: string
  readonly next_adj_index: number
  readonly last_item_adj: number
  readonly by: SigninId
  /** Epoch milliseconds. */
  readonly at: number
}

/** What `lock` found: the answer of an earlier identical request, or the stored quote (none for a new one). */
export interface Locked {
  readonly prior: Option.Option<unknown>
  readonly stored: Option.Option<StoredQuote>
}

/** What `write` wrote: the quote's id, number and edit sequence, and the ids of the rows it added. */
export interface Written {
  readonly quote_id: number
  readonly quote_no: number
  readonly edit_seq: number
  readonly rows: ReadonlyArray<{ readonly temp_id: number; readonly id: number }>
}

/** The repository service. */
export class QuoteSaveRepo extends Context.Service<
  QuoteSaveRepo,
  {
    /** Claim the request id and lock the quote (`id` null for a new one); see the module header. */
    readonly lock: (account: AccountId, id: number | null, requestId: string, signin: SigninId) => Effect.Effect<Locked>
    /** Write the quote, its rows and its history in one statement; see the module header. */
    readonly write: (
      account: AccountId,
      id: number | null,
      quote: QuoteWrite,
      rows: ReadonlyArray<QuoteSave.Row>,
      stored: ReadonlyArray<ItemRecord>,
      history: Omit<Entry, "category_id" | "account_id">
    ) => Effect.Effect<Written>
    /** Attach files to rows (temporary ids mapped); files no longer on a row are let go. */
    readonly writeFiles: (
      account: AccountId,
      files: ReadonlyArray<ItemFile>,
      rowIds: ReadonlyArray<number>,
      by: SigninId,
      at: number
    ) => Effect.Effect<void>
    /** Replace the contacts (nothing is written when they are the stored ones in the same order). */
    readonly writeContacts: (
      account: AccountId,
      quoteId: number,
      contacts: ReadonlyArray<QuoteContact>,
      stored: ReadonlyArray<QuoteContact>
    ) => Effect.Effect<ReadonlyArray<{ readonly temp_id: number; readonly id: number }>>
    /** Keep the answer of a save request, for its retries. */
    readonly remember: (account: AccountId, requestId: string, quoteId: number, answer: unknown) => Effect.Effect<void>
  }
>()("quotekit/server/QuoteSaveRepo") {}

const nullIfZero = (n: number): number | null => (n > 0 ? n : null)

const rowJson = (r: QuoteSave.Row, at: number) => ({
  quote_item_id: r.quote_item_id,
  item_type: r.item_type,
  item_id: nullIfZero(r.item_id),
  item_code: r.item_code,
  item_title: r.item_title,
  item_body: r.item_body,
  item_cat_id: nullIfZero(r.item_cat_id),
  item_tax_id: nullIfZero(r.item_tax_id),
  price_unit: Money.toFixed(r.price_unit, Money.UNIT_SCALE),
  price_cost: Money.toFixed(r.price_cost, Money.UNIT_SCALE),
  price_total: Money.toFixed(r.price_total, Money.AMOUNT_SCALE),
  quantity: Money.toFixed(r.quantity, Money.UNIT_SCALE),
  editable_quantity: Money.toFixed(r.editable_quantity, Money.UNIT_SCALE),
  discount_item: Money.toFixed(r.discount_item, Money.UNIT_SCALE),
  contact_choice: r.contact_choice,
  contact_selected: r.contact_selected,
  term_every: r.term_every,
  term_type: r.term_type,
  term_duration: r.term_duration,
  added_adj_at: r.added_adj_at,
  credited_adj_at: r.credited_adj_at,
  order_index: r.order_index,
  editing: r.editing ?? LineItem.initialEditing(r),
  modified: new Date(at).toISOString()
})

// The record type of `jsonb_to_recordset` for rows.
const rowType = `quote_item_id int, item_type smallint, item_id int, item_code text, item_title text, item_body text,
  item_cat_id int, item_tax_id int, price_unit numeric, price_cost numeric, price_total numeric, quantity numeric,
  editable_quantity numeric, discount_item numeric, contact_choice smallint, contact_selected smallint,
  term_every smallint, term_type smallint, term_duration int, added_adj_at smallint, credited_adj_at smallint,
  order_index int, editing text, modified timestamptz`

/** Whether a row differs from its stored version in anything a save writes. */
const changed = (r: QuoteSave.Row, s: QuoteSave.Row): boolean =>
  !(
    QuoteSave.sameContent(r, s) &&
    r.order_index === s.order_index &&
    r.item_id === s.item_id &&
    (r.editing ?? LineItem.initialEditing(r)) === s.editing &&
    r.contact_selected === s.contact_selected &&
    r.added_adj_at === s.added_adj_at &&
    r.credited_adj_at === s.credited_adj_at &&
    Money.equals(r.price_total, s.price_total)
  )

/** The repository over the SQL client. */
export const layer = Layer.effect(
  QuoteSaveRepo,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const types = sql.literal(rowType)
    const quoteSelect = sql.literal(quoteColumns)
    const items = sql.literal(itemJson)
    const contacts = sql.literal(contactJson)

    return QuoteSaveRepo.of({
      lock: (account, id, requestId, signin) =>
        Effect.gen(function* () {
          const claim = sql`
            INSERT INTO save_requests (account_id, request_id, signin_id, answer)
            VALUES (${account}, ${requestId}, ${signin}, 'null'::jsonb)
            ON CONFLICT (account_id, request_id) DO NOTHING RETURNING 1`
          let claimed: boolean
          let stored: Option.Option<StoredQuote> = Option.none()
          if (id === null) {
            claimed = (yield* claim).length > 0
          } else {
            const [row] = yield* sql<
              { readonly claimed: number } & (
                | (QuoteRow & {
                    readonly items_json: ReadonlyArray<ItemJson> | null
                    readonly contacts_json: ReadonlyArray<ContactRow> | null
                  })
                | { readonly quote_id: null }
              )
            >`
              WITH claim AS (${claim})
              SELECT (SELECT count(*) FROM claim)::int AS claimed, l.*
              FROM (SELECT 1) AS one
              LEFT JOIN LATERAL (
                SELECT ${quoteSelect},
                  (SELECT json_agg(${items} ORDER BY i.order_index, i.quote_item_id) FROM quote_items i
                     WHERE i.account_id = q.account_id AND i.quote_id = q.quote_id) AS items_json,
                  (SELECT json_agg(${contacts} ORDER BY qc.contact_order, qc.quote_contact_id)
                     FROM quote_contacts qc
                     JOIN contacts c ON c.account_id = qc.account_id AND c.contact_id = qc.contact_id
                     LEFT JOIN contacts co ON co.account_id = c.account_id AND co.contact_id = c.company_id
                     WHERE qc.account_id = q.account_id AND qc.quote_id = q.quote_id) AS contacts_json
                FROM quotes q WHERE q.account_id = ${account} AND q.quote_id = ${id}
                FOR UPDATE OF q
              ) AS l ON true`
            claimed = (row?.claimed ?? 0) > 0
            if (row !== undefined && row.quote_id !== null && "items_json" in row) {
              stored = Option.some({
                record: toRecord(row),
                items: (row.items_json ?? []).map(itemRecord),
                ...toContacts(row.contacts_json ?? [])
              })
            }
          }
          if (claimed) return { prior: Option.none(), stored }
          // An identical request was answered (its transaction has committed, or this statement would have waited).
          const [prior] = yield* sql<{ readonly answer: unknown }>`
            SELECT answer FROM save_requests WHERE account_id = ${account} AND request_id = ${requestId}`
          return { prior: Option.some(prior?.answer ?? null), stored }
        }).pipe(Effect.orDie),

      write: (account, id, w, rows, stored, h) =>
        Effect.gen(function* () {
          const before = new Map(stored.map((s) => [s.item.quote_item_id as number, s.item]))
          const kept = rows.filter((r) => before.has(r.quote_item_id))
          const updated = kept.filter((r) => changed(r, before.get(r.quote_item_id)!))
          const added = rows.filter((r) => !before.has(r.quote_item_id))
          const keptIds = kept.map((r) => r.quote_item_id as number)
          // Changed and new rows, written by one upsert (unchanged rows are not rewritten).
          const upserted = [...updated, ...added]
          const at = new Date(w.at)
          const actor = h.signin_id === null ? "system" : String(h.signin_id)
          const fields = {
            title: w.title,
            sent_when: timeOrNull(w.sent_when),
            expiry_date: timeOrNull(w.expiry_date),
            deposit_percent: Money.toFixed(w.deposit_percent, 4),
            discount_overall: Money.toFixed(w.discount_overall, 4),
            price_current: Money.toFixed(w.price_current, 2)
          }
          // The quote: updated in place, or inserted with the account's next number (numbers written by others,
          // such as an import, are skipped rather than collided with).
          const quote =
            id === null
              ? sql`
                  n AS (
                    UPDATE accounts SET next_quote_no = GREATEST(
                      next_quote_no,
                      (SELECT coalesce(max(quote_no), 0) + 1 FROM quotes WHERE account_id = ${account} AND NOT is_template)
                    ) + 1
                    WHERE account_id = ${account} AND NOT ${w.is_template}
                    RETURNING next_quote_no - 1 AS quote_no
                  ),
                  q AS (
                    INSERT INTO quotes (account_id, is_template, quote_no, title, sent_when, expiry_date,
                                        deposit_percent, discount_overall, currency_id, amounts_entered, private_pricing,
                                        from_signin_id, price_current, price_potential, meta, from_template_id,
                                        from_quote_id, from_lead_id, search_text, next_adj_index, last_item_adj,
                                        creation, modified, modified_by, edit_seq, stat_edits)
                    VALUES (${account}, ${w.is_template}, (SELECT quote_no FROM n), ${fields.title}, ${fields.sent_when},
                            ${fields.expiry_date}, ${fields.deposit_percent}, ${fields.discount_overall},
                            ${w.currency_id}, ${w.amounts_entered}, ${w.private_pricing}, ${w.from},
                            ${fields.price_current}, ${fields.price_current}, ${JSON.stringify(w.meta)}::jsonb,
                            ${nullIfZero(w.from_template_id)}, ${nullIfZero(w.from_quote_id)},
                            ${nullIfZero(w.from_lead_id)},
                            ${w.search_text} || ' ' || coalesce((SELECT quote_no FROM n)::text, ''),
                            ${w.next_adj_index}, ${w.last_item_adj}, ${at}, ${at}, ${w.by}, 1, 1)
                    RETURNING quote_id, coalesce(quote_no, 0) AS quote_no, edit_seq
                  )`
              : sql`
                  q AS (
                    UPDATE quotes SET
                      title = ${fields.title}, sent_when = ${fields.sent_when}, expiry_date = ${fields.expiry_date},
                      deposit_percent = ${fields.deposit_percent}, discount_overall = ${fields.discount_overall},
                      currency_id = ${w.currency_id}, amounts_entered = ${w.amounts_entered},
                      private_pricing = ${w.private_pricing}, from_signin_id = ${w.from},
                      price_current = ${fields.price_current}, price_potential = ${fields.price_current},
                      meta = ${JSON.stringify(w.meta)}::jsonb,
                      search_text = ${w.search_text} || ' ' || coalesce(quote_no::text, ''),
                      next_adj_index = ${w.next_adj_index}, last_item_adj = ${w.last_item_adj},
                      modified = ${at}, modified_by = ${w.by}, edit_seq = edit_seq + 1, stat_edits = stat_edits + 1
                    WHERE account_id = ${account} AND quote_id = ${id}
                    RETURNING quote_id, coalesce(quote_no, 0) AS quote_no, edit_seq
                  )`
          const [written] = yield* sql<{
            readonly quote_id: number
            readonly quote_no: number
            readonly edit_seq: number
            readonly inserted: ReadonlyArray<{ readonly id: number; readonly order_index: number }> | null
          }>`
            WITH ${quote},
            gone AS (
              DELETE FROM quote_items
              WHERE account_id = ${account} AND quote_id = (SELECT quote_id FROM q)
                AND ${stored.length > kept.length} AND NOT (quote_item_id = ANY(${keptIds}))
            ),
            up AS (
              INSERT INTO quote_items (quote_item_id, account_id, quote_id, item_type, item_id, item_code,
                                       item_title, item_body, item_cat_id, item_tax_id, price_unit, price_cost,
                                       price_total, quantity, editable_quantity, discount_item, contact_choice,
                                       contact_selected, term_every, term_type, term_duration, added_adj_at,
                                       credited_adj_at, order_index, editing, modified)
              OVERRIDING SYSTEM VALUE
              SELECT CASE WHEN v.quote_item_id > 0 THEN v.quote_item_id
                          ELSE nextval(pg_get_serial_sequence('quote_items', 'quote_item_id')) END,
                     ${account}, (SELECT quote_id FROM q), item_type, item_id, item_code, item_title, item_body,
                     item_cat_id, item_tax_id, price_unit, price_cost, price_total, quantity, editable_quantity,
                     discount_item, contact_choice, contact_selected, term_every, term_type, term_duration,
                     added_adj_at, credited_adj_at, order_index, editing, modified
              FROM jsonb_to_recordset(${JSON.stringify(upserted.map((r) => rowJson(r, w.at)))}::jsonb) AS v(${types})
              ON CONFLICT (quote_item_id) DO UPDATE SET
                item_type = EXCLUDED.item_type, item_id = EXCLUDED.item_id, item_code = EXCLUDED.item_code,
                item_title = EXCLUDED.item_title, item_body = EXCLUDED.item_body, item_cat_id = EXCLUDED.item_cat_id,
                item_tax_id = EXCLUDED.item_tax_id, price_unit = EXCLUDED.price_unit,
                price_cost = EXCLUDED.price_cost, price_total = EXCLUDED.price_total, quantity = EXCLUDED.quantity,
                editable_quantity = EXCLUDED.editable_quantity, discount_item = EXCLUDED.discount_item,
                contact_choice = EXCLUDED.contact_choice, contact_selected = EXCLUDED.contact_selected,
                term_every = EXCLUDED.term_every, term_type = EXCLUDED.term_type,
                term_duration = EXCLUDED.term_duration, added_adj_at = EXCLUDED.added_adj_at,
                credited_adj_at = EXCLUDED.credited_adj_at, order_index = EXCLUDED.order_index,
                editing = EXCLUDED.editing, modified = EXCLUDED.modified
              -- Only a row of this very quote (the save checked its ids against the locked, stored rows).
              WHERE quote_items.account_id = EXCLUDED.account_id AND quote_items.quote_id = EXCLUDED.quote_id
              RETURNING quote_item_id, order_index, (xmax = 0) AS added
            ),
            h AS (
              INSERT INTO history (account_id, table_name, category_id, action, action_time, html_summary, html_full,
                                   actor, actor_signin_id)
              VALUES (${account}, ${h.table}, (SELECT quote_id FROM q), ${h.action}, ${at}, ${h.html_summary},
                      ${h.html_full}, ${actor}, ${h.signin_id})
            ),
            a AS (
              INSERT INTO audit_log (account_id, at, actor, actor_signin_id, action, subject_table, subject_id, data)
              VALUES (${account}, ${at}, ${actor}, ${h.signin_id}, ${h.action}, ${h.table}, (SELECT quote_id FROM q),
                      ${JSON.stringify(h.data)}::jsonb || jsonb_build_object('quote_id', (SELECT quote_id FROM q)))
            )
            SELECT q.quote_id, q.quote_no, q.edit_seq,
              (SELECT json_agg(json_build_object('id', quote_item_id, 'order_index', order_index)) FROM up
               WHERE added) AS inserted
            FROM q`
          yield* QuoteEvents.changed({
            account_id: account,
            quote_id: written!.quote_id,
            what: h.action,
            by: "member",
            signin_id: h.signin_id
          })
          const byIndex = new Map((written?.inserted ?? []).map((r) => [r.order_index, r.id]))
          return {
            quote_id: written!.quote_id,
            quote_no: written!.quote_no,
            edit_seq: written!.edit_seq,
            rows: added.map((r) => ({ temp_id: r.quote_item_id as number, id: byIndex.get(r.order_index) ?? 0 }))
          }
        }).pipe(Effect.orDie),

      writeFiles: (account, files, rowIds, by, at) =>
        Effect.gen(function* () {
          // Files no longer attached to a row of this quote are let go (the file store keeps them for a while).
          yield* sql`
            UPDATE files SET parent_table = NULL, parent_id = NULL
            WHERE account_id = ${account} AND parent_table = 'quote_items' AND parent_id = ANY(${rowIds})
              AND NOT (file_id = ANY(${files.map((f) => f.file_id)}))`
          if (files.length === 0) return
          // A file attached elsewhere (the quote this one was copied from) is shared by a new file row.
          yield* sql`
            WITH v AS (
              SELECT * FROM jsonb_to_recordset(${JSON.stringify(files)}::jsonb) AS v(file_id int, parent_id int)
            ), own AS (
              UPDATE files f SET parent_table = 'quote_items', parent_id = v.parent_id
              FROM v
              WHERE f.account_id = ${account} AND f.file_id = v.file_id
                AND (f.parent_id IS NULL OR (f.parent_table = 'quote_items' AND f.parent_id = ANY(${rowIds})))
              RETURNING f.file_id
            )
            INSERT INTO files (account_id, hash, original_filename, mime, size, storage_key, parent_table,
                               parent_id, created_by, creation)
            SELECT f.account_id, f.hash, f.original_filename, f.mime, f.size, f.storage_key, 'quote_items',
                   v.parent_id, ${by}, ${new Date(at)}
            FROM v JOIN files f ON f.account_id = ${account} AND f.file_id = v.file_id
            WHERE v.file_id NOT IN (SELECT file_id FROM own)`
        }).pipe(Effect.orDie),

      writeContacts: (account, quoteId, wanted, stored) =>
        Effect.gen(function* () {
          const same = stored.length === wanted.length && stored.every((s, i) => s.contact_id === wanted[i]!.contact_id)
          if (same) return stored.map((s, i) => ({ temp_id: wanted[i]!.quote_contact_id, id: s.quote_contact_id }))
          const ids = wanted.map((c) => c.contact_id as number)
          yield* sql`
            DELETE FROM quote_contacts
            WHERE account_id = ${account} AND quote_id = ${quoteId} AND NOT (contact_id = ANY(${ids}))`
          if (wanted.length === 0) return []
          const json = JSON.stringify(wanted.map((c, i) => ({ contact_id: c.contact_id, contact_order: i })))
          const saved = yield* sql<{ readonly quote_contact_id: number; readonly contact_id: number }>`
            INSERT INTO quote_contacts (account_id, quote_id, contact_id, contact_order)
            SELECT ${account}, ${quoteId}, contact_id, contact_order
            FROM jsonb_to_recordset(${json}::jsonb) AS v(contact_id int, contact_order smallint)
            ON CONFLICT (quote_id, contact_id) DO UPDATE SET contact_order = EXCLUDED.contact_order
            RETURNING quote_contact_id, contact_id`
          const byContact = new Map(saved.map((s) => [s.contact_id, s.quote_contact_id]))
          return wanted.map((c) => ({ temp_id: c.quote_contact_id, id: byContact.get(c.contact_id) ?? 0 }))
        }).pipe(Effect.orDie),

      remember: (account, requestId, quoteId, answer) =>
        sql`
          UPDATE save_requests SET quote_id = ${quoteId}, answer = ${JSON.stringify(answer)}::jsonb
          WHERE account_id = ${account} AND request_id = ${requestId}`.pipe(Effect.asVoid, Effect.orDie)
    })
  })
)
