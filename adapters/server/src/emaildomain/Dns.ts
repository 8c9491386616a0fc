/**
 * TXT look-ups for the email domain's records, behind a small service so tests never reach the internet:
 * `layer` asks the system's resolver (`node:dns/promises`), `layerFake` answers from a table the test fills.
 * A name with no TXT records (or that does not exist) answers an empty list; a resolver that does not answer
 * fails with `DnsUnavailable`, and the page then keeps the record as unchecked.
 *
 * @since 0.6.0
 */
import { Resolver } from "node:dns/promises"
import { Context, Effect, Layer, Schema } from "effect"

/** DNS did not answer (timeout, refused, no network). */
export class DnsUnavailable extends Schema.TaggedError<DnsUnavailable>()("DnsUnavailable", {
  name: Schema.String,
  reason: Schema.String
}) {}

/** What the email domain needs of DNS. */
export interface TxtResolver {
  /** The TXT records at a name, each as the strings DNS split it into. */
  readonly txt: (name: string) => Effect.Effect<ReadonlyArray<ReadonlyArray<string>>, DnsUnavailable>
}

/** The answers that mean "no such record" rather than "no answer". */
const empty = new Set(["ENODATA", "ENOTFOUND", "NOTFOUND", "ENONAME"])

/** The system's resolver, 5 s per try and two tries at most. */
export const system = (): TxtResolver => {
  const resolver = new Resolver({ timeout: 5_000, tries: 2 })
  return {
    txt: (name) =>
      Effect.tryPromise({
        try: () => resolver.resolveTxt(name),
        catch: (e) => e as NodeJS.ErrnoException
      }).pipe(
        Effect.catch((e) =>
          empty.has(e.code ?? "")
            ? Effect.succeed([])
            : Effect.fail(new DnsUnavailable({ name, reason: e.code ?? e.message }))
        )
      )
  }
}

/** The resolver in use: the system's unless a test provides another (`layerFake`). */
export const Dns = Context.Reference<TxtResolver>("quotekit/server/emaildomain/Dns", { defaultValue: system })

/** The fake's table: set `records.set(name, [["v=spf1 …"]])`, or `down = true` for a resolver that does not answer. */
export interface FakeZone {
  readonly records: Map<string, ReadonlyArray<ReadonlyArray<string>>>
  down: boolean
}

/** The fake resolver's zone, for tests to publish records into. */
export class DnsFake extends Context.Service<DnsFake, FakeZone>()("quotekit/server/emaildomain/DnsFake") {}

/** A resolver answering from a table (names compared case-insensitively), and the table. */
export const layerFake = Layer.effectContext(
  Effect.sync(() => {
    const zone: FakeZone = { records: new Map(), down: false }
    const dns: TxtResolver = {
      txt: (name) =>
        Effect.suspend(() =>
          zone.down
            ? Effect.fail(new DnsUnavailable({ name, reason: "ETIMEOUT" }))
            : Effect.succeed(
                [...zone.records].find(([n]) => n.toLowerCase() === name.toLowerCase().replace(/\.$/, ""))?.[1] ?? []
              )
        )
    }
    return Context.make(Dns, dns).pipe(Context.add(DnsFake, zone))
  })
)
