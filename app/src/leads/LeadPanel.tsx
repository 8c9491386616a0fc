/**
 * The lead panel: subject, message, the file to download, notes, assignee and potential value (saved when a
 * field is left), Dismiss / Reopen as the lead's status allows (core `Lead.available`, sent by the server as
 * `actions`), and 'Convert to Quote', which opens the quote editor from the lead
 * (`/quotes/new/is-editing?from-lead={id}`; saving that quote converts the lead). Its history is below.
 */
import * as Account from "@quotekit/core/Account"
import type * as LeadsApi from "@quotekit/core/api/LeadsApi"
import * as Lead from "@quotekit/core/Lead"
import * as Money from "@quotekit/core/Money"
import * as RelativeTime from "@quotekit/core/RelativeTime"
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { useNavigate } from "@tanstack/react-router"
import { Option } from "effect"
import { useState } from "react"
import { useApi } from "../api/client.ts"
import styles from "../contacts/Records.module.css"
import { ActivityHistory } from "../history/ActivityHistory.tsx"
import { useNow } from "../history/useNow.ts"
import { useMessages } from "../page/useMessages.ts"
import { useAccount } from "../session/useAccount.ts"
import { LoadFailure } from "../shell/LoadFailure.tsx"
import page from "../shell/Page.module.css"
import controls from "../theme/Controls.module.css"

/** The panel of one lead. */
export const LeadPanel = ({ leadId }: { readonly leadId: number }) => {
  const api = useApi()
  const id = Lead.LeadId.make(leadId)
  const view = useQuery({
    queryKey: ["leads", "view", leadId],
    queryFn: () => api.call((c) => c.leads.view({ params: { lead_id: id } }))
  })
  if (view.isError) return <LoadFailure error={view.error} onRetry={() => void view.refetch()} />
  if (view.data === undefined) return <div className={page.skeleton} aria-busy="true" />
  return <LeadDetails lead={view.data} />
}

