/**
 * An accounting add-on's tax mapping (`/settings/add-ons/{id}/taxes`, admins): each of the account's taxes with
 * its rate and a choice of the connected organisation's tax rates (read from the add-on each time the page opens,
 * so a rate added there shows at once), and the revenue account code invoice lines are posted to. Saving stores
 * both for that organisation; a code the organisation does not have, or an account code over 50 characters, is
 * refused with the server's words beside the field.
 */
import * as AddOn from "@quotekit/core/AddOn"
import type * as AddOnsApi from "@quotekit/core/api/AddOnsApi"
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { Link, useParams } from "@tanstack/react-router"
import { Option } from "effect"
import { useState } from "react"
import { useApi } from "../api/client.ts"
import { fieldErrors } from "../contacts/fieldErrors.ts"
import records from "../contacts/Records.module.css"
import { useMessages } from "../page/useMessages.ts"
import { AdminSettingsPage } from "../settings/AdminSettingsPage.tsx"
import { LoadFailure } from "../shell/LoadFailure.tsx"
import page from "../shell/Page.module.css"
import { FormBanner } from "../signin/FormBanner.tsx"
import controls from "../theme/Controls.module.css"
import styles from "./AddOns.module.css"
import { addonsText as t } from "./addonsText.ts"
import { addOnsKey } from "./useAddOns.ts"

/** A rate as a percent without trailing zeros: "15.0000" is 15%, "12.5000" is 12.5%. */
const percent = (rate: string): string => `${rate.includes(".") ? rate.replace(/\.?0+$/, "") : rate}%`

const taxesKey = (id: number) => [...addOnsKey, "taxes", id] as const

/** The tax mapping page. */
export const TaxMappingPage = () => {
  const { addonId } = useParams({ strict: false }) as { addonId: string }
  const def = AddOn.byId(Number(addonId)).pipe(Option.filter((d) => AddOn.isAccounting(d.id)))
  const name = Option.match(def, { onNone: () => t.addOns, onSome: (d) => d.name })
  return (
    <AdminSettingsPage title={t.taxTitle(name)} hint={t.taxPageHint}>
      <div className={records.actions}>
        <Link to="/settings/add-ons" className={controls.button}>
          {t.backToAddOns}
        </Link>
      </div>
      {Option.isNone(def) ? (
        <p className={records.notice} role="note">
          {AddOn.messages.notFound}
        </p>
      ) : (
        <Mapping id={def.value.id} name={def.value.name} />
      )}
    </AdminSettingsPage>
  )
}

const Mapping = ({ id, name }: { readonly id: AddOn.AddOnId; readonly name: string }) => {
  const api = useApi()
  const mapping = useQuery({
    queryKey: taxesKey(id),
    queryFn: () => api.call((c) => c.addons.taxes({ params: { addon_id: id } })),
    // Read from the add-on: a refusal (not connected, the add-on not answering) is shown, not retried thrice.
    retry: false
  })
  if (mapping.isError) return <LoadFailure error={mapping.error} onRetry={() => void mapping.refetch()} />
  if (mapping.data === undefined) return <div className={page.skeleton} aria-busy="true" />
  // The form keeps its draft across refetches (a save answers the stored mapping, which is what the draft says).
  return <MappingForm name={name} mapping={mapping.data} />
}

