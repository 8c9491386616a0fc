/**
 * The account's live quotes: who is on which quote right now, customer or team member, and since when. Filled from
 * the account room's joined state (`{ live: [{ quote_id, viewers }] }`), its `live-quote` events (an empty list:
 * nobody is on it any more) and a quote-view room's joined state (`{ viewers }`). Framework-free: the React side
 * reads it through `useLiveQuotes.ts`.
 *
 * @example
 * const live = LiveQuotes.make()
 * live.set(7, [{ kind: "customer", name: "Jane", since: Date.now() }])
 * live.viewers(7) // [{ kind: "customer", ... }]
 */

/** Someone on a quote now: a customer (by the link's contact) or a team member, since when (epoch ms). */
export interface Viewer {
  readonly kind: "customer" | "member"
  readonly name: string
  readonly since: number
}

/** A quote with the people on it. */
export interface LiveQuote {
  readonly quote_id: number
  readonly viewers: ReadonlyArray<Viewer>
}

type Json = { readonly [key: string]: unknown }
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v)
const isQuoteId = (v: unknown): v is number => typeof v === "number" && Number.isSafeInteger(v) && v > 0

const viewerOf = (v: unknown): Viewer | undefined =>
  isObject(v) &&
  (v.kind === "customer" || v.kind === "member") &&
  typeof v.name === "string" &&
  typeof v.since === "number" &&
  Number.isFinite(v.since)
    ? { kind: v.kind, name: v.name, since: v.since }
    : undefined

/** The viewers of a payload's or state's `viewers`, by shape (malformed entries dropped); `undefined` when none. */
export const viewersOf = (value: unknown): ReadonlyArray<Viewer> | undefined =>
  isObject(value) && Array.isArray(value.viewers) ? value.viewers.flatMap((v: unknown) => viewerOf(v) ?? []) : undefined

/** A `live-quote` payload (or an entry of the account room's `live`), or `undefined` when it is not one. */
export const liveQuoteOf = (value: unknown): LiveQuote | undefined => {
  const viewers = viewersOf(value)
  return isObject(value) && isQuoteId(value.quote_id) && viewers !== undefined
    ? { quote_id: value.quote_id, viewers }
    : undefined
}

/** The account room's joined state as live quotes, or `undefined` when it is not one. */
export const liveOf = (state: unknown): ReadonlyArray<LiveQuote> | undefined =>
  isObject(state) && Array.isArray(state.live) ? state.live.flatMap((q: unknown) => liveQuoteOf(q) ?? []) : undefined

/** The store of the account's live quotes. */
export interface LiveQuotes {
  /** Who is on a quote now (the same array until it changes). */
  readonly viewers: (quoteId: number) => ReadonlyArray<Viewer>
  /** Every quote someone is on, longest viewed first (the same array until something changes). */
  readonly all: () => ReadonlyArray<LiveQuote>
  /** Set who is on one quote (nobody: an empty list). */
  readonly set: (quoteId: number, viewers: ReadonlyArray<Viewer>) => void
  /** Replace the whole picture (the account room's joined state). */
  readonly replace: (live: ReadonlyArray<LiveQuote>) => void
  /** Hear every change; answers the unsubscribe. */
  readonly subscribe: (listener: () => void) => () => void
}

const nobody: ReadonlyArray<Viewer> = []

const firstSince = (q: LiveQuote): number => Math.min(...q.viewers.map((v) => v.since))

/** An empty store. */
export const make = (): LiveQuotes => {
  let byQuote = new Map<number, ReadonlyArray<Viewer>>()
  let all: ReadonlyArray<LiveQuote> = []
  const listeners = new Set<() => void>()
  const changed = () => {
    all = [...byQuote]
      .map(([quote_id, viewers]) => ({ quote_id, viewers }))
      .sort((a, b) => firstSince(a) - firstSince(b))
    for (const listener of [...listeners]) listener()
  }
  return {
    viewers: (quoteId) => byQuote.get(quoteId) ?? nobody,
    all: () => all,
    set: (quoteId, viewers) => {
      if (viewers.length === 0 && !byQuote.has(quoteId)) return
      byQuote = new Map(byQuote)
      if (viewers.length === 0) byQuote.delete(quoteId)
      else byQuote.set(quoteId, viewers)
      changed()
    },
    replace: (live) => {
      byQuote = new Map(live.filter((q) => q.viewers.length > 0).map((q) => [q.quote_id, q.viewers]))
      changed()
    },
    subscribe: (listener) => {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    }
  }
}
