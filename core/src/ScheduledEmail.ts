/**
 * Scheduled emails of a quote: their stored shape, the countdown before they go, when they can still be
 * stopped, and what the history says about a stopped one.
 *
 * Sending is committed 15 seconds before the scheduled time (the grace), so the seconds left are the
 * scheduled time minus (now + 15 s); 'Stop Email' is offered only while that is above zero.
 *
 * @example
 * import * as ScheduledEmail from "@quotekit/core/ScheduledEmail"
 * ScheduledEmail.secondsLeft(1_000, 900)       // 85
 * ScheduledEmail.countdown(email, 950)          // Option.some("Emailing in 35…") when scheduled_when is 1_000
 *
 * @since 0.1.0
 */
import { Effect, Option, Schema } from "effect"
import * as Message from "./Message.ts"
import * as RelativeTime from "./RelativeTime.ts"

/** Identifier of an email message. */
export const EmailMessageId = Schema.Int.pipe(Schema.brand("EmailMessageId"))
/** Identifier of an email message. */
export type EmailMessageId = typeof EmailMessageId.Type

/** Email status codes as stored. */
export const Statuses = { delivered: 0, inQueue: 1, stopped: 2 } as const

/** An email status: 0 delivered, 1 in queue, 2 stopped. */
export const EmailStatus = Schema.Literals([0, 1, 2])
/** An email status code. */
export type EmailStatus = typeof EmailStatus.Type

/**
 * An email message of a quote. `quote_id` is branded "QuoteId" as in `Quote.ts`, declared here so this
 * module stays independent of the quote module.
 */
export const EmailMessage = Schema.Struct({
  email_message_id: EmailMessageId,
  subject: Schema.String,
  subject_type: Schema.Int,
  scheduled_when: Schema.Int,
  quote_id: Schema.Int.pipe(Schema.brand("QuoteId")),
  email_status: EmailStatus
})
/** An email message of a quote. */
export type EmailMessage = typeof EmailMessage.Type

/** Seconds before the scheduled time at which sending is committed and can no longer be stopped. */
export const graceSeconds = 15
/** Below this many seconds left the countdown shows seconds. */
export const countdownSeconds = 60
/** How often the countdown ticks. */
export const tickSeconds = 1
/** Label of the action that stops a scheduled email. */
export const stopLabel = "Stop Email"

/**
 * How long a queued email can still be stopped: an email is scheduled this many seconds past the grace, so
 * 'Emailing in 30…' counts down from the moment it is queued and the sender commits to it 15 s before its
 * scheduled time.
 */
export const stopWindowSeconds = 30

/** When an email queued at `now` is scheduled: after the stop window and the grace. */
export const scheduledFor = (now: number): number => now + stopWindowSeconds + graceSeconds

/** Whether the sender may take a queued email: its time to be stopped is over (`secondsLeft` at most 0). */
export const isDue = (scheduledWhen: number, now: number): boolean => secondsLeft(scheduledWhen, now) <= 0

/**
 * Outbound message kinds as stored in `subject_type` (spec: none, new, accepted, follow-up 1, follow-up 2, ask review;
 * and ours: 6, a built-in invoice).
 */
export const SubjectTypes = {
  none: 0,
  new: 1,
  accepted: 2,
  followUp1: 3,
  followUp2: 4,
  askReview: 5,
  invoice: 6
} as const

/** A stored message kind. */
export const SubjectType = Schema.Literals([0, 1, 2, 3, 4, 5, 6])
/** A stored message kind. */
export type SubjectType = typeof SubjectType.Type

/** The kind of a follow-up email of step 1 or 2. */
export const followUpType = (step: 1 | 2): SubjectType => (step === 1 ? SubjectTypes.followUp1 : SubjectTypes.followUp2)

/** The step of the next follow-up of a quote that has had `done` follow-ups: the first, then the second. */
export const nextFollowUpStep = (done: number): 1 | 2 => (done === 0 ? 1 : 2)

/** The label of a message kind ('Quote email', 'Follow-up 1'...). */
export const kindLabel = (type: number): string => {
  const m = Message.catalogue
  switch (type) {
    case SubjectTypes.new:
      return m.emailKindQuote
    case SubjectTypes.accepted:
      return m.emailKindAccepted
    case SubjectTypes.followUp1:
      return m.emailKindFollowUp1
    case SubjectTypes.followUp2:
      return m.emailKindFollowUp2
    case SubjectTypes.askReview:
      return m.emailKindReview
    case SubjectTypes.invoice:
      return m.emailKindInvoice
    default:
      return m.emailKindOther
  }
}

/** Seconds left to stop an email: scheduled time minus (now + 15 s). Negative once it is committed. */
export const secondsLeft = (scheduledWhen: number, now: number): number => scheduledWhen - (now + graceSeconds)

/** Whether 'Stop Email' is offered: the email is still queued and time remains. */
export const canStop = (email: Pick<EmailMessage, "email_status" | "scheduled_when">, now: number): boolean =>
  email.email_status === Statuses.inQueue && secondsLeft(email.scheduled_when, now) > 0

/**
 * The countdown shown beside a queued email: 'Emailing in N…' when under 60 seconds remain; `None` when more
 * time remains (the scheduled time is shown instead) or the email is no longer waiting.
 */
export const countdown = (
  email: Pick<EmailMessage, "email_status" | "scheduled_when">,
  now: number
): Option.Option<string> => {
  const left = secondsLeft(email.scheduled_when, now)
  return email.email_status === Statuses.inQueue && left > 0 && left < countdownSeconds
    ? Option.some(Message.catalogue.emailingIn(left))
    : Option.none()
}

/** The note the history shows for an email's status: 'Not sent, email stopped' for a stopped email. */
export const historyNote = (status: EmailStatus): Option.Option<string> =>
  status === Statuses.stopped ? Option.some(Message.catalogue.emailStopped) : Option.none()

/** `secondsLeft` against the current time from the `Clock`. */
export const secondsLeftNow = (scheduledWhen: number): Effect.Effect<number> =>
  Effect.map(RelativeTime.nowSeconds, (now) => secondsLeft(scheduledWhen, now))

/** `canStop` against the current time from the `Clock`. */
export const canStopNow = (email: Pick<EmailMessage, "email_status" | "scheduled_when">): Effect.Effect<boolean> =>
  Effect.map(RelativeTime.nowSeconds, (now) => canStop(email, now))

/** `countdown` against the current time from the `Clock`. */
export const countdownNow = (
  email: Pick<EmailMessage, "email_status" | "scheduled_when">
): Effect.Effect<Option.Option<string>> => Effect.map(RelativeTime.nowSeconds, (now) => countdown(email, now))
