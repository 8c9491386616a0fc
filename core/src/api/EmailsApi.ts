/**
 * Emailing quotes over HTTP: the composer's starting point (`GET /get/quote-email/{id}`), sending the quote to
 * chosen contacts (`POST /post/quote-email/send/{id}`), starting a follow-up (`POST /post/quote-email/follow-up/{id}`),
 * the quote's emails for the overview (`GET /get/quote-emails/{id}`) and stopping a queued one
 * (`POST /post/quote-stop-email/{email id}`, the spec's path).
 *
 * A sent email is queued (`ScheduledEmail.scheduledFor`, or later at a chosen `send_at`): it can be stopped for
 * 30 s (until its time, for a later one), then the server's sender delivers it, one email per recipient, each with
 * that contact's own link to the quote. Sending a draft marks it as sent through the status machine (its `send`
 * event); a follow-up needs a quote that was emailed, is not expired and has no follow-up in progress
 * (`QuoteAction.check("sendFollowUp")`), refused with the core's reason.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import * as Quote from "../Quote.ts"
import * as ScheduledEmail from "../ScheduledEmail.ts"
import { InvalidInput, NotFound } from "./ApiError.ts"
import { ActionAnswer, ActionRefused, IntFromString } from "./QuotesApi.ts"
import { AccountChosen, SignedIn } from "./Security.ts"

/** Longest subject accepted. */
export const SUBJECT_MAX = 200
/** Longest message accepted. */
export const MESSAGE_MAX = 10_000

/** What the composer writes: a kind of email. */
export const ComposeKind = Schema.Literals(["send", "followUp"])
/** A composer kind. */
export type ComposeKind = typeof ComposeKind.Type

/** A contact of the quote the email can go to; `email` is `null` for a contact without one (not choosable). */
export const Recipient = Schema.Struct({
  quote_contact_id: Schema.Int,
  contact_id: Schema.Int,
  name: Schema.String,
  email: Schema.NullOr(Schema.String)
})
/** A possible recipient. */
export type Recipient = typeof Recipient.Type

/**
 * The composer's starting point: the quote's contacts, the default subject and message in the account's
 * wording, the kind of email it would be, the due follow-up it answers (`follow_up_id`, `null` for none) and
 * `refused`: `null` when it may be sent, else why not (the text the action bar shows).
 */
export const Composer = Schema.Struct({
  quote_id: Quote.QuoteId,
  kind: ComposeKind,
  subject_type: ScheduledEmail.SubjectType,
  subject: Schema.String,
  message: Schema.String,
  recipients: Schema.Array(Recipient),
  follow_up_id: Schema.NullOr(Schema.Int),
  refused: Schema.NullOr(Schema.String)
})
/** The composer's starting point. */
export type Composer = typeof Composer.Type

/** The composer query: a follow-up (with the due follow-up's id from `?do-follow-up=`, 0 for a new one) or a send. */
export const ComposerQuery = Schema.Struct({
  kind: ComposeKind,
  follow_up: Schema.optionalKey(IntFromString)
})

/**
 * An email as the user wrote it: subject, message, the chosen quote contacts and, optionally, when it goes
 * (`send_at`, epoch seconds; left out: now). A `send_at` more than `Limits.sendAtPastToleranceSeconds` in the
 * past is refused ('Choose a time in the future.'), as is one more than `Limits.sendAtMaxDaysAhead` days ahead;
 * the email is queued for `max(send_at, now + the stop window)`, so it can always be stopped for 30 s.
 */
export const Compose = Schema.Struct({
  subject: Schema.String.check(Schema.isMaxLength(SUBJECT_MAX)),
  message: Schema.String.check(Schema.isMaxLength(MESSAGE_MAX)),
  recipients: Schema.Array(Schema.Int).check(Schema.isMaxLength(10)),
  send_at: Schema.optionalKey(Schema.Int)
})
/** An email as written. */
export type Compose = typeof Compose.Type

/** A follow-up as written, naming the due follow-up it answers (from `?do-follow-up=`), if any. */
export const ComposeFollowUp = Schema.Struct({
  ...Compose.fields,
  follow_up_id: Schema.optionalKey(Schema.Int)
})
/** A follow-up as written. */
export type ComposeFollowUp = typeof ComposeFollowUp.Type

/**
 * One email of a quote (spec "Email message" and its text parts): when it is scheduled and, once delivered,
 * when it went (`sent_at`, 0 until then); `failed` when the relay would not take it; who sent it and to whom.
 */
export const EmailRow = Schema.Struct({
  ...ScheduledEmail.EmailMessage.fields,
  body_text: Schema.String,
  recipients: Schema.Array(Schema.Struct({ name: Schema.String, email: Schema.String })),
  from_name: Schema.String,
  sent_at: Schema.Int,
  failed: Schema.Boolean,
  creation: Schema.Int
})
/** One email of a quote. */
export type EmailRow = typeof EmailRow.Type

/** A quote's emails, newest first. */
export const QuoteEmails = Schema.Struct({ quote_id: Quote.QuoteId, emails: Schema.Array(EmailRow) })
/** A quote's emails. */
export type QuoteEmails = typeof QuoteEmails.Type

/** The answer to sending: the queued email, and the quote's status and action bar afterwards. */
export const SendAnswer = Schema.Struct({ email: EmailRow, quote: ActionAnswer })
/** The answer to sending. */
export type SendAnswer = typeof SendAnswer.Type

const idParam = { id: Schema.String.check(Schema.isMaxLength(30)) }

/** The quote emails group; every endpoint needs a session with a chosen account. */
export class EmailsApi extends HttpApiGroup.make("quoteEmails")
  .add(
    HttpApiEndpoint.get("composer", "/get/quote-email/:id", {
      params: idParam,
      query: ComposerQuery,
      success: Composer,
      error: NotFound
    }),
    HttpApiEndpoint.post("send", "/post/quote-email/send/:id", {
      params: idParam,
      payload: Compose,
      success: SendAnswer,
      error: [NotFound, ActionRefused, InvalidInput]
    }),
    HttpApiEndpoint.post("followUp", "/post/quote-email/follow-up/:id", {
      params: idParam,
      payload: ComposeFollowUp,
      success: SendAnswer,
      error: [NotFound, ActionRefused, InvalidInput]
    }),
    HttpApiEndpoint.get("emails", "/get/quote-emails/:id", {
      params: idParam,
      success: QuoteEmails,
      error: NotFound
    }),
    /** Stop a queued email while time remains (409 'That email is already on its way…' after). */
    HttpApiEndpoint.post("stop", "/post/quote-stop-email/:id", {
      params: { id: IntFromString },
      success: EmailRow,
      error: [NotFound, ActionRefused]
    })
  )
  .middleware(AccountChosen)
  .middleware(SignedIn)
  .annotateMerge(
    OpenApi.annotations({
      title: "Quote emails",
      description: "Email a quote to its contacts, send follow-ups, list a quote's emails and stop a queued one."
    })
  ) {}
