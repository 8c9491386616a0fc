/**
 * Emailing a quote: the composer's starting point, sending the quote to chosen contacts, and starting a
 * follow-up. Each send runs in one transaction on the locked quote:
 * - The status machine decides. Sending a draft (or a quote being revised) is its `send` event, which moves it to
 *   sent exactly as Mark as Sent does (sent date stamped, expiry ahead), and a sent quote may be emailed again
 *   (Mark as Sent skips email, so a sent quote may never have been emailed). A follow-up is `sendFollowUp`:
 *   refused with the core's reason when the quote was never emailed, has expired or has a follow-up in progress.
 *   A due follow-up named by `?do-follow-up=` is the one being answered, so it does not count as in progress.
 * - Each contact gets their customer link (kept when they have one), and the recipients must be contacts of the
 *   quote with an email address.
 * - The email is queued for the sender (`ScheduledEmail.scheduledFor`, or at a chosen `send_at`: `scheduledWhen`);
 *   the quote is marked as emailed; a follow-up is recorded as in progress (the due one, or a new one of the next
 *   step).
 * - A history and audit row name who emailed what to whom.
 *
 * @since 0.1.0
 */
import * as ArchiveState from "@quotekit/core/ArchiveState"
import { InvalidInput } from "@quotekit/core/api/ApiError"
import type { Compose, ComposeFollowUp, ComposeKind, Composer, SendAnswer } from "@quotekit/core/api/EmailsApi"
import type { Tenant } from "@quotekit/core/api/Security"
import * as Expiry from "@quotekit/core/Expiry"
import * as Limits from "@quotekit/core/Limits"
import * as Markup from "@quotekit/core/Markup"
import * as Quote from "@quotekit/core/Quote"
import * as QuoteAction from "@quotekit/core/QuoteAction"
import * as QuoteRoute from "@quotekit/core/QuoteRoute"
import * as QuoteStatus from "@quotekit/core/QuoteStatus"
import * as ScheduledEmail from "@quotekit/core/ScheduledEmail"
import * as Wording from "@quotekit/core/Wording"
import { Clock, Effect, Option, Result } from "effect"
import { SqlClient } from "effect/sql"
import * as AddOnPushes from "../crm/Pushes.ts"
import * as CustomerLinks from "../customer/Links.ts"
import { HistoryRepo } from "../history/Repo.ts"
import type { AccountFacts, QuoteRecord } from "../quotes/Records.ts"
import { stateOf } from "../quotes/Records.ts"
import { QuoteRepo } from "../quotes/Repo.ts"
import { contextOf, effective, notFound, offersOf, refused } from "../quotes/Views.ts"
import * as WebhookEvents from "../webhooks/Events.ts"
import { EmailRepo, type FollowUp, type StoredRecipient } from "./Repo.ts"

const WHO = "\uE100who\uE101"
const TO = "\uE100to\uE101"
const SUBJECT = "\uE100subject\uE101"

/**
 * A history row's HTML from a catalogue text with placeholders: the text in the account's wording, escaped,
 * with the person's name in bold and the names and subject (typed by people) escaped in place. `note` (the
 * subject, or a catalogue note already in the account's wording) is added, escaped, to the full text.
 */
export const historyHtml = (
  noun: Wording.Noun,
  text: string,
  parts: { readonly who?: string; readonly to?: string; readonly subject?: string },
  note?: string
): { readonly summary: string; readonly full: string } => {
  const summary = Markup.escapeHtml(Wording.apply(noun, text))
    .replace(WHO, () => `<b>${Markup.escapeHtml(parts.who ?? "")}</b>`)
    .replace(TO, () => Markup.escapeHtml(parts.to ?? ""))
    .replace(SUBJECT, () => `<q>${Markup.escapeHtml(parts.subject ?? "")}</q>`)
  const extra = note === undefined ? "" : ` ${Markup.escapeHtml(note)}`
  return { summary, full: `${summary}${extra}` }
}

/** The placeholders `historyHtml` fills. */
export const placeholders = { who: WHO, to: TO, subject: SUBJECT } as const

/** The names of recipients as a history row lists them ("Ada Lovelace <ada@example.com>, ..."). */
const namesOf = (recipients: ReadonlyArray<StoredRecipient>): string =>
  recipients.map((r) => (r.name === "" || r.name === r.email ? r.email : `${r.name} <${r.email}>`)).join(", ")

/** The quote of an id segment, for the tenant, with the account's facts; 404 for anything else. */
const target = (tenant: Tenant, idSegment: string) =>
  Effect.gen(function* () {
    const quotes = yield* QuoteRepo
    const facts = yield* quotes.facts(tenant)
    const route = Quote.parseRouteId(idSegment)
    if (Result.isFailure(route) || route.success === "new") return yield* notFound(facts)
    return { facts, id: route.success }
  })

