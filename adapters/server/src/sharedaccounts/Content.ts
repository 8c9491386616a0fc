/**
 * The shared content of a child account: read-only copies of its parent's current templates and reusable items,
 * kept in the child's own rows so every list, look-up and quote made from a template works unchanged and stays
 * scoped to the child. A template copy has `shared_quote_id` (the parent's template) and its rows
 * `shared_account_id`; an item copy has `shared_account_id` and `shared_item_id`. The existing rules then apply:
 * shared templates and items cannot be archived, merged, deleted or changed (`ContentArchive`, `QuoteSave`).
 *
 * `refresh` brings a child's copies up to date when the parent changed anything since the last time (one cheap
 * query otherwise); `release` ends the sharing: copies the child uses (in its quotes, its own templates or as its
 * default template) become the child's own, the rest are removed. The parent's own copies from a grandparent are
 * never passed on.
 *
 * @since 0.5.0
 */
import type { AccountId } from "@quotekit/core/Account"
import { Effect } from "effect"
import { SqlClient, type Statement } from "effect/sql"

type Sql = SqlClient.SqlClient

/** The parent's content columns an item copy takes (categories are per account and left out; taxes are matched by rate). */
const itemFields = [
  "item_type",
  "item_code",
  "item_title",
  "item_body",
  "price_unit",
  "price_cost",
  "quantity",
  "editable_quantity",
  "discount_item",
  "contact_choice",
  "term_every",
  "term_type",
  "term_duration",
  "search_text"
] as const

const templateFields = [
  "title",
  "deposit_percent",
  "discount_overall",
  "currency_id",
  "amounts_entered",
  "private_pricing",
  "price_current",
  "price_potential",
  "meta",
  "search_text"
] as const

const rowFields = [
  "item_type",
  "item_code",
  "item_title",
  "item_body",
  "price_unit",
  "price_cost",
  "price_total",
  "quantity",
  "editable_quantity",
  "discount_item",
  "contact_choice",
  "term_every",
  "term_type",
  "term_duration",
  "order_index",
  "editing"
] as const

