/**
 * The tenant-isolation probes: for each endpoint that names a record, how to make such records in a victim
 * account and how an intruder (a member of another account) asks for one. `TenantIsolation.integration.test`
 * runs random probes with the victim's real ids and random ids and requires that the intruder never gets the
 * victim's data (a not-found or forbidden answer, or an answer without any of the victim's marker text) and
 * never changes it. Add a probe here with every endpoint that takes an id.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { contentProbes } from "./content/ContentProbes.ts"
import type { Answer, Browser } from "./Harness.ts"
import { quoteProbes } from "./quotes/QuoteProbes.ts"
import { reviewProbes } from "./reviews/ReviewProbes.ts"

/** A member of an account, with the marker text planted in that account's records. */
export interface Member {
  readonly browser: Browser
  readonly accountId: number
  readonly signinId: number
  readonly marker: string
}

/** One probe. */
export interface Probe {
  readonly name: string
  /** Make the victim's records (directly in the database); answers their ids. */
  readonly seed: (victim: Member) => Effect.Effect<ReadonlyArray<number>, unknown, SqlClient.SqlClient>
  /** The intruder's request about one id. */
  readonly request: (intruder: Browser, id: number, victim: Member) => Effect.Effect<Answer>
  /** Whether the victim's records are as seeded (after the intruder's requests); omit for read-only probes. */
  readonly unchanged?: (
    victim: Member,
    ids: ReadonlyArray<number>
  ) => Effect.Effect<boolean, unknown, SqlClient.SqlClient>
}

const contactSeed = (victim: Member) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql<{ contact_id: number }>`
      INSERT INTO contacts (account_id, contact_type, name_first, name_last, email, search_text)
      VALUES (${victim.accountId}, 'person', ${`Vic ${victim.marker}`}, ${victim.marker}, ${`${victim.marker}@example.com`},
              ${victim.marker}),
             (${victim.accountId}, 'company', ${`${victim.marker} Holdings`}, '', '', ${victim.marker})
      RETURNING contact_id`
    return rows.map((r) => r.contact_id)
  })

const contactsUnchanged = (victim: Member, ids: ReadonlyArray<number>) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql<{ n: number }>`
      SELECT count(*)::int AS n FROM contacts
      WHERE account_id = ${victim.accountId} AND contact_id IN ${sql.in(ids)} AND archive_id = 1 AND merged_into IS NULL`
    return rows[0]?.n === ids.length
  })

/** Every probe. */
export const probes: ReadonlyArray<Probe> = [
  {
    name: "choose the victim's account",
    seed: (victim) => Effect.succeed([victim.accountId]),
    request: (intruder, id) => intruder.post(`/sign-in/act-on/account-select/${id}`)
  },
  {
    name: "read the account cache",
    seed: (victim) => Effect.succeed([victim.accountId]),
    request: (intruder) => intruder.get("/get/cache-account")
  },
  {
    name: "view a contact",
    seed: contactSeed,
    request: (intruder, id) => intruder.get(`/get/contact-view/${id}`)
  },
  {
    name: "open a contact for editing",
    seed: contactSeed,
    request: (intruder, id) => intruder.get(`/get/contact-edit/${id}`)
  },
  {
    name: "archive a contact",
    seed: contactSeed,
    request: (intruder, id) => intruder.post(`/post/contact-archive/${id}/2`),
    unchanged: contactsUnchanged
  },
  {
    name: "merge contacts",
    seed: contactSeed,
    request: (intruder, id) => intruder.post("/post/contact-merge", { loser_id: id, winner_id: id + 1 }),
    unchanged: contactsUnchanged
  },
  {
    name: "search contacts",
    seed: contactSeed,
    request: (intruder, _id, victim) => intruder.get(`/get/contacts?search=${encodeURIComponent(victim.marker)}`)
  },
  {
    name: "look up a contact",
    seed: contactSeed,
    request: (intruder, _id, victim) => intruder.post("/get/lookup-contact/person", { search: victim.marker })
  },
  {
    name: "link a CRM look-up result",
    seed: (victim) =>
      Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        const rows = yield* sql<{ cache_id: number }>`
          INSERT INTO lookup_contact_cache (account_id, addon_id, remote_id, type, name_first, name_last, email, url)
          VALUES (${victim.accountId}, 5, ${`${victim.marker}-${crypto.randomUUID()}`}, 'person', ${`Vic ${victim.marker}`}, ${victim.marker},
                  ${`${victim.marker}@example.com`}, ${`https://crm.example.com/${victim.marker}`})
          RETURNING cache_id`
        return rows.map((r) => r.cache_id)
      }),
    request: (intruder, id) => intruder.post(`/post/lookup-contact/link/${id}`),
    unchanged: (victim) =>
      Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        const rows = yield* sql<{ n: number }>`
          SELECT count(*)::int AS n FROM contacts WHERE lookup_url LIKE ${`%${victim.marker}%`}`
        return rows[0]?.n === 0
      })
  },
  {
    name: "search the CRM add-ons",
    seed: (victim) =>
      Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        const rows = yield* sql<{ cache_id: number }>`
          INSERT INTO lookup_contact_cache (account_id, addon_id, remote_id, type, name_first, email)
          VALUES (${victim.accountId}, 5, ${`${victim.marker}-${crypto.randomUUID()}`}, 'person', ${victim.marker}, ${`${victim.marker}@example.com`})
          RETURNING cache_id`
        yield* sql`
          INSERT INTO lookup_searches (account_id, addon_id, companies, search, cache_ids)
          VALUES (${victim.accountId}, 5, false, ${victim.marker.toLowerCase()}, ${`{${rows[0]!.cache_id}}`}::integer[])
          ON CONFLICT (account_id, addon_id, companies, search) DO UPDATE SET cache_ids = excluded.cache_ids`
        return rows.map((r) => r.cache_id)
      }),
    request: (intruder, _id, victim) => intruder.post("/get/lookup-contact/add-ons", { search: victim.marker })
  },
  ...contentProbes,
  ...quoteProbes,
  ...reviewProbes
]
