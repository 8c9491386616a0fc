/**
 * Settings → Email domain (`/settings/email-domain`, admins; add-on 10): the account's sender name and address,
 * the mail server its emails go through (this server's, or its own SMTP server with host, port, security, user
 * name and password; a saved password is never shown, an empty field keeps it), whether the settings are used,
 * "Send test email" with the server's answer, and the DNS records to publish (SPF, DKIM, DMARC) with what the
 * last look-up found and "Check again". What the account's emails go out as (From, Reply-To) is said as the
 * server computes it, so the page never guesses when the domain counts as verified.
 */
import type * as EmailDomainApi from "@quotekit/core/api/EmailDomainApi"
import * as EmailDomain from "@quotekit/core/EmailDomain"
import * as RelativeTime from "@quotekit/core/RelativeTime"
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { useState } from "react"
import { useApi } from "../api/client.ts"
import { fieldErrors } from "../contacts/fieldErrors.ts"
import records from "../contacts/Records.module.css"
import { useNow } from "../history/useNow.ts"
import { AdminSettingsPage } from "../settings/AdminSettingsPage.tsx"
import { ConfirmButton } from "../shell/ConfirmButton.tsx"
import { LoadFailure } from "../shell/LoadFailure.tsx"
import page from "../shell/Page.module.css"
import controls from "../theme/Controls.module.css"
import styles from "./EmailDomain.module.css"
import { emailDomainText as t } from "./emailDomainText.ts"

/** The query key of the page's state. */
export const emailDomainKey = ["settings", "email-domain"] as const

/** The email domain page. */
export const EmailDomainPage = () => {
  const api = useApi()
  const state = useQuery({ queryKey: emailDomainKey, queryFn: () => api.call((c) => c.emailDomain.get()) })
  // Kept here: the first save remounts the form (it then has saved settings to start from).
  const [saved, setSaved] = useState(false)
  return (
    <AdminSettingsPage title={t.title} hint={t.hint}>
      {state.isError ? (
        <LoadFailure error={state.error} onRetry={() => void state.refetch()} />
      ) : state.data === undefined ? (
        <div className={page.skeleton} aria-busy="true" />
      ) : (
        <>
          <SettingsForm
            key={state.data.settings === null ? "new" : "saved"}
            state={state.data}
            saved={saved}
            onSaved={setSaved}
          />
          {state.data.settings !== null && <Sending state={state.data} settings={state.data.settings} />}
          {state.data.settings !== null && <Records settings={state.data.settings} />}
        </>
      )}
    </AdminSettingsPage>
  )
}

/** The form's values as typed. */
interface Draft {
  readonly enabled: boolean
  readonly senderName: string
  readonly senderEmail: string
  readonly ownRelay: boolean
  readonly host: string
  readonly port: string
  readonly security: EmailDomain.Security
  readonly username: string
  readonly password: string
}

const draftOf = (s: EmailDomainApi.EmailDomainState): Draft => ({
  enabled: s.settings === null ? true : s.enabled,
  senderName: s.settings?.sender_name ?? "",
  senderEmail: s.settings?.sender_email ?? "",
  ownRelay: s.settings?.relay != null,
  host: s.settings?.relay?.host ?? "",
  port: String(s.settings?.relay?.port ?? EmailDomain.defaultPort.starttls),
  security: s.settings?.relay?.security ?? "starttls",
  username: s.settings?.relay?.username ?? "",
  password: ""
})

/** A text field with its label and hint (or its error). */
const Field = ({
  id,
  label,
  hint,
  error,
  ...input
}: {
  readonly id: string
  readonly label: string
  readonly hint?: string
  readonly error: string | undefined
} & React.InputHTMLAttributes<HTMLInputElement>) => (
  <div className={controls.field}>
    <label className={controls.label} htmlFor={id}>
      {label}
    </label>
    <input
      id={id}
      className={controls.input}
      aria-invalid={error !== undefined}
      aria-describedby={hint === undefined && error === undefined ? undefined : `${id}-hint`}
      {...input}
    />
    {(error ?? hint) !== undefined && (
      <span id={`${id}-hint`} className={error === undefined ? controls.hint : controls.hintError}>
        {error ?? hint}
      </span>
    )}
  </div>
)