/** Bring the child's copies of the parent's items and templates in line with the parent, in the caller's transaction. */
const mirror = (sql: Sql, child: number, parent: number) =>
  Effect.gen(function* () {
    // Taxes are per account: a copy takes the child's live tax of the same rate (the oldest), or none.
    const tax = sql.literal(`(SELECT ct.item_tax_id FROM item_taxes ct JOIN item_taxes pt ON pt.tax_rate = ct.tax_rate
        WHERE pt.account_id = ${Number(parent)} AND pt.item_tax_id = p.item_tax_id
          AND ct.account_id = ${Number(child)} AND ct.archive_id = 1
        ORDER BY ct.item_tax_id LIMIT 1)`)
    const set = (fields: ReadonlyArray<string>) => sql.literal(fields.map((f) => `${f} = p.${f}`).join(", "))
    const cols = (fields: ReadonlyArray<string>, alias: string) =>
      sql.literal(fields.map((f) => `${alias}.${f}`).join(", "))
    const names = (fields: ReadonlyArray<string>) => sql.literal(fields.join(", "))

    // Items: changed ones updated, new ones copied.
    yield* sql`
      UPDATE items c SET ${set(itemFields)}, item_tax_id = ${tax}, modified = p.modified
      FROM items p
      WHERE c.account_id = ${child} AND c.shared_account_id = ${parent} AND c.shared_item_id = p.item_id
        AND p.account_id = ${parent} AND p.archive_id = 1 AND p.shared_account_id IS NULL
        AND p.modified <> c.modified`
    yield* sql`
      INSERT INTO items (account_id, ${names(itemFields)}, item_tax_id, shared_account_id, shared_item_id, modified)
      SELECT ${child}, ${cols(itemFields, "p")}, ${tax}, ${parent}, p.item_id, p.modified
      FROM items p
      WHERE p.account_id = ${parent} AND p.archive_id = 1 AND p.shared_account_id IS NULL
        AND NOT EXISTS (SELECT 1 FROM items c WHERE c.account_id = ${child} AND c.shared_item_id = p.item_id)`

    // Templates: changed ones updated, new ones copied; the rows of both copied afresh.
    const changed = yield* sql<{ quote_id: number }>`
      UPDATE quotes c SET ${set(templateFields)}, modified = p.modified
      FROM quotes p
      WHERE c.account_id = ${child} AND c.is_template AND c.shared_quote_id = p.quote_id
        AND p.account_id = ${parent} AND p.is_template AND p.archive_id = 1 AND p.shared_quote_id IS NULL
        AND p.modified <> c.modified
      RETURNING c.quote_id`
    const added = yield* sql<{ quote_id: number }>`
      INSERT INTO quotes (account_id, is_template, status, from_signin_id, ${names(templateFields)},
                          shared_quote_id, modified)
      SELECT ${child}, true, 'draft', p.from_signin_id, ${cols(templateFields, "p")}, p.quote_id, p.modified
      FROM quotes p
      WHERE p.account_id = ${parent} AND p.is_template AND p.archive_id = 1 AND p.shared_quote_id IS NULL
        AND NOT EXISTS (SELECT 1 FROM quotes c
                        WHERE c.account_id = ${child} AND c.is_template AND c.shared_quote_id = p.quote_id)
      RETURNING quote_id`
    const copies = [...changed, ...added].map((r) => r.quote_id)
    if (copies.length > 0) {
      yield* sql`DELETE FROM quote_items WHERE account_id = ${child} AND quote_id = ANY(${copies}::int[])`
      yield* sql`
        INSERT INTO quote_items (account_id, quote_id, ${names(rowFields)}, item_tax_id, item_id, shared_account_id)
        SELECT ${child}, c.quote_id, ${cols(rowFields, "p")}, ${tax},
               (SELECT ci.item_id FROM items ci WHERE ci.account_id = ${child} AND ci.shared_item_id = p.item_id
                  AND ci.shared_account_id = ${parent}),
               ${parent}
        FROM quote_items p
        JOIN quotes c ON c.account_id = ${child} AND c.is_template AND c.shared_quote_id = p.quote_id
        WHERE p.account_id = ${parent} AND c.quote_id = ANY(${copies}::int[])`
    }

    // Copies whose original is no longer current in the parent (archived, deleted, or itself a copy).
    yield* letGo(
      sql,
      child,
      parent,
      sql`NOT EXISTS (SELECT 1 FROM items p WHERE p.account_id = ${parent} AND p.item_id = c.shared_item_id
                        AND p.archive_id = 1 AND p.shared_account_id IS NULL)`,
      sql`NOT EXISTS (SELECT 1 FROM quotes p WHERE p.account_id = ${parent} AND p.quote_id = c.shared_quote_id
                        AND p.is_template AND p.archive_id = 1 AND p.shared_quote_id IS NULL)`
    )
  })

/**
 * Let go of the child's copies the conditions pick: those in use become the child's own, the others go. A
 * template is in use when a quote was made from it or it is the default; an item when a row of the child's own
 * quotes or templates links it.
 */
