/**
 * The customer page's use cases, behind a link token: the quote's data (recording a view unless a team member
 * is previewing), accepting it (once, however many presses or devices), declining it, and the customer's
 * questions and files.
 *
 * Accepting runs in one transaction on the locked quote: the status must still be sent (the conditional
 * `UPDATE ... WHERE status = 'sent'` is the second guard), the form passes `Acceptance.validate`, the choices
 * pass `PublicData.applyChoices`; then the acceptance (signature, signer, method, terms, time, address, user
 * agent, content hash), the choices and the new total are written, with a history row and an append-only audit
 * row carrying the accepted content and its SHA-256.
 *
 * @since 0.1.0
 */

import * as Acceptance from "@quotekit/core/Acceptance"
import type { AccountId, SigninId } from "@quotekit/core/Account"
import * as ArchiveState from "@quotekit/core/ArchiveState"
import { InvalidInput, NotFound } from "@quotekit/core/api/ApiError"
import type { AcceptAnswer, AcceptRequest, CustomerQuote } from "@quotekit/core/api/CustomerApi"
import { ActionRefused } from "@quotekit/core/api/QuotesApi"
import { SESSION_COOKIE } from "@quotekit/core/api/Security"
import * as Discussion from "@quotekit/core/Discussion"
import * as LineItem from "@quotekit/core/LineItem"
import * as Message from "@quotekit/core/Message"
import * as Money from "@quotekit/core/Money"
import type * as PublicQuote from "@quotekit/core/PublicQuote"
import * as QuoteAction from "@quotekit/core/QuoteAction"
import * as QuoteSave from "@quotekit/core/QuoteSave"
import type * as QuoteSettings from "@quotekit/core/QuoteSettings"
import * as QuoteStatus from "@quotekit/core/QuoteStatus"
import * as ScheduledEmail from "@quotekit/core/ScheduledEmail"
import * as Wording from "@quotekit/core/Wording"
import { Clock, Effect, Option, Result } from "effect"
import { HttpServerRequest } from "effect/http"
import { SqlClient } from "effect/sql"
import { Sessions } from "../auth/Session.ts"
import * as Comments from "../discussion/Comments.ts"
import { DiscussionRepo } from "../discussion/Repo.ts"
import { EmailRepo } from "../emails/Repo.ts"
import { escapeHtml } from "../history/HistoryWriter.ts"
import * as ClientAddress from "../http/ClientAddress.ts"
import * as SignRooms from "../push/SignRooms.ts"
import { type AccountFacts, type QuoteRecord, stateOf } from "../quotes/Records.ts"
import { QuoteRepo } from "../quotes/Repo.ts"
import * as Settings from "../quotes/Settings.ts"
import { effective } from "../quotes/Views.ts"
import * as Links from "./Links.ts"
import * as PublicData from "./PublicData.ts"
import { CustomerRepo } from "./Repo.ts"

/** The answer to a token that opens nothing. */
export const linkNotFound = () => NotFound.answer(Message.quoteLinkNotFound)

/** The URL of a discussion file through the link. */
export const fileUrl = (token: string) => (fileId: number) => `/api/q/${token}/files/${fileId}`

/** The state line of a status ('This quote has expired.'); null while the quote waits for an answer. */
export const noticeOf = (status: QuoteStatus.QuoteStatus): string | null => {
  switch (status) {
    case "accepted":
      return Message.quoteAcceptedNotice
    case "declined":
      return Message.quoteDeclinedNotice
    case "expired":
      return Message.quoteExpiredNotice
    case "withdrawn":
      return Message.quoteWithdrawnNotice
    case "sent":
      return null
    default:
      return Message.notAvailableNow
  }
}

/** The refusal of an accept or decline on a quote that no longer waits for an answer. */
const answered = (status: QuoteStatus.QuoteStatus, noun: Wording.Noun, action: string) =>
  ActionRefused.answer(action, "status", Wording.apply(noun, noticeOf(status) ?? Message.notAvailableNow))

/** Everything behind a token: the link, the quote record (locked when asked), the account's facts. */
const openLink = (token: string, options: { readonly forUpdate?: boolean } = {}) =>
  Effect.gen(function* () {
    const opened = yield* Links.resolve(token)
    if (Option.isNone(opened)) return yield* linkNotFound()
    const link = opened.value
    const quotes = yield* QuoteRepo
    const found = yield* quotes.record(link.account_id as never, link.quote_id, options)
    if (Option.isNone(found) || found.value.is_template) return yield* linkNotFound()
    const record = found.value
    const facts = yield* quotes.facts({
      account_id: link.account_id as never,
      signin_id: record.from as SigninId,
      is_admin: false
    })
    const ms = yield* Clock.currentTimeMillis
    const now = Math.floor(ms / 1000)
    return { link, record, facts, ms, now, status: effective(record, now).status }
  })

