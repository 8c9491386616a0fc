/**
 * Picking a CRM record in a look-up: the local contact linked to it. The one already linked (by the add-on and
 * the record's address) is answered as it is; else a current contact of the same type with the record's email
 * is linked; else a new contact is made from the cached record (name, email when it is a valid address, the
 * first phone, and a person's company, found by name or made). The link is the contact's `lookup_url` and
 * `lookup_addon_id` (its view shows "View in <add-on>") and the record in `addon_contacts`, which is where notes
 * on sent and accepted quotes go; a person's organisation in the CRM is kept as the contact's company add-on id
 * and found id.
 *
 * @since 0.5.0
 */
import * as AddOn from "@quotekit/core/AddOn"
import { NotFound } from "@quotekit/core/api/ApiError"
import type { ContactRow } from "@quotekit/core/api/ContactsApi"
import * as Contact from "@quotekit/core/Contact"
import { Effect, Option } from "effect"
import { SqlClient } from "effect/sql"
import { AddOnsRepo } from "../addons/Repo.ts"
import { ContactsRepo } from "../contacts/Repo.ts"
import { HistoryWriter } from "../history/HistoryWriter.ts"
import { LookupCache } from "./LookupCache.ts"

const m = AddOn.messages

/** The local contact linked to cached CRM record `cacheId`, linking or making it as needed. */
export const link = (account: number, signin: number, cacheId: number) =>
  Effect.gen(function* () {
    const cache = yield* LookupCache
    const addons = yield* AddOnsRepo
    const contacts = yield* ContactsRepo
    const history = yield* HistoryWriter
    const sql = yield* SqlClient.SqlClient
    const found = yield* cache.byId(account, cacheId)
    if (Option.isNone(found)) return yield* NotFound.answer(m.lookupGone)
    const row = found.value
    const name = Option.match(AddOn.byId(row.addon_id), { onNone: () => "", onSome: (d) => d.name })
    const connection = yield* addons.connection(account, row.addon_id)
    if (Option.isNone(connection) || connection.value.status === "disconnected")
      return yield* NotFound.answer(m.notConnected(name))
    const email = Contact.isEmail(row.email.trim()) ? row.email.trim() : ""
    const contactId = yield* sql
      .withTransaction(
        Effect.gen(function* () {
          if (row.contact_id !== null) return row.contact_id
          const same = email === "" ? Option.none() : yield* contacts.byEmail(account, email)
          const id = yield* Option.match(
            Option.filter(same, (c) => c.type === row.type),
            {
              onSome: (c) => Effect.succeed(c.contact_id as number),
              onNone: () =>
                Effect.gen(function* () {
                  const companyId =
                    row.type === "person" && row.company.trim() !== ""
                      ? yield* contacts.companyByName(account, signin, row.company.trim())
                      : null
                  const made = yield* contacts.save(
                    account,
                    signin,
                    null,
                    {
                      type: row.type,
                      name_first: row.name_first,
                      name_last: row.type === "company" ? "" : row.name_last,
                      email,
                      company_id: companyId
                    },
                    row.phone.trim() === "" ? [] : [{ phoneOther: row.phone.trim(), phoneOther_type: 1 }],
                    []
                  )
                  yield* history.write([
                    {
                      account_id: account,
                      table: "contact",
                      category_id: made,
                      action: "create",
                      summary: `Created from ${name}`,
                      signin_id: signin
                    }
                  ])
                  return made
                })
            }
          )
          yield* addons.linkContact(account, row.addon_id, connection.value.organisation_id, id, {
            remote_id: row.remote_id,
            url: row.url
          })
          // The person's organisation in the CRM (the spec's company add-on id and found id).
          if (row.type === "person" && row.remote_company_id !== "")
            yield* sql`
              UPDATE contacts SET company_addon_id = ${row.addon_id}, company_found_id = ${row.remote_company_id}
              WHERE account_id = ${account} AND contact_id = ${id}`
          return id
        })
      )
      .pipe(Effect.orDie)
    const stored = yield* contacts.byId(account, contactId)
    if (Option.isNone(stored)) return yield* NotFound.answer(m.lookupGone)
    const { merged_into: _m, marketing_opt_in: _o, modified_by: _b, modified_by_name: _bn, ...contact } = stored.value
    return contact satisfies ContactRow
  })