/** The sender and mail server form. */
const SettingsForm = ({
  state,
  saved,
  onSaved
}: {
  readonly state: EmailDomainApi.EmailDomainState
  /** Whether the last save succeeded and nothing was typed since. */
  readonly saved: boolean
  readonly onSaved: (saved: boolean) => void
}) => {
  const api = useApi()
  const queryClient = useQueryClient()
  const [d, setD] = useState<Draft>(() => draftOf(state))
  const set = (patch: Partial<Draft>) => {
    onSaved(false)
    setD((current) => ({ ...current, ...patch }))
  }
  const save = useMutation({
    mutationFn: () =>
      api.call((c) =>
        c.emailDomain.save({
          payload: {
            enabled: d.enabled,
            sender_name: d.senderName,
            sender_email: d.senderEmail,
            relay: d.ownRelay
              ? {
                  host: d.host,
                  port: Number.parseInt(d.port, 10) || 0,
                  security: d.security,
                  username: d.username,
                  ...(d.password === "" ? {} : { password: d.password })
                }
              : null
          }
        })
      ),
    onSuccess: (answer) => {
      // The password is saved (sealed) and never comes back: the field empties, its hint says so.
      setD((current) => ({ ...current, password: "" }))
      queryClient.setQueryData(emailDomainKey, answer)
      onSaved(true)
    }
  })
  const remove = useMutation({
    mutationFn: () => api.call((c) => c.emailDomain.remove()),
    onSuccess: (answer) => queryClient.setQueryData(emailDomainKey, answer)
  })
  const errors = fieldErrors(save.error)
  const relay = state.settings?.relay ?? null
  return (
    <form
      className={`${controls.card} ${records.section}`}
      aria-labelledby="email-domain-settings"
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        onSaved(false)
        if (!save.isPending) save.mutate()
      }}
    >
      <h2 className={records.sectionTitle} id="email-domain-settings">
        {t.settings}
      </h2>
      <label className={styles.check}>
        <input
          type="checkbox"
          className={controls.checkbox}
          name="enabled"
          checked={d.enabled}
          onChange={(e) => set({ enabled: e.currentTarget.checked })}
        />
        <span>{t.enabled}</span>
      </label>
      <Field
        id="sender-name"
        name="sender_name"
        label={t.senderName}
        hint={t.senderNameHint}
        error={errors.get("sender_name")}
        value={d.senderName}
        maxLength={EmailDomain.SENDER_NAME_MAX}
        autoComplete="organization"
        onChange={(e) => set({ senderName: e.currentTarget.value })}
      />
      <Field
        id="sender-email"
        name="sender_email"
        type="email"
        label={t.senderEmail}
        hint={t.senderEmailHint}
        error={errors.get("sender_email")}
        value={d.senderEmail}
        maxLength={EmailDomain.EMAIL_MAX}
        autoComplete="email"
        onChange={(e) => set({ senderEmail: e.currentTarget.value })}
      />
      <fieldset className={styles.choices}>
        <legend className={controls.label}>{t.relay}</legend>
        <label className={styles.check}>
          <input type="radio" name="relay" checked={!d.ownRelay} onChange={() => set({ ownRelay: false })} />
          <span>{t.relayServer}</span>
        </label>
        <label className={styles.check}>
          <input type="radio" name="relay" checked={d.ownRelay} onChange={() => set({ ownRelay: true })} />
          <span>{t.relayOwn}</span>
        </label>
      </fieldset>
      {d.ownRelay && (
        <div className={styles.relay}>
          <Field
            id="relay-host"
            name="relay_host"
            label={t.host}
            error={errors.get("relay_host")}
            value={d.host}
            maxLength={EmailDomain.HOST_MAX}
            autoComplete="off"
            spellCheck={false}
            onChange={(e) => set({ host: e.currentTarget.value })}
          />
          <Field
            id="relay-port"
            name="relay_port"
            label={t.port}
            error={errors.get("relay_port")}
            value={d.port}
            inputMode="numeric"
            maxLength={5}
            onChange={(e) => set({ port: e.currentTarget.value })}
          />
          <div className={controls.field}>
            <label className={controls.label} htmlFor="relay-security">
              {t.security}
            </label>
            <select
              id="relay-security"
              name="relay_security"
              className={controls.select}
              value={d.security}
              onChange={(e) => {
                const security = e.currentTarget.value as EmailDomain.Security
                set({ security, port: String(EmailDomain.defaultPort[security]) })
              }}
            >
              {(["starttls", "tls", "none"] as const).map((s) => (
                <option key={s} value={s}>
                  {t.securityLabels[s]}
                </option>
              ))}
            </select>
          </div>
          <Field
            id="relay-username"
            name="relay_username"
            label={t.username}
            error={errors.get("relay_username")}
            value={d.username}
            maxLength={EmailDomain.USERNAME_MAX}
            autoComplete="off"
            spellCheck={false}
            onChange={(e) => set({ username: e.currentTarget.value })}
          />
          <Field
            id="relay-password"
            name="relay_password"
            type="password"
            label={t.password}
            error={errors.get("relay_password")}
            {...(relay?.has_password === true ? { hint: t.passwordSaved, placeholder: "••••••••" } : {})}
            value={d.password}
            maxLength={EmailDomain.PASSWORD_MAX}
            autoComplete="new-password"
            onChange={(e) => set({ password: e.currentTarget.value })}
          />
        </div>
      )}
      {save.isError && errors.size === 0 && (
        <p role="alert" className={controls.hintError}>
          {save.error.message}
        </p>
      )}
      {remove.isError && (
        <p role="alert" className={controls.hintError}>
          {remove.error.message}
        </p>
      )}
      <div className={records.actions}>
        <button type="submit" className={controls.primary} disabled={save.isPending}>
          {save.isPending ? t.saving : t.save}
        </button>
        {saved && (
          <span role="status" className={records.muted}>
            {t.saved}
          </span>
        )}
        {state.settings !== null && (
          <ConfirmButton
            label={t.remove}
            text={t.removeConfirm}
            describedBy="email-domain-settings"
            disabled={remove.isPending}
            onConfirm={() => remove.mutate()}
          />
        )}
      </div>
    </form>
  )
}

