/**
 * The lookup contact cache (spec: name, type, email, link ids, add-on id): every CRM record an account's searches
 * found, one row per add-on and record, refreshed each time a search finds it again, and which records a search
 * text found and when (`lookup_searches`), so the same search within `FRESH_MS` is answered without calling the
 * CRM, and an older one still answers when the CRM does not. Each row also says which local contact is linked
 * to its record (by the add-on and the record's address), so a result already in the account is not offered as
 * new.
 *
 * @since 0.5.0
 */
import type { CrmContact } from "@quotekit/addons/Crm"
import type * as AddOn from "@quotekit/core/AddOn"
import { Array as Arr, Context, Duration, Effect, Layer, Option, Schedule } from "effect"
import { SqlClient } from "effect/sql"

/** A search younger than this is answered from the cache (5 minutes). */
export const FRESH_MS = 5 * 60_000
/** Searches older than this are forgotten (a day); the records stay while a search finds them. */
export const FORGET_MS = 24 * 60 * 60_000

/** A cached CRM record, with the local contact linked to it, if any. */
export interface Cached {
  readonly cache_id: number
  readonly addon_id: AddOn.CrmId
  readonly remote_id: string
  readonly type: "person" | "company"
  readonly name_first: string
  readonly name_last: string
  readonly company: string
  readonly remote_company_id: string
  readonly email: string
  readonly phone: string
  readonly url: string
  readonly contact_id: number | null
}

/** A remembered search: its records, and its age. */
export interface Remembered {
  readonly rows: ReadonlyArray<Cached>
  readonly age_ms: number
}

/** The words a search is remembered by: trimmed, lower-case, single spaces. */
export const searchKey = (text: string): string => text.trim().toLowerCase().replace(/\s+/g, " ")

/** The cache service. */
export class LookupCache extends Context.Service<
  LookupCache,
  {
    /** What the search `text` found last time, and how long ago; none when it was never made (or forgotten). */
    readonly remembered: (
      account: number,
      addonId: AddOn.CrmId,
      companies: boolean,
      text: string
    ) => Effect.Effect<Option.Option<Remembered>>
    /** Keep what the CRM found for `text` (records refreshed, the search remembered now); answers the rows. */
    readonly store: (
      account: number,
      addonId: AddOn.CrmId,
      companies: boolean,
      text: string,
      found: ReadonlyArray<CrmContact>
    ) => Effect.Effect<ReadonlyArray<Cached>>
    readonly byId: (account: number, cacheId: number) => Effect.Effect<Option.Option<Cached>>
    /** Forget searches older than `FORGET_MS`, and records no remembered search names any more. */
    readonly prune: Effect.Effect<number>
  }
>()("quotekit/server/crm/LookupCache") {}

interface Row extends Omit<Cached, "addon_id"> {
  readonly addon_id: number
}

const SELECT = `
  SELECT l.cache_id, l.addon_id::int AS addon_id, l.remote_id, l.type, l.name_first, l.name_last, l.company,
         l.remote_company_id, l.email, l.phone, l.url,
         (SELECT c.contact_id FROM contacts c
           WHERE c.account_id = l.account_id AND c.lookup_addon_id = l.addon_id AND c.lookup_url = l.url
             AND l.url <> '' AND c.archive_id <> 3 AND c.merged_into IS NULL
           ORDER BY c.contact_id LIMIT 1) AS contact_id
  FROM lookup_contact_cache l`

const cached = (r: Row): Cached => ({ ...r, addon_id: r.addon_id as AddOn.CrmId })

