/**
 * The contacts group's handlers: list, edit and view data, save, archive, merge and the lookups. Every call
 * works within the session's account (`CurrentAccount`); another account's contact is "not found".
 *
 * @since 0.1.0
 */

import * as Address from "@quotekit/core/Address"
import { Api } from "@quotekit/core/api/Api"
import { AccessDenied, ChangeWarning, InvalidInput, NotFound } from "@quotekit/core/api/ApiError"
import {
  type ContactForm,
  type ContactUpdate,
  type ContactView,
  DuplicateContact,
  type LookupAnswer
} from "@quotekit/core/api/ContactsApi"
import { CurrentAccount } from "@quotekit/core/api/Security"
import * as Completer from "@quotekit/core/Completer"
import * as Contact from "@quotekit/core/Contact"
import * as ContactMethod from "@quotekit/core/ContactMethod"
import * as Message from "@quotekit/core/Message"
import * as RelativeTime from "@quotekit/core/RelativeTime"
import { Effect, Option } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { SqlClient } from "effect/sql"
import { AddOnsRepo } from "../addons/Repo.ts"
import { HistoryWriter } from "../history/HistoryWriter.ts"
import * as Paging from "../http/Paging.ts"
import { ContactMergeRepo } from "./MergeRepo.ts"
import { ContactsRepo, type StoredContact } from "./Repo.ts"

/** Most lookup results answered. */
export const LOOKUP_LIMIT = 10

const m = Message.catalogue

const link = (c: { contact_id: number; display_name: string; email: string; archive_id: number }) => ({
  contact_id: c.contact_id as Contact.ContactId,
  display_name: c.display_name,
  email: c.email,
  archive_id: c.archive_id
})

const methodTypes = ContactMethod.MethodType.literals.map((type) => ({ type, label: ContactMethod.labels[type] }))

/** The refusal of a contact form that is not valid; none when it is. */
export const validate = (update: ContactUpdate): Option.Option<InvalidInput> => {
  const c = update.contact
  if (c.type === "company" && c.name_first.trim() === "") {
    return Option.some(InvalidInput.field("name_first", m.fieldRequired("Company name")))
  }
  if (c.type === "person" && [c.name_first, c.name_last, c.email].every((s) => s.trim() === "")) {
    return Option.some(InvalidInput.field("name_first", m.fieldRequired("Name")))
  }
  if (c.email.trim() !== "" && !Contact.isEmail(c.email.trim())) {
    return Option.some(InvalidInput.field("email", m.emailInvalid))
  }
  return Option.none()
}

/** Whether a save changes what a quote's search text holds of the contact: names, email or company. */
export const namesChanged = (
  stored: Pick<StoredContact, "type" | "name_first" | "name_last" | "email" | "company_id">,
  saved: Pick<ContactUpdate["contact"], "type" | "name_first" | "name_last" | "email"> & {
    readonly company_id: number | null
  }
): boolean =>
  stored.type !== saved.type ||
  stored.name_first !== saved.name_first.trim() ||
  stored.name_last !== (saved.type === "company" ? "" : saved.name_last.trim()) ||
  stored.email !== saved.email.trim() ||
  (stored.company_id ?? null) !== (saved.type === "company" ? null : saved.company_id)

