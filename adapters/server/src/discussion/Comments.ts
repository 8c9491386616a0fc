/**
 * The discussion use cases: the team's view of a quote's discussion, saving an answer, comment or private note
 * (new or an edit of one's own), dismissing a question, uploads for comments; and the customer's questions.
 * Every rule is the core's (`Discussion.canAdd`, `validate`, `canEdit`, `answered`, `dismissed`,
 * `privateNotes`; `Mention.mentionedIds`); this module loads, checks and writes in one transaction.
 *
 * @since 0.1.0
 */
import { AccessDenied, ChangeWarning, Code, InvalidInput, NotFound } from "@quotekit/core/api/ApiError"
import type { PublicComment } from "@quotekit/core/api/CustomerApi"
import {
  type CommentSave,
  type DisplayType,
  encodeQuoteId,
  type TeamComment,
  type TeamDiscussion
} from "@quotekit/core/api/DiscussionApi"
import { ActionRefused } from "@quotekit/core/api/QuotesApi"
import type { Tenant } from "@quotekit/core/api/Security"
import * as Discussion from "@quotekit/core/Discussion"
import * as Mention from "@quotekit/core/Mention"
import * as Message from "@quotekit/core/Message"
import * as Quote from "@quotekit/core/Quote"
import * as RelativeTime from "@quotekit/core/RelativeTime"
import type { Noun } from "@quotekit/core/Wording"
import * as Wording from "@quotekit/core/Wording"
import { Clock, Effect, Option, Result } from "effect"
import { SqlClient } from "effect/sql"
import * as NotificationRecord from "../notifications/Record.ts"
import type { QuoteRecord } from "../quotes/Records.ts"
import { QuoteRepo } from "../quotes/Repo.ts"
import { effective, notFound } from "../quotes/Views.ts"
import * as WebhookEvents from "../webhooks/Events.ts"
import { DiscussionRepo, type EntryRecord, type Holder } from "./Repo.ts"

/** Where a quote stands for adding entries (`Discussion.Where`). */
export const whereOf = (record: QuoteRecord, now: number, preview = false): Discussion.Where => ({
  status: effective(record, now).status,
  isTemplate: record.is_template,
  isDeleted: record.deleted_at !== null,
  preview
})

/** Why new entries of `type` cannot be added, in the account's wording; null while they can. */
export const closedReason = (type: Discussion.Type, where: Discussion.Where, noun: Noun): string | null => {
  const r = Discussion.canAdd(type, where)
  return Result.isFailure(r) ? Wording.apply(noun, r.failure.message) : null
}

const refusedClosed = (message: string) => ActionRefused.answer("discuss", "closed", message)

/** A file's URL for the team. */
const teamFileUrl = (f: { readonly file_id: number; readonly name: string }) =>
  `/files/${f.file_id}/${encodeURIComponent(f.name)}`

/** An entry as the team sees it. */
export const toTeam = (e: EntryRecord, viewer: number): TeamComment => ({
  discuss_id: e.discuss_id,
  discuss_type: e.discuss_type,
  discuss_from: e.discuss_from,
  discuss_body: e.discuss_body,
  discuss_creation: e.discuss_creation,
  discuss_modified: e.discuss_modified,
  parent_question: e.parent_question,
  files: e.files.map((f) => ({ ...f, url: teamFileUrl(f) })),
  _author_first: e.author_first,
  _author_last: e.author_last,
  _author_image: e.author_image,
  _mentionedIds: e.mentioned,
  can_edit: Discussion.canEdit(e, viewer as never)
})

/**
 * An entry as the customer sees it; `None` for what the customer never sees (private notes). Built field by
 * field, so mentions and internal ids never reach the customer.
 */
export const toPublic = (e: EntryRecord, fileUrl: (fileId: number) => string): Option.Option<PublicComment> => {
  if (e.discuss_type === Discussion.Type.signinPrivate || e.discuss_type === Discussion.Type.notUsed)
    return Option.none()
  return Option.some({
    discuss_id: e.discuss_id,
    discuss_type: e.discuss_type,
    discuss_body: e.discuss_body,
    discuss_creation: e.discuss_creation,
    parent_question: e.parent_question,
    from_name: `${e.author_first} ${e.author_last}`.trim(),
    files: e.files.map((f) => ({ file_id: f.file_id, name: f.name, url: fileUrl(f.file_id) }))
  })
}

/** The team's quote (not a template), or 'Could not find that quote?'. */
const teamQuote = (tenant: Tenant, idSegment: string, encoded?: string) =>
  Effect.gen(function* () {
    const quotes = yield* QuoteRepo
    const facts = yield* quotes.facts(tenant)
    const route = Quote.parseRouteId(idSegment)
    if (Result.isFailure(route) || route.success === "new") return yield* notFound(facts)
    if (encoded !== undefined && encoded !== encodeQuoteId(route.success)) return yield* notFound(facts)
    const found = yield* quotes.record(tenant.account_id, route.success)
    if (Option.isNone(found) || found.value.is_template) return yield* notFound(facts)
    return { record: found.value, facts }
  })

