/**
 * Account Settings (`/settings`, admins): the business name and country, every default that pre-fills new
 * quotes (currency, tax mode and word, currency code and symbol, what customers see of prices, template, cost
 * column, margin, category and tax rate), the product noun (Quote / Proposal / Estimate) and the date format,
 * the lead form, the team, and links to the CSV import, invoicing settings and API keys. Saving refreshes the
 * account cache, so the new noun shows across the app at once.
 */
import type * as SettingsApi from "@quotekit/core/api/SettingsApi"
import * as Country from "@quotekit/core/Country"
import * as Currency from "@quotekit/core/Currency"
import * as DateFormat from "@quotekit/core/DateFormat"
import * as Money from "@quotekit/core/Money"
import * as PrivatePricing from "@quotekit/core/PrivatePricing"
import * as TaxMode from "@quotekit/core/TaxMode"
import * as Wording from "@quotekit/core/Wording"
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { Link } from "@tanstack/react-router"
import { Option } from "effect"
import { useState } from "react"
import { addonsText } from "../addons/addonsText.ts"
import { useApi } from "../api/client.ts"
import { appearanceText } from "../appearance/appearanceText.ts"
import { fieldErrors } from "../contacts/fieldErrors.ts"
import styles from "../contacts/Records.module.css"
import { emailDomainText } from "../emaildomain/emailDomainText.ts"
import { useInvoicingText } from "../invoices/invoicingText.ts"
import { type Messages, useMessages } from "../page/useMessages.ts"
import { usePageTitle } from "../page/usePageTitle.ts"
import { paymentsText } from "../payments/paymentsText.ts"
import avatarStyles from "../profile/Avatar.module.css"
import { Avatar } from "../profile/Avatar.tsx"
import { accountKey, useAccount } from "../session/useAccount.ts"
import { sharedAccountsText } from "../sharedaccounts/sharedAccountsText.ts"
import banner from "../shell/Banner.module.css"
import { LoadFailure } from "../shell/LoadFailure.tsx"
import page from "../shell/Page.module.css"
import controls from "../theme/Controls.module.css"
import { TwoFactorRule } from "../twofactor/TwoFactorRule.tsx"
import { webhooksText } from "../webhooks/webhooksText.ts"

/** The query key of the account settings. */
export const accountSettingsKey = ["settings", "account"] as const

/** The account settings page. */
export const AccountSettingsPage = () => {
  const m = useMessages()
  const invoicingText = useInvoicingText()
  usePageTitle(m.accountSettings)
  const api = useApi()
  const settings = useQuery({
    queryKey: accountSettingsKey,
    queryFn: () => api.call((c) => c.settings.account())
  })
  return (
    <div className={page.page}>
      <div className={page.header}>
        <h1 className={page.heading}>{m.accountSettings}</h1>
        <div className={styles.actions}>
          <Link to="/settings/personal" className={controls.button}>
            {m.personalSettings}
          </Link>
          <Link to="/settings/import" className={controls.button}>
            {m.importCsv}
          </Link>
          <Link to="/settings/invoicing" className={controls.button}>
            {invoicingText.invoicingSettings}
          </Link>
          <Link to="/settings/add-ons" className={controls.button}>
            {addonsText.addOns}
          </Link>
          <Link to="/settings/api-keys" className={controls.button}>
            {m.apiKeys}
          </Link>
          <Link to="/settings/shared-accounts" className={controls.button}>
            {sharedAccountsText.title}
          </Link>
          <Link to="/settings/webhooks" className={controls.button}>
            {webhooksText.webhooks}
          </Link>
          <Link to="/settings/email-domain" className={controls.button}>
            {emailDomainText.title}
          </Link>
          <Link to="/settings/payments" className={controls.button}>
            {paymentsText.payments}
          </Link>
          <Link to="/settings/quote/appearance" className={controls.button}>
            {appearanceText.title}
          </Link>
        </div>
      </div>
      {settings.isError ? (
        <LoadFailure error={settings.error} onRetry={() => void settings.refetch()} />
      ) : settings.data === undefined ? (
        <div className={page.skeleton} aria-busy="true" />
      ) : (
        <SettingsForm settings={settings.data} />
      )}
      <TeamMembers />
      <TwoFactorRule />
    </div>
  )
}