/** Whether the request comes from a signed-in team member of the account (their previews record no view). */
const isTeamMember = (account: number) =>
  Effect.gen(function* () {
    const request = yield* HttpServerRequest.HttpServerRequest
    const cookie = request.cookies[SESSION_COOKIE]
    if (cookie === undefined || cookie === "") return false
    const sessions = yield* Sessions
    return yield* sessions.resolve(cookie).pipe(
      Effect.map((s) => s.account?.account_id === account),
      Effect.catch(() => Effect.succeed(false))
    )
  })

/**
 * The public data under the quote's settings: with quantity edits turned off the quote is not customer-editable,
 * so the page offers no quantity field and `PublicData.applyChoices` refuses a changed quantity.
 */
const withSettings = (quote: PublicQuote.PublicQuote, settings: QuoteSettings.Values): PublicQuote.PublicQuote =>
  settings.customer_quantities ? quote : { ...quote, isCustomerEditable: false }

/** The stored rows of the quote. */
const rowsOf = (account: number, record: QuoteRecord) =>
  Effect.flatMap(QuoteRepo, (quotes) => quotes.rows(account as never, record.quote_id))

/** The customer page's data; records a view unless previewing (a preview type, or a team member's session). */
export const view = Effect.fn("CustomerQuote.view")(function* (token: string, previewParam: string | undefined) {
  const { link, record, facts, ms, now, status } = yield* openLink(token)
  const customers = yield* CustomerRepo
  const discussion = yield* DiscussionRepo
  const rows = yield* rowsOf(link.account_id, record)
  const team = yield* isTeamMember(link.account_id)
  // A team member opening the link sees it as a preview ('Viewing as You'): no view, no acceptance.
  const previewType = previewParam !== undefined ? Number(previewParam) : team ? 1 : 0
  if (previewType === 0 && !team) {
    const request = yield* HttpServerRequest.HttpServerRequest
    const address = yield* ClientAddress.current
    yield* customers.recordView(
      link.account_id,
      record.quote_id,
      link.quote_contact_id,
      address,
      request.headers["user-agent"] ?? "",
      ms
    )
  }
  const brand = yield* customers.brand(link.account_id)
  const settings = yield* Settings.inForce(link.account_id, record.quote_id)
  const acceptance = yield* customers.acceptance(link.account_id, record.quote_id)
  const entries = yield* discussion.list(link.account_id, record.quote_id, { withPrivate: false })
  const notice = noticeOf(status)
  const answer: CustomerQuote = {
    quote: withSettings(
      PublicData.build(
        record,
        rows.map((r) => r.item),
        facts,
        status,
        previewType
      ),
      settings
    ),
    status,
    status_label: Wording.apply(facts.noun, QuoteStatus.label(status)),
    branding: { name: brand.name, logo_url: brand.logo_file_id === null ? null : `/api/q/${token}/logo` },
    sent_when: record.sent_when,
    expiry_date: record.expiry_date,
    notice: notice === null ? null : Wording.apply(facts.noun, notice),
    acceptance: Option.getOrNull(acceptance),
    can_accept: status === "sent",
    terms_required: settings.terms_checkbox,
    signer_name: link.contact_name,
    discussion: entries.flatMap((e) => Option.toArray(Comments.toPublic(e, fileUrl(token)))),
    comments_closed: Comments.closedReason(
      Discussion.Type.contactNotAnswered,
      Comments.whereOf(record, now, previewType > 0),
      facts.noun
    ),
    room: status === "sent" ? yield* SignRooms.current(link) : ""
  }
  return answer
})

/** The input a refused accept form highlights. */
const inputOf = (e: Acceptance.AcceptanceError): string =>
  e._tag === "ConfirmationMissing" ? "accept[_confirm_checkbox]" : "accept[sign_value]"

/** The history summary of a customer's event: the person in bold, then the text in the account's wording. */
const summaryOf = (noun: Wording.Noun, who: string, text: (who: string) => string) =>
  `<b>${escapeHtml(who)}</b>${escapeHtml(Wording.apply(noun, text("")))}`

