/**
 * Save a quote or template (`POST /post/quote-update/{template|edit}/{new|id}/{action}`), in one transaction:
 *
 * 1. The request id is claimed; a retry of an answered request gets the same answer (no second quote).
 * 2. The stored quote is locked. If it changed since the editor loaded it (`_modifiedIn` is not its edit
 *    sequence) the save answers `_changeWarning` naming who changed it and when; once the user chose 'Continue
 *    to Save', the state being replaced is kept as a version under All Activity first.
 * 3. The core's rules give the form errors (contacts, expiry, structure, item codes, shared lock, shared rows,
 *    ids of another account); linked rows take their reusable item's content; adjustment saves may only add
 *    rows or credit old ones; every row's total and the quote's total are computed here, never trusted.
 * 4. Quote, rows, files and contacts are written with the list's search text, a lead becomes converted, and a
 *    history row and an audit row say who saved.
 *
 * @since 0.1.0
 */
import * as Adjustment from "@quotekit/core/Adjustment"
import { AccessDenied, ChangeWarning, Code, InvalidInput } from "@quotekit/core/api/ApiError"
import { type EditorKind, editActionOf, SaveAnswer, type SaveQuote } from "@quotekit/core/api/QuotesApi"
import type { Tenant } from "@quotekit/core/api/Security"
import * as Message from "@quotekit/core/Message"
import * as Quote from "@quotekit/core/Quote"
import * as QuoteHistory from "@quotekit/core/QuoteHistory"
import * as QuoteRoute from "@quotekit/core/QuoteRoute"
import * as QuoteSave from "@quotekit/core/QuoteSave"
import * as RelativeTime from "@quotekit/core/RelativeTime"
import * as Wording from "@quotekit/core/Wording"
import { Clock, Effect, Option, Result, Schema } from "effect"
import { SqlClient } from "effect/sql"
import { AccountCache } from "../account/Cache.ts"
import type { AccountFacts, StoredQuote } from "./Records.ts"
import { QuoteRepo, type RefsFound } from "./Repo.ts"
import { QuoteSaveRepo } from "./SaveRepo.ts"
import { encodeSnapshot, notFound, refused, snapshotOf } from "./Views.ts"

const decodeAnswer = Schema.decodeUnknownOption(SaveAnswer)
const encodeAnswer = Schema.encodeSync(SaveAnswer)

/** Problems with ids the save refers to: taxes, categories, contacts, files and the author must be the account's. */
const refProblems = (
  req: SaveQuote,
  found: RefsFound,
  stored: StoredQuote | null
): ReadonlyArray<QuoteSave.Problem> => {
  const invalid = Message.catalogue.invalidInput
  const storedIds = new Set(stored?.items.map((i) => i.item.quote_item_id as number) ?? [])
  const problems: Array<QuoteSave.Problem> = []
  for (const row of req.items) {
    const at = `items.${row.quote_item_id}`
    if (row.quote_item_id > 0 && !storedIds.has(row.quote_item_id)) problems.push({ input_id: at, message: invalid })
    if (row.item_tax_id > 0 && !found.taxIds.has(row.item_tax_id))
      problems.push({ input_id: `${at}.item_tax_id`, message: invalid })
    if (row.item_cat_id > 0 && !found.categoryIds.has(row.item_cat_id))
      problems.push({ input_id: `${at}.item_cat_id`, message: invalid })
  }
  req.contacts.forEach((c, i) => {
    if (!found.contacts.has(c.contact_id)) problems.push({ input_id: `contacts.${i}`, message: invalid })
  })
  req.item_files.forEach((f, i) => {
    if (!found.fileIds.has(f.file_id)) problems.push({ input_id: `item_files.${i}`, message: invalid })
  })
  if (!found.isMember) problems.push({ input_id: "quote.from", message: invalid })
  return problems
}

const formErrors = (facts: AccountFacts, problems: ReadonlyArray<QuoteSave.Problem>): InvalidInput => {
  const errors = problems.map((p) => ({
    input_id: p.input_id,
    highlight: true,
    message: Wording.apply(facts.noun, p.message)
  }))
  return InvalidInput.answer(errors[0]?.message ?? Message.catalogue.invalidInput, errors)
}

/** The `_changeWarning` answer: who changed the quote and when, and that their changes will be kept. */
const changeWarning = (facts: AccountFacts, stored: StoredQuote, now: number): ChangeWarning => {
  const who = stored.record.modified_by_name || Wording.catalogue(facts.noun).untitled
  const when = stored.record.modified
  const message = Wording.catalogue(facts.noun).saveConflict(who, RelativeTime.describe(when, now), true)
  return new ChangeWarning({
    _changeWarning: { who, when, mayVersion: true },
    _serveError: { code: Code.changeConflict, message }
  })
}

