/**
 * The contacts repository: contacts (people and companies), their phones or other methods and addresses.
 * Every query is filtered by the account. `search_text` (names, email, company name and methods, lower-cased)
 * is kept here on every save and serves the list search and the lookups through its trigram index; so is the
 * part of the quotes' `search_text` that names contacts (`reindexQuotes`), so the quote list finds a quote by
 * its contacts' current names only.
 *
 * @since 0.1.0
 */

import * as Address from "@quotekit/core/Address"
import type { AddressInput, ContactInput, ContactRow, MethodInput } from "@quotekit/core/api/ContactsApi"
import * as Contact from "@quotekit/core/Contact"
import type * as ContactMethod from "@quotekit/core/ContactMethod"
import * as SearchText from "@quotekit/pg/SearchText"
import { Array as Arr, Context, Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"
import * as WebhookEvents from "../webhooks/Events.ts"

/** A contact row with the facts the server needs beyond the wire row. */
export interface StoredContact extends ContactRow {
  readonly merged_into: number | null
  /** The contact agreed to marketing email. */
  readonly marketing_opt_in: boolean
  readonly modified_by: number | null
  readonly modified_by_name: string
}

/** Which contacts a list shows. */
export interface ListQuery {
  readonly type: Contact.ContactType | undefined
  readonly search: string
  readonly archive: "current" | "archived"
}

/** One page of them. */
export interface ListFilter extends ListQuery {
  readonly offset: number
  readonly limit: number
}

/** The repository service. */
export class ContactsRepo extends Context.Service<
  ContactsRepo,
  {
    readonly list: (account: number, filter: ListFilter) => Effect.Effect<ReadonlyArray<ContactRow>>
    readonly count: (account: number, filter: ListQuery) => Effect.Effect<number>
    readonly lookup: (
      account: number,
      search: string,
      companiesOnly: boolean,
      limit: number
    ) => Effect.Effect<ReadonlyArray<ContactRow>>
    readonly byId: (account: number, id: number) => Effect.Effect<Option.Option<StoredContact>>
    /** The oldest current contact with this email (case-insensitive), if any. */
    readonly byEmail: (account: number, email: string) => Effect.Effect<Option.Option<ContactRow>>
    readonly methods: (account: number, id: number) => Effect.Effect<ReadonlyArray<ContactMethod.ContactMethod>>
    readonly addresses: (account: number, id: number) => Effect.Effect<ReadonlyArray<Address.Address>>
    readonly people: (account: number, companyId: number) => Effect.Effect<ReadonlyArray<ContactRow>>
    /** Find a current company by name (case-insensitive) or create it; returns its id. */
    readonly companyByName: (account: number, signin: number, name: string) => Effect.Effect<number>
    /** Insert (id null) or update a contact with its rows; returns its id. */
    readonly save: (
      account: number,
      signin: number,
      id: number | null,
      contact: Omit<ContactInput, "company_id"> & { readonly company_id: number | null },
      phones: ReadonlyArray<MethodInput>,
      addresses: ReadonlyArray<AddressInput>
    ) => Effect.Effect<number>
    readonly setArchive: (account: number, signin: number, id: number, archiveId: number) => Effect.Effect<void>
    /** Recompute `search_text` of a company's people (after the company is renamed). */
    readonly reindexPeople: (account: number, companyId: number) => Effect.Effect<void>
    /**
     * Recompute `search_text` of the quotes and templates that name any of `contactIds`, directly or through a
     * person of that company (after a rename, a change of email or company, or a merge); returns how many.
     */
    readonly reindexQuotes: (account: number, contactIds: ReadonlyArray<number>) => Effect.Effect<number>
  }
>()("quotekit/server/ContactsRepo") {}

interface Raw {
  readonly contact_id: number
  readonly contact_type: Contact.ContactType
  readonly name_first: string
  readonly name_last: string
  readonly company_id: number | null
  readonly email: string
  readonly modified: number
  readonly archive_id: number
  readonly company_name: string | null
  readonly company_addon_id: number | null
  readonly company_found_id: string | null
  readonly merged_into: number | null
  readonly marketing_opt_in: boolean
  readonly modified_by: number | null
  readonly modified_by_name: string | null
}

/** The wire row of a stored contact. */
export const toRow = (r: Raw): ContactRow => {
  const nameCompany = r.contact_type === "company" ? r.name_first : (r.company_name ?? "")
  const base = {
    contact_id: r.contact_id as Contact.ContactId,
    type: r.contact_type,
    name_first: r.name_first,
    name_last: r.name_last,
    company_id: r.company_id as Contact.ContactId | null,
    email: r.email,
    modified: r.modified,
    archive_id: r.archive_id,
    _name_company: nameCompany
  }
  return {
    ...base,
    ...(r.company_addon_id === null ? {} : { _company_addon_id: r.company_addon_id }),
    ...(r.company_found_id === null ? {} : { _company_found_id: r.company_found_id }),
    display_name: Contact.displayName(base)
  }
}

/** Escape LIKE wildcards in a search term. */
export const likeTerm = (text: string): string => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/** The searchable text of a contact: names, email, company name and method values, lower-cased. */
export const searchText = (
  contact: Pick<ContactInput, "name_first" | "name_last" | "email">,
  companyName: string,
  methods: ReadonlyArray<Pick<MethodInput, "phoneOther">>
): string =>
  [contact.name_first, contact.name_last, contact.email, companyName, ...methods.map((m) => m.phoneOther)]
    .map((s) => s.trim())
    .filter((s) => s !== "")
    .join(" ")
    .toLowerCase()

/**
 * The repository over SQL. Statements that search text run unprepared: PostgreSQL then plans each with its
 * actual search, while a prepared statement soon switches to a generic plan that cannot use the name and
 * trigram indexes for a pattern it does not know (50,000 contacts: ~1 ms against ~30 ms).
 */
export const layer = Layer.effect(
  ContactsRepo,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const select = sql.literal(`
      SELECT c.contact_id, c.contact_type, c.name_first, c.name_last, c.company_id, c.email,
             floor(extract(epoch FROM c.modified))::float8 AS modified, c.archive_id::int AS archive_id,
             co.name_first AS company_name, c.company_addon_id::int AS company_addon_id, c.company_found_id,
             c.merged_into, c.marketing_opt_in, c.modified_by, s.name_display AS modified_by_name
      FROM contacts c
      LEFT JOIN contacts co ON co.account_id = c.account_id AND co.contact_id = c.company_id
      LEFT JOIN signins s ON s.signin_id = c.modified_by`)

    const where = (account: number, f: ListQuery) =>
      sql.and([
        sql`c.account_id = ${account}`,
        sql`c.merged_into IS NULL`,
        sql`c.archive_id = ${f.archive === "archived" ? 2 : 1}`,
        ...(f.type === undefined ? [] : [sql`c.contact_type = ${f.type}`]),
        ...(f.search.trim() === "" ? [] : [sql`c.search_text LIKE ${likeTerm(f.search.trim())}`])
      ])

    const methodsOf = (account: number, id: number) =>
      sql<{ contact_method_id: number; phone_other: string; phone_other_type: number }>`
        SELECT contact_method_id, phone_other, phone_other_type::int AS phone_other_type FROM contact_methods
        WHERE account_id = ${account} AND contact_id = ${id} ORDER BY order_index, contact_method_id`.pipe(
        Effect.map((rows) =>
          rows.map(
            (m): ContactMethod.ContactMethod => ({
              contact_phoneOther_id: m.contact_method_id as ContactMethod.ContactMethodId,
              contact_id: id as Contact.ContactId,
              phoneOther: m.phone_other,
              phoneOther_type: m.phone_other_type as ContactMethod.MethodType
            })
          )
        )
      )

    const companyNameOf = (account: number, companyId: number | null) =>
      companyId === null
        ? Effect.succeed("")
        : Effect.map(
            sql<{ name_first: string }>`SELECT name_first FROM contacts
              WHERE account_id = ${account} AND contact_id = ${companyId} AND contact_type = 'company'`,
            (rows) => rows[0]?.name_first ?? ""
          )

    return ContactsRepo.of({
      list: (account, f) =>
        sql<Raw>`${select} WHERE ${where(account, f)}
                 ORDER BY lower(c.name_first), lower(c.name_last), c.contact_id
                 LIMIT ${f.limit} OFFSET ${f.offset}`.pipe(
          Effect.map((rows) => rows.map(toRow)),
          Effect.orDie
        ),
      count: (account, f) =>
        sql<{ n: number }>`SELECT count(*)::int AS n FROM contacts c WHERE ${where(account, f)}`.unprepared.pipe(
          Effect.map((rows) => rows[0]?.n ?? 0),
          Effect.orDie
        ),
      lookup: (account, search, companiesOnly, limit) =>
        Effect.gen(function* () {
          const term = search.trim().toLowerCase()
          // Names and emails starting with the text come first, each straight off its index, through a function
          // whose plan is made once (0690 migration): as a statement of its own it was planned on every call. A
          // range rather than LIKE 'text%', so the bounds stay usable by the index in that one plan.
          const upper = `${term}\u{10FFFF}`
          const first = yield* sql<Raw>`
            ${select}
            JOIN contact_lookup_starting(${account}, ${term}, ${upper}, ${companiesOnly}, ${limit}) best
              ON best.contact_id = c.contact_id
            WHERE c.account_id = ${account}
            ORDER BY best.rank, best.k COLLATE "C", c.contact_id`
          const found = first.map(toRow)
          if (found.length >= limit || term.length < 3) return found
          // Then text found anywhere (a company of a person, the middle of a name, a phone), through the
          // trigram index; a bounded set of candidates is sorted, never every match.
          const ids = found.map((r) => r.contact_id as number)
          const current = sql`c.account_id = ${account} AND c.archive_id = 1 AND c.merged_into IS NULL
            ${companiesOnly ? sql`AND c.contact_type = 'company'` : sql``}`
          const more = yield* sql<Raw>`
            ${select} JOIN (
              SELECT c.contact_id FROM contacts c
              WHERE ${current} AND c.search_text LIKE ${likeTerm(term)} AND NOT (c.contact_id = ANY(${ids}::int[]))
              LIMIT ${limit * 5}
            ) hit ON hit.contact_id = c.contact_id
            WHERE c.account_id = ${account}
            ORDER BY lower(c.name_first), lower(c.name_last), c.contact_id LIMIT ${limit - found.length}`.unprepared
          return [...found, ...more.map(toRow)]
        }).pipe(Effect.orDie),
      byId: (account, id) =>
        sql<Raw>`${select} WHERE c.account_id = ${account} AND c.contact_id = ${id} AND c.archive_id <> 3`.pipe(
          Effect.map((rows) =>
            Option.map(Option.fromNullishOr(rows[0]), (r) => ({
              ...toRow(r),
              merged_into: r.merged_into,
              marketing_opt_in: r.marketing_opt_in,
              modified_by: r.modified_by,
              modified_by_name: r.modified_by_name ?? ""
            }))
          ),
          Effect.orDie
        ),
      byEmail: (account, email) =>
        sql<Raw>`${select} WHERE c.account_id = ${account} AND lower(c.email) = ${email.toLowerCase()}
                   AND c.archive_id = 1 AND c.merged_into IS NULL ORDER BY c.contact_id LIMIT 1`.pipe(
          Effect.map((rows) => Option.map(Option.fromNullishOr(rows[0]), toRow)),
          Effect.orDie
        ),
      methods: (account, id) => methodsOf(account, id).pipe(Effect.orDie),
      addresses: (account, id) =>
        sql<Omit<Address.Address, "contact_id">>`
          SELECT contact_address_id, address, city, state, zip, country, address_type FROM contact_addresses
          WHERE account_id = ${account} AND contact_id = ${id} ORDER BY order_index, contact_address_id`.pipe(
          Effect.map((rows) => rows.map((a) => ({ ...a, contact_id: id as Contact.ContactId }))),
          Effect.orDie
        ),
      people: (account, companyId) =>
        sql<Raw>`${select} WHERE c.account_id = ${account} AND c.company_id = ${companyId}
                   AND c.merged_into IS NULL AND c.archive_id <> 3
                 ORDER BY lower(c.name_first), lower(c.name_last), c.contact_id`.pipe(
          Effect.map((rows) => rows.map(toRow)),
          Effect.orDie
        ),
      companyByName: (account, signin, name) =>
        Effect.gen(function* () {
          const clean = name.trim()
          const [found] = yield* sql<{ contact_id: number }>`
            SELECT contact_id FROM contacts
            WHERE account_id = ${account} AND contact_type = 'company' AND merged_into IS NULL AND archive_id = 1
              AND lower(name_first) = ${clean.toLowerCase()}
            ORDER BY contact_id LIMIT 1`
          if (found !== undefined) return found.contact_id
          const [made] = yield* sql<{ contact_id: number }>`
            INSERT INTO contacts ${sql.insert({
              account_id: account,
              contact_type: "company",
              name_first: clean,
              search_text: clean.toLowerCase(),
              modified_by: signin
            })} RETURNING contact_id`
          yield* WebhookEvents.contactSaved(account, made!.contact_id, true, {
            contact_type: "company",
            name_first: clean,
            name_last: "",
            email: "",
            company: ""
          })
          return made!.contact_id
        }).pipe(Effect.provideService(SqlClient.SqlClient, sql), Effect.orDie),
      save: (account, signin, id, contact, phones, addresses) =>
        Effect.gen(function* () {
          const companyName = contact.type === "company" ? "" : yield* companyNameOf(account, contact.company_id)
          const values = {
            contact_type: contact.type,
            name_first: contact.name_first.trim(),
            name_last: contact.type === "company" ? "" : contact.name_last.trim(),
            email: contact.email.trim(),
            company_id: contact.type === "company" ? null : contact.company_id,
            search_text: searchText(contact, companyName, phones),
            modified_by: signin,
            ...(contact.marketing_opt_in === undefined ? {} : { marketing_opt_in: contact.marketing_opt_in })
          }
          let contactId: number
          if (id === null) {
            const [made] = yield* sql<{ contact_id: number }>`
              INSERT INTO contacts ${sql.insert({ account_id: account, ...values })} RETURNING contact_id`
            contactId = made!.contact_id
          } else {
            contactId = id
            yield* sql`UPDATE contacts SET ${sql.update(values)}, modified = now()
                       WHERE account_id = ${account} AND contact_id = ${id}`
            yield* sql`DELETE FROM contact_methods WHERE account_id = ${account} AND contact_id = ${id}`
            yield* sql`DELETE FROM contact_addresses WHERE account_id = ${account} AND contact_id = ${id}`
          }
          const methodRows: Array<Record<string, unknown>> = phones
            .filter((p) => p.phoneOther.trim() !== "")
            .map((p, i) => ({
              account_id: account,
              contact_id: contactId,
              phone_other: p.phoneOther.trim(),
              phone_other_type: p.phoneOther_type,
              order_index: i
            }))
          if (Arr.isReadonlyArrayNonEmpty(methodRows)) yield* sql`INSERT INTO contact_methods ${sql.insert(methodRows)}`
          const addressRows: Array<Record<string, unknown>> = addresses
            .filter((a) => !Address.isEmpty(a))
            .map((a, i) => ({
              account_id: account,
              contact_id: contactId,
              address: a.address.trim(),
              city: a.city.trim(),
              state: a.state.trim(),
              zip: a.zip.trim(),
              country: a.country.trim(),
              address_type: a.address_type ?? (i === 0 ? "primary" : "postal"),
              order_index: i
            }))
          if (Arr.isReadonlyArrayNonEmpty(addressRows))
            yield* sql`INSERT INTO contact_addresses ${sql.insert(addressRows)}`
          yield* WebhookEvents.contactSaved(account, contactId, id === null, { ...values, company: companyName })
          return contactId
        }).pipe(Effect.provideService(SqlClient.SqlClient, sql), Effect.orDie),
      setArchive: (account, signin, id, archiveId) =>
        sql`UPDATE contacts SET archive_id = ${archiveId}, modified = now(), modified_by = ${signin}
            WHERE account_id = ${account} AND contact_id = ${id}`.pipe(Effect.asVoid, Effect.orDie),
      reindexPeople: (account, companyId) =>
        Effect.gen(function* () {
          const people = yield* sql<{ contact_id: number; name_first: string; name_last: string; email: string }>`
            SELECT contact_id, name_first, name_last, email FROM contacts
            WHERE account_id = ${account} AND company_id = ${companyId}`
          const companyName = yield* companyNameOf(account, companyId)
          for (const p of people) {
            const methods = yield* methodsOf(account, p.contact_id)
            const text = searchText(
              p,
              companyName,
              methods.map((m) => ({ phoneOther: m.phoneOther }))
            )
            yield* sql`UPDATE contacts SET search_text = ${text}
                       WHERE account_id = ${account} AND contact_id = ${p.contact_id}`
          }
        }).pipe(Effect.orDie),
      reindexQuotes: (account, contactIds) =>
        Effect.gen(function* () {
          if (contactIds.length === 0) return 0
          const ids = [...contactIds]
          // The quotes naming the contacts or a person of the companies among them, each with all of its contacts
          // in the quote's order, as the save writes them.
          const quotes = yield* sql<{
            readonly quote_id: number
            readonly title: string
            readonly quote_no: number | null
            readonly contacts: ReadonlyArray<{
              readonly name_first: string
              readonly name_last: string
              readonly company: string | null
              readonly email: string
            }>
          }>`
            WITH hit AS (
              SELECT qc.quote_id FROM quote_contacts qc
              WHERE qc.account_id = ${account} AND qc.contact_id = ANY(${ids}::int[])
              UNION
              SELECT qc.quote_id FROM contacts p
              JOIN quote_contacts qc ON qc.account_id = p.account_id AND qc.contact_id = p.contact_id
              WHERE p.account_id = ${account} AND p.company_id = ANY(${ids}::int[])
            )
            SELECT q.quote_id, q.title, q.quote_no,
              (SELECT json_agg(json_build_object('name_first', c.name_first, 'name_last', c.name_last,
                                                 'company', co.name_first, 'email', c.email)
                               ORDER BY qc.contact_order, qc.quote_contact_id)
               FROM quote_contacts qc
               JOIN contacts c ON c.account_id = qc.account_id AND c.contact_id = qc.contact_id
               LEFT JOIN contacts co ON co.account_id = c.account_id AND co.contact_id = c.company_id
               WHERE qc.account_id = ${account} AND qc.quote_id = q.quote_id) AS contacts
            FROM hit JOIN quotes q ON q.account_id = ${account} AND q.quote_id = hit.quote_id`
          if (quotes.length === 0) return 0
          const texts = quotes.map((q) =>
            SearchText.quote({
              title: q.title,
              quote_no: q.quote_no,
              contacts: (q.contacts ?? []).map((c) => ({ ...c, company: c.company ?? undefined }))
            })
          )
          yield* sql`
            UPDATE quotes q SET search_text = v.search_text
            FROM unnest(${quotes.map((q) => q.quote_id)}::int[], ${texts}::text[]) AS v(quote_id, search_text)
            WHERE q.account_id = ${account} AND q.quote_id = v.quote_id AND q.search_text <> v.search_text`
          return quotes.length
        }).pipe(Effect.orDie)
    })
  })
)