/** Accept the quote behind a token; see the module header. */
export const accept = Effect.fn("CustomerQuote.accept")(function* (token: string, payload: AcceptRequest) {
  const sql = yield* SqlClient.SqlClient
  const customers = yield* CustomerRepo
  const request = yield* HttpServerRequest.HttpServerRequest
  const address = yield* ClientAddress.current
  const userAgent = request.headers["user-agent"] ?? ""
  return yield* sql
    .withTransaction(
      Effect.gen(function* () {
        const { link, record, facts, ms, now, status } = yield* openLink(token, { forUpdate: true })
        const settings = yield* Settings.inForce(link.account_id, record.quote_id)
        const form: Acceptance.Form = {
          "accept[sign_value]": payload["accept[sign_value]"],
          "accept[state_name]": payload["accept[state_name]"],
          ...(payload["accept[sign_name]"] === undefined ? {} : { "accept[sign_name]": payload["accept[sign_name]"] }),
          ...(payload["accept[_confirm_checkbox]"] === undefined
            ? {}
            : { "accept[_confirm_checkbox]": payload["accept[_confirm_checkbox]"] })
        }
        const team = yield* isTeamMember(link.account_id)
        const checked = Acceptance.validate(form, {
          termsRequired: settings.terms_checkbox,
          previewType: team ? Math.max(1, payload.preview_type ?? 0) : (payload.preview_type ?? 0),
          signerName: link.contact_name
        })
        if (Result.isFailure(checked))
          return yield* InvalidInput.field(inputOf(checked.failure), checked.failure.message)
        if (status !== "sent" || record.status !== "sent") return yield* answered(status, facts.noun, "accept")
        const rows = yield* rowsOf(link.account_id, record)
        const base = withSettings(
          PublicData.build(
            record,
            rows.map((r) => r.item),
            facts,
            status,
            0
          ),
          settings
        )
        const chosen = PublicData.applyChoices(base, payload.choices)
        if (Result.isFailure(chosen)) return yield* InvalidInput.field("choices", Message.notAvailableNow)
        const content = PublicData.contentOf(chosen.success)
        const next = QuoteAction.apply("customerAccept", stateOf(record), QuoteAction.context(now))
        if (Result.isFailure(next)) return yield* answered(status, facts.noun, "accept")
        const moved = yield* customers.moveStatus(
          link.account_id,
          record.quote_id,
          "sent",
          { status: next.success.status, archive_id: ArchiveState.toId(next.success.archive), undo: next.success.undo },
          ms
        )
        if (!moved) return yield* answered("accepted", facts.noun, "accept")
        const accepted = checked.success
        // A drawing that is exactly what a phone sent through the link's signing room came from that second device.
        const onDevice =
          accepted.method === "draw"
            ? yield* SignRooms.useFor(link.account_id, link.quote_contact_id, form["accept[sign_value]"])
            : false
        yield* customers.insertAcceptance({
          signed_on_device: onDevice,
          account_id: link.account_id,
          quote_id: record.quote_id,
          quote_contact_id: link.quote_contact_id,
          sign_method: accepted.method,
          sign_value: form["accept[sign_value]"],
          sign_name: accepted.signerName,
          terms_confirmed: accepted.confirmed,
          ip: address,
          user_agent: userAgent,
          content_hash: content.hash,
          at: ms
        })
        yield* writeChoices(link.account_id, record, facts, rows, chosen.success)
        // The customer's copy of what they accepted, certificate attached by the sender.
        const recipient = yield* customers.contactEmail(link.account_id, link.contact_id)
        if (Option.isSome(recipient))
          yield* (yield* EmailRepo).queue({
            account_id: link.account_id as AccountId,
            quote_id: record.quote_id,
            follow_up_id: null,
            subject: Wording.apply(facts.noun, Message.acceptedEmailSubject(record.title)),
            subject_type: ScheduledEmail.SubjectTypes.accepted,
            body_text: Wording.apply(
              facts.noun,
              Message.acceptedEmailBody(record.title, (yield* customers.brand(link.account_id)).name)
            ),
            recipients: [
              { quote_contact_id: link.quote_contact_id, name: accepted.signerName, email: recipient.value }
            ],
            from_signin_id: record.from as SigninId,
            scheduled_when: ScheduledEmail.scheduledFor(now)
          })
        yield* customers.record({
          account_id: link.account_id,
          quote_id: record.quote_id,
          action: "quote.customerAccept",
          html_summary: summaryOf(facts.noun, accepted.signerName, Message.historyCustomerAccepted),
          html_full: "",
          data: {
            quote_id: record.quote_id,
            quote_contact_id: link.quote_contact_id,
            contact_id: link.contact_id,
            sign_name: accepted.signerName,
            sign_method: accepted.method,
            terms_confirmed: accepted.confirmed,
            signed_on_device: onDevice,
            ip: address,
            user_agent: userAgent,
            content: JSON.parse(content.json) as unknown,
            from: { status: record.status },
            to: { status: next.success.status, archive: next.success.archive }
          },
          content_hash: content.hash,
          at: ms
        })
        const answer: AcceptAnswer = {
          status: next.success.status,
          acceptance: { sign_name: accepted.signerName, accepted_at: now, on_behalf: false },
          content_hash: content.hash
        }
        return answer
      })
    )
    .pipe(Effect.catchTag("SqlError", (e) => Effect.die(e)))
})