/** Save a quote or template for the tenant; see the module header. */
export const save = Effect.fn("SaveQuote.save")(function* (
  tenant: Tenant,
  kind: EditorKind,
  idSegment: string,
  actionSegment: string,
  req: SaveQuote
) {
  const repo = yield* QuoteRepo
  const saves = yield* QuoteSaveRepo
  const sql = yield* SqlClient.SqlClient
  const cache = yield* AccountCache
  const account = tenant.account_id
  // The account facts and the ids the save refers to are read before the transaction, side by side.
  const [facts, found] = yield* Effect.all(
    [
      repo.facts(tenant),
      repo.refs(account, {
        taxIds: [...new Set(req.items.map((r) => r.item_tax_id as number).filter((id) => id > 0))],
        categoryIds: [...new Set(req.items.map((r) => r.item_cat_id).filter((id) => id > 0))],
        itemIds: [...new Set(req.items.map((r) => r.item_id).filter((id) => id > 0))],
        contactIds: req.contacts.map((c) => c.contact_id as number),
        fileIds: req.item_files.map((f) => f.file_id),
        signinId: req.quote.from
      })
    ],
    { concurrency: 2 }
  )
  const route = Quote.parseRouteId(idSegment)
  if (Result.isFailure(route)) return yield* notFound(facts)
  const isTemplate = kind === "template"
  const mode = editActionOf(actionSegment)
  const adjusting = mode === "is-adjustment"
  const id = route.success === "new" ? null : route.success
  const nowMs = yield* Clock.currentTimeMillis
  const now = Math.floor(nowMs / 1000)
  // Templates are the admins' ('Templates & Items' is admin only, and so is Copy to Template): a team member
  // who is not an admin may start quotes from them, not change them.
  if (isTemplate && !tenant.is_admin) return yield* AccessDenied.answer(Wording.apply(facts.noun, Message.adminOnly))
  if (id === null && adjusting)
    return yield* refused(facts, { action: "adjust", reason: "status", message: Message.catalogue.notAvailableNow })

  return yield* sql
    .withTransaction(
      Effect.gen(function* () {
        const locked = yield* saves.lock(account, id, req.request_id, tenant.signin_id)
        if (Option.isSome(locked.prior)) {
          const answer = decodeAnswer(locked.prior.value)
          if (Option.isSome(answer)) return answer.value
        }

        let stored: StoredQuote | null = null
        let versionId: number | null = null
        if (id !== null) {
          if (Option.isNone(locked.stored) || locked.stored.value.record.is_template !== isTemplate)
            return yield* notFound(facts)
          stored = locked.stored.value
          const rec = stored.record
          // A template shared from a parent account is the parent's to change; the child copies it to make its own.
          if (isTemplate && rec.shared_quote_id > 0)
            return yield* AccessDenied.answer(Message.catalogue.sharedContentLocked)
          const editable = adjusting ? QuoteSave.isAdjustable(rec.status) : QuoteSave.isEditable(rec.status, isTemplate)
          if (rec.archive_id === 3 || !editable)
            return yield* refused(facts, {
              action: "save",
              reason: "status",
              message: Message.catalogue.notAvailableNow
            })
          if (req._modifiedIn !== rec.edit_seq) {
            if (req.continue !== true) return yield* changeWarning(facts, stored, now)
            versionId = yield* repo.keepVersion(
              account,
              rec.quote_id,
              "replaced",
              encodeSnapshot(snapshotOf(stored, facts, now)),
              tenant.signin_id,
              nowMs
            )
          }
        }

        const storedRows = stored?.items ?? []
        const storedQuote =
          stored === null ? null : { ...stored.record, _shared_quote_id: stored.record.shared_quote_id }
        const problems = [
          ...refProblems(req, found, stored),
          ...QuoteSave.contactProblems(req.contacts),
          ...QuoteSave.expiryProblems(req.quote, stored?.record.status ?? "draft", isTemplate, now),
          ...QuoteSave.structureProblems(req.items),
          ...QuoteSave.choiceProblems(req.items),
          ...QuoteSave.sharedLockProblems(req.quote, storedQuote),
          ...(adjusting && storedQuote !== null ? QuoteSave.adjustmentPricingProblems(req.quote, storedQuote) : []),
          ...QuoteSave.sharedItemProblems(
            req.items,
            storedRows.map((s) => ({ ...s.item, shared_account_id: s.shared_account_id }))
          ),
          ...QuoteSave.fileProblems(req.item_files, req.items)
        ]
        if (problems.length > 0) return yield* formErrors(facts, problems)

        // What the server computes: linked content, adjustment stamps, totals.
        const linked = QuoteSave.applyLinks(req.items, found.linked)
        let rows: ReadonlyArray<QuoteSave.Row> = linked.items
        let nextAdjIndex = stored?.record.next_adj_index ?? 0
        let lastItemAdj = stored?.record.last_item_adj ?? 0
        if (adjusting && stored !== null) {
          const begun = Adjustment.begin(nextAdjIndex, yield* repo.invoices(account, stored.record.quote_id))
          if (Result.isFailure(begun))
            return yield* refused(facts, {
              action: "adjust",
              reason: "limitReached",
              message: Message.catalogue.adjustmentLimitReached
            })
          const adjusted = QuoteSave.adjust(
            rows,
            storedRows.map((s) => s.item),
            begun.success,
            true
          )
          if (Result.isFailure(adjusted)) return yield* formErrors(facts, adjusted.failure)
          if (begun.success > nextAdjIndex && versionId === null) {
            yield* repo.keepVersion(
              account,
              stored.record.quote_id,
              "adjustment",
              encodeSnapshot(snapshotOf(stored, facts, now)),
              tenant.signin_id,
              nowMs
            )
          }
          rows = adjusted.success
          nextAdjIndex = begun.success
          lastItemAdj = Math.max(lastItemAdj, ...rows.map((r) => Math.max(r.added_adj_at, r.credited_adj_at)))
        }
        const priced = QuoteSave.priced(rows, req.quote, facts.taxes)

        const searchText = [req.quote.title, ...req.contacts.map((c) => found.contacts.get(c.contact_id)?.search ?? "")]
          .join(" ")
          .toLowerCase()
        const event: QuoteHistory.Event =
          versionId !== null
            ? { _tag: "replaced", other: stored?.record.modified_by_name ?? "" }
            : isTemplate
              ? { _tag: stored === null ? "templateCreated" : "templateSaved" }
              : { _tag: stored === null ? "created" : "saved" }
        const text = QuoteHistory.html(facts.noun, event, facts.who, req.quote.title)
        const written = yield* saves.write(
          account,
          id,
          {
            is_template: isTemplate,
            ...req.quote,
            price_current: priced.price_current,
            meta: { reviewsOn: req.meta.reviewsOn ?? stored?.record.meta.reviewsOn ?? false },
            from_template_id: stored?.record.from_template_id ?? req.meta.fromTemplate ?? 0,
            from_quote_id: stored?.record.from_quote_id ?? req.meta.fromQuote ?? 0,
            from_lead_id: stored?.record.from_lead_id ?? (isTemplate ? 0 : (req.meta.fromLead ?? 0)),
            search_text: searchText,
            next_adj_index: nextAdjIndex,
            last_item_adj: lastItemAdj,
            by: tenant.signin_id,
            at: nowMs
          },
          priced.items,
          storedRows,
          {
            signin_id: tenant.signin_id,
            table: isTemplate ? "content" : "quote",
            action: isTemplate ? "template.save" : "quote.save",
            html_summary: text.summary,
            html_full: text.full,
            data: {
              created: stored === null,
              price_current: priced.price_current.toString(),
              rows: priced.items.length,
              ...(versionId === null ? {} : { replaced_version_id: versionId })
            },
            at: nowMs
          }
        )
        const quoteId = written.quote_id
        if (stored === null && !isTemplate && (req.meta.fromLead ?? 0) > 0)
          yield* repo.convertLead(account, req.meta.fromLead ?? 0, quoteId, nowMs)
        if (req.item_files.length > 0 || storedRows.some((s) => (s.item.files ?? []).length > 0)) {
          const idOf = (temp: number) => written.rows.find((p) => p.temp_id === temp)?.id ?? temp
          yield* saves.writeFiles(
            account,
            req.item_files.map((f) => ({ file_id: f.file_id, parent_id: idOf(f.parent_id) })),
            [...storedRows.map((s) => s.item.quote_item_id as number), ...written.rows.map((p) => p.id)],
            tenant.signin_id,
            nowMs
          )
        }
        const contactIds = yield* saves.writeContacts(account, quoteId, req.contacts, stored?.contacts ?? [])

        const answer: SaveAnswer = {
          quote_id: Quote.QuoteId.make(quoteId),
          quote_no: written.quote_no,
          is_template: isTemplate,
          _modifiedIn: written.edit_seq,
          modified: now,
          price_current: priced.price_current,
          items: written.rows,
          contacts: contactIds.filter((c) => c.temp_id !== c.id),
          nextTokens: { upNext: quoteId },
          upNext: {
            href: QuoteRoute.afterSave({ kind, mode, primary: req.primary, quoteId, requestNext: req.requestNext })
          },
          version_id: versionId
        }
        yield* saves.remember(account, req.request_id, quoteId, encodeAnswer(answer))
        return answer
      })
    )
    .pipe(
      Effect.catchTag("SqlError", (e) => Effect.die(e)),
      // A template's title is in the account cache's template dropdown: every process drops it once committed.
      Effect.tap(() => (isTemplate ? cache.invalidateAccount(account) : Effect.void))
    )
})
