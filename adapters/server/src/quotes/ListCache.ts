/**
 * The quote list's answers kept in memory (`GET /get/quotes`). Team members read the same page again and again
 * (back from a quote, several of them on the list), and each page costs the database about 2 ms of CPU.
 *
 * An answer is kept per account and request (`QuoteList.request`) as the JSON bytes the contract's schema
 * encodes, with the account's list stamp (`QuoteListRepo.stamp`), read before the rows were, and the time it
 * was made. It is served only while both hold:
 * - the stamp read for this request is the entry's: the stamp grows in the same commit as any change a list
 *   row shows (migration 0320's triggers), made by whichever server process, so a served answer is never older
 *   than the database was when this request began;
 * - it is younger than `TTL_MS`: rows carry labels relative to now ('2 hours ago'), and a sent quote expires
 *   and a follow-up falls due with time alone.
 * Concurrent misses for one key share one load (`Effect.cached`). Keys hold the tenant's account id, so one
 * account's answer is never served to another. At most `MAX_ENTRIES` are kept (a page of 100 rows is about 50 KB),
 * the oldest dropped first, and those too old to be served are dropped as new ones are made.
 *
 * @since 0.1.0
 */
import { ListPage, type ListQuery } from "@quotekit/core/api/QuotesApi"
import type { Tenant } from "@quotekit/core/api/Security"
import { Clock, Context, Effect, Layer, Schema } from "effect"
import * as CacheFigures from "../http/CacheFigures.ts"
import { QuoteListRepo } from "./ListRepo.ts"
import * as QuoteList from "./QuoteList.ts"

/** How long an answer is served at most (its labels are relative to the time it was made). */
export const TTL_MS = 5_000
/** Most answers kept; the oldest are dropped beyond it. */
export const MAX_ENTRIES = 2_000

/** The cache service. */
export class ListCache extends Context.Service<
  ListCache,
  {
    /** The list's answer for the tenant's query, as the JSON the contract's `ListPage` encodes to. */
    readonly answer: (tenant: Tenant, query: ListQuery) => Effect.Effect<Uint8Array>
  }
>()("quotekit/server/ListCache") {}

interface Entry {
  /** The account's stamp read before the answer was made. */
  readonly stamp: bigint
  /** When it was made (epoch ms): it is served until `TTL_MS` after. */
  readonly madeAt: number
  readonly bytes: Effect.Effect<Uint8Array>
}

/** The key of a tenant's query: the account and every part of the request. */
const keyOf = (tenant: Tenant, r: QuoteList.ListRequest): string =>
  JSON.stringify([tenant.account_id, r.filter, r.tab, r.author, r.search, r.page, r.wantCount])

/** The cache over the list repository. */
export const layer = Layer.effect(
  ListCache,
  Effect.gen(function* () {
    const repo = yield* QuoteListRepo
    const encode = Schema.encodeUnknownEffect(ListPage)
    const utf8 = new TextEncoder()
    const entries = new Map<string, Entry>()
    yield* CacheFigures.track("quote-lists", MAX_ENTRIES, () => entries.size)

    const load = (tenant: Tenant, query: ListQuery): Effect.Effect<Uint8Array> =>
      QuoteList.list(tenant, query).pipe(
        Effect.flatMap(encode),
        Effect.map((json) => utf8.encode(JSON.stringify(json))),
        Effect.provideService(QuoteListRepo, repo),
        // The answer is ours and matches its schema; a failure to encode it is a defect, as it is for the router.
        Effect.orDie
      )

    const keep = (key: string, entry: Entry) =>
      Effect.sync(() => {
        // Deleted first so the map's order stays the order entries were made in; then the oldest go, those
        // too old to be served and any beyond the bound, so a quiet server holds only its last few seconds.
        entries.delete(key)
        for (const [oldest, e] of entries) {
          if (entries.size < MAX_ENTRIES && entry.madeAt - e.madeAt < TTL_MS) break
          entries.delete(oldest)
        }
        entries.set(key, entry)
      })

    return ListCache.of({
      answer: (tenant, query) =>
        Effect.gen(function* () {
          const key = keyOf(tenant, QuoteList.request(query))
          const stamp = yield* repo.stamp(tenant.account_id)
          const now = yield* Clock.currentTimeMillis
          const hit = entries.get(key)
          if (hit !== undefined && hit.stamp === stamp && now - hit.madeAt < TTL_MS) return yield* hit.bytes
          const bytes = yield* Effect.cached(load(tenant, query))
          // A request that read an older stamp than the entry's (it began before a change committed) is answered
          // from the database without replacing the newer entry.
          if (hit === undefined || hit.stamp <= stamp) yield* keep(key, { stamp, madeAt: now, bytes })
          // A failed load is not kept: the next request tries again.
          return yield* Effect.tapCause(bytes, () =>
            Effect.sync(() => entries.get(key)?.bytes === bytes && entries.delete(key))
          )
        })
    })
  })
)