const nowSeconds = Effect.map(Clock.currentTimeMillis, (ms) => ({ ms, s: Math.floor(ms / 1000) }))

/** The team's view of a quote's discussion. */
export const view = Effect.fn("Comments.view")(function* (tenant: Tenant, idSegment: string, expanded: boolean) {
  const repo = yield* DiscussionRepo
  const { record, facts } = yield* teamQuote(tenant, idSegment)
  const now = yield* nowSeconds
  const entries = yield* repo.list(tenant.account_id, record.quote_id, { withPrivate: true })
  const notes = Discussion.privateNotes(
    entries.filter((e) => Discussion.isPrivate(e.discuss_type)),
    expanded
  )
  const team = yield* repo.team(tenant.account_id)
  const answer: TeamDiscussion = {
    comments: entries.filter((e) => !Discussion.isPrivate(e.discuss_type)).map((e) => toTeam(e, tenant.signin_id)),
    notes: notes.shown.map((e) => toTeam(e, tenant.signin_id)),
    notes_hidden: notes.hidden,
    _new_questions: Discussion.newQuestionCount(entries),
    comments_closed: closedReason(Discussion.Type.signinComment, whereOf(record, now.s), facts.noun),
    handles: Mention.handles(team).map((h) => ({ signin_id: h.member.signin_id, handle: h.handle }))
  }
  return answer
})

/** The empty-entry refusal ('Your Answer is empty?'), highlighted on the text. */
const checkContent = (type: Discussion.Type, body: string, files: ReadonlyArray<number>) => {
  const checked = Discussion.validate(type, { discuss_body: body, files })
  return Result.isFailure(checked)
    ? Effect.fail(InvalidInput.field("discuss_body", checked.failure.message))
    : Effect.void
}

/** Save a team entry: a new answer, comment or note, or an edit of one's own. */
export const save = Effect.fn("Comments.save")(function* (
  tenant: Tenant,
  params: {
    readonly quote_id: string
    readonly discuss_id: string
    readonly display_type: DisplayType
    readonly encoded_quote_id: string
  },
  payload: CommentSave
) {
  const repo = yield* DiscussionRepo
  const sql = yield* SqlClient.SqlClient
  const { record, facts } = yield* teamQuote(tenant, params.quote_id, params.encoded_quote_id)
  const account = tenant.account_id
  const type = payload.comment.discuss_type as Discussion.Type
  const body = payload.comment.discuss_body
  // The private notes section saves notes only, and the Q&A section never saves one.
  if ((params.display_type === "2") !== Discussion.isPrivate(type))
    return yield* InvalidInput.field("discuss_type", Message.notAvailableNow)
  yield* checkContent(type, body, payload.files)
  const now = yield* nowSeconds
  const team = yield* repo.team(account)
  const mentioned = Mention.mentionedIds(body, team)
  const isNew = params.discuss_id === "0" || params.discuss_id === "new"
  const existingId = isNew ? 0 : Number(params.discuss_id)
  if (!isNew && !/^\d{1,10}$/.test(params.discuss_id)) return yield* NotFound.answer()

  const id = yield* sql
    .withTransaction(
      Effect.gen(function* () {
        if (isNew) {
          const closed = closedReason(type, whereOf(record, now.s), facts.noun)
          if (closed !== null) return yield* refusedClosed(closed)
          let parent = 0
          if (payload.comment.parent_question > 0) {
            const q = yield* repo.byId(account, payload.comment.parent_question, { forUpdate: true })
            if (
              Option.isNone(q) ||
              q.value.quote_id !== record.quote_id ||
              !Discussion.isQuestion(q.value.discuss_type)
            )
              return yield* NotFound.answer()
            parent = q.value.discuss_id
            if (type === Discussion.Type.signinAnswer) {
              const next = Discussion.answered(q.value.discuss_type)
              if (Option.isSome(next) && next.value !== q.value.discuss_type)
                yield* repo.setType(account, parent, next.value)
            }
          }
          const created = yield* repo.insert({
            account_id: account,
            quote_id: record.quote_id,
            discuss_type: type,
            from_signin_id: tenant.signin_id,
            from_contact_id: null,
            discuss_body: body,
            parent_question: parent,
            at: now.ms
          })
          yield* repo.attach(account, created, { _tag: "Signin", id: tenant.signin_id }, payload.files)
          yield* repo.setMentions(account, created, mentioned)
          yield* NotificationRecord.mention({
            account,
            quote_id: record.quote_id,
            entry_id: created,
            actor: tenant.signin_id,
            mentioned,
            text: body
          })
          return created
        }
        const found = yield* repo.byId(account, existingId, { forUpdate: true })
        if (Option.isNone(found) || found.value.quote_id !== record.quote_id) return yield* NotFound.answer()
        const entry = found.value
        if (!Discussion.canEdit(entry, tenant.signin_id) || entry.discuss_type !== type)
          return yield* AccessDenied.answer(Message.commentNotYours)
        if (payload._modifiedIn !== entry.discuss_modified) {
          const who = `${entry.author_first} ${entry.author_last}`.trim()
          return yield* new ChangeWarning({
            _changeWarning: { who, when: entry.discuss_modified, mayVersion: false },
            _serveError: {
              code: Code.changeConflict,
              message: Message.saveConflict(who, RelativeTime.describe(entry.discuss_modified, now.s), false)
            }
          })
        }
        yield* repo.updateBody(account, entry.discuss_id, body, now.ms)
        const holder: Holder = { _tag: "Signin", id: tenant.signin_id }
        yield* repo.attach(account, entry.discuss_id, holder, payload.files)
        yield* repo.setMentions(account, entry.discuss_id, mentioned)
        // Those mentioned before were told then; only the newly mentioned hear of it (one per entry and member).
        yield* NotificationRecord.mention({
          account,
          quote_id: record.quote_id,
          entry_id: entry.discuss_id,
          actor: tenant.signin_id,
          mentioned,
          text: body
        })
        return entry.discuss_id
      })
    )
    .pipe(Effect.catchTag("SqlError", (e) => Effect.die(e)))
  const saved = yield* repo.byId(account, id)
  return toTeam(Option.getOrThrow(saved), tenant.signin_id)
})