/** The cache over the database. */
export const layer = Layer.effect(
  LookupCache,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const select = sql.literal(SELECT)
    const rowsOf = (account: number, ids: ReadonlyArray<number>) =>
      ids.length === 0
        ? Effect.succeed([] as ReadonlyArray<Cached>)
        : Effect.map(sql<Row>`${select} WHERE l.account_id = ${account} AND l.cache_id IN ${sql.in(ids)}`, (rows) => {
            const byId = new Map(rows.map((r) => [r.cache_id, cached(r)]))
            return ids.flatMap((id) => {
              const row = byId.get(id)
              return row === undefined ? [] : [row]
            })
          })
    return LookupCache.of({
      remembered: (account, addonId, companies, text) =>
        Effect.gen(function* () {
          const [search] = yield* sql<{ readonly cache_ids: ReadonlyArray<number>; readonly age_ms: number }>`
            SELECT cache_ids, (extract(epoch FROM now() - searched_at) * 1000)::float8 AS age_ms
            FROM lookup_searches
            WHERE account_id = ${account} AND addon_id = ${addonId} AND companies = ${companies}
              AND search = ${searchKey(text)}`
          if (search === undefined) return Option.none<Remembered>()
          return Option.some({ rows: yield* rowsOf(account, search.cache_ids), age_ms: search.age_ms })
        }).pipe(Effect.orDie),
      store: (account, addonId, companies, text, found) =>
        Effect.gen(function* () {
          const values = found.map((c) => ({
            account_id: account,
            addon_id: addonId,
            remote_id: c.id.slice(0, 200),
            type: c.type === "organisation" ? "company" : "person",
            name_first: c.name_first.slice(0, 200),
            name_last: c.name_last.slice(0, 200),
            company: c.company.slice(0, 200),
            remote_company_id: c.company_id.slice(0, 200),
            email: c.email.slice(0, 254),
            phone: c.phone.slice(0, 100),
            url: /^https:\/\//i.test(c.url) ? c.url.slice(0, 1000) : ""
          }))
          const unique = [...new Map(values.map((v) => [v.remote_id, v])).values()]
          const ids = !Arr.isArrayNonEmpty(unique)
            ? []
            : (yield* sql<{ readonly cache_id: number; readonly remote_id: string }>`
                  INSERT INTO lookup_contact_cache ${sql.insert(unique)}
                  ON CONFLICT (account_id, addon_id, remote_id) DO UPDATE SET type = excluded.type,
                    name_first = excluded.name_first, name_last = excluded.name_last, company = excluded.company,
                    remote_company_id = excluded.remote_company_id, email = excluded.email,
                    phone = excluded.phone, url = excluded.url, fetched_at = now()
                  RETURNING cache_id, remote_id`).map((r) => r.cache_id)
          yield* sql`
            INSERT INTO lookup_searches (account_id, addon_id, companies, search, cache_ids)
            VALUES (${account}, ${addonId}, ${companies}, ${searchKey(text)}, ${`{${ids.join(",")}}`}::integer[])
            ON CONFLICT (account_id, addon_id, companies, search) DO UPDATE SET cache_ids = excluded.cache_ids,
              searched_at = now()`
          return yield* rowsOf(account, ids)
        }).pipe(Effect.orDie),
      byId: (account, cacheId) =>
        sql<Row>`${select} WHERE l.account_id = ${account} AND l.cache_id = ${cacheId}`.pipe(
          Effect.map((rows) => Option.map(Option.fromNullishOr(rows[0]), cached)),
          Effect.orDie
        ),
      prune: Effect.gen(function* () {
        const forgotten = yield* sql`
          DELETE FROM lookup_searches WHERE searched_at < now() - ${`${FORGET_MS} milliseconds`}::interval
          RETURNING 1`
        yield* sql`
          DELETE FROM lookup_contact_cache l
          WHERE l.fetched_at < now() - ${`${FORGET_MS} milliseconds`}::interval
            AND NOT EXISTS (SELECT 1 FROM lookup_searches s
                            WHERE s.account_id = l.account_id AND l.cache_id = ANY (s.cache_ids))`
        return forgotten.length
      }).pipe(Effect.orDie)
    })
  })
)

/** Forgets old searches every hour while the layer lives. */
export const pruning = Layer.effectDiscard(
  Effect.gen(function* () {
    const cache = yield* LookupCache
    yield* Effect.sleep(Duration.hours(1)).pipe(
      Effect.andThen(cache.prune),
      Effect.catchCause((cause) => Effect.as(Effect.logWarning("old contact look-ups not removed", cause), 0)),
      Effect.repeat(Schedule.forever),
      Effect.forkScoped
    )
  })
)
