/**
 * Emailing a quote from its page: the 'Send by Email' button (offered while the quote may be emailed: a draft, a
 * quote being revised, or a sent one) and the composer dialog it opens, which the follow-up flow opens too. The
 * follow-up flow starts with `do-follow-up` and `returnTo=quote` in the URL (the action bar's 'Send Follow-up',
 * or the list's `?do-follow-up={followSubjectId}` for a due follow-up); closing the composer takes them off.
 *
 * The composer starts from the server's draft (`EmailsApi.Composer`): the default subject and message in the
 * account's wording, and the quote's contacts, those with an email address chosen. When the quote may not be
 * emailed (a follow-up on a quote never emailed, expired, or with a follow-up in progress) it shows the core's
 * reason instead of the form. Sending queues the email; the overview's 'Scheduled emails' shows it counting down.
 * The composer asks when it goes: 'Send now' (the default) or one of the quick send times (`QuickSend.choices`:
 * Today 1 PM, Tomorrow 8 AM, Monday 8 AM, those at least 15 minutes away) in the signed-in person's time zone
 * (their personal settings' `signin_tz`; the browser's zone until it loads or when the runtime does not know it),
 * or a custom date and time (`CustomSendTime`, starting at tomorrow 8 AM in that zone), sent as `send_at`. A custom
 * time less than the 15 s grace ahead ('Choose a time in the future.') or too far ahead is refused before sending
 * (`QuickSend.customTimeProblem`), with the reason under the time.
 */

import * as ArchiveState from "@quotekit/core/ArchiveState"
import type * as EmailsApi from "@quotekit/core/api/EmailsApi"
import * as QuickSend from "@quotekit/core/QuickSend"
import type * as Quote from "@quotekit/core/Quote"
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { useNavigate, useSearch } from "@tanstack/react-router"
import { DateTime, Option } from "effect"
import { Dialog } from "radix-ui"
import { useState } from "react"
import { useApi } from "../api/client.ts"
import { useMessages } from "../page/useMessages.ts"
import dialog from "../shell/Dialog.module.css"
import { LoadFailure } from "../shell/LoadFailure.tsx"
import page from "../shell/Page.module.css"
import { FormBanner, invalidFields } from "../signin/FormBanner.tsx"
import controls from "../theme/Controls.module.css"
import { CustomSendTime, type CustomTime } from "./CustomSendTime.tsx"

/** The URL's follow-up flow: `do-follow-up` (a due follow-up's id, or 1 from the action bar) and `returnTo`. */
const FOLLOW_UP = "do-follow-up"

/** Whether a quote in this state may be emailed as a quote (the server decides; this only offers the button). */
export const mayEmail = (quote: Pick<Quote.Quote, "status" | "archive_id">): boolean =>
  (quote.status === "draft" || quote.status === "sentEditing" || quote.status === "sent") &&
  quote.archive_id !== ArchiveState.toId("deleted")

/** The personal settings' query key (the personal settings page reads the same). */
const personalKey = ["settings", "personal"] as const

/**
 * The signed-in person's time zone: their personal settings' `signin_tz`, or the browser's zone until those load
 * (or when the runtime does not know the name).
 */
export const useSigninZone = (): DateTime.TimeZone => {
  const api = useApi()
  const personal = useQuery({
    queryKey: personalKey,
    queryFn: () => api.call((c) => c.settings.personal()),
    staleTime: 600_000
  })
  const name = personal.data?.signin_tz ?? ""
  return Option.getOrElse(name === "" ? Option.none() : QuickSend.zoneFromName(name), () => DateTime.zoneMakeLocal())
}

/** The composer's 'when' choice: now, a quick send time, or a custom date and time. */
type When = "now" | QuickSend.Key | "custom"

const nowSeconds = () => Math.floor(Date.now() / 1000)

/** What keeps a custom time from being sent at `now`: no date, or `QuickSend.customTimeProblem`. */
const customProblem = (
  m: ReturnType<typeof useMessages>,
  custom: CustomTime,
  zone: DateTime.TimeZone,
  now: number
): Option.Option<string> =>
  custom.date === null
    ? Option.some(m.sendDateNeeded)
    : QuickSend.customTimeProblem(QuickSend.instantOf({ date: custom.date, minutes: custom.minutes }, zone), now)

