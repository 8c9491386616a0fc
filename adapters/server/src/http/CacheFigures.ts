/**
 * How full the server's in-memory caches are, for `GET /metrics` (`quotekit_cache_entries` and
 * `quotekit_cache_max_entries`, by cache): every cache is bounded by a number of entries, and this shows how
 * close to it a running server holds. A cache registers itself for as long as the layer that made it lives
 * (several servers in one process, as in tests, add up under one name).
 *
 * @since 0.4.0
 */
import { Effect } from "effect"

interface Tracked {
  readonly name: string
  readonly max: number
  readonly entries: () => number
}

const live = new Set<Tracked>()

/** Register a cache's size for the life of the current scope (a layer's). */
export const track = (name: string, max: number, entries: () => number) =>
  Effect.acquireRelease(
    Effect.sync(() => {
      const tracked: Tracked = { name, max, entries }
      live.add(tracked)
      return tracked
    }),
    (tracked) => Effect.sync(() => live.delete(tracked))
  )

/** Each registered cache's entries and bound, by name. */
export const figures = (): ReadonlyMap<string, { readonly entries: number; readonly max: number }> => {
  const out = new Map<string, { entries: number; max: number }>()
  for (const t of live) {
    const seen = out.get(t.name) ?? { entries: 0, max: 0 }
    out.set(t.name, { entries: seen.entries + t.entries(), max: seen.max + t.max })
  }
  return out
}
