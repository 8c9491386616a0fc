/**
 * Connecting an API-token CRM (Highrise, Insightly) on Settings → Add-ons: the API token (a password field the
 * browser does not fill or keep) and where the account is (Highrise's address, Insightly's pod), each with where
 * to find it, then Connect (`POST /post/add-on-token/{id}`). The server checks both with the CRM before it keeps
 * the token; what it refuses (a wrong token, a site that is not one, the CRM not answering) is shown in place,
 * on the field it concerns when it names one, and what was typed stays. A blank field is said before anything
 * is sent. Only an admin may connect: for others the form is shown disabled.
 *
 * @example
 * <TokenConnectForm addon={insightly} canChange describedBy={titleId} onConnected={(view) => …} />
 *
 * @since 0.5.0
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

/** The connect form of `addon`; `onConnected` gets the add-on as it is once connected. */
export const TokenConnectForm = ({
  addon,
  canChange,
  describedBy,
  onConnected
}: {
  readonly addon: AddOnsApi.AddOnView
  readonly canChange: boolean
  /** The card's heading, so 'Connect' is read with the add-on's name. */
  readonly describedBy?: string
  readonly onConnected?: (view: AddOnsApi.AddOnView) => void
}) => {
  const api = useApi()
  const queryClient = useQueryClient()
  const id = useId()
  const [token, setToken] = useState("")
  const [site, setSite] = useState("")
  const [tried, setTried] = useState(false)
  const connect = useMutation({
    mutationFn: (input: { readonly token: string; readonly site: string }) =>
      api.call((c) => c.addons.connectToken({ params: { addon_id: addon.id }, payload: input })),
    onSuccess: (view) => {
      void queryClient.invalidateQueries({ queryKey: addOnsKey })
      onConnected?.(view)
    }
  })
  const served = fieldErrors(connect.error)
  const tokenError = (tried && token.trim() === "" ? AddOn.messages.tokenRequired : undefined) ?? served.get("token")
  const siteError =
    (tried && site.trim() === "" ? AddOn.messages.siteRequired(addon.name) : undefined) ?? served.get("site")
  // The server's words when they name neither field (a CRM that did not answer, the token refused as a whole).
  const general = connect.isError && !served.has("token") && !served.has("site") ? connect.error.message : undefined
  const field = (
    key: "token" | "site",
    label: string,
    hint: string,
    value: string,
    set: (value: string) => void,
    error: string | undefined
  ) => (
    <div className={controls.field}>
      <label className={controls.label} htmlFor={`${id}-${key}`}>
        {label}
      </label>
      <input
        id={`${id}-${key}`}
        name={key}
        type={key === "token" ? "password" : "text"}
        autoComplete="off"
        spellCheck={false}
        className={controls.input}
        maxLength={key === "token" ? 500 : 200}
        value={value}
        disabled={!canChange}
        aria-invalid={error !== undefined}
        aria-describedby={`${id}-${key}-hint`}
        onChange={(e) => set(e.currentTarget.value)}
      />
      <span id={`${id}-${key}-hint`} className={error === undefined ? controls.hint : controls.hintError}>
        {error ?? hint}
      </span>
    </div>
  )
  return (
    <form
      className={styles.picker}
      noValidate
      data-token-form={addon.id}
      onSubmit={(e) => {
        e.preventDefault()
        setTried(true)
        if (token.trim() === "" || site.trim() === "" || connect.isPending) return
        connect.mutate({ token: token.trim(), site: site.trim() })
      }}
    >
      <fieldset className={styles.fields} disabled={!canChange}>
        {field("token", t.apiToken, t.tokenHint(addon.name), token, setToken, tokenError)}
        {field("site", t.site(addon.name), t.siteHint(addon.name), site, setSite, siteError)}
      </fieldset>
      {general !== undefined && (
        <p role="alert" className={controls.hintError}>
          {general}
        </p>
      )}
      <div>
        <button
          type="submit"
          className={controls.primary}
          aria-describedby={describedBy}
          disabled={!canChange || connect.isPending}
        >
          {connect.isPending ? t.checkingToken : addon.state === "off" ? t.connect : t.reconnect}
        </button>
      </div>
    </form>
  )
}
