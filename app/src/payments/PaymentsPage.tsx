/**
 * Settings → Payments (`/settings/payments`, admins): the account's Stripe keys. The publishable key is shown as
 * saved; the secret key and the webhook signing secret never come back from the server (only "set" and their last
 * 4 characters), so their fields start blank and a blank field keeps what is stored. Saving checks the key with
 * Stripe and shows its refusal on the field. Below: the webhook endpoint to add in Stripe, and turning it off.
 */
import type { PaymentSettingsView } from "@quotekit/core/api/PaymentsApi"
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { useState } from "react"
import { useApi } from "../api/client.ts"
import { fieldErrors } from "../contacts/fieldErrors.ts"
import records from "../contacts/Records.module.css"
import { AdminSettingsPage } from "../settings/AdminSettingsPage.tsx"
import { ConfirmButton } from "../shell/ConfirmButton.tsx"
import { LoadFailure } from "../shell/LoadFailure.tsx"
import page from "../shell/Page.module.css"
import controls from "../theme/Controls.module.css"
import { paymentsText as t } from "./paymentsText.ts"
import { BILLING_OVERVIEW } from "./StripeJs.ts"

/** The query key of the payments settings. */
export const paymentsKey = ["settings", "payments"] as const

/** The payments page. */
export const PaymentsPage = () => {
  const api = useApi()
  const settings = useQuery({ queryKey: paymentsKey, queryFn: () => api.call((c) => c.paymentSettings.get()) })
  return (
    <AdminSettingsPage title={t.payments} hint={t.hint}>
      {settings.isError ? (
        <LoadFailure error={settings.error} onRetry={() => void settings.refetch()} />
      ) : settings.data === undefined ? (
        <div className={page.skeleton} aria-busy="true" />
      ) : (
        <>
          <KeysForm settings={settings.data} />
          <WebhookHelp settings={settings.data} />
          <p>
            <a href={BILLING_OVERVIEW}>{t.billingLink}</a>
          </p>
        </>
      )}
    </AdminSettingsPage>
  )
}

/** One key field with its hint or error. */
const KeyField = (p: {
  readonly id: string
  readonly name: string
  readonly label: string
  readonly hint: string
  readonly error: string | undefined
  readonly value: string
  readonly onChange: (value: string) => void
  readonly secret: boolean
}) => (
  <div className={controls.field}>
    <label className={controls.label} htmlFor={p.id}>
      {p.label}
    </label>
    <input
      id={p.id}
      name={p.name}
      type={p.secret ? "password" : "text"}
      className={controls.input}
      value={p.value}
      maxLength={300}
      autoComplete="off"
      spellCheck={false}
      aria-invalid={p.error !== undefined}
      aria-describedby={`${p.id}-hint`}
      onChange={(e) => p.onChange(e.currentTarget.value)}
    />
    <span id={`${p.id}-hint`} className={p.error === undefined ? controls.hint : controls.hintError}>
      {p.error ?? p.hint}
    </span>
  </div>
)

/** The keys form. */
const KeysForm = ({ settings }: { readonly settings: PaymentSettingsView }) => {
  const api = useApi()
  const queryClient = useQueryClient()
  const [publishable, setPublishable] = useState(settings.publishable_key)
  const [secret, setSecret] = useState("")
  const [webhook, setWebhook] = useState("")
  const save = useMutation({
    mutationFn: () =>
      api.call((c) =>
        c.paymentSettings.save({
          payload: { publishable_key: publishable, secret_key: secret, webhook_secret: webhook }
        })
      ),
    onSuccess: (view) => {
      queryClient.setQueryData(paymentsKey, view)
      setSecret("")
      setWebhook("")
    }
  })
  const remove = useMutation({
    mutationFn: () => api.call((c) => c.paymentSettings.remove()),
    onSuccess: (view) => {
      queryClient.setQueryData(paymentsKey, view)
      setPublishable("")
      save.reset()
    }
  })
  const errors = fieldErrors(save.error)
  return (
    <form
      className={`${controls.card} ${records.section}`}
      aria-labelledby="payments-keys"
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        if (!save.isPending) save.mutate()
      }}
    >
      <h2 className={records.sectionTitle} id="payments-keys">
        {t.keys}
      </h2>
      <p role="status" className={records.muted}>
        <strong>{t.status}:</strong> {settings.enabled ? t.on(settings.stripe_account, settings.livemode) : t.off}
      </p>
      <KeyField
        id="payments-publishable"
        name="publishable_key"
        label={t.publishableKey}
        hint={t.publishableHint}
        error={errors.get("publishable_key")}
        value={publishable}
        onChange={setPublishable}
        secret={false}
      />
      <KeyField
        id="payments-secret"
        name="secret_key"
        label={t.secretKey}
        hint={settings.secret_key_set ? t.secretSet(settings.secret_key_last4) : t.secretHint}
        error={errors.get("secret_key")}
        value={secret}
        onChange={setSecret}
        secret
      />
      <KeyField
        id="payments-webhook"
        name="webhook_secret"
        label={t.webhookSecret}
        hint={settings.webhook_secret_set ? t.secretSet(settings.webhook_secret_last4) : t.webhookHint}
        error={errors.get("webhook_secret")}
        value={webhook}
        onChange={setWebhook}
        secret
      />
      {save.isError && errors.size === 0 && (
        <p role="alert" className={controls.hintError}>
          {save.error.message}
        </p>
      )}
      {save.isSuccess && (
        <p role="status" className={controls.hint}>
          {t.saved}
        </p>
      )}
      <div className={records.actions}>
        <button type="submit" className={controls.primary} disabled={save.isPending}>
          {save.isPending ? t.saving : t.save}
        </button>
        {settings.enabled && (
          <ConfirmButton
            label={t.turnOff}
            text={t.turnOffHint}
            describedBy="payments-off-hint"
            disabled={remove.isPending}
            onConfirm={() => remove.mutate()}
          />
        )}
      </div>
      {settings.enabled && (
        <p id="payments-off-hint" className={controls.hint}>
          {t.turnOffHint}
        </p>
      )}
    </form>
  )
}

/** Where Stripe should send its events. */
const WebhookHelp = ({ settings }: { readonly settings: PaymentSettingsView }) => {
  const [copied, setCopied] = useState(false)
  return (
    <section className={`${controls.card} ${records.section}`} aria-labelledby="payments-webhook-title">
      <h2 className={records.sectionTitle} id="payments-webhook-title">
        {t.webhook}
      </h2>
      <p className={records.muted}>{t.webhookHow}</p>
      <dl>
        <dt className={controls.label}>{t.webhookUrl}</dt>
        <dd>
          <code>{settings.webhook_url}</code>{" "}
          <button
            type="button"
            className={controls.button}
            onClick={() =>
              void navigator.clipboard?.writeText(settings.webhook_url).then(
                () => setCopied(true),
                () => setCopied(false)
              )
            }
          >
            {copied ? t.copied : t.copyUrl}
          </button>
        </dd>
        <dt className={controls.label}>{t.webhookEvents}</dt>
        <dd>
          {settings.webhook_events.map((e) => (
            <code key={e}>{e} </code>
          ))}
        </dd>
      </dl>
    </section>
  )
}
