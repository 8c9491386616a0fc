/**
 * The reusable items repository: price and text items, where templates use them, and the linked template
 * rows that follow an item when it is saved, merged or deleted. Every query is filtered by the account.
 *
 * A template row follows its item while it is linked (`item_id` set and not "Copy and Edit as New", i.e.
 * `editing` is not `copied`); its quantity is the template's own, so only the item's other fields are copied
 * and the row's total is recomputed with `LineItem.total`.
 *
 * @since 0.1.0
 */
import type { ItemFields, ItemId, TemplateRef } from "@quotekit/core/api/ItemsApi"
import * as LineItem from "@quotekit/core/LineItem"
import * as Money from "@quotekit/core/Money"
import type * as SubscriptionTerm from "@quotekit/core/SubscriptionTerm"
import type * as TaxRate from "@quotekit/core/TaxRate"
import { Context, Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"
import { likeTerm } from "../contacts/Repo.ts"

/** A stored item with the facts the server needs beyond its fields. */
export interface StoredItem extends ItemFields {
  readonly item_id: ItemId
  readonly item_type: 1 | 2
  readonly archive_id: number
  readonly modified: number
  readonly deleted_at: number | null
  readonly shared: boolean
  readonly modified_by: number | null
  readonly modified_by_name: string
}

/** Which items a list shows. */
export interface ItemQuery {
  readonly search: string
  readonly archive_id: number
  readonly category: number | undefined
}

/** One page of them. */
export interface ItemFilter extends ItemQuery {
  readonly offset: number
  readonly limit: number
}

/** The repository service. */
export class ItemsRepo extends Context.Service<
  ItemsRepo,
  {
    readonly list: (
      account: number,
      type: 1 | 2,
      filter: ItemFilter
    ) => Effect.Effect<ReadonlyArray<StoredItem & { readonly templates_count: number }>>
    readonly count: (account: number, type: 1 | 2, filter: ItemQuery) => Effect.Effect<number>
    readonly lookup: (
      account: number,
      type: 1 | 2,
      search: string,
      limit: number
    ) => Effect.Effect<ReadonlyArray<StoredItem>>
    readonly byId: (account: number, id: number) => Effect.Effect<Option.Option<StoredItem>>
    /** The templates (not deleted) with a row linked to the item. */
    readonly templatesUsing: (account: number, id: number) => Effect.Effect<ReadonlyArray<TemplateRef>>
    readonly template: (account: number, quoteId: number) => Effect.Effect<Option.Option<TemplateRef>>
    readonly insert: (account: number, signin: number, type: 1 | 2, fields: ItemFields) => Effect.Effect<number>
    readonly update: (account: number, signin: number, id: number, fields: ItemFields) => Effect.Effect<void>
    /** Copy the item's fields into its linked template rows; returns the templates changed. */
    readonly updateTemplates: (account: number, id: number) => Effect.Effect<ReadonlyArray<TemplateRef>>
    /** Remove the item's linked rows from templates; returns the templates changed. */
    readonly removeFromTemplates: (account: number, id: number) => Effect.Effect<ReadonlyArray<TemplateRef>>
    readonly setArchive: (account: number, signin: number, id: number, archiveId: 1 | 2 | 3) => Effect.Effect<void>
    /** Point every row (quotes and templates) linked to the loser at the winner; returns how many rows moved. */
    readonly relink: (account: number, loser: number, winner: number) => Effect.Effect<number>
    readonly history: (
      account: number,
      id: number,
      limit: number
    ) => Effect.Effect<ReadonlyArray<{ action_time: number; html_summary: string; html_full: string }>>
  }
>()("quotekit/server/ItemsRepo") {}

interface Raw {
  readonly item_id: number
  readonly item_type: 1 | 2
  readonly item_code: string
  readonly item_title: string
  readonly item_body: string
  readonly item_cat_id: number
  readonly item_tax_id: number
  readonly price_unit: string
  readonly price_cost: string
  readonly quantity: string
  readonly editable_quantity: string
  readonly discount_item: string
  readonly contact_choice: number
  readonly term_every: number
  readonly term_type: number
  readonly term_duration: number
  readonly archive_id: number
  readonly modified: number
  readonly deleted_at: number | null
  readonly shared: boolean
  readonly modified_by: number | null
  readonly modified_by_name: string | null
  readonly templates_count?: number
}

const toStored = (r: Raw): StoredItem => ({
  item_id: r.item_id as ItemId,
  item_type: r.item_type,
  item_code: r.item_code,
  item_title: r.item_title,
  item_body: r.item_body,
  item_cat_id: r.item_cat_id,
  item_tax_id: r.item_tax_id as TaxRate.ItemTaxId,
  price_unit: Money.make(r.price_unit),
  price_cost: Money.make(r.price_cost),
  quantity: Money.make(r.quantity),
  editable_quantity: Money.make(r.editable_quantity),
  discount_item: Money.make(r.discount_item),
  contact_choice: r.contact_choice,
  term_every: r.term_every,
  term_type: r.term_type as SubscriptionTerm.TermType,
  term_duration: r.term_duration,
  archive_id: r.archive_id,
  modified: r.modified,
  deleted_at: r.deleted_at,
  shared: r.shared,
  modified_by: r.modified_by,
  modified_by_name: r.modified_by_name ?? ""
})

/** The searchable text of an item: code, title and the start of its body, lower-cased. */
export const searchText = (f: Pick<ItemFields, "item_code" | "item_title" | "item_body">): string =>
  [f.item_code, f.item_title, f.item_body.slice(0, 1000)]
    .map((s) => s.trim())
    .filter((s) => s !== "")
    .join(" ")
    .toLowerCase()

/** The stored columns of an item's fields (decimals as fixed-point text, 0 ids as NULL). */
const columnsOf = (f: ItemFields) => ({
  item_code: f.item_code,
  item_title: f.item_title,
  item_body: f.item_body,
  item_cat_id: f.item_cat_id === 0 ? null : f.item_cat_id,
  item_tax_id: f.item_tax_id === 0 ? null : f.item_tax_id,
  price_unit: Money.toFixed(f.price_unit, Money.UNIT_SCALE),
  price_cost: Money.toFixed(f.price_cost, Money.UNIT_SCALE),
  quantity: Money.toFixed(f.quantity, Money.UNIT_SCALE),
  editable_quantity: Money.toFixed(f.editable_quantity, Money.UNIT_SCALE),
  discount_item: Money.toFixed(f.discount_item, Money.UNIT_SCALE),
  contact_choice: f.contact_choice,
  term_every: f.term_every,
  term_type: f.term_type,
  term_duration: f.term_duration,
  search_text: searchText(f)
})

/** The repository over SQL. Searches run unprepared, so each is planned with its pattern (see the contacts repository). */
export const layer = Layer.effect(
  ItemsRepo,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const select = sql.literal(`
      SELECT i.item_id, i.item_type::int AS item_type, i.item_code, i.item_title, i.item_body,
             coalesce(i.item_cat_id, 0) AS item_cat_id, coalesce(i.item_tax_id, 0) AS item_tax_id,
             i.price_unit::text AS price_unit, i.price_cost::text AS price_cost, i.quantity::text AS quantity,
             i.editable_quantity::text AS editable_quantity, i.discount_item::text AS discount_item,
             i.contact_choice::int AS contact_choice, i.term_every::int AS term_every, i.term_type::int AS term_type,
             i.term_duration, i.archive_id::int AS archive_id,
             floor(extract(epoch FROM i.modified))::float8 AS modified,
             floor(extract(epoch FROM i.deleted_at))::float8 AS deleted_at,
             (i.shared_account_id IS NOT NULL) AS shared, i.modified_by, s.name_display AS modified_by_name
      FROM items i LEFT JOIN signins s ON s.signin_id = i.modified_by`)
    const linked = sql.literal(`qi.item_id IS NOT NULL AND qi.editing <> 'copied'`)

    const where = (account: number, type: 1 | 2, f: ItemQuery) =>
      sql.and([
        sql`i.account_id = ${account}`,
        sql`i.item_type = ${type}`,
        sql`i.archive_id = ${f.archive_id}`,
        ...(f.category === undefined ? [] : [sql`coalesce(i.item_cat_id, 0) = ${f.category}`]),
        ...(f.search.trim() === "" ? [] : [sql`i.search_text LIKE ${likeTerm(f.search.trim())}`])
      ])

    const templatesUsing = (account: number, id: number) =>
      sql<TemplateRef>`
        SELECT DISTINCT q.quote_id, q.title FROM quote_items qi
        JOIN quotes q ON q.account_id = qi.account_id AND q.quote_id = qi.quote_id
        WHERE qi.account_id = ${account} AND qi.item_id = ${id} AND ${linked}
          AND q.is_template AND q.archive_id <> 3
        ORDER BY q.title, q.quote_id`

    return ItemsRepo.of({
      list: (account, type, f) =>
        sql<Raw>`
          SELECT x.*, (SELECT count(DISTINCT q.quote_id)::int FROM quote_items qi
                       JOIN quotes q ON q.account_id = qi.account_id AND q.quote_id = qi.quote_id
                       WHERE qi.account_id = ${account} AND qi.item_id = x.item_id AND ${linked}
                         AND q.is_template AND q.archive_id <> 3) AS templates_count
          FROM (${select} WHERE ${where(account, type, f)}
                ORDER BY lower(i.item_title), i.item_id LIMIT ${f.limit} OFFSET ${f.offset}) x
          ORDER BY lower(x.item_title), x.item_id`.unprepared.pipe(
          Effect.map((rows) => rows.map((r) => ({ ...toStored(r), templates_count: r.templates_count ?? 0 }))),
          Effect.orDie
        ),
      count: (account, type, f) =>
        sql<{ n: number }>`SELECT count(*)::int AS n FROM items i WHERE ${where(account, type, f)}`.unprepared.pipe(
          Effect.map((rows) => rows[0]?.n ?? 0),
          Effect.orDie
        ),
      lookup: (account, type, search, limit) => {
        const term = search.trim().slice(0, 200)
        return sql<Raw>`${select}
          WHERE i.account_id = ${account} AND i.item_type = ${type} AND i.archive_id = 1
            ${term === "" ? sql`` : sql`AND i.search_text LIKE ${likeTerm(term)}`}
          ORDER BY ${term === "" ? sql`i.modified DESC` : sql`(lower(i.item_title) LIKE ${likeTerm(term).slice(1)}) DESC, lower(i.item_title)`}, i.item_id
          LIMIT ${limit}`.pipe(
          Effect.map((rows) => rows.map(toStored)),
          Effect.orDie
        )
      },
      byId: (account, id) =>
        sql<Raw>`${select} WHERE i.account_id = ${account} AND i.item_id = ${id}`.pipe(
          Effect.map((rows) => Option.map(Option.fromNullishOr(rows[0]), toStored)),
          Effect.orDie
        ),
      templatesUsing: (account, id) => templatesUsing(account, id).pipe(Effect.orDie),
      template: (account, quoteId) =>
        sql<TemplateRef>`SELECT quote_id, title FROM quotes
                         WHERE account_id = ${account} AND quote_id = ${quoteId} AND is_template`.pipe(
          Effect.map((rows) => Option.fromNullishOr(rows[0])),
          Effect.orDie
        ),
      insert: (account, signin, type, fields) =>
        sql<{ item_id: number }>`INSERT INTO items ${sql.insert({
          account_id: account,
          item_type: type,
          ...columnsOf(fields),
          modified_by: signin
        })} RETURNING item_id`.pipe(
          Effect.map((rows) => rows[0]!.item_id),
          Effect.orDie
        ),
      update: (account, signin, id, fields) =>
        sql`UPDATE items SET ${sql.update({ ...columnsOf(fields), modified_by: signin })}, modified = now()
            WHERE account_id = ${account} AND item_id = ${id}`.pipe(Effect.asVoid, Effect.orDie),
      updateTemplates: (account, id) =>
        Effect.gen(function* () {
          const [item] = yield* sql<Raw>`${select} WHERE i.account_id = ${account} AND i.item_id = ${id}`
          if (item === undefined) return []
          const fields = toStored(item)
          const rows = yield* sql<{ quote_item_id: number; quantity: string }>`
            SELECT qi.quote_item_id, qi.quantity::text AS quantity FROM quote_items qi
            JOIN quotes q ON q.account_id = qi.account_id AND q.quote_id = qi.quote_id
            WHERE qi.account_id = ${account} AND qi.item_id = ${id} AND ${linked}
              AND q.is_template AND q.archive_id <> 3`
          const cols = columnsOf(fields)
          for (const row of rows) {
            const total = LineItem.total({ ...fields, quantity: Money.make(row.quantity) })
            yield* sql`UPDATE quote_items SET ${sql.update({
              item_code: cols.item_code,
              item_title: cols.item_title,
              item_body: cols.item_body,
              item_cat_id: cols.item_cat_id,
              item_tax_id: cols.item_tax_id,
              price_unit: cols.price_unit,
              price_cost: cols.price_cost,
              editable_quantity: cols.editable_quantity,
              discount_item: cols.discount_item,
              contact_choice: cols.contact_choice,
              term_every: cols.term_every,
              term_type: cols.term_type,
              term_duration: cols.term_duration,
              price_total: Money.toFixed(total, Money.AMOUNT_SCALE)
            })}, modified = now()
            WHERE account_id = ${account} AND quote_item_id = ${row.quote_item_id}`
          }
          const templates = yield* templatesUsing(account, id)
          if (templates.length > 0) {
            yield* sql`UPDATE quotes SET modified = now()
                       WHERE account_id = ${account} AND quote_id = ANY(${templates.map((t) => t.quote_id)}::int[])`
          }
          return templates
        }).pipe(Effect.orDie),
      removeFromTemplates: (account, id) =>
        Effect.gen(function* () {
          const templates = yield* templatesUsing(account, id)
          yield* sql`
            DELETE FROM quote_items qi USING quotes q
            WHERE qi.account_id = ${account} AND qi.item_id = ${id} AND ${linked}
              AND q.account_id = qi.account_id AND q.quote_id = qi.quote_id AND q.is_template`
          if (templates.length > 0) {
            yield* sql`UPDATE quotes SET modified = now()
                       WHERE account_id = ${account} AND quote_id = ANY(${templates.map((t) => t.quote_id)}::int[])`
          }
          return templates
        }).pipe(Effect.orDie),
      setArchive: (account, signin, id, archiveId) =>
        sql`UPDATE items SET archive_id = ${archiveId},
              deleted_at = ${archiveId === 3 ? sql`now()` : sql`NULL`}, modified = now(), modified_by = ${signin}
            WHERE account_id = ${account} AND item_id = ${id}`.pipe(Effect.asVoid, Effect.orDie),
      relink: (account, loser, winner) =>
        sql<{ quote_item_id: number }>`UPDATE quote_items SET item_id = ${winner}
            WHERE account_id = ${account} AND item_id = ${loser} RETURNING quote_item_id`.pipe(
          Effect.map((rows) => rows.length),
          Effect.orDie
        ),
      history: (account, id, limit) =>
        sql<{ action_time: number; html_summary: string; html_full: string }>`
          SELECT floor(extract(epoch FROM action_time))::float8 AS action_time, html_summary, html_full FROM history
          WHERE account_id = ${account} AND table_name = 'content item' AND category_id = ${id}
          ORDER BY action_time DESC, history_id DESC LIMIT ${limit}`.pipe(Effect.orDie)
    })
  })
)
