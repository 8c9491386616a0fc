/**
 * Searching the account's connected CRMs (Highrise, Capsule, Insightly) for what a user typed, beside its own
 * contacts: each CRM is asked at once and in parallel, a search made in the last `LookupCache.FRESH_MS` is
 * answered from the lookup contact cache instead, and a CRM that fails (or takes longer than `Access.CALL_MS`)
 * is named in `failures` with a plain message and logged (never with a token), its older results still shown
 * when the cache has them. Text the completer would not search (empty, numeric, over 100 characters, spanning
 * lines) finds nothing, as for local contacts.
 *
 * @since 0.5.0
 */
import type { Crm } from "@quotekit/addons/Crm"
import * as AddOn from "@quotekit/core/AddOn"
import type { AddOnLookupAnswer, AddOnLookupResult } from "@quotekit/core/api/CrmLookupApi"
import * as Completer from "@quotekit/core/Completer"
import * as Contact from "@quotekit/core/Contact"
import { Effect, Option } from "effect"
import { AddOnsRepo } from "../addons/Repo.ts"
import { AddOnsSetup } from "../addons/Setup.ts"
import * as Access from "./Access.ts"
import { type Cached, FRESH_MS, LookupCache } from "./LookupCache.ts"

/** Most results answered per CRM. */
export const PER_ADDON = 10

const m = AddOn.messages

const nameOf = (id: number) => Option.match(AddOn.byId(id), { onNone: () => "", onSome: (d) => d.name })

/** A cached record as the completer lists it. */
export const resultOf = (row: Cached): AddOnLookupResult => {
  const person = `${row.name_first} ${row.name_last}`.trim()
  return {
    id: row.cache_id,
    addonId: row.addon_id,
    addon_name: nameOf(row.addon_id),
    type: row.type,
    name_first: row.name_first,
    name_last: row.name_last,
    company: row.company,
    email: row.email,
    phone: row.phone,
    url: row.url,
    contact_id: row.contact_id === null ? null : Contact.ContactId.make(row.contact_id),
    display_name: row.type === "company" ? row.name_first : person !== "" ? person : row.email
  }
}

/** What one CRM found for `text`: from the cache when fresh, else from the CRM (stored), else the stale cache. */
const searchOne = (account: number, crm: Crm, status: string, text: string, companies: boolean) =>
  Effect.gen(function* () {
    const cache = yield* LookupCache
    const id = crm.addonId
    const remembered = yield* cache.remembered(account, id, companies, text)
    const stale = Option.match(remembered, { onNone: () => [] as ReadonlyArray<Cached>, onSome: (r) => r.rows })
    if (Option.isSome(remembered) && remembered.value.age_ms < FRESH_MS) return { rows: stale, failure: null }
    if (status === "error") return { rows: stale, failure: m.reconnect(nameOf(id)) }
    return yield* Access.withTokens(account, crm, (tokens) => crm.search(tokens, text)).pipe(
      Effect.map((found) => found.filter((c) => !companies || c.type === "organisation")),
      Effect.flatMap((found) => cache.store(account, id, companies, text, found)),
      Effect.map((rows) => ({ rows, failure: null as string | null })),
      Effect.catch((e) =>
        Effect.as(
          Effect.logWarning(`${nameOf(id)}: the contact look-up failed`, e._tag === "AddOnError" ? e.kind : e._tag),
          {
            rows: stale,
            failure: e._tag === "AddOnError" && e.kind === "auth" ? m.reconnect(nameOf(id)) : m.lookupFailed(nameOf(id))
          }
        )
      )
    )
  })

/** What the account's connected CRMs found for `text` (`companies`: organisations only). */
export const search = (account: number, text: string, companies: boolean) =>
  Effect.gen(function* () {
    const none: AddOnLookupAnswer = { results: [], failures: [] }
    if (Completer.verdict(text, Completer.emptyHistory, Completer.contactRules) !== "search") return none
    const setup = yield* AddOnsSetup
    const repo = yield* AddOnsRepo
    const connected = (yield* repo.connections(account)).flatMap((c) => {
      const crm = AddOn.isCrm(c.addon_id) && c.status !== "disconnected" ? setup.crm?.get(c.addon_id) : undefined
      return crm === undefined ? [] : [{ crm, status: c.status }]
    })
    if (connected.length === 0) return none
    const answers = yield* Effect.forEach(
      connected,
      ({ crm, status }) => searchOne(account, crm, status, text, companies),
      { concurrency: "unbounded" }
    )
    return {
      results: answers.flatMap((a) => a.rows.slice(0, PER_ADDON).map(resultOf)),
      failures: connected.flatMap(({ crm }, i) => {
        const failure = answers[i]?.failure ?? null
        return failure === null ? [] : [{ addonId: crm.addonId, message: failure }]
      })
    }
  })
