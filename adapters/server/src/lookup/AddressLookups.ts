/**
 * The address look-up service of the server: which service answers (OpenStreetMap through Photon unless the
 * operator turned it off or pointed it at their own Photon; Google Places when the operator gave a key), and
 * the answers kept for a while, so the same text typed again (another contact in the same street, the same
 * field a minute later) costs no second call.
 *
 * Configured by the environment: `ADDRESS_LOOKUP` (`osm`, the default; `google`; `off`), `PHOTON_URL` (your own
 * Photon; the public komoot instance by default), `GOOGLE_PLACES_KEY` (with `ADDRESS_LOOKUP=google`).
 *
 * A service that fails answers `unavailable` with no suggestions and a log line (never the key): typing the
 * address by hand always works.
 *
 * @since 0.4.0
 */
import type * as AddressLookup from "@quotekit/core/AddressLookup"
import type * as AddressProvider from "@quotekit/lookup/AddressProvider"
import * as GooglePlaces from "@quotekit/lookup/GooglePlaces"
import * as OpenStreetMap from "@quotekit/lookup/OpenStreetMap"
import { Clock, Config, Context, Effect, Layer, Option, Redacted } from "effect"

/** How long a search's suggestions are reused. */
export const TTL_MS = 10 * 60_000
/** Most searches kept; the oldest go first. */
export const MAX_ENTRIES = 1_000

/** What the look-up answers. */
export interface Answer {
  readonly results: ReadonlyArray<AddressLookup.Suggestion>
  readonly unavailable: boolean
}

/** The look-up service. */
export class AddressLookups extends Context.Service<
  AddressLookups,
  {
    /** Whether addresses are looked up at all on this server. */
    readonly enabled: boolean
    readonly search: (text: string, near: AddressProvider.Near | undefined) => Effect.Effect<Answer>
    readonly place: (id: string) => Effect.Effect<{
      readonly place: Option.Option<AddressLookup.Place>
      readonly unavailable: boolean
    }>
  }
>()("quotekit/server/AddressLookups") {}

/** Points closer than about 10 km share cached answers. */
const keyOf = (text: string, near: AddressProvider.Near | undefined) =>
  JSON.stringify([
    text.trim().toLowerCase(),
    near === undefined ? null : [Math.round(near.lng * 10), Math.round(near.lat * 10)]
  ])

/** The service over `provider` (none: look-ups off). */
export const make = (provider: AddressProvider.AddressProvider | undefined) =>
  Effect.sync(() => {
    const entries = new Map<
      string,
      { readonly at: number; readonly results: ReadonlyArray<AddressLookup.Suggestion> }
    >()
    const failed = (error: AddressProvider.LookupFailed) =>
      Effect.logWarning(`address look-up: ${error.service} ${error.reason}`)
    return AddressLookups.of({
      enabled: provider !== undefined,
      search: (text, near) =>
        Effect.gen(function* () {
          if (provider === undefined) return { results: [], unavailable: false }
          const now = yield* Clock.currentTimeMillis
          const key = keyOf(text, near)
          const kept = entries.get(key)
          if (kept !== undefined && now - kept.at < TTL_MS) return { results: kept.results, unavailable: false }
          return yield* provider.search(text.trim(), near).pipe(
            Effect.map((results) => {
              entries.delete(key)
              for (const [oldest, e] of entries) {
                if (entries.size < MAX_ENTRIES && now - e.at < TTL_MS) break
                entries.delete(oldest)
              }
              entries.set(key, { at: now, results })
              return { results, unavailable: false }
            }),
            Effect.catchTag("LookupFailed", (error) =>
              failed(error).pipe(Effect.as({ results: [], unavailable: true }))
            )
          )
        }),
      place: (id) =>
        provider === undefined
          ? Effect.succeed({ place: Option.none(), unavailable: false })
          : provider.place(id).pipe(
              Effect.map((place) => ({ place, unavailable: false })),
              Effect.catchTag("LookupFailed", (error) =>
                failed(error).pipe(Effect.as({ place: Option.none(), unavailable: true }))
              )
            )
    })
  })

/** The provider the environment asks for. */
export const providerFromEnv = Effect.gen(function* () {
  const choice = yield* Config.withDefault(Config.Literals(["osm", "google", "off"], "ADDRESS_LOOKUP"), "osm")
  if (choice === "off") return undefined
  if (choice === "google") {
    const key = yield* Config.Redacted("GOOGLE_PLACES_KEY")
    return GooglePlaces.make({ apiKey: Redacted.value(key) })
  }
  const url = yield* Config.option(Config.URL("PHOTON_URL"))
  return OpenStreetMap.make({ url: Option.getOrUndefined(Option.map(url, (u) => u.href)) })
})

/** The service as the environment configures it. */
export const layer = Layer.effect(AddressLookups, Effect.flatMap(Effect.orDie(providerFromEnv), make))

/** The service over a given provider (tests). */
export const layerWith = (provider: AddressProvider.AddressProvider | undefined) =>
  Layer.effect(AddressLookups, make(provider))