type Draft = Omit<SettingsApi.AccountSettingsInput, "default_margin"> & { readonly default_margin: string }

const taxModeLabel = (m: Messages, mode: TaxMode.TaxMode, word: string): string =>
  mode === "exclusive_including"
    ? m.taxExclusive(word)
    : mode === "exclusive_excluding"
      ? m.taxExclusiveTotalsWithout(word)
      : mode === "inclusive"
        ? m.taxInclusive(word)
        : m.taxNone(word)

const SettingsForm = ({ settings }: { readonly settings: SettingsApi.AccountSettings }) => {
  const m = useMessages()
  const api = useApi()
  const queryClient = useQueryClient()
  const cache = useAccount().data
  const [draft, setDraft] = useState<Draft>(() => ({
    ...settings,
    default_margin: Money.toFixed(settings.default_margin, 2)
  }))
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }))
  const margin = Money.parse(draft.default_margin.trim())
  const save = useMutation({
    mutationFn: () => {
      const {
        account_id: _a,
        logo_url: _l,
        lead_form_key: _k,
        lead_form_path: _p,
        signup_source: _s,
        ...input
      } = draft as Draft & Partial<SettingsApi.AccountSettings>
      return api.call((c) =>
        c.settings.updateAccount({ payload: { ...input, default_margin: Option.getOrElse(margin, () => Money.zero) } })
      )
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(accountSettingsKey, saved)
      // The shell words every text with the cached noun: refresh the cache so the change shows everywhere.
      void queryClient.invalidateQueries({ queryKey: accountKey })
    }
  })
  const newKey = useMutation({
    mutationFn: () => api.call((c) => c.settings.newLeadFormKey()),
    onSuccess: (saved) => queryClient.setQueryData(accountSettingsKey, saved)
  })
  const errors = fieldErrors(save.error)
  const country = Country.byId(draft.country_id)
  const states = Option.match(country, { onNone: () => [], onSome: Country.statesOf })
  const select = <K extends keyof Draft>(
    key: K,
    label: string,
    options: ReadonlyArray<{ readonly value: string; readonly label: string }>,
    decode: (v: string) => Draft[K]
  ) => (
    <div className={controls.field}>
      <label className={controls.label} htmlFor={key}>
        {label}
      </label>
      <select
        id={key}
        className={controls.select}
        value={String(draft[key])}
        aria-invalid={errors.has(key)}
        onChange={(e) => set({ [key]: decode(e.currentTarget.value) } as Partial<Draft>)}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {errors.has(key) && <span className={controls.hintError}>{errors.get(key)}</span>}
    </div>
  )
  const check = (key: "show_code" | "show_symbol" | "cost_always" | "leads_enabled", label: string) => (
    <label className={styles.line}>
      <input
        type="checkbox"
        className={controls.checkbox}
        checked={draft[key]}
        onChange={(e) => set({ [key]: e.currentTarget.checked })}
      />
      {label}
    </label>
  )
  const pricing = (part: PrivatePricing.Part, label: string) => (
    <label className={styles.line}>
      <input
        type="checkbox"
        className={controls.checkbox}
        checked={PrivatePricing.shows(draft.private_pricing, part)}
        onChange={(e) =>
          set({ private_pricing: PrivatePricing.set(draft.private_pricing, part, e.currentTarget.checked) })
        }
      />
      {label}
    </label>
  )
  const ids = (rows: ReadonlyArray<{ readonly id: number; readonly label: string }>, none: string) => [
    { value: "0", label: none },
    ...rows.map((r) => ({ value: String(r.id), label: r.label }))
  ]
  return (
    <form
      className={styles.stack}
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        if (Option.isSome(margin)) save.mutate()
      }}
    >
      {save.isError && (
        <div className={banner.error} role="alert">
          <p className={banner.title}>{save.error.message}</p>
        </div>
      )}
      {save.isSuccess && (
        <p className={styles.notice} role="status">
          {m.saved}
        </p>
      )}
      <section className={`${controls.card} ${styles.grid}`}>
        <div className={controls.field}>
          <label className={controls.label} htmlFor="account_name">
            {m.businessName}
          </label>
          <input
            id="account_name"
            className={controls.input}
            value={draft.account_name}
            aria-invalid={errors.has("account_name")}
            onChange={(e) => set({ account_name: e.currentTarget.value })}
          />
          {errors.has("account_name") && <span className={controls.hintError}>{errors.get("account_name")}</span>}
        </div>
        {select(
          "country_id",
          m.country,
          Country.all.map((c) => ({ value: String(c.id), label: c.name })),
          (v) => {
            const next = Country.byId(Number(v))
            // A state belongs to its country: changing the country drops a state of another one.
            const kept = Option.flatMap(next, (c) => Country.keepState(c, Country.stateById(draft.state_id)))
            set({ state_id: Option.match(kept, { onNone: () => 0, onSome: (s) => s.id }) })
            return Option.match(next, { onNone: () => draft.country_id, onSome: (c) => c.id })
          }
        )}
        {states.length > 0 &&
          select(
            "state_id",
            m.state,
            ids(
              states.map((s) => ({ id: s.id, label: s.name })),
              "—"
            ),
            Number
          )}
        {select(
          "product_noun",
          m.productNoun,
          Wording.nouns.map((n) => ({ value: n, label: Wording.forms(n).plural })),
          (v) => Wording.nouns.find((n) => n === v) ?? Wording.defaultNoun
        )}
        {select(
          "date_format",
          m.dateFormat,
          DateFormat.styles.map((s) => ({
            value: s,
            label: DateFormat.formatDate({ year: 2026, month: 12, day: 31 }, s)
          })),
          (v) => DateFormat.styles.find((s) => s === v) ?? DateFormat.styles[0]!
        )}
      </section>
      <section className={`${controls.card} ${styles.section}`} aria-labelledby="defaults">
        <h2 className={styles.sectionTitle} id="defaults">
          {m.quoteDefaults}
        </h2>
        <div className={styles.grid}>
          {select(
            "currency_id",
            m.currency,
            Currency.all.map((c) => ({ value: String(c.id), label: `${c.code} — ${c.name}` })),
            (v) => Option.match(Currency.byId(Number(v)), { onNone: () => draft.currency_id, onSome: (c) => c.id })
          )}
          {select(
            "amounts_entered",
            m.amountsEntered,
            TaxMode.all.map((t) => ({ value: t, label: taxModeLabel(m, t, draft.tax_word) })),
            (v) => TaxMode.all.find((t) => t === v) ?? draft.amounts_entered
          )}
          <div className={controls.field}>
            <label className={controls.label} htmlFor="tax_word">
              {m.taxWord}
            </label>
            <input
              id="tax_word"
              className={controls.input}
              maxLength={30}
              value={draft.tax_word}
              aria-invalid={errors.has("tax_word")}
              onChange={(e) => set({ tax_word: e.currentTarget.value })}
            />
          </div>
          {select(
            "default_template_id",
            m.defaultTemplate,
            ids(
              (cache?.templates ?? []).map((t) => ({ id: t.quote_id, label: t.title || m.untitled })),
              m.noTemplate
            ),
            Number
          )}
          {select(
            "default_category_id",
            m.defaultCategory,
            ids(
              (cache?.item_categories ?? [])
                .filter((c) => c.archive_id === 1)
                .map((c) => ({ id: c.item_cat_id, label: c.name })),
              m.noTaxRate
            ),
            Number
          )}
          {select(
            "default_tax_id",
            m.defaultTax,
            ids(
              (cache?.item_taxes ?? []).map((t) => ({
                id: t.item_tax_id,
                label: `${t.description} ${Money.formatTrimmed(t.tax_rate, 0, 4)}%`
              })),
              m.noTaxRate
            ),
            Number
          )}
          <div className={controls.field}>
            <label className={controls.label} htmlFor="default_margin">
              {m.defaultMargin}
            </label>
            <input
              id="default_margin"
              className={`${controls.input} ${controls.number}`}
              inputMode="decimal"
              value={draft.default_margin}
              aria-invalid={Option.isNone(margin) || errors.has("default_margin")}
              onChange={(e) => set({ default_margin: e.currentTarget.value })}
            />
            {Option.isNone(margin) && <span className={controls.hintError}>{m.numberUnparseable}</span>}
          </div>
        </div>
        {check("show_code", m.showCurrencyCode)}
        {check("show_symbol", m.showCurrencySymbol)}
        {check("cost_always", m.costAlways)}
        <fieldset className={styles.section}>
          <legend className={controls.label}>{m.privatePricingLabel}</legend>
          {pricing("itemCode", m.showItemCodes)}
          {pricing("unitQuantity", m.showUnitQuantity)}
          {pricing("priceTotal", m.showPriceTotals)}
        </fieldset>
      </section>
      <section className={`${controls.card} ${styles.section}`} aria-labelledby="lead-form">
        <h2 className={styles.sectionTitle} id="lead-form">
          {m.leads}
        </h2>
        {check("leads_enabled", m.leadsEnabled)}
        <div className={styles.line}>
          <span className={styles.muted}>{m.leadFormAddress}</span>
          <code>{`${window.location.origin}${settings.lead_form_path}`}</code>
          <button type="button" className={controls.button} disabled={newKey.isPending} onClick={() => newKey.mutate()}>
            {newKey.isPending ? m.loading : m.newLeadFormKey}
          </button>
        </div>
      </section>
      <section className={`${controls.card} ${styles.section}`} aria-labelledby="signup-source">
        <h2 className={styles.sectionTitle} id="signup-source">
          {m.signupSource}
        </h2>
        <p className={styles.muted} data-signup-source>
          {settings.signup_source === "" ? m.signupSourceUnknown : settings.signup_source.split(" ").join(", then ")}
        </p>
      </section>
      <div className={styles.saveBar}>
        <button type="submit" className={controls.primary} disabled={save.isPending || Option.isNone(margin)}>
          {save.isPending ? m.saving : m.save}
        </button>
      </div>
    </form>
  )
}

