/**
 * Invoicing settings (`/settings/invoicing`): the built-in invoices switch ("quotekit invoices": numbered,
 * emailed and published by quotekit, no accounting package needed), the number prefix, the next number, the
 * payment terms in days, the payment instructions printed on each invoice, and whether invoices are emailed.
 * Admins change them; everyone else sees them read-only. Each field is checked against the contract's own schema
 * before saving (Save waits until all pass); a 400 from the server shows in the form banner with its fields
 * highlighted.
 */
import * as InvoicesApi from "@quotekit/core/api/InvoicesApi"
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { Link } from "@tanstack/react-router"
import { Schema } from "effect"
import { useState } from "react"
import { useApi } from "../api/client.ts"
import records from "../contacts/Records.module.css"
import { useMessages } from "../page/useMessages.ts"
import { usePageTitle } from "../page/usePageTitle.ts"
import { useAccount } from "../session/useAccount.ts"
import { LoadFailure } from "../shell/LoadFailure.tsx"
import page from "../shell/Page.module.css"
import { FormBanner, invalidFields } from "../signin/FormBanner.tsx"
import controls from "../theme/Controls.module.css"
import styles from "./Invoicing.module.css"
import { type InvoicingText, useInvoicingText } from "./invoicingText.ts"

/** The query key of the invoicing settings. */
export const invoicingSettingsKey = ["invoices", "settings"] as const

/** The form as typed: the numbers as text until saved. */
interface Draft extends Omit<InvoicesApi.InvoicingSettings, "next_number" | "payment_terms_days"> {
  readonly next_number: string
  readonly payment_terms_days: string
}

const fields = InvoicesApi.InvoicingSettings.fields

const draftOf = (s: InvoicesApi.InvoicingSettings): Draft => ({
  ...s,
  next_number: String(s.next_number),
  payment_terms_days: String(s.payment_terms_days)
})

/** A whole number as typed ("", "1.5" and "12abc" are not). */
const wholeNumber = (text: string): number => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN)

/** The draft as the contract's payload, and which of its fields the contract's schema refuses. */
export const checkDraft = (
  draft: Draft
): { readonly payload: InvoicesApi.InvoicingSettings; readonly invalid: ReadonlySet<keyof Draft> } => {
  const payload = {
    ...draft,
    next_number: wholeNumber(draft.next_number),
    payment_terms_days: wholeNumber(draft.payment_terms_days)
  }
  const invalid = new Set<keyof Draft>()
  if (!Schema.is(fields.prefix)(payload.prefix)) invalid.add("prefix")
  if (!Schema.is(fields.next_number)(payload.next_number)) invalid.add("next_number")
  if (!Schema.is(fields.payment_terms_days)(payload.payment_terms_days)) invalid.add("payment_terms_days")
  if (!Schema.is(fields.payment_instructions)(payload.payment_instructions)) invalid.add("payment_instructions")
  return { payload, invalid }
}

const hints = (t: InvoicingText): Readonly<Record<"prefix" | "next_number" | "payment_terms_days", string>> => ({
  prefix: t.prefixHint,
  next_number: t.nextNumberHint,
  payment_terms_days: t.paymentTermsHint
})

