/**
 * The person behind a lead, as a contact: when a lead is turned into a quote, its name, email, phone and company
 * become (or are matched to) a contact of the account, linked to the lead, so the new quote has its customer.
 * An existing person with the lead's email is taken rather than made twice; otherwise a person is made, in the
 * company of the lead's company name (found or made). Idempotent: a lead linked to a contact keeps it.
 *
 * @since 0.1.0
 */
import * as ContactMethod from "@quotekit/core/ContactMethod"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { ContactsRepo } from "../contacts/Repo.ts"

interface LeadPerson {
  readonly contact_id: number | null
  readonly lead_name_first: string
  readonly lead_name_last: string
  readonly lead_email: string
  readonly lead_company: string
  readonly lead_phone: string
}

/** The lead's visitor agreed to marketing email: so does its contact (a withdrawal is never undone here). */
export const consent = (account: number, leadId: number, contactId: number) =>
  Effect.flatMap(
    SqlClient.SqlClient,
    (sql) => sql`
      UPDATE contacts c SET marketing_opt_in = true FROM leads l
      WHERE c.account_id = ${account} AND c.contact_id = ${contactId} AND NOT c.marketing_opt_in
        AND l.account_id = ${account} AND l.lead_id = ${leadId} AND l.lead_marketing_opt_in`
  ).pipe(Effect.asVoid, Effect.orDie)

/** The contact of lead `leadId`, made or matched and linked to it when it had none; null when the lead names nobody. */
export const ensure = Effect.fn("LeadContact.ensure")(function* (account: number, signin: number, leadId: number) {
  const sql = yield* SqlClient.SqlClient
  const contacts = yield* ContactsRepo
  return yield* sql
    .withTransaction(
      Effect.gen(function* () {
        const [lead] = yield* sql<LeadPerson>`
          SELECT contact_id, lead_name_first, lead_name_last, lead_email, lead_company, lead_phone
          FROM leads WHERE account_id = ${account} AND lead_id = ${leadId} FOR UPDATE`
        if (lead === undefined) return null
        if (lead.contact_id !== null) return lead.contact_id
        const email = lead.lead_email.trim()
        const first = lead.lead_name_first.trim()
        const last = lead.lead_name_last.trim()
        if (email === "" && first === "" && last === "") return null
        const [known] =
          email === ""
            ? []
            : yield* sql<{ contact_id: number }>`
                SELECT contact_id FROM contacts
                WHERE account_id = ${account} AND contact_type = 'person' AND archive_id = 1
                  AND lower(email) = ${email.toLowerCase()}
                ORDER BY contact_id LIMIT 1`
        const contactId =
          known?.contact_id ??
          (yield* Effect.gen(function* () {
            const company =
              lead.lead_company.trim() === ""
                ? null
                : yield* contacts.companyByName(account, signin, lead.lead_company.trim())
            const phones =
              lead.lead_phone.trim() === ""
                ? []
                : [{ phoneOther: lead.lead_phone.trim(), phoneOther_type: ContactMethod.Types.phone_primary }]
            return yield* contacts.save(
              account,
              signin,
              null,
              { type: "person", name_first: first, name_last: last, email, company_id: company },
              phones,
              []
            )
          }))
        yield* sql`UPDATE leads SET contact_id = ${contactId} WHERE account_id = ${account} AND lead_id = ${leadId}`
        yield* consent(account, leadId, contactId)
        return contactId
      })
    )
    .pipe(Effect.orDie)
})
