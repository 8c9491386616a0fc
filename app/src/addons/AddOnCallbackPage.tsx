/**
 * Where an add-on's consent page sends the browser back (`/settings/add-ons/callback?code=…&state=…`, with
 * `realmId` from QuickBooks or `error` when access was refused). The page posts the query as it came to the
 * server once (the attempt's `state` says which add-on, and can be used only once); then, when the connection
 * reached a single organisation, it goes on to Settings → Add-ons saying so; when it reached several, it shows
 * the organisation picker first (for Mailchimp, the audience picker). A refusal or an expired attempt shows the server's words and the way back.
 */
import type * as AddOnsApi from "@quotekit/core/api/AddOnsApi"
import { useQuery, useQueryClient } from "@tanstack/react-query"
import { Link, useNavigate } from "@tanstack/react-router"
import { useEffect, useState } from "react"
import { useApi } from "../api/client.ts"
import records from "../contacts/Records.module.css"
import { usePageTitle } from "../page/usePageTitle.ts"
import page from "../shell/Page.module.css"
import { FormBanner } from "../signin/FormBanner.tsx"
import controls from "../theme/Controls.module.css"
import { addonsText as t } from "./addonsText.ts"
import { OrganisationPicker, pickerTexts } from "./OrganisationPicker.tsx"
import { addOnsKey } from "./useAddOns.ts"

/** The callback page. */
export const AddOnCallbackPage = () => {
  usePageTitle(t.callbackTitle)
  const api = useApi()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  // The query exactly as the add-on wrote it; read once, so the answer is tied to this visit.
  const [query] = useState(() => window.location.search)
  // A query, not a mutation: one post per visit even when the page renders twice, never retried (a code is
  // good once), kept while the page is open.
  const answer = useQuery({
    // Outside `addOnsKey`: refreshing the add-ons after the organisation is chosen must not post it again.
    queryKey: ["add-on-callback", query],
    queryFn: () => api.call((c) => c.addons.callback({ payload: { query } })),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false
  })
  const done = (view: AddOnsApi.AddOnView) => {
    void queryClient.invalidateQueries({ queryKey: addOnsKey, exact: true })
    void navigate({ to: "/settings/add-ons", search: { connected: String(view.id) }, replace: true })
  }
  const view = answer.data
  const mustPick = view?.connection != null && view.connection.organisation_id === ""
  useEffect(() => {
    if (view !== undefined && !mustPick) done(view)
  })
  return (
    <div className={page.page}>
      <div className={page.header}>
        <h1 className={page.heading}>{view === undefined ? t.callbackTitle : view.name}</h1>
        <div className={records.actions}>
          <Link to="/settings/add-ons" className={controls.button}>
            {t.backToAddOns}
          </Link>
        </div>
      </div>
      {answer.isError ? (
        <FormBanner error={answer.error} />
      ) : view === undefined || !mustPick ? (
        <p role="status" className={records.muted} aria-busy="true">
          {t.callbackWorking}
        </p>
      ) : (
        <div className={`${controls.card} ${records.section}`}>
          <OrganisationPicker addon={view} {...pickerTexts(view.id)} onChosen={done} />
        </div>
      )}
    </div>
  )
}
