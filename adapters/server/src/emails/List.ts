/**
 * A quote's emails for the overview's 'Scheduled emails', and 'Stop Email': a queued email is stopped only while
 * time remains (`ScheduledEmail.canStop`: more than 15 s before its scheduled time, when the sender commits to
 * it); later the answer is 409 'That email is already on its way…'. Stopping a quote email leaves the quote
 * marked as emailed only if another quote email was delivered or is still queued; stopping a follow-up ends
 * that follow-up, so another can be started. A history row names who stopped what ('Not sent, email stopped').
 *
 * @since 0.1.0
 */

import { NotFound } from "@quotekit/core/api/ApiError"
import type { QuoteEmails } from "@quotekit/core/api/EmailsApi"
import { ActionRefused } from "@quotekit/core/api/QuotesApi"
import type { Tenant } from "@quotekit/core/api/Security"
import * as Quote from "@quotekit/core/Quote"
import * as ScheduledEmail from "@quotekit/core/ScheduledEmail"
import * as Wording from "@quotekit/core/Wording"
import { Clock, Effect, Option, Result } from "effect"
import { SqlClient } from "effect/sql"
import { HistoryRepo } from "../history/Repo.ts"
import { QuoteRepo } from "../quotes/Repo.ts"
import { notFound } from "../quotes/Views.ts"
import { EmailRepo } from "./Repo.ts"
import { historyHtml, placeholders } from "./Send.ts"

/** The emails of a quote of the tenant, newest first. */
export const list = Effect.fn("Emails.list")(function* (tenant: Tenant, idSegment: string) {
  const quotes = yield* QuoteRepo
  const facts = yield* quotes.facts(tenant)
  const route = Quote.parseRouteId(idSegment)
  if (Result.isFailure(route) || route.success === "new") return yield* notFound(facts)
  const found = yield* quotes.record(facts.account_id, route.success)
  if (Option.isNone(found) || found.value.is_template) return yield* notFound(facts)
  const emails = yield* (yield* EmailRepo).list(facts.account_id, route.success)
  const answer: QuoteEmails = { quote_id: Quote.QuoteId.make(route.success), emails }
  return answer
})

/** Stop a queued email of the tenant while time remains. */
export const stop = Effect.fn("Emails.stop")(function* (tenant: Tenant, id: number) {
  const quotes = yield* QuoteRepo
  const emails = yield* EmailRepo
  const history = yield* HistoryRepo
  const sql = yield* SqlClient.SqlClient
  const facts = yield* quotes.facts(tenant)
  const m = Wording.catalogue(facts.noun)
  const nowMs = yield* Clock.currentTimeMillis
  const account = facts.account_id
  return yield* sql
    .withTransaction(
      Effect.gen(function* () {
        const stopped = yield* emails.stop(account, id, nowMs)
        if (Option.isNone(stopped)) {
          const exists = yield* emails.one(account, id)
          if (Option.isNone(exists)) return yield* NotFound.answer(m.emailNotFound)
          return yield* ActionRefused.answer("stopEmail", "tooLate", m.emailTooLate)
        }
        const email = stopped.value
        if (email.subject_type === ScheduledEmail.SubjectTypes.new)
          yield* emails.setEmailed(account, email.quote_id, yield* emails.hasQuoteEmail(account, email.quote_id), nowMs)
        const text = historyHtml(
          facts.noun,
          m.historyEmailStoppedBy(placeholders.who, placeholders.subject),
          { who: facts.who, subject: email.subject },
          Option.getOrElse(ScheduledEmail.historyNote(email.email_status), () => "")
        )
        yield* history.write({
          account_id: account,
          signin_id: tenant.signin_id,
          table: "quote",
          category_id: email.quote_id,
          action: "quote.stopEmail",
          html_summary: text.summary,
          html_full: text.full,
          data: { quote_id: email.quote_id, email_message_id: id, subject: email.subject },
          at: nowMs
        })
        return email
      })
    )
    .pipe(Effect.catchTag("SqlError", (e) => Effect.die(e)))
})