/** What the account's emails go out as, and the test email. */
const Sending = ({
  state,
  settings
}: {
  readonly state: EmailDomainApi.EmailDomainState
  readonly settings: EmailDomainApi.DomainView
}) => {
  const api = useApi()
  const test = useMutation({ mutationFn: () => api.call((c) => c.emailDomain.sendTest()) })
  const m = EmailDomain.messages
  return (
    <section className={`${controls.card} ${records.section}`} aria-labelledby="email-domain-sending">
      <h2 className={records.sectionTitle} id="email-domain-sending">
        {t.sendTest}
      </h2>
      <p id="email-domain-from">
        {!state.enabled
          ? t.off(state.server_from)
          : settings.reply_to === null
            ? m.verifiedSender(settings.from)
            : m.unverifiedSender(settings.from, settings.reply_to)}
      </p>
      {settings.relay === null && !state.server_relay && <p className={records.muted}>{t.serverLogOnly}</p>}
      <div className={records.actions}>
        <button
          type="button"
          className={controls.button}
          disabled={test.isPending}
          aria-describedby="email-domain-from"
          onClick={() => test.mutate()}
        >
          {test.isPending ? t.sending : t.sendTest}
        </button>
      </div>
      {test.data !== undefined &&
        (test.data.sent ? (
          <p role="status" className={styles.ok}>
            {test.data.message}
          </p>
        ) : (
          <p role="alert" className={controls.hintError}>
            {test.data.message}
          </p>
        ))}
      {test.isError && (
        <p role="alert" className={controls.hintError}>
          {test.error.message}
        </p>
      )}
    </section>
  )
}

/** The DNS records to publish, with what the last look-up found, and "Check again". */
const Records = ({ settings }: { readonly settings: EmailDomainApi.DomainView }) => {
  const api = useApi()
  const now = useNow()
  const queryClient = useQueryClient()
  const check = useMutation({
    mutationFn: () => api.call((c) => c.emailDomain.check()),
    onSuccess: (answer) => queryClient.setQueryData(emailDomainKey, answer)
  })
  return (
    <section className={`${controls.card} ${records.section}`} aria-labelledby="email-domain-records">
      <h2 className={records.sectionTitle} id="email-domain-records">
        {t.records}
      </h2>
      <p className={records.muted}>{t.recordsHint}</p>
      <div className={styles.scroll}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{t.type}</th>
              <th scope="col">{t.name}</th>
              <th scope="col">{t.value}</th>
              <th scope="col">{t.status}</th>
            </tr>
          </thead>
          <tbody>
            {settings.records.map((r) => (
              <tr key={r.kind} data-record={r.kind}>
                <th scope="row">
                  {t.kind[r.kind]} <span className={records.muted}>TXT</span>
                </th>
                <td>
                  <code className={styles.code}>{r.name}</code>
                </td>
                <td>
                  <code className={styles.code}>{r.value}</code>
                </td>
                <td>
                  <span className={r.state === "verified" ? styles.verified : styles.unverified} data-state={r.state}>
                    {t.states[r.state]}
                  </span>
                  {r.state === "different" && r.found !== null && (
                    <span className={`${records.muted} ${styles.found}`}>{t.found(r.found)}</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className={records.muted}>
        {t.selector(settings.dkim_selector)}{" "}
        {settings.checked_at === null ? t.neverChecked : t.lastChecked(RelativeTime.describe(settings.checked_at, now))}
      </p>
      {check.isError && (
        <p role="alert" className={controls.hintError}>
          {check.error.message}
        </p>
      )}
      <div className={records.actions}>
        <button type="button" className={controls.button} disabled={check.isPending} onClick={() => check.mutate()}>
          {check.isPending ? t.checking : t.checkAgain}
        </button>
      </div>
    </section>
  )
}