/** Whether the status machine lets the quote be emailed as a quote: a sent quote again, else its `send` event. */
const sendCheck = (record: QuoteRecord, facts: AccountFacts, now: number) =>
  record.status === "sent" && record.archive_id !== ArchiveState.toId("deleted")
    ? Result.succeed(stateOf(record))
    : QuoteAction.apply(
        "send",
        stateOf(record),
        contextOf(record, facts, now, { inQuoteView: false, followUpInProgress: false })
      )

/** The follow-up check, with the due follow-up being answered left out of "in progress". */
const followUpCheck = (record: QuoteRecord, facts: AccountFacts, now: number, inProgress: boolean) =>
  QuoteAction.check(
    "sendFollowUp",
    stateOf(record),
    contextOf(record, facts, now, { inQuoteView: false, followUpInProgress: inProgress })
  )

/** The composer's starting point for a send or a follow-up. */
export const composer = Effect.fn("Emails.composer")(function* (
  tenant: Tenant,
  idSegment: string,
  kind: ComposeKind,
  followUpId: number
) {
  const { facts, id } = yield* target(tenant, idSegment)
  const quotes = yield* QuoteRepo
  const emails = yield* EmailRepo
  const found = yield* quotes.record(facts.account_id, id)
  if (Option.isNone(found) || found.value.is_template) return yield* notFound(facts)
  const now = Math.floor((yield* Clock.currentTimeMillis) / 1000)
  const record = effective(found.value, now)
  const links = yield* CustomerLinks.list(facts.account_id, id)
  const m = Wording.catalogue(facts.noun)
  let subjectType: ScheduledEmail.SubjectType = ScheduledEmail.SubjectTypes.new
  let due = Option.none<FollowUp>()
  let refusal: string | null
  if (kind === "send") {
    const r = sendCheck(record, facts, now)
    refusal = Result.isFailure(r) ? Wording.apply(facts.noun, r.failure.message) : null
  } else {
    due = followUpId > 0 ? yield* emails.dueFollowUp(facts.account_id, id, followUpId) : Option.none()
    const dueId = Option.match(due, { onNone: () => null, onSome: (f) => f.follow_up_id })
    const inProgress = yield* emails.followUpInProgress(facts.account_id, id, dueId)
    const r = followUpCheck(record, facts, now, inProgress)
    refusal = Result.isFailure(r) ? Wording.apply(facts.noun, r.failure.message) : null
    const step = Option.isSome(due)
      ? due.value.step
      : ScheduledEmail.nextFollowUpStep(yield* emails.followUpsDone(facts.account_id, id))
    subjectType = ScheduledEmail.followUpType(step)
  }
  const answer: Composer = {
    quote_id: Quote.QuoteId.make(id),
    kind,
    subject_type: subjectType,
    subject: kind === "send" ? m.emailSubjectDefault(record.title) : m.emailFollowUpSubjectDefault(record.title),
    message: kind === "send" ? m.emailMessageDefault : m.emailFollowUpMessageDefault,
    recipients: links.map((l) => ({
      quote_contact_id: l.quote_contact_id,
      contact_id: l.contact_id,
      name: l.name,
      email: l.email === null || l.email.trim() === "" ? null : l.email
    })),
    follow_up_id: Option.match(due, { onNone: () => null, onSome: (f) => f.follow_up_id }),
    refused: refusal
  }
  return answer
})

/** The subject, trimmed, or the refusal of an empty one. */
const subjectOf = (facts: AccountFacts, input: Compose) => {
  const subject = input.subject.replace(/\s+/g, " ").trim()
  return subject === ""
    ? Effect.fail(
        InvalidInput.field("subject", Wording.apply(facts.noun, Wording.catalogue(facts.noun).emailSubjectNeeded))
      )
    : Effect.succeed(subject)
}

/**
 * When a queued email is scheduled (`scheduled_when`): now plus the stop window, or for a chosen `send_at` that
 * time (plus the 15 s grace the countdown takes off, so it goes at `send_at`), never sooner than the stop
 * window. A `send_at` too far in the past ('Choose a time in the future.') or too far ahead is refused.
 */
export const scheduledWhen = (facts: Pick<AccountFacts, "noun">, sendAt: number | undefined, now: number) => {
  const soonest = ScheduledEmail.scheduledFor(now)
  if (sendAt === undefined) return Effect.succeed(soonest)
  const m = Wording.catalogue(facts.noun)
  if (sendAt < now - Limits.sendAtPastToleranceSeconds)
    return Effect.fail(InvalidInput.field("send_at", Wording.apply(facts.noun, m.chooseFutureTime)))
  if (sendAt > now + Limits.sendAtMaxDaysAhead * 86_400)
    return Effect.fail(InvalidInput.field("send_at", Wording.apply(facts.noun, m.invalidInput)))
  return Effect.succeed(Math.max(sendAt + ScheduledEmail.graceSeconds, soonest))
}