/** Store the choices on the rows with recomputed totals. */
const writeChoices = (
  account: number,
  record: QuoteRecord,
  facts: AccountFacts,
  rows: ReadonlyArray<{ readonly item: LineItem.QuoteItem }>,
  chosen: {
    readonly publicItems: ReadonlyArray<{ quote_item_id: number; contact_selected: 0 | 1 | 2; quantity: Money.Decimal }>
  }
) =>
  Effect.gen(function* () {
    const customers = yield* CustomerRepo
    const byId = new Map(chosen.publicItems.map((p) => [p.quote_item_id as number, p]))
    const updated = rows.map((r) => {
      const p = byId.get(r.item.quote_item_id)
      return p === undefined
        ? r.item
        : new LineItem.QuoteItem({ ...r.item, contact_selected: p.contact_selected, quantity: p.quantity })
    })
    const priced = QuoteSave.priced(updated, record, facts.taxes)
    const changed = priced.items.filter((item, i) => {
      const before = rows[i]!.item
      return (
        item.contact_selected !== before.contact_selected ||
        !Money.equals(item.quantity, before.quantity) ||
        !Money.equals(item.price_total, before.price_total)
      )
    })
    yield* customers.writeChoices(
      account,
      record.quote_id,
      changed.map((i) => ({
        quote_item_id: i.quote_item_id,
        contact_selected: i.contact_selected,
        quantity: Money.toFixed(i.quantity, 4),
        price_total: Money.toFixed(i.price_total, 2)
      })),
      Money.toFixed(priced.price_current, 2)
    )
  })

/** Decline the quote behind a token, with an optional reason. */
export const decline = Effect.fn("CustomerQuote.decline")(function* (token: string, reason: string | undefined) {
  const sql = yield* SqlClient.SqlClient
  const customers = yield* CustomerRepo
  return yield* sql
    .withTransaction(
      Effect.gen(function* () {
        const { link, record, facts, ms, now, status } = yield* openLink(token, { forUpdate: true })
        const state = { ...stateOf(record), status }
        const next = QuoteAction.apply("decline", state, QuoteAction.context(now, { inQuoteView: true }))
        if (Result.isFailure(next)) return yield* answered(status, facts.noun, "decline")
        const moved = yield* customers.moveStatus(
          link.account_id,
          record.quote_id,
          record.status,
          { status: next.success.status, archive_id: ArchiveState.toId(next.success.archive), undo: next.success.undo },
          ms
        )
        if (!moved) return yield* answered("declined", facts.noun, "decline")
        const who = link.contact_name
        const text = reason?.trim() ?? ""
        yield* customers.record({
          account_id: link.account_id,
          quote_id: record.quote_id,
          action: "quote.customerDecline",
          html_summary: summaryOf(facts.noun, who, Message.historyCustomerDeclined),
          // All Activity shows the full text: the line itself, then the customer's reason.
          html_full:
            text === ""
              ? ""
              : `${summaryOf(facts.noun, who, Message.historyCustomerDeclined)} ${escapeHtml(Message.declinedBecause)}: ${escapeHtml(text)}`,
          data: {
            quote_id: record.quote_id,
            quote_contact_id: link.quote_contact_id,
            contact_id: link.contact_id,
            reason: text,
            from: { status: record.status },
            to: { status: next.success.status, archive: next.success.archive }
          },
          content_hash: null,
          at: ms
        })
        return { status: next.success.status }
      })
    )
    .pipe(Effect.catchTag("SqlError", (e) => Effect.die(e)))
})

/** The account, quote and wording behind a token, for questions and files. */
export const opened = (token: string) => openLink(token)