const MappingForm = ({ name, mapping }: { readonly name: string; readonly mapping: AddOnsApi.TaxMapping }) => {
  const m = useMessages()
  const api = useApi()
  const queryClient = useQueryClient()
  const [codes, setCodes] = useState<ReadonlyMap<number, string>>(
    () => new Map(mapping.rows.map((r) => [r.tax_id, r.code ?? ""]))
  )
  const [accountCode, setAccountCode] = useState(mapping.account_code)
  const save = useMutation({
    mutationFn: () =>
      api.call((c) =>
        c.addons.saveTaxes({
          params: { addon_id: mapping.addon_id },
          payload: {
            mapping: mapping.rows.map((r) => {
              const code = codes.get(r.tax_id) ?? ""
              return { tax_id: r.tax_id, code: code === "" ? null : code }
            }),
            account_code: accountCode
          }
        })
      ),
    onSuccess: (saved) => {
      queryClient.setQueryData(taxesKey(saved.addon_id), saved)
      void queryClient.invalidateQueries({ queryKey: [...addOnsKey, "audit"] })
    }
  })
  const errors = fieldErrors(save.error)
  const codeError = errors.get("account_code")
  const tooLong = accountCode.trim().length > AddOn.ACCOUNT_CODE_MAX
  return (
    <form
      className={`${controls.card} ${records.section}`}
      aria-labelledby="tax-mapping"
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        if (!save.isPending && !tooLong) save.mutate()
      }}
    >
      <h2 className={records.sectionTitle} id="tax-mapping">
        {t.taxMapping}
      </h2>
      <p className={records.muted}>{t.taxHint(name, mapping.organisation_name)}</p>
      {mapping.rows.length === 0 ? (
        <p className={records.muted}>{t.noTaxes}</p>
      ) : (
        <div className={styles.mapping}>
          <table className={records.table}>
            <thead>
              <tr>
                <th scope="col">{t.ourTax}</th>
                <th scope="col">{t.ourRate}</th>
                <th scope="col">{t.theirTax(name)}</th>
              </tr>
            </thead>
            <tbody>
              {mapping.rows.map((r) => {
                const error = errors.get(`tax_${r.tax_id}`)
                const selectId = `tax-${r.tax_id}`
                return (
                  <tr key={r.tax_id} data-tax-id={r.tax_id}>
                    <th scope="row">{r.name}</th>
                    <td className={styles.rate}>{percent(r.rate)}</td>
                    <td>
                      <label className={styles.hiddenLabel} htmlFor={selectId}>
                        {`${t.theirTax(name)} for ${r.name}`}
                      </label>
                      <select
                        id={selectId}
                        className={controls.select}
                        value={codes.get(r.tax_id) ?? ""}
                        aria-invalid={error !== undefined}
                        aria-describedby={error === undefined ? undefined : `${selectId}-error`}
                        onChange={(e) => {
                          const code = e.currentTarget.value
                          setCodes((current) => new Map(current).set(r.tax_id, code))
                        }}
                      >
                        <option value="">{t.unmapped}</option>
                        {mapping.rates.map((rate) => (
                          <option key={rate.code} value={rate.code}>
                            {`${rate.name} (${percent(rate.rate)})`}
                          </option>
                        ))}
                      </select>
                      {error !== undefined && (
                        <span id={`${selectId}-error`} className={controls.hintError}>
                          {error}
                        </span>
                      )}
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      )}
      <div className={controls.field}>
        <label className={controls.label} htmlFor="account-code">
          {t.accountCode}
        </label>
        <input
          id="account-code"
          name="account_code"
          className={controls.input}
          value={accountCode}
          autoComplete="off"
          aria-invalid={codeError !== undefined || tooLong}
          aria-describedby="account-code-hint"
          onChange={(e) => setAccountCode(e.currentTarget.value)}
        />
        <span
          id="account-code-hint"
          className={codeError === undefined && !tooLong ? controls.hint : controls.hintError}
        >
          {codeError ?? (tooLong ? AddOn.messages.accountCodeTooLong : t.accountCodeHint(name))}
        </span>
      </div>
      {save.isError && errors.size === 0 && <FormBanner error={save.error} />}
      <div className={records.actions}>
        <button type="submit" className={controls.primary} disabled={save.isPending}>
          {save.isPending ? m.saving : m.save}
        </button>
        <span role="status" className={records.muted}>
          {save.isSuccess ? t.mappingSaved : ""}
        </span>
      </div>
    </form>
  )
}