const LeadDetails = ({ lead }: { readonly lead: LeadsApi.LeadView }) => {
  const m = useMessages()
  const api = useApi()
  const now = useNow()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const team = useAccount().data?.signins ?? []
  const [notes, setNotes] = useState(lead.lead_notes)
  const [value, setValue] = useState(
    lead.lead_potential_value === null ? "" : Money.toFixed(lead.lead_potential_value, 2)
  )
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ["leads"] })
  const update = useMutation({
    mutationFn: (patch: typeof LeadsApi.LeadUpdate.Type) =>
      api.call((c) => c.leads.update({ params: { lead_id: lead.lead_id }, payload: patch })),
    onSuccess: (v) => queryClient.setQueryData(["leads", "view", lead.lead_id], v)
  })
  const transition = useMutation({
    mutationFn: (t: "dismiss" | "reopen") =>
      api.call((c) => c.leads.transition({ params: { lead_id: lead.lead_id, transition: t } })),
    onSuccess: refresh
  })
  const valueError = value.trim() !== "" && Option.isNone(Money.parse(value.trim()))
  return (
    <article className={`${controls.card} ${styles.stack}`} aria-labelledby="lead-title">
      <div className={page.header}>
        <div className={styles.rowMain}>
          <h2 className={page.heading} id="lead-title">
            {lead.lead_subject !== "" ? lead.lead_subject : lead.display_name}
          </h2>
          <span className={styles.muted}>
            {lead.display_name} · {m.received} {RelativeTime.describe(lead.lead_creation, now)} · {lead.status_label}
          </span>
        </div>
        <div className={styles.actions}>
          {lead.actions.includes("convert") && (
            <button
              type="button"
              className={controls.primary}
              onClick={() =>
                void navigate({
                  to: "/quotes/$quoteId/$action",
                  params: { quoteId: "new", action: "is-editing" },
                  search: { "from-lead": String(lead.lead_id) }
                })
              }
            >
              {m.convertToQuote}
            </button>
          )}
          {lead.actions.includes("dismiss") && (
            <button
              type="button"
              className={controls.button}
              disabled={transition.isPending}
              onClick={() => transition.mutate("dismiss")}
            >
              {transition.isPending ? m.loading : m.dismiss}
            </button>
          )}
          {lead.actions.includes("reopen") && (
            <button
              type="button"
              className={controls.button}
              disabled={transition.isPending}
              onClick={() => transition.mutate("reopen")}
            >
              {transition.isPending ? m.loading : m.reopen}
            </button>
          )}
        </div>
      </div>
      {(transition.isError || update.isError) && (
        <p className={controls.hintError} role="alert">
          {(transition.error ?? update.error)?.message}
        </p>
      )}
      <dl className={styles.dl}>
        <dt>{m.email}</dt>
        <dd>{lead.lead_email !== "" ? <a href={`mailto:${lead.lead_email}`}>{lead.lead_email}</a> : "—"}</dd>
        {lead.lead_phone !== "" && (
          <>
            <dt>{m.phone}</dt>
            <dd>{lead.lead_phone}</dd>
          </>
        )}
        {lead.lead_company !== "" && (
          <>
            <dt>{m.company}</dt>
            <dd>{lead.lead_company}</dd>
          </>
        )}
        {lead.file_url !== null && lead.lead_file_name !== null && (
          <>
            <dt>{m.download}</dt>
            <dd>
              <a href={lead.file_url} download={lead.lead_file_name}>
                {lead.lead_file_name}
              </a>
            </dd>
          </>
        )}
      </dl>
      <section className={styles.section} aria-labelledby="lead-message">
        <h3 className={styles.sectionTitle} id="lead-message">
          {m.leadMessage}
        </h3>
        <p style={{ whiteSpace: "pre-wrap", margin: 0 }}>{lead.lead_message}</p>
      </section>
      <div className={styles.grid}>
        <div className={controls.field}>
          <label className={controls.label} htmlFor="lead-assignee">
            {m.assignee}
          </label>
          <select
            id="lead-assignee"
            className={controls.select}
            value={lead.lead_author ?? ""}
            onChange={(e) => {
              const v = e.currentTarget.value
              update.mutate({ lead_author: v === "" ? null : Account.SigninId.make(Number(v)) })
            }}
          >
            <option value="">{m.unassigned}</option>
            {team.map((t) => (
              <option key={t.signin_id} value={t.signin_id}>
                {t.name_display}
              </option>
            ))}
          </select>
        </div>
        <div className={controls.field}>
          <label className={controls.label} htmlFor="lead-value">
            {m.potentialValue}
          </label>
          <input
            id="lead-value"
            className={`${controls.input} ${controls.number}`}
            inputMode="decimal"
            value={value}
            aria-invalid={valueError}
            onChange={(e) => setValue(e.currentTarget.value)}
            onBlur={() => {
              if (valueError) return
              const parsed = value.trim() === "" ? null : Option.getOrNull(Money.parse(value.trim()))
              update.mutate({ lead_potential_value: parsed })
            }}
          />
          {valueError && <span className={controls.hintError}>{m.numberUnparseable}</span>}
        </div>
      </div>
      <div className={controls.field}>
        <label className={controls.label} htmlFor="lead-notes">
          {m.notes}
        </label>
        <textarea
          id="lead-notes"
          className={controls.textarea}
          rows={4}
          value={notes}
          onChange={(e) => setNotes(e.currentTarget.value)}
          onBlur={() => {
            if (notes !== lead.lead_notes) update.mutate({ lead_notes: notes })
          }}
        />
        <span className={controls.hint} aria-live="polite">
          {update.isPending ? m.saving : update.isSuccess ? m.saved : ""}
        </span>
      </div>
      <ActivityHistory table="lead" id={lead.lead_id} />
    </article>
  )
}
