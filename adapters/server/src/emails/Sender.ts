/**
 * The email sender: a fiber that, every second, takes the queued emails whose time to be stopped is over
 * (`ScheduledEmail.isDue`) and delivers them through the `Mailer`, one copy per recipient, each with that
 * contact's own link to the quote. It works with one process on the embedded database and with several on
 * PostgreSQL: a message is claimed with `FOR UPDATE SKIP LOCKED` and a lease (`EmailRepo.claimDue`), so two
 * senders never take the same one, and delivery happens outside any transaction.
 *
 * A recipient whose copy the relay took is marked, so a retry never sends it twice; a message is stored as
 * delivered only once every copy was taken. A refused or failed delivery is tried again after a minute, up to
 * three attempts; then the email is stored as not sent with the relay's error and a history row says it could
 * not be delivered. A recipient with no link to the quote any more fails the email at once, the same way. A process that dies mid-delivery leaves a
 * lease that runs out after five minutes, and the message is tried again.
 *
 * @since 0.1.0
 */
import type { AccountId } from "@quotekit/core/Account"
import * as ScheduledEmail from "@quotekit/core/ScheduledEmail"
import * as Wording from "@quotekit/core/Wording"
import { Clock, Duration, Effect, Layer, Option, Schedule } from "effect"
import * as Certificate from "../acceptance/Certificate.ts"
import { type Mail, Mailer } from "../auth/Mailer.ts"
import * as CustomerLinks from "../customer/Links.ts"
import * as LinkToken from "../customer/LinkToken.ts"
import * as QuoteEmails from "../email/QuoteEmails.ts"
import { HistoryRepo } from "../history/Repo.ts"
import { PublicUrl } from "../http/PublicUrl.ts"
import * as DocumentLink from "../invoices/DocumentLink.ts"
import * as QuoteEvents from "../push/QuoteEvents.ts"
import { type Claimed, EmailRepo } from "./Repo.ts"
import { historyHtml, placeholders } from "./Send.ts"

/** How often the sender looks for due emails. */
export const INTERVAL = Duration.seconds(1)
/** How long a claim holds before another sender may take the message again. */
export const LEASE_MS = 5 * 60_000
/** Delivery attempts before an email is stored as not sent. */
export const MAX_ATTEMPTS = 3
/** Wait before another attempt. */
export const RETRY_MS = 60_000
/** Messages taken per round. */
export const BATCH = 10

/** Why a message was not delivered; `final` when trying again cannot help. */
interface Undelivered {
  readonly reason: string
  readonly final: boolean
  /** The addresses still without their copy. */
  readonly to: ReadonlyArray<string>
}