/** The composer dialog, open while mounted. */
export const EmailComposer = ({
  quoteId,
  kind,
  followUp,
  onClose
}: {
  readonly quoteId: number
  readonly kind: EmailsApi.ComposeKind
  /** The due follow-up named in the URL (0: none). */
  readonly followUp: number
  readonly onClose: () => void
}) => {
  const m = useMessages()
  const api = useApi()
  const queryClient = useQueryClient()
  const draft = useQuery({
    queryKey: ["quotes", "composer", quoteId, kind, followUp],
    queryFn: () =>
      api.call((c) =>
        c.quoteEmails.composer({
          params: { id: String(quoteId) },
          query: followUp > 0 ? { kind, follow_up: followUp } : { kind }
        })
      ),
    staleTime: 0,
    gcTime: 0
  })
  const send = useMutation({
    mutationFn: (input: EmailsApi.Compose & { readonly follow_up_id: number | null }) => {
      const params = { id: String(quoteId) }
      const { follow_up_id, ...payload } = input
      return api.call((c) =>
        kind === "send"
          ? c.quoteEmails.send({ params, payload })
          : c.quoteEmails.followUp({
              params,
              payload: follow_up_id === null ? payload : { ...payload, follow_up_id }
            })
      )
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ["quotes"] })
      void queryClient.invalidateQueries({ queryKey: ["dashboard"] })
      onClose()
    }
  })
  const title = kind === "send" ? m.sendByEmail : m.sendFollowUp
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={dialog.overlay} />
        <Dialog.Content className={dialog.content} aria-describedby={undefined}>
          <Dialog.Title className={dialog.title}>{title}</Dialog.Title>
          {draft.isError ? (
            <LoadFailure error={draft.error} onRetry={() => void draft.refetch()} />
          ) : draft.data === undefined ? (
            <p className={page.empty}>{m.loading}</p>
          ) : draft.data.refused !== null ? (
            <>
              <p role="alert">{draft.data.refused}</p>
              <div className={dialog.actions}>
                <Dialog.Close className={controls.button}>{m.close}</Dialog.Close>
              </div>
            </>
          ) : (
            <ComposerForm
              draft={draft.data}
              busy={send.isPending}
              error={send.error}
              onSend={(input) => send.mutate({ ...input, follow_up_id: draft.data?.follow_up_id ?? null })}
            />
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

const ComposerForm = ({
  draft,
  busy,
  error,
  onSend
}: {
  readonly draft: EmailsApi.Composer
  readonly busy: boolean
  readonly error: unknown
  readonly onSend: (input: EmailsApi.Compose) => void
}) => {
  const m = useMessages()
  const zone = useSigninZone()
  const [when, setWhen] = useState<When>("now")
  const now = nowSeconds()
  const choices = QuickSend.choices(now, zone)
  const chosenTime = when === "now" || when === "custom" ? undefined : choices.find((c) => c.key === when)
  // Untouched custom fields follow the zone (the browser's until the personal settings load).
  const [customEdit, setCustomEdit] = useState<CustomTime | undefined>(undefined)
  const custom = customEdit ?? QuickSend.customDefaultWallTime(now, zone)
  const [, setRefusedAt] = useState(0)
  const [subject, setSubject] = useState(draft.subject)
  const [message, setMessage] = useState(draft.message)
  const [chosen, setChosen] = useState<ReadonlySet<number>>(
    () => new Set(draft.recipients.filter((r) => r.email !== null).map((r) => r.quote_contact_id))
  )
  const invalid = invalidFields(error)
  const toggle = (id: number, on: boolean) =>
    setChosen((before) => {
      const next = new Set(before)
      if (on) next.add(id)
      else next.delete(id)
      return next
    })
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault()
        if (busy) return
        const base = { subject, message, recipients: [...chosen] }
        if (when === "custom") {
          const at = nowSeconds()
          // Shown under the fields already; the render after this refusal shows it against the time now.
          if (custom.date === null || Option.isSome(customProblem(m, custom, zone, at))) return setRefusedAt(at)
          return onSend({ ...base, send_at: QuickSend.instantOf({ date: custom.date, minutes: custom.minutes }, zone) })
        }
        onSend(chosenTime === undefined ? base : { ...base, send_at: chosenTime.at })
      }}
      style={{ display: "flex", flexDirection: "column", gap: "var(--qk-space-3)" }}
    >
      <FormBanner error={error} />
      <fieldset className={controls.field} aria-invalid={invalid.has("recipients") || undefined}>
        <legend className={controls.label}>{m.emailRecipients}</legend>
        {draft.recipients.map((r) => (
          <label key={r.quote_contact_id} className={controls.checkbox}>
            <input
              type="checkbox"
              checked={chosen.has(r.quote_contact_id)}
              disabled={r.email === null}
              onChange={(e) => toggle(r.quote_contact_id, e.currentTarget.checked)}
            />
            <span>
              {r.name} {r.email === null ? `(${m.emailNoAddress})` : `<${r.email}>`}
            </span>
          </label>
        ))}
      </fieldset>
      <label className={controls.field}>
        <span className={controls.label}>{m.subject}</span>
        <input
          className={controls.input}
          name="subject"
          value={subject}
          maxLength={200}
          aria-invalid={invalid.has("subject") || undefined}
          onChange={(e) => setSubject(e.currentTarget.value)}
        />
      </label>
      <label className={controls.field}>
        <span className={controls.label}>{m.leadMessage}</span>
        <textarea
          className={controls.textarea}
          name="message"
          rows={6}
          value={message}
          maxLength={10_000}
          onChange={(e) => setMessage(e.currentTarget.value)}
        />
      </label>
      <fieldset className={controls.field} aria-invalid={invalid.has("send_at") || undefined}>
        <legend className={controls.label}>{m.send}</legend>
        {[{ key: "now" as const, label: m.sendNow }, ...choices].map((c) => (
          <label key={c.key} className={controls.checkbox}>
            <input
              type="radio"
              name="send_when"
              value={c.key}
              checked={when !== "custom" && (chosenTime?.key ?? "now") === c.key}
              onChange={() => setWhen(c.key)}
            />
            <span>{c.label}</span>
          </label>
        ))}
        <label className={controls.checkbox}>
          <input
            type="radio"
            name="send_when"
            value="custom"
            checked={when === "custom"}
            onChange={() => setWhen("custom")}
          />
          <span>{m.sendCustom}</span>
        </label>
        {when === "custom" && (
          <CustomSendTime
            value={custom}
            onChange={setCustomEdit}
            zone={zone}
            problem={customProblem(m, custom, zone, now)}
          />
        )}
      </fieldset>
      <div className={dialog.actions}>
        <Dialog.Close type="button" className={controls.button}>
          {m.cancel}
        </Dialog.Close>
        <button type="submit" className={controls.primary} disabled={busy} aria-busy={busy}>
          {m.send}
        </button>
      </div>
    </form>
  )
}

