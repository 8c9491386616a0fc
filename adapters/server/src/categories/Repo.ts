/**
 * The catalogue repository: item categories (with the tax their items default to) and the account's tax
 * rates. Every query is filtered by the account.
 *
 * @since 0.1.0
 */
import type { ItemCategory } from "@quotekit/core/api/AccountApi"
import * as Money from "@quotekit/core/Money"
import type * as TaxRateModule from "@quotekit/core/TaxRate"
import { TaxRate } from "@quotekit/core/TaxRate"
import { Context, Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"

/** Which archive states a list shows. */
export type ArchiveFilter = "current" | "archived" | "all"

/** A category as the form sends it. */
export interface CategoryFields {
  readonly name: string
  readonly description: string
  readonly tax_id_default: number
}

/** A tax as the form sends it. */
export interface TaxFields {
  readonly tax_rate: Money.Decimal
  readonly description: string
}

/** The repository service. */
export class CatalogueRepo extends Context.Service<
  CatalogueRepo,
  {
    readonly categories: (account: number, filter: ArchiveFilter) => Effect.Effect<ReadonlyArray<ItemCategory>>
    readonly category: (account: number, id: number) => Effect.Effect<Option.Option<ItemCategory>>
    readonly saveCategory: (account: number, id: number | null, fields: CategoryFields) => Effect.Effect<ItemCategory>
    readonly archiveCategory: (account: number, id: number, archiveId: 1 | 2) => Effect.Effect<ItemCategory>
    readonly taxes: (account: number, filter: ArchiveFilter) => Effect.Effect<ReadonlyArray<TaxRate>>
    readonly tax: (account: number, id: number) => Effect.Effect<Option.Option<TaxRate>>
    /** Whether a tax is on any quote that is no longer a draft (its rate then must not change). */
    readonly taxUsedOnSentQuotes: (account: number, id: number) => Effect.Effect<boolean>
    readonly saveTax: (account: number, id: number | null, fields: TaxFields) => Effect.Effect<TaxRate>
    readonly archiveTax: (account: number, id: number, archiveId: 1 | 2) => Effect.Effect<TaxRate>
  }
>()("quotekit/server/CatalogueRepo") {}

interface RawTax {
  readonly item_tax_id: number
  readonly tax_rate: string
  readonly description: string
  readonly archive_id: number
}

const toTax = (r: RawTax): TaxRate =>
  new TaxRate({
    item_tax_id: r.item_tax_id as TaxRateModule.ItemTaxId,
    tax_rate: Money.make(r.tax_rate),
    description: r.description,
    archive_id: r.archive_id
  })

const archiveIds = (filter: ArchiveFilter): ReadonlyArray<number> =>
  filter === "current" ? [1] : filter === "archived" ? [2] : [1, 2]

/** The repository over SQL. */
export const layer = Layer.effect(
  CatalogueRepo,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const categoryCols = sql.literal(
      "item_cat_id, name, description, archive_id::int AS archive_id, coalesce(tax_id_default, 0) AS tax_id_default"
    )
    const taxCols = sql.literal("item_tax_id, tax_rate::text AS tax_rate, description, archive_id::int AS archive_id")
    const oneCategory = (account: number, id: number) =>
      sql<ItemCategory>`SELECT ${categoryCols} FROM item_categories WHERE account_id = ${account} AND item_cat_id = ${id}`
    const oneTax = (account: number, id: number) =>
      sql<RawTax>`SELECT ${taxCols} FROM item_taxes WHERE account_id = ${account} AND item_tax_id = ${id}`
    return CatalogueRepo.of({
      categories: (account, filter) =>
        sql<ItemCategory>`SELECT ${categoryCols} FROM item_categories
          WHERE account_id = ${account} AND archive_id = ANY(${archiveIds(filter) as Array<number>}::int[])
          ORDER BY lower(name), item_cat_id`.pipe(Effect.orDie),
      category: (account, id) =>
        oneCategory(account, id).pipe(
          Effect.map((rows) => Option.fromNullishOr(rows[0])),
          Effect.orDie
        ),
      saveCategory: (account, id, f) => {
        const values = {
          name: f.name.trim(),
          description: f.description.trim(),
          tax_id_default: f.tax_id_default === 0 ? null : f.tax_id_default
        }
        return (
          id === null
            ? sql<ItemCategory>`INSERT INTO item_categories ${sql.insert({ account_id: account, ...values })}
                RETURNING ${categoryCols}`
            : sql<ItemCategory>`UPDATE item_categories SET ${sql.update(values)}, modified = now()
                WHERE account_id = ${account} AND item_cat_id = ${id} RETURNING ${categoryCols}`
        ).pipe(
          Effect.map((rows) => rows[0]!),
          Effect.orDie
        )
      },
      archiveCategory: (account, id, archiveId) =>
        sql<ItemCategory>`UPDATE item_categories SET archive_id = ${archiveId}, modified = now()
          WHERE account_id = ${account} AND item_cat_id = ${id} RETURNING ${categoryCols}`.pipe(
          Effect.map((rows) => rows[0]!),
          Effect.orDie
        ),
      taxes: (account, filter) =>
        sql<RawTax>`SELECT ${taxCols} FROM item_taxes
          WHERE account_id = ${account} AND archive_id = ANY(${archiveIds(filter) as Array<number>}::int[])
          ORDER BY tax_rate, item_tax_id`.pipe(
          Effect.map((rows) => rows.map(toTax)),
          Effect.orDie
        ),
      tax: (account, id) =>
        oneTax(account, id).pipe(
          Effect.map((rows) => Option.map(Option.fromNullishOr(rows[0]), toTax)),
          Effect.orDie
        ),
      taxUsedOnSentQuotes: (account, id) =>
        sql<{ used: boolean }>`SELECT EXISTS (
            SELECT 1 FROM quote_items qi JOIN quotes q ON q.account_id = qi.account_id AND q.quote_id = qi.quote_id
            WHERE qi.account_id = ${account} AND qi.item_tax_id = ${id} AND NOT q.is_template AND q.status <> 'draft'
          ) AS used`.pipe(
          Effect.map((rows) => rows[0]?.used === true),
          Effect.orDie
        ),
      saveTax: (account, id, f) => {
        const values = { tax_rate: Money.toFixed(f.tax_rate, Money.UNIT_SCALE), description: f.description.trim() }
        return (
          id === null
            ? sql<RawTax>`INSERT INTO item_taxes ${sql.insert({ account_id: account, ...values })} RETURNING ${taxCols}`
            : sql<RawTax>`UPDATE item_taxes SET ${sql.update(values)}, modified = now()
                WHERE account_id = ${account} AND item_tax_id = ${id} RETURNING ${taxCols}`
        ).pipe(
          Effect.map((rows) => toTax(rows[0]!)),
          Effect.orDie
        )
      },
      archiveTax: (account, id, archiveId) =>
        sql<RawTax>`UPDATE item_taxes SET archive_id = ${archiveId}, modified = now()
          WHERE account_id = ${account} AND item_tax_id = ${id} RETURNING ${taxCols}`.pipe(
          Effect.map((rows) => toTax(rows[0]!)),
          Effect.orDie
        )
    })
  })
)
