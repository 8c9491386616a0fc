/**
 * The quote page's per-quote settings: the Settings tab's form (each setting follows the account's default or
 * is turned on or off for this quote) and the Overview's 'Settings applied' lines, both from the core's
 * `QuoteSettings`. The tab is offered only while the settings may change (`SettingsView.locked` is null): a
 * quote the customer answered, or that expired or was withdrawn, keeps the settings its customer met, and the
 * summary still shows them. Templates have no quote page, so no settings.
 */
import type * as QuotesApi from "@quotekit/core/api/QuotesApi"
import type * as Quote from "@quotekit/core/Quote"
import * as QuoteSettings from "@quotekit/core/QuoteSettings"
import type * as TaxMode from "@quotekit/core/TaxMode"
import * as Wording from "@quotekit/core/Wording"
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { useState } from "react"
import { useApi } from "../api/client.ts"
import { useMessages, useNoun } from "../page/useMessages.ts"
import { FormBanner } from "../signin/FormBanner.tsx"
import controls from "../theme/Controls.module.css"
import styles from "./QuoteSettings.module.css"

/** The query key of a quote's settings. */
export const quoteSettingsKey = (quoteId: number) => ["quotes", "settings", quoteId] as const

/** A quote's settings view, loaded through the contract's client. */
export const useQuoteSettings = (quoteId: number) => {
  const api = useApi()
  return useQuery({
    queryKey: quoteSettingsKey(quoteId),
    queryFn: () => api.call((c) => c.quotes.settings({ params: { id: String(quoteId) } })),
    enabled: quoteId > 0
  })
}

/** The account facts 'Settings applied' compares the quote with. */
export interface AccountDefaults {
  readonly currency_id: number
  readonly amounts_entered: TaxMode.TaxMode
  readonly taxWord: string
}

/** 'Settings applied': one line per thing the quote does differently from the account's defaults. */
export const SettingsApplied = ({
  quote,
  view,
  account
}: {
  readonly quote: Quote.Quote
  readonly view: QuotesApi.SettingsView
  readonly account: AccountDefaults
}) => {
  const m = useMessages()
  const noun = useNoun()
  const lines = QuoteSettings.applied({ settings: view.settings, defaults: view.defaults, quote, account })
  return lines.length === 0 ? (
    <p className={styles.muted}>{m.settingsAsDefaults}</p>
  ) : (
    <ul className={styles.lines}>
      {lines.map((l) => (
        <li key={l.key} data-setting={l.key}>
          {Wording.apply(noun, l.text)}
        </li>
      ))}
    </ul>
  )
}

type Choice = "default" | "on" | "off"

const toChoice = (value: boolean | null): Choice => (value === null ? "default" : value ? "on" : "off")
const fromChoice = (choice: string): boolean | null => (choice === "on" ? true : choice === "off" ? false : null)

/** The Settings tab: one choice per setting, saved together. */
export const QuoteSettingsForm = ({ view }: { readonly view: QuotesApi.SettingsView }) => {
  const m = useMessages()
  const api = useApi()
  const queryClient = useQueryClient()
  const [draft, setDraft] = useState<QuoteSettings.Settings>(view.settings)
  const save = useMutation({
    mutationFn: (settings: QuoteSettings.Settings) =>
      api.call((c) => c.quotes.updateSettings({ params: { id: String(view.quote_id) }, payload: settings })),
    onSuccess: (saved) => {
      queryClient.setQueryData(quoteSettingsKey(view.quote_id), saved)
      setDraft(saved.settings)
      // The change is in the quote's history: the recent-activity panel and All Activity show it.
      void queryClient.invalidateQueries({ queryKey: ["quotes", "overview", view.quote_id] })
      void queryClient.invalidateQueries({ queryKey: ["history"] })
    }
  })
  const dirty = QuoteSettings.changedKeys(view.settings, draft).length > 0
  return (
    <form
      className={styles.form}
      aria-label={m.settings}
      onSubmit={(e) => {
        e.preventDefault()
        save.mutate(draft)
      }}
    >
      <FormBanner error={save.error} />
      {QuoteSettings.keys.map((key) => (
        <div className={controls.field} key={key}>
          <label className={controls.label} htmlFor={`setting-${key}`}>
            {QuoteSettings.label(key)}
          </label>
          <select
            id={`setting-${key}`}
            name={key}
            className={controls.select}
            value={toChoice(draft[key])}
            disabled={save.isPending}
            onChange={(e) => {
              const value = fromChoice(e.currentTarget.value)
              setDraft((d) => ({ ...d, [key]: value }))
              save.reset()
            }}
          >
            <option value="default">{QuoteSettings.choiceText(null, view.defaults[key])}</option>
            <option value="on">{m.settingOn}</option>
            <option value="off">{m.settingOff}</option>
          </select>
        </div>
      ))}
      <div className={styles.actions}>
        <button type="submit" className={controls.primary} disabled={!dirty || save.isPending}>
          {save.isPending ? m.saving : m.save}
        </button>
        {save.isSuccess && !dirty && (
          <span role="status" className={styles.muted}>
            {m.settingsSaved}
          </span>
        )}
      </div>
    </form>
  )
}