/**
 * What sending and following up both start from: the account's facts, the quote's id, the subject, the time and
 * when the email will go; refused before any transaction when the id, subject or time is not acceptable.
 */
const composeStart = (tenant: Tenant, idSegment: string, input: Compose) =>
  Effect.gen(function* () {
    const { facts, id } = yield* target(tenant, idSegment)
    const subject = yield* subjectOf(facts, input)
    const nowMs = yield* Clock.currentTimeMillis
    const now = Math.floor(nowMs / 1000)
    const when = yield* scheduledWhen(facts, input.send_at, now)
    return { facts, id, subject, nowMs, now, when, account: facts.account_id }
  })

/** The quote locked for the transaction, as it stands at `now`; not found for a template or another account's. */
const lockedQuote = (facts: AccountFacts, id: number, now: number) =>
  Effect.gen(function* () {
    const quotes = yield* QuoteRepo
    const found = yield* quotes.record(facts.account_id, id, { forUpdate: true })
    if (Option.isNone(found) || found.value.is_template) return yield* notFound(facts)
    return effective(found.value, now)
  })

/** The chosen contacts of the quote, with their addresses; refused when none has one or one is not the quote's. */
const recipientsOf = (facts: AccountFacts, id: number, chosen: ReadonlyArray<number>, nowMs: number) =>
  Effect.gen(function* () {
    const links = yield* CustomerLinks.ensure(facts.account_id, id, nowMs)
    const wanted = new Set(chosen)
    const picked: Array<StoredRecipient> = []
    for (const l of links)
      if (wanted.has(l.quote_contact_id) && l.email !== null && l.email.trim() !== "")
        picked.push({ quote_contact_id: l.quote_contact_id, name: l.name, email: l.email.trim() })
    if (picked.length === 0 || picked.length !== wanted.size)
      return yield* InvalidInput.field("recipients", Wording.catalogue(facts.noun).emailNoRecipients)
    return picked
  })

/** The answer to a send: the queued email and the quote as it now stands. */
const answerOf = (
  facts: AccountFacts,
  record: QuoteRecord,
  email: SendAnswer["email"],
  now: number,
  followUpInProgress: boolean
): SendAnswer => ({
  email,
  quote: {
    quote_id: Quote.QuoteId.make(record.quote_id),
    status: record.status,
    status_label: Wording.apply(facts.noun, QuoteStatus.label(record.status)),
    archive_id: record.archive_id,
    _modifiedIn: record.edit_seq,
    offers: offersOf({ ...record, has_been_emailed: true }, facts, now, { inQuoteView: true, followUpInProgress }),
    upNext: { href: QuoteRoute.quotePage(record.quote_id) }
  }
})

/** What `queueRecorded` queues and records. */
interface Queued {
  readonly id: number
  readonly follow_up_id: number | null
  readonly subject: string
  readonly subject_type: ScheduledEmail.SubjectType
  readonly message: string
  readonly recipients: ReadonlyArray<StoredRecipient>
  readonly when: number
  readonly nowMs: number
  /** The history row's action and its catalogue line (with the `who` and `to` placeholders). */
  readonly action: string
  readonly line: string
  /** What the history and audit rows record beyond the email, its subject and its recipients. */
  readonly data: Record<string, unknown>
}

/** Queue an email from the signed-in person and write the history row naming who emailed whom. */
const queueRecorded = (tenant: Tenant, facts: AccountFacts, q: Queued) =>
  Effect.gen(function* () {
    const emails = yield* EmailRepo
    const history = yield* HistoryRepo
    const email = yield* emails.queue({
      account_id: tenant.account_id,
      quote_id: q.id,
      follow_up_id: q.follow_up_id,
      subject: q.subject,
      subject_type: q.subject_type,
      body_text: q.message,
      recipients: q.recipients,
      from_signin_id: tenant.signin_id,
      scheduled_when: q.when
    })
    const text = historyHtml(facts.noun, q.line, { who: facts.who, to: namesOf(q.recipients) }, q.subject)
    yield* history.write({
      account_id: tenant.account_id,
      signin_id: tenant.signin_id,
      table: "quote",
      category_id: q.id,
      action: q.action,
      html_summary: text.summary,
      html_full: text.full,
      data: {
        quote_id: q.id,
        email_message_id: email.email_message_id,
        subject: q.subject,
        recipients: q.recipients.map((r) => r.email),
        ...q.data
      },
      at: q.nowMs
    })
    return email
  })

