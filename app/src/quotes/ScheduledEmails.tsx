/**
 * The overview's 'Scheduled emails': the quote's emails, newest first, each with its kind ('Quote email',
 * 'Follow-up 1'...), subject, recipients and where it stands. A queued email counts down ('Emailing in N…' once
 * under 60 s remain, `ScheduledEmail.countdown`) and offers 'Stop Email' while time remains
 * (`ScheduledEmail.canStop`: the scheduled time minus (now + 15 s) is above 0); a delivered one says when it
 * went; a stopped one 'Not sent, email stopped'; one the relay would not take 'Could not be delivered.'. Before
 * the countdown, an email scheduled for later ('Send' at a quick send time) says the date (the account's date
 * style) and time it goes, in the signed-in person's time zone, and 'Stop Email' stays offered.
 * While an email is queued the countdown ticks every second and the list is fetched again every few seconds,
 * so a delivery shows without reloading.
 */
import type * as EmailsApi from "@quotekit/core/api/EmailsApi"
import * as DateFormat from "@quotekit/core/DateFormat"
import * as RelativeTime from "@quotekit/core/RelativeTime"
import * as ScheduledEmail from "@quotekit/core/ScheduledEmail"
import * as Wording from "@quotekit/core/Wording"
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { DateTime, Option } from "effect"
import { useEffect, useState } from "react"
import { useApi } from "../api/client.ts"
import records from "../contacts/Records.module.css"
import { useMessages, useNoun } from "../page/useMessages.ts"
import { useAccount } from "../session/useAccount.ts"
import { LoadFailure } from "../shell/LoadFailure.tsx"
import { FormBanner } from "../signin/FormBanner.tsx"
import controls from "../theme/Controls.module.css"
import { useSigninZone } from "./EmailComposer.tsx"
import { dateStyle } from "./QuoteDetails.tsx"
import styles from "./QuotePage.module.css"

const nowSeconds = () => Math.floor(Date.now() / 1000)

/** An instant as a date in the account's style and a time of day ("23 Nov 2026, 8:00 AM"), in a zone. */
export const dateAndTime = (at: number, style: DateFormat.Style, zone: DateTime.TimeZone): string => {
  const parts = DateTime.toParts(DateTime.makeZonedUnsafe(at * 1000, { timeZone: zone }))
  const hour = parts.hour % 12 === 0 ? 12 : parts.hour % 12
  const time = `${hour}:${String(parts.minute).padStart(2, "0")} ${parts.hour < 12 ? "AM" : "PM"}`
  return `${DateFormat.format(at, style, zone)}, ${time}`
}

/** Where an email stands, in words. */
const standing = (
  m: ReturnType<typeof useMessages>,
  e: EmailsApi.EmailRow,
  now: number,
  style: DateFormat.Style,
  zone: DateTime.TimeZone
): string => {
  if (e.email_status === ScheduledEmail.Statuses.delivered) return m.emailSentAt(RelativeTime.describe(e.sent_at, now))
  if (e.email_status === ScheduledEmail.Statuses.stopped)
    return e.failed ? m.emailFailed : Option.getOrElse(ScheduledEmail.historyNote(e.email_status), () => "")
  return Option.getOrElse(ScheduledEmail.countdown(e, now), () =>
    m.emailScheduledAt(dateAndTime(e.scheduled_when - ScheduledEmail.graceSeconds, style, zone))
  )
}

/** The panel of a quote's emails. */
export const ScheduledEmails = ({ quoteId }: { readonly quoteId: number }) => {
  const m = useMessages()
  const noun = useNoun()
  const api = useApi()
  const queryClient = useQueryClient()
  const zone = useSigninZone()
  const style = dateStyle(useAccount().data?.account_signin.dateFormat)
  const emails = useQuery({
    queryKey: ["quotes", "emails", quoteId],
    queryFn: () => api.call((c) => c.quoteEmails.emails({ params: { id: String(quoteId) } })),
    enabled: quoteId > 0,
    refetchInterval: (query) =>
      query.state.data?.emails.some((e) => e.email_status === ScheduledEmail.Statuses.inQueue) ? 3_000 : false
  })
  const queued = emails.data?.emails.some((e) => e.email_status === ScheduledEmail.Statuses.inQueue) ?? false
  const [now, setNow] = useState(nowSeconds)
  useEffect(() => {
    if (!queued) return
    setNow(nowSeconds())
    const timer = setInterval(() => setNow(nowSeconds()), ScheduledEmail.tickSeconds * 1000)
    return () => clearInterval(timer)
  }, [queued])
  const stop = useMutation({
    mutationFn: (id: number) => api.call((c) => c.quoteEmails.stop({ params: { id } })),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ["quotes"] })
    }
  })
  return (
    <section className={controls.card} aria-label={m.scheduledEmails}>
      <h2 className={records.sectionTitle}>{m.scheduledEmails}</h2>
      <FormBanner error={stop.error} />
      {emails.isError ? (
        <LoadFailure error={emails.error} onRetry={() => void emails.refetch()} />
      ) : emails.data === undefined ? (
        <p className={styles.muted}>{m.loading}</p>
      ) : emails.data.emails.length === 0 ? (
        <p className={styles.muted}>{m.noEmailsYet}</p>
      ) : (
        <ul className={styles.stack} style={{ listStyle: "none", margin: 0, padding: 0 }}>
          {emails.data.emails.map((e) => (
            <li key={e.email_message_id} data-email={e.email_message_id} data-email-status={e.email_status}>
              <p>
                <strong>{Wording.apply(noun, ScheduledEmail.kindLabel(e.subject_type))}</strong>: {e.subject}{" "}
                <span className={styles.muted}>
                  {e.recipients.map((r) => r.name || r.email).join(", ")}
                  {e.from_name === "" ? "" : ` · ${e.from_name}`}
                </span>
              </p>
              <p>
                <span data-email-standing>{standing(m, e, now, style, zone)}</span>{" "}
                {ScheduledEmail.canStop(e, now) && (
                  <button
                    type="button"
                    className={controls.button}
                    disabled={stop.isPending}
                    onClick={() => stop.mutate(e.email_message_id)}
                  >
                    {m.stopEmail}
                  </button>
                )}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