/**
 * The quote page's emailing: the 'Send by Email' button when the quote may be emailed, and the composer, opened
 * by the button or by the follow-up flow in the URL.
 */
export const QuoteEmailing = ({
  quote
}: {
  readonly quote: Pick<Quote.Quote, "quote_id" | "status" | "archive_id">
}) => {
  const m = useMessages()
  const navigate = useNavigate()
  const search: Record<string, string | undefined> = useSearch({ strict: false })
  const [sending, setSending] = useState(false)
  const followUpParam = search[FOLLOW_UP]
  const followUp = followUpParam === undefined ? null : Number.parseInt(followUpParam, 10) || 0
  const closeFollowUp = () => {
    const { [FOLLOW_UP]: _flow, returnTo: _back, ...rest } = search
    void navigate({ to: ".", search: rest, replace: true })
  }
  return (
    <>
      {mayEmail(quote) && (
        <button type="button" className={controls.primary} data-action="sendByEmail" onClick={() => setSending(true)}>
          {m.sendByEmail}
        </button>
      )}
      {sending && <EmailComposer quoteId={quote.quote_id} kind="send" followUp={0} onClose={() => setSending(false)} />}
      {followUp !== null && !sending && (
        <EmailComposer quoteId={quote.quote_id} kind="followUp" followUp={followUp} onClose={closeFollowUp} />
      )}
    </>
  )
}