const letGo = (
  sql: Sql,
  child: number,
  parent: number,
  itemGone: Statement.Fragment,
  templateGone: Statement.Fragment
) =>
  Effect.gen(function* () {
    const templates = yield* sql<{ quote_id: number; used: boolean }>`
      SELECT c.quote_id,
             (EXISTS (SELECT 1 FROM quotes q WHERE q.account_id = c.account_id AND q.from_template_id = c.quote_id)
              OR EXISTS (SELECT 1 FROM accounts a WHERE a.account_id = c.account_id
                           AND a.default_template_id = c.quote_id)) AS used
      FROM quotes c
      WHERE c.account_id = ${child} AND c.is_template AND c.shared_quote_id IS NOT NULL
        AND EXISTS (SELECT 1 FROM quotes p WHERE p.quote_id = c.shared_quote_id AND p.account_id = ${parent})
        AND ${templateGone}`
    const kept = templates.filter((t) => t.used).map((t) => t.quote_id)
    const dropped = templates.filter((t) => !t.used).map((t) => t.quote_id)
    if (kept.length > 0) {
      yield* sql`UPDATE quotes SET shared_quote_id = NULL WHERE account_id = ${child} AND quote_id = ANY(${kept}::int[])`
      yield* sql`UPDATE quote_items SET shared_account_id = NULL
                 WHERE account_id = ${child} AND quote_id = ANY(${kept}::int[])`
    }
    if (dropped.length > 0) {
      yield* sql`DELETE FROM quotes WHERE account_id = ${child} AND is_template AND quote_id = ANY(${dropped}::int[])`
    }
    // Items, after the templates: a dropped template's rows no longer count as a use.
    yield* sql`
      UPDATE items c SET shared_account_id = NULL, shared_item_id = NULL
      WHERE c.account_id = ${child} AND c.shared_account_id = ${parent} AND ${itemGone}
        AND EXISTS (SELECT 1 FROM quote_items r JOIN quotes q ON q.account_id = r.account_id AND q.quote_id = r.quote_id
                    WHERE r.account_id = c.account_id AND r.item_id = c.item_id
                      AND NOT (q.is_template AND q.shared_quote_id IS NOT NULL))`
    yield* sql`
      DELETE FROM items c
      WHERE c.account_id = ${child} AND c.shared_account_id = ${parent} AND ${itemGone}`
  })

/** The parent's latest change to its templates or items, in milliseconds (0 when it has none). */
const latestChange = (sql: Sql, parent: number) =>
  sql<{ at: number | null }>`
    SELECT floor(extract(epoch FROM greatest(
      (SELECT max(modified) FROM quotes WHERE account_id = ${parent} AND is_template),
      (SELECT max(modified) FROM items WHERE account_id = ${parent}),
      (SELECT max(l.started_at) FROM account_links l WHERE l.parent_account_id = ${parent}
         AND l.relationship_status = 'active')
    )) * 1000)::float8 AS at`.pipe(Effect.map((rows) => rows[0]?.at ?? 0))

/**
 * Bring a child's shared copies up to date with its active parent when the parent changed something since the
 * last refresh; nothing when the account has no parent. Answers whether anything was copied again.
 */
export const refresh = (child: AccountId): Effect.Effect<boolean, never, SqlClient.SqlClient> =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const [link] = yield* sql<{ link_id: number; parent_account_id: number; synced: number | null }>`
      SELECT link_id, parent_account_id, floor(extract(epoch FROM synced_at) * 1000)::float8 AS synced
      FROM account_links WHERE child_account_id = ${child} AND relationship_status = 'active'`
    if (link === undefined) return false
    const latest = yield* latestChange(sql, link.parent_account_id)
    if (link.synced !== null && latest <= link.synced) return false
    return yield* sql.withTransaction(
      Effect.gen(function* () {
        const [locked] = yield* sql<{ synced: number | null }>`
          SELECT floor(extract(epoch FROM synced_at) * 1000)::float8 AS synced FROM account_links
          WHERE link_id = ${link.link_id} AND relationship_status = 'active' FOR UPDATE`
        if (locked === undefined) return false
        const now = yield* latestChange(sql, link.parent_account_id)
        if (locked.synced !== null && now <= locked.synced) return false
        yield* mirror(sql, child, link.parent_account_id)
        yield* sql`UPDATE account_links SET synced_at = ${new Date(now)} WHERE link_id = ${link.link_id}`
        return true
      })
    )
  }).pipe(Effect.orDie)

/** Copy the parent's content into the child now, in the caller's transaction (a link just made). */
export const copyAll = (child: number, parent: number) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) => mirror(sql, child, parent))

/** End the sharing in the caller's transaction: copies in use become the child's own, the rest are removed. */
export const release = (child: number, parent: number) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    yield* letGo(sql, child, parent, sql`true`, sql`true`)
    // Rows of the child's own quotes that came from the parent's content are the child's to change from now on.
    yield* sql`UPDATE quote_items SET shared_account_id = NULL
               WHERE account_id = ${child} AND shared_account_id = ${parent}`
  })
