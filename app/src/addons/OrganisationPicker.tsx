/**
 * Choosing the organisation invoices go to, when a connection reached more than one (Xero tenants an admin
 * ticked on the consent page), or Mailchimp's audience customers are added to: a radio group of them under the
 * heading it is given and 'Use this organisation' / 'Use this audience'. Shown on the callback page right after
 * connecting, and on the add-ons page for a connection still waiting for its choice.
 */
import * as AddOn from "@quotekit/core/AddOn"
import type * as AddOnsApi from "@quotekit/core/api/AddOnsApi"
import { useMutation, useQueryClient } from "@tanstack/react-query"
import { useId, useState } from "react"
import { useApi } from "../api/client.ts"
import { fieldErrors } from "../contacts/fieldErrors.ts"
import controls from "../theme/Controls.module.css"
import styles from "./AddOns.module.css"
import { addonsText as t } from "./addonsText.ts"
import { addOnsKey } from "./useAddOns.ts"

/** What the picker of add-on `id` is headed and its button says: Mailchimp picks an audience, others an organisation. */
export const pickerTexts = (id: number): { readonly heading: string; readonly choose: string } =>
  id === AddOn.MAILCHIMP
    ? { heading: AddOn.messages.pickAudience, choose: t.useAudience }
    : { heading: AddOn.messages.pickOrganisation, choose: t.useOrganisation }

/**
 * The picker for `addon`'s connection, headed `heading` (also said when nothing is picked), its button
 * `choose`; `onChosen` gets the add-on as it is once the choice is stored.
 */
export const OrganisationPicker = ({
  addon,
  heading,
  choose: chooseLabel,
  onChosen
}: {
  readonly addon: AddOnsApi.AddOnView
  readonly heading: string
  readonly choose: string
  readonly onChosen?: (view: AddOnsApi.AddOnView) => void
}) => {
  const api = useApi()
  const queryClient = useQueryClient()
  const legendId = useId()
  const organisations = addon.connection?.organisations ?? []
  const [chosen, setChosen] = useState("")
  const [tried, setTried] = useState(false)
  const choose = useMutation({
    mutationFn: (organisation_id: string) =>
      api.call((c) => c.addons.chooseOrganisation({ params: { addon_id: addon.id }, payload: { organisation_id } })),
    onSuccess: (view) => {
      void queryClient.invalidateQueries({ queryKey: addOnsKey })
      onChosen?.(view)
    }
  })
  const error = fieldErrors(choose.error).get("organisation_id") ?? (choose.isError ? choose.error.message : undefined)
  const missing = tried && chosen === ""
  return (
    <form
      className={styles.picker}
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        setTried(true)
        if (chosen !== "" && !choose.isPending) choose.mutate(chosen)
      }}
    >
      <fieldset
        className={styles.organisations}
        aria-describedby={(error ?? missing) ? `${legendId}-error` : undefined}
      >
        <legend id={legendId} className={controls.label}>
          {heading}
        </legend>
        {organisations.map((o) => (
          <label key={o.id} className={styles.organisation}>
            <input
              type="radio"
              name={`organisation-${addon.id}`}
              value={o.id}
              checked={chosen === o.id}
              onChange={() => setChosen(o.id)}
            />
            <span>{o.name}</span>
          </label>
        ))}
      </fieldset>
      {(error !== undefined || missing) && (
        <p id={`${legendId}-error`} role="alert" className={controls.hintError}>
          {error ?? heading}
        </p>
      )}
      <div>
        <button type="submit" className={controls.primary} disabled={choose.isPending}>
          {choose.isPending ? t.choosing : chooseLabel}
        </button>
      </div>
    </form>
  )
}