/** The contacts group's handlers. */
export const layer = HttpApiBuilder.group(
  Api,
  "contacts",
  Effect.fn(function* (handlers) {
    const repo = yield* ContactsRepo
    const addons = yield* AddOnsRepo
    const merges = yield* ContactMergeRepo
    const history = yield* HistoryWriter
    const sql = yield* SqlClient.SqlClient

    const find = (account: number, id: number) =>
      Effect.flatMap(repo.byId(account, id), (found) =>
        Option.match(found, { onNone: () => Effect.fail(NotFound.answer()), onSome: Effect.succeed })
      )

    const companyLink = (account: number, companyId: number | null) =>
      companyId === null
        ? Effect.succeed(null)
        : Effect.map(repo.byId(account, companyId), (c) => Option.getOrNull(Option.map(c, link)))

    const form = (account: number, contact: StoredContact): Effect.Effect<ContactForm> =>
      Effect.gen(function* () {
        const {
          display_name: _d,
          _name_company: _n,
          merged_into: _m,
          marketing_opt_in,
          modified_by: _b,
          modified_by_name: _bn,
          ...row
        } = contact
        return {
          contact: { ...row, _name_company: contact._name_company },
          phones: yield* repo.methods(account, contact.contact_id),
          addresses: yield* repo.addresses(account, contact.contact_id),
          company: yield* companyLink(account, contact.company_id),
          marketing_opt_in,
          method_types: methodTypes
        }
      })

    const lookup = (search: string, companiesOnly: boolean): Effect.Effect<LookupAnswer, never, CurrentAccount> =>
      Effect.gen(function* () {
        const { account_id } = yield* CurrentAccount
        if (Completer.offersCreateOnly(search)) return { results: [], create_only: true }
        if (Completer.verdict(search, Completer.emptyHistory, Completer.contactRules) !== "search") {
          return { results: [], create_only: false }
        }
        const rows = yield* repo.lookup(account_id, search, companiesOnly, LOOKUP_LIMIT)
        return { results: rows.map((contact) => ({ id: contact.contact_id, contact, addonId: 0 })), create_only: false }
      })

    return handlers
      .handle("list", ({ query }) =>
        Effect.gen(function* () {
          const { account_id } = yield* CurrentAccount
          const page = query.page ?? 1
          const filter = {
            type: query.type,
            search: query.search ?? "",
            archive: query.archive ?? ("current" as const)
          }
          const found = yield* Paging.read(
            page,
            (offset, limit) => repo.list(account_id, { ...filter, offset, limit }),
            (contact) => contact
          )
          return { ...found, total: query.getCount === undefined ? null : yield* repo.count(account_id, filter) }
        })
      )
      .handle("editData", ({ params }) =>
        Effect.gen(function* () {
          const { account_id } = yield* CurrentAccount
          return yield* form(account_id, yield* find(account_id, params.contact_id))
        })
      )
      .handle("newData", ({ params, query }) =>
        Effect.gen(function* () {
          const { account_id } = yield* CurrentAccount
          const type = params.type === "new-company" ? ("company" as const) : ("person" as const)
          const company =
            type === "person" && query.company_id !== undefined
              ? Option.getOrNull(
                  Option.filter(yield* repo.byId(account_id, query.company_id), (c) => c.type === "company")
                )
              : null
          return {
            contact: {
              contact_id: 0 as Contact.ContactId,
              type,
              name_first: "",
              name_last: "",
              company_id: company === null ? null : (company.contact_id as Contact.ContactId),
              email: "",
              modified: 0,
              archive_id: Contact.ArchiveIds.active,
              ...(company === null ? {} : { _name_company: company.display_name })
            },
            phones: [],
            addresses: [],
            company: company === null ? null : link(company),
            marketing_opt_in: false,
            method_types: methodTypes
          }
        })
      )
      .handle("view", ({ params }) =>
        Effect.gen(function* () {
          const { account_id } = yield* CurrentAccount
          const c = yield* find(account_id, params.contact_id)
          const phones = yield* repo.methods(account_id, c.contact_id)
          const addresses = yield* repo.addresses(account_id, c.contact_id)
          const people = c.type === "company" ? yield* repo.people(account_id, c.contact_id) : null
          const { merged_into, modified_by: _b, modified_by_name: _bn, ...row } = c
          const view: ContactView = {
            contact: row,
            display_name: c.display_name,
            sticker: Contact.isArchived(c) ? m.archived : null,
            company: yield* companyLink(account_id, c.company_id),
            phones: phones.map((p) => ({
              ...p,
              label: ContactMethod.labels[p.phoneOther_type],
              display: ContactMethod.display(p),
              link: Option.getOrNull(ContactMethod.link(p))
            })),
            addresses: addresses.map((a) => ({
              ...a,
              lines: [...Address.displayLines(a, { withCountry: true })],
              map_url: Option.getOrNull(Address.mapsUrl(a))
            })),
            people: people === null ? null : people.map(link),
            people_label: people === null ? null : people.length === 0 ? m.noPeople : m.peopleCount(people.length),
            // The quote list searches contact names and companies; it has no filter by contact id yet.
            view_quotes_url: `/quotes?search=${encodeURIComponent(c.display_name)}`,
            merged_into: merged_into === null ? null : yield* companyLink(account_id, merged_into),
            // The contact's record in the accounting add-on its invoices went to (its lookup link).
            meta: Option.getOrNull(yield* addons.contactLookup(account_id, c.contact_id)),
            marketing_opt_in: c.marketing_opt_in
          }
          return view
        })
      )
      .handle("update", ({ params, payload }) =>
        Effect.gen(function* () {
          const { account_id, signin_id } = yield* CurrentAccount
          const refusal = validate(payload)
          if (Option.isSome(refusal)) return yield* refusal.value
          const id = params.contact_id > 0 ? params.contact_id : null
          const existing = id === null ? null : yield* find(account_id, id)
          if (existing !== null) {
            if (
              payload._modifiedIn !== undefined &&
              existing.modified > payload._modifiedIn &&
              existing.modified_by !== null &&
              existing.modified_by !== signin_id
            ) {
              const when = yield* RelativeTime.describeNow(existing.modified)
              const who = existing.modified_by_name || "someone"
              const message = m.saveConflict(who, when, false)
              return yield* new ChangeWarning({
                _changeWarning: { who, when: existing.modified, mayVersion: false },
                _serveError: { code: "change_conflict", message }
              })
            }
            if (existing.type !== payload.contact.type && existing.type === "company") {
              const people = yield* repo.people(account_id, existing.contact_id)
              if (people.length > 0) return yield* InvalidInput.field("type", m.notAvailableNow)
            }
          }
          const c = payload.contact
          // A second contact with one email is usually the same person entered twice: say who has it first.
          if (id === null && payload.allow_duplicate !== true && c.email.trim() !== "") {
            const same = yield* repo.byEmail(account_id, c.email.trim())
            if (Option.isSome(same)) {
              return yield* new DuplicateContact({
                existing: { contact_id: same.value.contact_id, display_name: same.value.display_name },
                _serveError: { code: "duplicate_contact", message: m.duplicateContact(same.value.display_name) }
              })
            }
          }
          let companyId: number | null = c.type === "company" ? null : c.company_id
          if (companyId !== null) {
            const company = yield* repo.byId(account_id, companyId)
            if (
              Option.isNone(company) ||
              company.value.type !== "company" ||
              company.value.contact_id === id ||
              company.value.merged_into !== null
            ) {
              return yield* InvalidInput.field("company_id", m.notAvailableChoice("company"))
            }
          }
          const saved = yield* sql
            .withTransaction(
              Effect.gen(function* () {
                if (companyId === null && c.type === "person" && (c.company_name ?? "").trim() !== "") {
                  companyId = yield* repo.companyByName(account_id, signin_id, c.company_name ?? "")
                }
                const savedId = yield* repo.save(
                  account_id,
                  signin_id,
                  id,
                  { ...c, company_id: companyId },
                  payload.phones,
                  payload.addresses
                )
                if (existing !== null && existing.type === "company" && existing.name_first !== c.name_first.trim()) {
                  yield* repo.reindexPeople(account_id, savedId)
                }
                // The quotes naming this contact (or a person of this company) are found by its new names only.
                if (existing !== null && namesChanged(existing, { ...c, company_id: companyId })) {
                  yield* repo.reindexQuotes(account_id, [savedId])
                }
                yield* history.write([
                  {
                    account_id,
                    table: "contact",
                    category_id: savedId,
                    action: id === null ? "create" : "update",
                    summary:
                      id === null ? (payload.from_quote_edit === true ? "Created from a quote" : "Created") : "Edited",
                    signin_id
                  }
                ])
                return savedId
              })
            )
            .pipe(Effect.orDie)
          const row = yield* find(account_id, saved)
          const { merged_into: _m, marketing_opt_in: _o, modified_by: _b, modified_by_name: _bn, ...contact } = row
          return { contact_id: saved as Contact.ContactId, contact, next_url: `/contacts/view/${saved}` }
        })
      )
      .handle("archive", ({ params }) =>
        Effect.gen(function* () {
          const { account_id, signin_id } = yield* CurrentAccount
          const c = yield* find(account_id, params.contact_id)
          if (c.merged_into !== null) return yield* AccessDenied.answer(m.mergedAlready)
          if (c.archive_id !== params.archive_id) {
            yield* sql
              .withTransaction(
                Effect.gen(function* () {
                  yield* repo.setArchive(account_id, signin_id, c.contact_id, params.archive_id)
                  yield* history.write([
                    {
                      account_id,
                      table: "contact",
                      category_id: c.contact_id,
                      action: params.archive_id === 2 ? "archive" : "restore",
                      summary: params.archive_id === 2 ? "Archived" : "Restored",
                      signin_id
                    }
                  ])
                })
              )
              .pipe(Effect.orDie)
          }
          return { archive_id: params.archive_id }
        })
      )
      .handle("merge", ({ payload }) =>
        Effect.gen(function* () {
          const { account_id, signin_id } = yield* CurrentAccount
          if (payload.loser_id === payload.winner_id) return yield* InvalidInput.field("winner_id", m.mergeSameRecord)
          const loser = yield* find(account_id, payload.loser_id)
          const winner = yield* find(account_id, payload.winner_id)
          if (loser.type !== winner.type) return yield* InvalidInput.field("winner_id", m.mergeContactTypes)
          if (loser.merged_into !== null || winner.merged_into !== null) {
            return yield* InvalidInput.field("winner_id", m.mergedAlready)
          }
          if (winner.company_id === loser.contact_id) return yield* InvalidInput.field("winner_id", m.notAvailableNow)
          const moved = yield* sql
            .withTransaction(
              Effect.gen(function* () {
                const moved = yield* merges.merge(account_id, signin_id, loser.contact_id, winner.contact_id)
                // The loser's quotes and people now name the winner: their search texts follow.
                if (winner.type === "company") yield* repo.reindexPeople(account_id, winner.contact_id)
                yield* repo.reindexQuotes(account_id, [winner.contact_id])
                yield* history.write([
                  {
                    account_id,
                    table: "contact",
                    category_id: winner.contact_id,
                    action: "merge",
                    summary: `Merged ${loser.display_name} into this contact`,
                    full: `${moved.moved_quotes} quote(s) and ${moved.moved_people} person/people moved here.`,
                    signin_id
                  },
                  {
                    account_id,
                    table: "contact",
                    category_id: loser.contact_id,
                    action: "merged",
                    summary: `Merged into ${winner.display_name}`,
                    signin_id
                  }
                ])
                return moved
              })
            )
            .pipe(Effect.orDie)
          return { winner_id: winner.contact_id, ...moved, next_url: `/contacts/view/${winner.contact_id}` }
        })
      )
      .handle("lookupPerson", ({ payload }) => lookup(payload.search, false))
      .handle("lookupCompany", ({ payload }) => lookup(payload.search, true))
  })
)