/** The team: every member with their role, and inviting someone by email (as an admin or not). */
const TeamMembers = () => {
  const m = useMessages()
  const api = useApi()
  const team = useAccount().data?.signins ?? []
  const [email, setEmail] = useState("")
  const [admin, setAdmin] = useState(false)
  const invite = useMutation({
    mutationFn: () => api.call((c) => c.auth.invite({ payload: { email: email.trim() as never, is_admin: admin } })),
    onSuccess: () => {
      setEmail("")
      setAdmin(false)
    }
  })
  const errors = fieldErrors(invite.error)
  return (
    <section className={`${controls.card} ${styles.section}`} aria-labelledby="team">
      <h2 className={styles.sectionTitle} id="team">
        {m.teamMembers}
      </h2>
      <ul className={styles.rows}>
        {team.map((t) => (
          <li key={t.signin_id} className={styles.row}>
            <span className={`${styles.rowMain} ${avatarStyles.memberRow}`}>
              <Avatar name={t.name_display} image={t.image} size={32} />
              {t.name_display}
            </span>
            {t.is_admin && <span className={styles.sticker}>{m.admin}</span>}
          </li>
        ))}
      </ul>
      <form
        className={styles.line}
        noValidate
        onSubmit={(e) => {
          e.preventDefault()
          if (email.trim() !== "") invite.mutate()
        }}
      >
        <div className={controls.field}>
          <label className={controls.label} htmlFor="invite-email">
            {m.email}
          </label>
          <input
            id="invite-email"
            type="email"
            className={controls.input}
            value={email}
            aria-invalid={invite.isError}
            onChange={(e) => setEmail(e.currentTarget.value)}
          />
        </div>
        <label className={styles.line}>
          <input
            type="checkbox"
            className={controls.checkbox}
            checked={admin}
            onChange={(e) => setAdmin(e.currentTarget.checked)}
          />
          {m.inviteAsAdmin}
        </label>
        <button type="submit" className={controls.button} disabled={invite.isPending || email.trim() === ""}>
          {invite.isPending ? m.loading : m.inviteMember}
        </button>
      </form>
      <p role="status" className={invite.isError ? controls.hintError : styles.muted}>
        {invite.isSuccess
          ? m.invitationSent(invite.data.email)
          : invite.isError
            ? (errors.get("email") ?? invite.error.message)
            : ""}
      </p>
    </section>
  )
}
