/**
 * The import repository: inserting the rows of a CSV import in batches (a thousand rows a statement), inside
 * the caller's transaction. People's companies are found by name or created once; item categories likewise.
 * Every row is written for the importing account only.
 *
 * @since 0.1.0
 */
import * as Money from "@quotekit/core/Money"
import { Array as Arr, Context, Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { searchText as contactSearch } from "../contacts/Repo.ts"
import { searchText as itemSearch } from "../items/Repo.ts"
import type { ContactRecord, ItemRecord } from "./CsvImport.ts"

/** Rows per INSERT statement. */
export const BATCH = 1000

/** An item ready to insert: its category by name (found or created) and its tax already resolved. */
export interface ItemInsert extends Omit<ItemRecord, "tax"> {
  readonly item_tax_id: number | null
}

/** Names by their lower-cased form, each spelled as it first appears in the file. */
const firstSpelling = (names: ReadonlyArray<string>): Map<string, string> => {
  const out = new Map<string, string>()
  for (const name of names) if (!out.has(name.toLowerCase())) out.set(name.toLowerCase(), name)
  return out
}

/** The repository service. */
export class ImportRepo extends Context.Service<
  ImportRepo,
  {
    readonly contacts: (account: number, signin: number, records: ReadonlyArray<ContactRecord>) => Effect.Effect<number>
    readonly items: (
      account: number,
      signin: number,
      type: 1 | 2,
      records: ReadonlyArray<ItemInsert>
    ) => Effect.Effect<number>
  }
>()("quotekit/server/ImportRepo") {}

const chunks = <A>(all: ReadonlyArray<A>): ReadonlyArray<ReadonlyArray<A>> => {
  const out: Array<ReadonlyArray<A>> = []
  for (let i = 0; i < all.length; i += BATCH) out.push(all.slice(i, i + BATCH))
  return out
}

/** The repository over SQL. */
export const layer = Layer.effect(
  ImportRepo,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient

    /** Insert rows (in batches) and return the generated ids in row order. */
    const insertAll = (table: string, idColumn: string, rows: ReadonlyArray<Record<string, unknown>>) =>
      Effect.gen(function* () {
        const ids: Array<number> = []
        for (const chunk of chunks(rows)) {
          if (!Arr.isReadonlyArrayNonEmpty(chunk)) continue
          // PostgreSQL returns the rows of a multi-row VALUES insert in the order they were given.
          const made = yield* sql<Record<string, number>>`INSERT INTO ${sql(table)} ${sql.insert(chunk)}
            RETURNING ${sql(idColumn)}`
          for (const r of made) ids.push(r[idColumn]!)
        }
        return ids
      })

    const insertDetails = (account: number, ids: ReadonlyArray<number>, records: ReadonlyArray<ContactRecord>) =>
      Effect.gen(function* () {
        const methods: Array<Record<string, unknown>> = []
        const addresses: Array<Record<string, unknown>> = []
        records.forEach((r, i) => {
          r.methods.forEach((mth, j) => {
            methods.push({
              account_id: account,
              contact_id: ids[i],
              phone_other: mth.phoneOther.slice(0, 500),
              phone_other_type: mth.phoneOther_type,
              order_index: j
            })
          })
          if (r.address !== null) {
            addresses.push({
              account_id: account,
              contact_id: ids[i],
              ...r.address,
              address_type: "primary",
              order_index: 0
            })
          }
        })
        yield* insertAll("contact_methods", "contact_method_id", methods)
        yield* insertAll("contact_addresses", "contact_address_id", addresses)
      })

    return ImportRepo.of({
      contacts: (account, signin, records) =>
        Effect.gen(function* () {
          const companyIds = new Map<string, number>()
          const names = [
            ...new Set(
              records
                .flatMap((r) => (r.type === "company" ? [r.name_first] : r.company === "" ? [] : [r.company]))
                .map((n) => n.toLowerCase())
            )
          ]
          if (names.length > 0) {
            const existing = yield* sql<{ contact_id: number; name: string }>`
              SELECT DISTINCT ON (lower(name_first)) contact_id, lower(name_first) AS name FROM contacts
              WHERE account_id = ${account} AND contact_type = 'company' AND archive_id = 1 AND merged_into IS NULL
                AND lower(name_first) = ANY(${names}::text[])
              ORDER BY lower(name_first), contact_id`
            for (const e of existing) companyIds.set(e.name, e.contact_id)
          }
          const companies = records.filter((r) => r.type === "company")
          const companyRows = companies.map((r) => ({
            account_id: account,
            contact_type: "company",
            name_first: r.name_first,
            name_last: "",
            email: r.email,
            search_text: contactSearch(r, "", r.methods),
            modified_by: signin
          }))
          const madeCompanies = yield* insertAll("contacts", "contact_id", companyRows)
          companies.forEach((r, i) => {
            if (!companyIds.has(r.name_first.toLowerCase()))
              companyIds.set(r.name_first.toLowerCase(), madeCompanies[i]!)
          })
          yield* insertDetails(account, madeCompanies, companies)
          const missing = [
            ...firstSpelling(
              records
                .filter((r) => r.type === "person" && r.company !== "" && !companyIds.has(r.company.toLowerCase()))
                .map((r) => r.company)
            ).values()
          ]
          const madeMissing = yield* insertAll(
            "contacts",
            "contact_id",
            missing.map((name) => ({
              account_id: account,
              contact_type: "company",
              name_first: name,
              search_text: name.toLowerCase(),
              modified_by: signin
            }))
          )
          missing.forEach((name, i) => {
            companyIds.set(name.toLowerCase(), madeMissing[i]!)
          })
          const people = records.filter((r) => r.type === "person")
          const madePeople = yield* insertAll(
            "contacts",
            "contact_id",
            people.map((r) => ({
              account_id: account,
              contact_type: "person",
              name_first: r.name_first,
              name_last: r.name_last,
              email: r.email,
              company_id: r.company === "" ? null : (companyIds.get(r.company.toLowerCase()) ?? null),
              search_text: contactSearch(r, r.company, r.methods),
              modified_by: signin
            }))
          )
          yield* insertDetails(account, madePeople, people)
          return companies.length + people.length
        }).pipe(Effect.orDie),
      items: (account, signin, type, records) =>
        Effect.gen(function* () {
          const categoryIds = new Map<string, number>()
          const names = [...new Set(records.filter((r) => r.category !== "").map((r) => r.category.toLowerCase()))]
          if (names.length > 0) {
            const existing = yield* sql<{ item_cat_id: number; name: string }>`
              SELECT DISTINCT ON (lower(name)) item_cat_id, lower(name) AS name FROM item_categories
              WHERE account_id = ${account} AND archive_id <> 3 AND lower(name) = ANY(${names}::text[])
              ORDER BY lower(name), archive_id, item_cat_id`
            for (const e of existing) categoryIds.set(e.name, e.item_cat_id)
            const missing = [
              ...firstSpelling(
                records
                  .filter((r) => r.category !== "" && !categoryIds.has(r.category.toLowerCase()))
                  .map((r) => r.category.slice(0, 120))
              ).entries()
            ]
            const made = yield* insertAll(
              "item_categories",
              "item_cat_id",
              missing.map(([, name]) => ({ account_id: account, name }))
            )
            missing.forEach(([key], i) => {
              categoryIds.set(key, made[i]!)
            })
          }
          const made = yield* insertAll(
            "items",
            "item_id",
            records.map((r) => ({
              account_id: account,
              item_type: type,
              item_code: r.item_code,
              item_title: r.item_title,
              item_body: r.item_body,
              item_cat_id: r.category === "" ? null : (categoryIds.get(r.category.toLowerCase()) ?? null),
              item_tax_id: r.item_tax_id,
              price_unit: Money.toFixed(r.price_unit, Money.UNIT_SCALE),
              price_cost: Money.toFixed(r.price_cost, Money.UNIT_SCALE),
              quantity: Money.toFixed(r.quantity, Money.UNIT_SCALE),
              search_text: itemSearch(r),
              modified_by: signin
            }))
          )
          return made.length
        }).pipe(Effect.orDie)
    })
  })
)