/** Email the quote to chosen contacts; a draft (or a revision) becomes sent. */
export const send = Effect.fn("Emails.send")(function* (tenant: Tenant, idSegment: string, input: Compose) {
  const { facts, id, subject, nowMs, now, when, account } = yield* composeStart(tenant, idSegment, input)
  const sql = yield* SqlClient.SqlClient
  const quotes = yield* QuoteRepo
  const emails = yield* EmailRepo

  return yield* sql
    .withTransaction(
      Effect.gen(function* () {
        const record = yield* lockedQuote(facts, id, now)
        const applied = sendCheck(record, facts, now)
        if (Result.isFailure(applied)) return yield* refused(facts, applied.failure)
        const next = applied.success
        const changes = next.status !== record.status
        if (changes) {
          const expiry = Expiry.check({ status: "draft", expiry_date: record.expiry_date }, now)
          if (expiry._tag === "InPast")
            return yield* InvalidInput.field("quote.expiry_date", Wording.apply(facts.noun, expiry.message))
        }
        const recipients = yield* recipientsOf(facts, id, input.recipients, nowMs)
        let after: QuoteRecord = record
        if (changes) {
          const editSeq = yield* quotes.setState(account, id, {
            status: next.status,
            archive_id: ArchiveState.toId(next.archive),
            undo: next.undo,
            deleted_at: null,
            sent_when: record.sent_when === 0 ? now : record.sent_when,
            expiry_date: record.expiry_date,
            revision_no: record.revision_no,
            statusChanged: true,
            by: tenant.signin_id,
            at: nowMs
          })
          after = {
            ...record,
            status: next.status,
            archive_id: ArchiveState.toId(next.archive),
            undo: next.undo,
            edit_seq: editSeq
          }
        }
        if (changes && next.status === "sent") {
          yield* WebhookEvents.quote(account, id, "quote.sent", { sent_by: "email" })
          yield* AddOnPushes.enqueue(account, id, "sent")
        }
        yield* emails.setEmailed(account, id, true, nowMs)
        const email = yield* queueRecorded(tenant, facts, {
          id,
          follow_up_id: null,
          subject,
          subject_type: ScheduledEmail.SubjectTypes.new,
          message: input.message,
          recipients,
          when,
          nowMs,
          action: "quote.email",
          line: Wording.catalogue(facts.noun).historyEmailed(placeholders.who, placeholders.to),
          data: { from: record.status, to: after.status }
        })
        const inProgress = yield* emails.followUpInProgress(account, id, null)
        return answerOf(facts, after, email, now, inProgress)
      })
    )
    .pipe(Effect.catchTag("SqlError", (e) => Effect.die(e)))
})

/** Start a follow-up: queue the email and record the follow-up as in progress. */
export const followUp = Effect.fn("Emails.followUp")(function* (
  tenant: Tenant,
  idSegment: string,
  input: ComposeFollowUp
) {
  const { facts, id, subject, nowMs, now, when, account } = yield* composeStart(tenant, idSegment, input)
  const sql = yield* SqlClient.SqlClient
  const emails = yield* EmailRepo

  return yield* sql
    .withTransaction(
      Effect.gen(function* () {
        const record = yield* lockedQuote(facts, id, now)
        const due =
          input.follow_up_id !== undefined && input.follow_up_id > 0
            ? yield* emails.dueFollowUp(account, id, input.follow_up_id)
            : Option.none<FollowUp>()
        const dueId = Option.match(due, { onNone: () => null, onSome: (f) => f.follow_up_id })
        const inProgress = yield* emails.followUpInProgress(account, id, dueId)
        const checked = followUpCheck(record, facts, now, inProgress)
        if (Result.isFailure(checked)) return yield* refused(facts, checked.failure)
        const recipients = yield* recipientsOf(facts, id, input.recipients, nowMs)
        const step = Option.isSome(due)
          ? due.value.step
          : ScheduledEmail.nextFollowUpStep(yield* emails.followUpsDone(account, id))
        const followUpId = yield* emails.startFollowUp(account, id, due, step, tenant.signin_id, nowMs)
        yield* emails.setEmailed(account, id, true, nowMs)
        const email = yield* queueRecorded(tenant, facts, {
          id,
          follow_up_id: followUpId,
          subject,
          subject_type: ScheduledEmail.followUpType(step),
          message: input.message,
          recipients,
          when,
          nowMs,
          action: "quote.followUp",
          line: Wording.catalogue(facts.noun).historyFollowUpEmailed(placeholders.who, placeholders.to),
          data: { follow_up_id: followUpId, step }
        })
        return answerOf(facts, record, email, now, true)
      })
    )
    .pipe(Effect.catchTag("SqlError", (e) => Effect.die(e)))
})