/** Deliver one claimed message; why the first copy not taken was not, if any. */
const deliver = (m: Claimed) =>
  Effect.gen(function* () {
    const mailer = yield* Mailer
    const repo = yield* EmailRepo
    const base = yield* (yield* PublicUrl).current
    const links = yield* CustomerLinks.list(m.account_id as AccountId, m.quote_id)
    const delivered = new Set(m.recipients.filter((r) => r.delivered === true).map((r) => r.quote_contact_id))
    const undelivered = (reason: string, final: boolean): Undelivered => ({
      reason,
      final,
      to: m.recipients.filter((r) => !delivered.has(r.quote_contact_id)).map((r) => r.email)
    })
    const invoiceLink =
      m.quote_invoice_id === null
        ? null
        : `${base}${DocumentLink.path(yield* DocumentLink.secret, m.account_id, m.quote_invoice_id)}`
    // The customer's copy of what they accepted, with its certificate.
    const certificate =
      m.subject_type === ScheduledEmail.SubjectTypes.accepted
        ? Option.match(yield* Certificate.forQuote(m.account_id, m.quote_id), {
            onNone: () => null,
            onSome: (c) => ({ filename: "accepted-quote.pdf", content: c.pdf, contentType: "application/pdf" })
          })
        : null
    for (const r of m.recipients) {
      if (delivered.has(r.quote_contact_id)) continue
      if (invoiceLink !== null) {
        const sent = yield* Effect.result(
          mailer.send({
            ...QuoteEmails.invoice({ to: r.email, subject: m.subject, message: m.body_text, link: invoiceLink }),
            account: m.account_id
          })
        )
        if (sent._tag === "Failure") return undelivered(sent.failure.reason, false)
        yield* repo.recipientDelivered(m, r.quote_contact_id)
        delivered.add(r.quote_contact_id)
        continue
      }
      const token = links.find((l) => l.quote_contact_id === r.quote_contact_id)?.token ?? null
      // A contact removed from the quote (or whose link was retired) since: no link to send them, and no retry
      // will make one. Never skipped in silence: the email is stored as not sent, with a history row.
      if (token === null) {
        const who = r.name === "" ? r.email : `${r.name} <${r.email}>`
        return undelivered(`${who} has no link to the quote any more`, true)
      }
      // Sent for the account: its own sender and relay when it has a custom email domain.
      const mail: Mail = {
        ...QuoteEmails.quote({
          to: r.email,
          subject: m.subject,
          message: m.body_text,
          link: `${base}${LinkToken.pagePath(token)}`,
          noun: m.noun
        }),
        account: m.account_id
      }
      const sent = yield* Effect.result(
        mailer.send(certificate === null ? mail : { ...mail, attachments: [certificate] })
      )
      if (sent._tag === "Failure") return undelivered(sent.failure.reason, false)
      yield* repo.recipientDelivered(m, r.quote_contact_id)
      delivered.add(r.quote_contact_id)
    }
    return null
  })

/** Deliver one claimed message and store the outcome; whether it was delivered. */
const settle = (m: Claimed) =>
  Effect.gen(function* () {
    const repo = yield* EmailRepo
    const history = yield* HistoryRepo
    const error = yield* deliver(m)
    const at = yield* Clock.currentTimeMillis
    if (error === null) {
      yield* repo.delivered(m, at)
      return true
    }
    const final = error.final || m.attempts >= MAX_ATTEMPTS
    yield* Effect.logWarning(`email ${m.email_message_id} not delivered (attempt ${m.attempts}): ${error.reason}`)
    yield* repo.failed(m, error.reason, final, at + RETRY_MS)
    if (final) {
      const to = error.to.join(", ")
      const text = historyHtml(m.noun, Wording.catalogue(m.noun).historyEmailFailed(placeholders.to), { to }, m.subject)
      yield* history.write({
        account_id: m.account_id,
        signin_id: null,
        table: "quote",
        category_id: m.quote_id,
        action: "quote.emailFailed",
        html_summary: text.summary,
        html_full: text.full,
        data: { quote_id: m.quote_id, email_message_id: m.email_message_id, attempts: m.attempts },
        at
      })
    }
    return false
  })

/**
 * One round: claim the due emails and deliver each; returns how many were delivered. A message being delivered
 * when the server stops is finished and stored first (it cannot be interrupted); the rest of the round's claims
 * run out and are taken again by the next start.
 */
export const deliverDue = Effect.gen(function* () {
  const repo = yield* EmailRepo
  const claimed = yield* repo.claimDue(yield* Clock.currentTimeMillis, LEASE_MS, BATCH)
  let delivered = 0
  for (const m of claimed) if (yield* Effect.uninterruptible(QuoteEvents.collect(settle(m)))) delivered++
  return delivered
})

/** Runs the sender in the background for as long as the layer lives; a failed round is logged and retried. */
export const layer = Layer.effectDiscard(
  deliverDue.pipe(
    Effect.catchCause((cause) => Effect.logWarning("email sender failed", cause)),
    Effect.repeat(Schedule.spaced(INTERVAL)),
    Effect.forkScoped
  )
)
