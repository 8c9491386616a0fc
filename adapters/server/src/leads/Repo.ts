/**
 * The leads repository: leads with their assignee's name, counts per status, the team's changes, leads from
 * the public form, and converting a lead into a contact and a draft quote. Every query is filtered by the
 * account.
 *
 * @since 0.1.0
 */
import type * as Account from "@quotekit/core/Account"
import * as Lead from "@quotekit/core/Lead"
import * as Money from "@quotekit/core/Money"
import * as PrivatePricing from "@quotekit/core/PrivatePricing"
import { Context, Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"
import * as AddOnPushes from "../crm/Pushes.ts"
import * as WebhookEvents from "../webhooks/Events.ts"
import * as LeadContact from "./LeadContact.ts"

/** A stored lead with its assignee's name and the quote it became. */
export interface StoredLead {
  readonly lead: Lead.Lead
  readonly assignee_name: string | null
  readonly quote_id: number | null
  readonly contact_id: number | null
}

/** A lead from the public form. */
export interface NewLead {
  readonly lead_subject: string
  readonly lead_message: string
  readonly lead_email: string
  readonly lead_name_first: string
  readonly lead_name_last: string
  readonly lead_company: string
  readonly lead_phone: string
  readonly lead_file_name: string | null
  readonly lead_file_key: string | null
  /** The visitor agreed to marketing email. */
  readonly lead_marketing_opt_in?: boolean
}

/** The team-side changes of a lead; keys left out stay. */
export interface LeadChanges {
  readonly lead_notes?: string
  readonly lead_author?: number | null
  readonly lead_potential_value?: Money.Decimal | null
}

/** The repository service. */
export class LeadsRepo extends Context.Service<
  LeadsRepo,
  {
    readonly list: (
      account: number,
      status: Lead.Status,
      offset: number,
      limit: number
    ) => Effect.Effect<ReadonlyArray<StoredLead>>
    readonly counts: (account: number) => Effect.Effect<{ open: number; dismissed: number; converted: number }>
    readonly byId: (account: number, id: number) => Effect.Effect<Option.Option<StoredLead>>
    readonly setStatus: (account: number, id: number, status: Lead.Status) => Effect.Effect<void>
    readonly update: (account: number, id: number, changes: LeadChanges) => Effect.Effect<void>
    readonly isMember: (account: number, signin: number) => Effect.Effect<boolean>
    readonly insert: (account: number, lead: NewLead) => Effect.Effect<number>
    /**
     * Convert a lead: a contact from its name, email, company and phone (an existing contact with the same
     * email is reused), a draft quote titled by its subject with that contact, from the account's defaults,
     * and the lead marked converted. One transaction.
     */
    readonly convert: (
      account: number,
      signin: number,
      lead: Lead.Lead
    ) => Effect.Effect<{ readonly quote_id: number; readonly contact_id: number }>
  }
>()("quotekit/server/LeadsRepo") {}

interface Raw {
  readonly lead_id: number
  readonly lead_subject: string
  readonly lead_message: string
  readonly lead_email: string
  readonly lead_name_first: string
  readonly lead_name_last: string
  readonly lead_company: string
  readonly lead_phone: string
  readonly lead_notes: string
  readonly lead_author: number | null
  readonly lead_potential_value: string | null
  readonly lead_status: Lead.Status
  readonly lead_file_name: string | null
  readonly lead_file_key: string | null
  readonly lead_creation: number
  readonly lead_modified: number
  readonly assignee_name: string | null
  readonly quote_id: number | null
  readonly contact_id: number | null
}

const toStored = (account: number, r: Raw): StoredLead => ({
  lead: new Lead.Lead({
    lead_id: r.lead_id as Lead.LeadId,
    account_id: account as Account.AccountId,
    lead_subject: r.lead_subject,
    lead_message: r.lead_message,
    lead_email: r.lead_email,
    lead_name_first: r.lead_name_first,
    lead_name_last: r.lead_name_last,
    lead_company: r.lead_company,
    lead_phone: r.lead_phone,
    lead_notes: r.lead_notes,
    lead_author: r.lead_author as Account.SigninId | null,
    lead_potential_value: r.lead_potential_value === null ? null : Money.make(r.lead_potential_value),
    lead_status: r.lead_status,
    lead_file_name: r.lead_file_name,
    lead_file_key: r.lead_file_key,
    lead_creation: r.lead_creation,
    lead_modified: r.lead_modified
  }),
  assignee_name: r.assignee_name,
  quote_id: r.quote_id,
  contact_id: r.contact_id
})

/** The repository over SQL. */
export const layer = Layer.effect(
  LeadsRepo,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const select = sql.literal(`
      SELECT l.lead_id, l.lead_subject, l.lead_message, l.lead_email, l.lead_name_first, l.lead_name_last,
             l.lead_company, l.lead_phone, l.lead_notes, l.lead_author, l.lead_potential_value::text AS lead_potential_value,
             l.lead_status::int AS lead_status, l.lead_file_name, l.lead_file_key,
             floor(extract(epoch FROM l.lead_creation))::float8 AS lead_creation,
             floor(extract(epoch FROM l.lead_modified))::float8 AS lead_modified,
             s.name_display AS assignee_name, l.quote_id, l.contact_id
      FROM leads l LEFT JOIN signins s ON s.signin_id = l.lead_author`)
    return LeadsRepo.of({
      list: (account, status, offset, limit) =>
        sql<Raw>`${select} WHERE l.account_id = ${account} AND l.lead_status = ${status}
                 ORDER BY l.lead_creation DESC, l.lead_id DESC LIMIT ${limit} OFFSET ${offset}`.pipe(
          Effect.map((rows) => rows.map((r) => toStored(account, r))),
          Effect.orDie
        ),
      counts: (account) =>
        sql<{ lead_status: number; n: number }>`SELECT lead_status::int AS lead_status, count(*)::int AS n FROM leads
          WHERE account_id = ${account} GROUP BY lead_status`.pipe(
          Effect.map((rows) => {
            const of = (s: number) => rows.find((r) => r.lead_status === s)?.n ?? 0
            return {
              open: of(Lead.Status.open),
              dismissed: of(Lead.Status.dismissed),
              converted: of(Lead.Status.converted)
            }
          }),
          Effect.orDie
        ),
      byId: (account, id) =>
        sql<Raw>`${select} WHERE l.account_id = ${account} AND l.lead_id = ${id}`.pipe(
          Effect.map((rows) => Option.map(Option.fromNullishOr(rows[0]), (r) => toStored(account, r))),
          Effect.orDie
        ),
      setStatus: (account, id, status) =>
        sql`UPDATE leads SET lead_status = ${status}, lead_modified = now()
            WHERE account_id = ${account} AND lead_id = ${id}`.pipe(Effect.asVoid, Effect.orDie),
      update: (account, id, c) => {
        const values: Record<string, unknown> = {}
        if (c.lead_notes !== undefined) values.lead_notes = c.lead_notes
        if (c.lead_author !== undefined) values.lead_author = c.lead_author
        if (c.lead_potential_value !== undefined) {
          values.lead_potential_value =
            c.lead_potential_value === null ? null : Money.toFixed(c.lead_potential_value, Money.AMOUNT_SCALE)
        }
        if (Object.keys(values).length === 0) return Effect.void
        return sql`UPDATE leads SET ${sql.update(values)}, lead_modified = now()
                   WHERE account_id = ${account} AND lead_id = ${id}`.pipe(Effect.asVoid, Effect.orDie)
      },
      isMember: (account, signin) =>
        sql<{ ok: boolean }>`SELECT EXISTS (SELECT 1 FROM memberships WHERE account_id = ${account}
            AND signin_id = ${signin} AND joined_at IS NOT NULL) AS ok`.pipe(
          Effect.map((rows) => rows[0]?.ok === true),
          Effect.orDie
        ),
      insert: (account, lead) =>
        sql<{ lead_id: number }>`INSERT INTO leads ${sql.insert({ account_id: account, ...lead })}
          RETURNING lead_id`.pipe(
          Effect.map((rows) => rows[0]!.lead_id),
          // The lead and its webhook commit together.
          Effect.tap((leadId) => WebhookEvents.leadCreated(account, leadId, lead)),
          sql.withTransaction,
          Effect.provideService(SqlClient.SqlClient, sql),
          Effect.orDie
        ),
      convert: (account, signin, lead) =>
        sql
          .withTransaction(
            Effect.gen(function* () {
              const email = lead.lead_email.trim()
              const [existing] =
                email === ""
                  ? []
                  : yield* sql<{ contact_id: number }>`SELECT contact_id FROM contacts
                      WHERE account_id = ${account} AND lower(email) = ${email.toLowerCase()}
                        AND merged_into IS NULL AND archive_id <> 3
                      ORDER BY (contact_type = 'person') DESC, contact_id LIMIT 1`
              let contactId = existing?.contact_id
              if (contactId === undefined) {
                const companyName = lead.lead_company.trim()
                let companyId: number | null = null
                if (companyName !== "") {
                  const [company] = yield* sql<{ contact_id: number }>`SELECT contact_id FROM contacts
                    WHERE account_id = ${account} AND contact_type = 'company' AND archive_id = 1
                      AND merged_into IS NULL AND lower(name_first) = ${companyName.toLowerCase()} LIMIT 1`
                  companyId = company?.contact_id ?? null
                  if (companyId === null) {
                    const [madeCompany] = yield* sql<{ contact_id: number }>`INSERT INTO contacts ${sql.insert({
                      account_id: account,
                      contact_type: "company",
                      name_first: companyName,
                      search_text: companyName.toLowerCase(),
                      modified_by: signin
                    })} RETURNING contact_id`
                    companyId = madeCompany!.contact_id
                    yield* WebhookEvents.contactSaved(account, companyId, true, {
                      contact_type: "company",
                      name_first: companyName,
                      name_last: "",
                      email: "",
                      company: ""
                    })
                  }
                }
                const hasName = `${lead.lead_name_first}${lead.lead_name_last}`.trim() !== ""
                const person = hasName || companyId === null
                const contact = {
                  contact_type: person ? "person" : "company",
                  name_first: person ? lead.lead_name_first.trim() : companyName,
                  name_last: person ? lead.lead_name_last.trim() : "",
                  email
                }
                const [made] = yield* sql<{ contact_id: number }>`INSERT INTO contacts ${sql.insert({
                  account_id: account,
                  ...contact,
                  company_id: person ? companyId : null,
                  search_text: [lead.lead_name_first, lead.lead_name_last, email, companyName, lead.lead_phone]
                    .map((s) => s.trim())
                    .filter((s) => s !== "")
                    .join(" ")
                    .toLowerCase(),
                  modified_by: signin
                })} RETURNING contact_id`
                contactId = made!.contact_id
                yield* WebhookEvents.contactSaved(account, contactId, true, {
                  ...contact,
                  company: person ? companyName : ""
                })
                if (lead.lead_phone.trim() !== "") {
                  yield* sql`INSERT INTO contact_methods ${sql.insert({
                    account_id: account,
                    contact_id: contactId,
                    phone_other: lead.lead_phone.trim().slice(0, 500),
                    phone_other_type: 1
                  })}`
                }
              }
              const [defaults] = yield* sql<{
                currency_id: number
                amounts_entered: string
                private_pricing: number
                quote_no: number
              }>`UPDATE accounts SET next_quote_no = next_quote_no + 1 WHERE account_id = ${account}
                 RETURNING currency_id, amounts_entered, private_pricing::int AS private_pricing,
                           next_quote_no - 1 AS quote_no`
              const [quote] = yield* sql<{ quote_id: number }>`INSERT INTO quotes ${sql.insert({
                account_id: account,
                status: "draft",
                quote_no: defaults!.quote_no,
                title: lead.lead_subject.trim().slice(0, 500),
                currency_id: defaults!.currency_id,
                amounts_entered: defaults!.amounts_entered,
                private_pricing: PrivatePricing.make(defaults!.private_pricing),
                from_signin_id: lead.lead_author ?? signin,
                from_lead_id: lead.lead_id,
                price_potential:
                  lead.lead_potential_value === null
                    ? "0"
                    : Money.toFixed(lead.lead_potential_value, Money.AMOUNT_SCALE),
                search_text: [
                  lead.lead_subject,
                  String(defaults!.quote_no),
                  lead.lead_name_first,
                  lead.lead_name_last,
                  lead.lead_company
                ]
                  .map((s) => s.trim())
                  .filter((s) => s !== "")
                  .join(" ")
                  .toLowerCase(),
                modified_by: signin
              })} RETURNING quote_id`
              const quoteId = quote!.quote_id
              // A quote always has a price item, the total row, then a text row.
              yield* sql`INSERT INTO quote_items ${sql.insert([
                { account_id: account, quote_id: quoteId, item_type: 1, quantity: "1", order_index: 0 },
                { account_id: account, quote_id: quoteId, item_type: 4, quantity: "0", order_index: 1 },
                { account_id: account, quote_id: quoteId, item_type: 2, quantity: "0", order_index: 2 }
              ])}`
              yield* sql`INSERT INTO quote_contacts ${sql.insert({
                account_id: account,
                quote_id: quoteId,
                contact_id: contactId,
                contact_order: 0
              })}`
              yield* LeadContact.consent(account, lead.lead_id, contactId)
              yield* AddOnPushes.enqueue(account, quoteId, "lead")
              yield* sql`UPDATE leads SET lead_status = ${Lead.Status.converted}, quote_id = ${quoteId},
                           contact_id = ${contactId}, lead_modified = now()
                         WHERE account_id = ${account} AND lead_id = ${lead.lead_id}`
              return { quote_id: quoteId, contact_id: contactId }
            })
          )
          .pipe(Effect.provideService(SqlClient.SqlClient, sql), Effect.orDie)
    })
  })
)