/** Dismiss an unanswered question. */
export const dismiss = Effect.fn("Comments.dismiss")(function* (tenant: Tenant, quoteId: number, questionId: number) {
  const repo = yield* DiscussionRepo
  const { record } = yield* teamQuote(tenant, String(quoteId))
  const found = yield* repo.byId(tenant.account_id, questionId)
  if (
    Option.isNone(found) ||
    found.value.quote_id !== record.quote_id ||
    !Discussion.isQuestion(found.value.discuss_type)
  )
    return yield* NotFound.answer()
  const next = Discussion.dismissed(found.value.discuss_type)
  if (Option.isNone(next)) return yield* ActionRefused.answer("dismiss", "status", Message.notAvailableNow)
  yield* repo.setType(tenant.account_id, questionId, next.value)
  return toTeam(Option.getOrThrow(yield* repo.byId(tenant.account_id, questionId)), tenant.signin_id)
})

/** Check that a team upload may go to the quote's discussion (a quote of the account, the path's code matching). */
export const uploadTarget = (tenant: Tenant, quoteId: string, encoded: string) =>
  Effect.asVoid(teamQuote(tenant, quoteId, encoded))

/** A customer's question through their link (`preview` pages never submit). */
export const ask = Effect.fn("Comments.ask")(function* (
  opened: { readonly account_id: number; readonly quote_contact_id: number; readonly contact_id: number },
  record: QuoteRecord,
  noun: Noun,
  payload: { readonly discuss_body: string; readonly files: ReadonlyArray<number> },
  fileUrl: (fileId: number) => string
) {
  const repo = yield* DiscussionRepo
  const now = yield* nowSeconds
  const type = Discussion.Type.contactNotAnswered
  const closed = closedReason(type, whereOf(record, now.s), noun)
  if (closed !== null) return yield* refusedClosed(closed)
  yield* checkContent(type, payload.discuss_body, payload.files)
  const sql = yield* SqlClient.SqlClient
  // The question, its files and its webhook commit together.
  const id = yield* sql
    .withTransaction(
      Effect.gen(function* () {
        const id = yield* repo.insert({
          account_id: opened.account_id,
          quote_id: record.quote_id,
          discuss_type: type,
          from_signin_id: null,
          from_contact_id: opened.contact_id,
          discuss_body: payload.discuss_body,
          parent_question: 0,
          at: now.ms
        })
        yield* repo.attach(opened.account_id, id, { _tag: "Link", id: opened.quote_contact_id }, payload.files)
        yield* WebhookEvents.questionAsked(opened.account_id, record.quote_id, {
          id,
          text: payload.discuss_body,
          contact_id: opened.contact_id
        })
        yield* NotificationRecord.quoteEvent({
          account: opened.account_id,
          quote_id: record.quote_id,
          kind: "question.asked",
          contact_id: opened.contact_id,
          entry_id: id,
          text: payload.discuss_body
        })
        return id
      })
    )
    .pipe(Effect.catchTag("SqlError", (e) => Effect.die(e)))
  const saved = Option.getOrThrow(yield* repo.byId(opened.account_id, id))
  return Option.getOrThrow(toPublic(saved, fileUrl))
})