const SettingsForm = ({
  settings,
  isAdmin
}: {
  readonly settings: InvoicesApi.InvoicingSettings
  readonly isAdmin: boolean
}) => {
  const m = useMessages()
  const t = useInvoicingText()
  const api = useApi()
  const queryClient = useQueryClient()
  const [draft, setDraft] = useState<Draft>(() => draftOf(settings))
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }))
  const { payload, invalid } = checkDraft(draft)
  const save = useMutation({
    mutationFn: () => api.call((c) => c.invoices.saveSettings({ payload })),
    onSuccess: (saved) => {
      queryClient.setQueryData(invoicingSettingsKey, saved)
      // As stored: the next number never moves back, whatever was typed.
      setDraft(draftOf(saved))
      // Every quote's picture names the destination; fetch them again.
      void queryClient.invalidateQueries({ queryKey: ["quotes", "invoicing"] })
    }
  })
  const served = invalidFields(save.error)
  const isInvalid = (key: keyof Draft) => invalid.has(key) || served.has(key)
  const text = (key: "prefix" | "next_number" | "payment_terms_days", label: string, numeric: boolean) => (
    <div className={controls.field}>
      <label className={controls.label} htmlFor={`invoicing-${key}`}>
        {label}
      </label>
      <input
        id={`invoicing-${key}`}
        name={key}
        className={`${controls.input} ${numeric ? controls.number : ""}`}
        inputMode={numeric ? "numeric" : undefined}
        value={draft[key]}
        aria-invalid={isInvalid(key)}
        aria-describedby={`invoicing-${key}-hint`}
        onChange={(e) => set({ [key]: e.currentTarget.value })}
      />
      <span id={`invoicing-${key}-hint`} className={isInvalid(key) ? controls.hintError : controls.hint}>
        {hints(t)[key]}
      </span>
    </div>
  )
  return (
    <form
      className={records.stack}
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        if (isAdmin && invalid.size === 0 && !save.isPending) save.mutate()
      }}
    >
      {!isAdmin && (
        <p className={records.notice} role="note">
          {t.readOnlySettings}
        </p>
      )}
      <FormBanner error={save.error} />
      {save.isSuccess && (
        <p className={records.notice} role="status">
          {m.saved}
        </p>
      )}
      <fieldset disabled={!isAdmin} className={`${controls.card} ${records.section} ${styles.fieldset}`}>
        <label className={styles.switch}>
          <input
            type="checkbox"
            role="switch"
            name="builtin_enabled"
            checked={draft.builtin_enabled}
            aria-checked={draft.builtin_enabled}
            aria-describedby="invoicing-builtin-hint"
            onChange={(e) => set({ builtin_enabled: e.currentTarget.checked })}
          />
          <span>{t.builtinInvoices}</span>
        </label>
        <p id="invoicing-builtin-hint" className={records.muted}>
          {t.builtinOn}
        </p>
        <div className={records.grid}>
          {text("prefix", t.prefix, false)}
          {text("next_number", t.nextNumber, true)}
          {text("payment_terms_days", t.paymentTermsDays, true)}
        </div>
        <div className={controls.field}>
          <label className={controls.label} htmlFor="invoicing-payment_instructions">
            {t.paymentInstructions}
          </label>
          <textarea
            id="invoicing-payment_instructions"
            name="payment_instructions"
            className={controls.textarea}
            rows={4}
            maxLength={2000}
            value={draft.payment_instructions}
            aria-invalid={isInvalid("payment_instructions")}
            aria-describedby="invoicing-payment_instructions-hint"
            onChange={(e) => set({ payment_instructions: e.currentTarget.value })}
          />
          <span id="invoicing-payment_instructions-hint" className={controls.hint}>
            {t.paymentInstructionsHint}
          </span>
        </div>
        <label className={records.line}>
          <input
            type="checkbox"
            className={controls.checkbox}
            name="email_invoices"
            checked={draft.email_invoices}
            onChange={(e) => set({ email_invoices: e.currentTarget.checked })}
          />
          {t.emailInvoices}
        </label>
        <div className={controls.field}>
          <label className={controls.label} htmlFor="invoicing-page_size">
            {t.pageSize}
          </label>
          <select
            id="invoicing-page_size"
            name="page_size"
            className={controls.select}
            value={draft.page_size ?? "A4"}
            onChange={(e) => set({ page_size: e.currentTarget.value === "Letter" ? "Letter" : "A4" })}
          >
            <option value="A4">A4</option>
            <option value="Letter">US Letter</option>
          </select>
        </div>
      </fieldset>
      {isAdmin && (
        <div className={records.saveBar}>
          <button type="submit" className={controls.primary} disabled={save.isPending || invalid.size > 0}>
            {save.isPending ? m.saving : m.save}
          </button>
        </div>
      )}
    </form>
  )
}

/** The invoicing settings page. */
export const InvoicingSettingsPage = () => {
  const m = useMessages()
  const t = useInvoicingText()
  usePageTitle(t.invoicingSettings)
  const api = useApi()
  const account = useAccount()
  const settings = useQuery({
    queryKey: invoicingSettingsKey,
    queryFn: () => api.call((c) => c.invoices.settings())
  })
  return (
    <div className={page.page}>
      <div className={page.header}>
        <h1 className={page.heading}>{t.invoicingSettings}</h1>
        <div className={records.actions}>
          <Link to="/invoices" className={controls.button}>
            {t.invoices}
          </Link>
          <Link to="/settings" className={controls.button}>
            {m.accountSettings}
          </Link>
        </div>
      </div>
      {settings.isError ? (
        <LoadFailure error={settings.error} onRetry={() => void settings.refetch()} />
      ) : settings.data === undefined || account.data === undefined ? (
        <div className={page.skeleton} aria-busy="true" />
      ) : (
        <SettingsForm settings={settings.data} isAdmin={account.data.account_signin.is_admin} />
      )}
    </div>
  )
}
