/**
 * Choosing the organisation invoices go to, when a connection reached more than one (Xero tenants an admin
 * ticked on the consent page): a radio group of the organisations and 'Use this organisation'. Shown on the
 * callback page right after connecting, and on the add-ons page for a connection still waiting for its choice.
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

/** The picker for `addon`'s connection; `onChosen` gets the add-on as it is once the choice is stored. */
export const OrganisationPicker = ({
  addon,
  onChosen
}: {
  readonly addon: AddOnsApi.AddOnView
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
          {AddOn.messages.pickOrganisation}
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
          {error ?? AddOn.messages.pickOrganisation}
        </p>
      )}
      <div>
        <button type="submit" className={controls.primary} disabled={choose.isPending}>
          {choose.isPending ? t.choosing : t.useOrganisation}
        </button>
      </div>
    </form>
  )
}
