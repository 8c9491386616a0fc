/**
 * Settings → Add-ons (`/settings/add-ons`, admins): every add-on of the spec by its id, grouped by kind, with what
 * it does and its state for the account (available to connect, not set up on this server, connected to an
 * organisation, needing attention with the add-on's own words, disconnected with its history kept, on or off,
 * coming later). Switch add-ons (follow-ups, leads, reviews, Zapier, webhooks …) have an on/off switch; OAuth 2
 * add-ons (Xero, QuickBooks, Capsule, Mailchimp) have Connect, which sends the browser to the add-on's consent
 * page, and Disconnect after a confirmation; API-token add-ons (Highrise, Insightly) have a Connect form for the
 * token and where the account is; a connection that reached several organisations shows the organisation
 * picker (Mailchimp's audiences: the audience picker); a connected accounting add-on links to its tax mapping;
 * a connected CRM or Mailchimp shows its options. Forms are enabled for admins only. Below, the audit of who did
 * what and when.
 *
 * Back from a consent page (`/settings/add-ons/callback`) the page opens with `?connected=<id>` and says which
 * organisation it is now connected to.
 */
import * as AddOn from "@quotekit/core/AddOn"
import type * as AddOnsApi from "@quotekit/core/api/AddOnsApi"
import * as RelativeTime from "@quotekit/core/RelativeTime"
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { Link, useSearch } from "@tanstack/react-router"
import { useId, useState } from "react"
import { useApi } from "../api/client.ts"
import records from "../contacts/Records.module.css"
import { useNow } from "../history/useNow.ts"
import { accountKey } from "../session/useAccount.ts"
import { AdminSettingsPage } from "../settings/AdminSettingsPage.tsx"
import banner from "../shell/Banner.module.css"
import { ConfirmButton } from "../shell/ConfirmButton.tsx"
import { LoadFailure } from "../shell/LoadFailure.tsx"
import { NewerOlder } from "../shell/NewerOlder.tsx"
import page from "../shell/Page.module.css"
import controls from "../theme/Controls.module.css"
import { AddOnOptionsForm } from "./AddOnOptionsForm.tsx"
import styles from "./AddOns.module.css"
import { addonsText as t } from "./addonsText.ts"
import { OrganisationPicker, pickerTexts } from "./OrganisationPicker.tsx"
import { TokenConnectForm } from "./TokenConnectForm.tsx"
import { addOnsKey, useAddOns } from "./useAddOns.ts"

const auditKey = (pageNo: number) => [...addOnsKey, "audit", pageNo] as const

/** The add-ons page. */
export const AddOnsPage = () => (
  <AdminSettingsPage title={t.addOns} hint={t.hint}>
    <AddOnList />
    <Audit />
  </AdminSettingsPage>
)

/** A time in epoch seconds, relative, with the full date on hover. */
const When = ({ at, now }: { readonly at: number; readonly now: number }) => (
  <time dateTime={new Date(at * 1000).toISOString()} title={new Date(at * 1000).toLocaleString()}>
    {RelativeTime.describe(at, now)}
  </time>
)

/** Every add-on, grouped by kind in the core's order. */
const AddOnList = () => {
  const list = useAddOns()
  const search: { connected?: string } = useSearch({ strict: false })
  if (list.isError) return <LoadFailure error={list.error} onRetry={() => void list.refetch()} />
  if (list.data === undefined) return <div className={page.skeleton} aria-busy="true" />
  const { addons, can_change } = list.data
  const justConnected = addons.find((a) => String(a.id) === search.connected)
  const org = justConnected?.connection?.organisation_name ?? ""
  return (
    <>
      {justConnected !== undefined && justConnected.state === "connected" && org !== "" && (
        <div className={banner.banner} role="status">
          <p className={banner.detail}>{AddOn.messages.connected(justConnected.name, org)}</p>
        </div>
      )}
      {(Object.keys(AddOn.kindLabels) as Array<AddOn.Kind>).map((kind) => {
        const ofKind = addons.filter((a) => a.kind === kind)
        if (ofKind.length === 0) return null
        return (
          <section key={kind} className={records.section} aria-labelledby={`addons-${kind}`}>
            <h2 className={records.sectionTitle} id={`addons-${kind}`}>
              {AddOn.kindLabels[kind]}
            </h2>
            <div className={styles.cards}>
              {ofKind.map((a) => (
                <AddOnCard key={a.id} addon={a} canChange={can_change} />
              ))}
            </div>
          </section>
        )
      })}
    </>
  )
}

/** One add-on: its id, name, state and what it does, then what can be done with it. */
const AddOnCard = ({ addon: a, canChange }: { readonly addon: AddOnsApi.AddOnView; readonly canChange: boolean }) => {
  const api = useApi()
  const queryClient = useQueryClient()
  const titleId = useId()
  const params = { addon_id: a.id }
  const refresh = () => void queryClient.invalidateQueries({ queryKey: addOnsKey })
  const [leaving, setLeaving] = useState(false)
  const [tokenConnected, setTokenConnected] = useState<AddOnsApi.AddOnView | null>(null)
  const toggle = useMutation({
    mutationFn: (enabled: boolean) => api.call((c) => c.addons.setEnabled({ params, payload: { enabled } })),
    onSuccess: () => {
      refresh()
      // Leads and Reviews are entries of the account menu, read from the account.
      void queryClient.invalidateQueries({ queryKey: accountKey })
    }
  })
  const connect = useMutation({
    mutationFn: () => api.call((c) => c.addons.connect({ params })),
    onSuccess: (start) => {
      setLeaving(true)
      window.location.assign(start.redirect_url)
    }
  })
  const disconnect = useMutation({
    mutationFn: () => api.call((c) => c.addons.disconnect({ params })),
    onSuccess: refresh
  })
  const failure = [toggle, connect, disconnect].find((x) => x.isError)?.error
  const c = a.connection
  const live = c !== null && (a.state === "connected" || a.state === "error")
  const needsConnecting = a.state === "off" || a.state === "disconnected" || a.state === "error"
  const connectable = a.connects === "oauth2" && needsConnecting
  const service = AddOn.isCrm(a.id) || a.id === AddOn.MAILCHIMP
  // Mailchimp's options follow its audience; a CRM's apply as soon as it is connected.
  const hasOptions = live && a.options !== null && service && (a.id !== AddOn.MAILCHIMP || c.organisation_id !== "")
  const joined = tokenConnected?.connection?.organisation_name ?? ""
  return (
    <article
      className={`${controls.card} ${styles.card}`}
      aria-labelledby={titleId}
      data-addon-id={a.id}
      data-state={a.state}
    >
      <div className={styles.head}>
        <div className={records.rowMain}>
          <h3 className={`${records.rowTitle} ${styles.name}`} id={titleId}>
            {a.name}
          </h3>
          <span className={styles.meta}>
            <span className={styles.id}>{t.addOnId(a.id)}</span>
            <span className={`${styles.state} ${styles[`state-${a.state}`] ?? ""}`}>{AddOn.stateLabels[a.state]}</span>
          </span>
        </div>
        {a.connects === "switch" && a.state !== "coming-later" && (
          <label className={styles.switch}>
            <input
              type="checkbox"
              role="switch"
              checked={a.enabled}
              aria-checked={a.enabled}
              aria-label={t.enabled(a.name)}
              disabled={!canChange || toggle.isPending}
              onChange={(e) => toggle.mutate(e.currentTarget.checked)}
            />
            <span aria-hidden="true">{AddOn.stateLabels[a.enabled ? "on" : "off"]}</span>
          </label>
        )}
      </div>
      <p className={styles.summary}>{a.summary}</p>
      <StateDetail addon={a} />
      {tokenConnected !== null && a.state === "connected" && joined !== "" && (
        <p className={records.notice} role="status">
          {AddOn.messages.connected(a.name, joined)}
        </p>
      )}
      {live && c.organisation_id === "" && c.organisations.length > 0 && canChange && (
        <OrganisationPicker addon={a} {...pickerTexts(a.id)} />
      )}
      {a.connects === "api-token" && needsConnecting && (
        <TokenConnectForm addon={a} canChange={canChange} describedBy={titleId} onConnected={setTokenConnected} />
      )}
      {hasOptions && a.options !== null && <AddOnOptionsForm addon={a} options={a.options} canChange={canChange} />}
      {canChange && (connectable || live) && (
        <div className={records.actions}>
          {connectable && (
            <button
              type="button"
              className={controls.primary}
              aria-describedby={titleId}
              disabled={connect.isPending || leaving}
              onClick={() => connect.mutate()}
            >
              {connect.isPending || leaving ? t.connecting : a.state === "off" ? t.connect : t.reconnect}
            </button>
          )}
          {live && AddOn.isAccounting(a.id) && c.organisation_id !== "" && (
            <Link
              to="/settings/add-ons/$addonId/taxes"
              params={{ addonId: String(a.id) }}
              className={controls.button}
              aria-describedby={titleId}
            >
              {t.taxMapping}
            </Link>
          )}
          {live && (
            <ConfirmButton
              label={t.disconnect}
              text={
                AddOn.isCrm(a.id)
                  ? t.disconnectCrmConfirm(a.name)
                  : a.id === AddOn.MAILCHIMP
                    ? t.disconnectMarketingConfirm(a.name, c.organisation_name)
                    : t.disconnectConfirm(a.name, c.organisation_name)
              }
              describedBy={titleId}
              disabled={disconnect.isPending}
              onConfirm={() => disconnect.mutate()}
            />
          )}
        </div>
      )}
      {failure !== undefined && (
        <p role="alert" className={controls.hintError}>
          {failure.message}
        </p>
      )}
    </article>
  )
}

/** What the add-on's state means for the account, in a sentence or two. */
const StateDetail = ({ addon: a }: { readonly addon: AddOnsApi.AddOnView }) => {
  const now = useNow()
  const c = a.connection
  switch (a.state) {
    case "coming-later":
      return <p className={records.muted}>{AddOn.messages.comingLater(a.name)}</p>
    case "not-set-up":
      return (
        <p className={records.muted} data-not-set-up>
          {a.connects === "api-token" ? t.notSetUpTokenHint(a.guide) : t.notSetUpHint(a.guide)}
        </p>
      )
    case "off":
      return a.connects === "switch" ? null : <p className={records.muted}>{t.availableToConnect}</p>
    case "on":
      return null
    case "disconnected":
      return c?.disconnected_at != null ? (
        <p className={records.muted}>
          {t.disconnected} <When at={c.disconnected_at} now={now} />.{" "}
          {AddOn.isAccounting(a.id) ? t.historyKept : AddOn.isCrm(a.id) ? t.crmHistoryKept : ""}
        </p>
      ) : null
    case "connected":
    case "error":
      if (c === null) return null
      return (
        <div className={styles.connection}>
          {c.organisation_name !== "" && (
            <p>
              <strong data-organisation>{t.connectedTo(c.organisation_name)}</strong>{" "}
              <span className={records.muted}>
                {t.connectedBy(c.connected_by)}, <When at={c.connected_at} now={now} />
              </span>
            </p>
          )}
          {a.state === "error" && c.last_error !== "" && (
            <div className={banner.warning} role="status">
              <p className={banner.title}>{t.lastError}</p>
              <p className={banner.detail} data-last-error>
                {c.last_error}
              </p>
            </div>
          )}
        </div>
      )
  }
}

/** The audit: who switched, connected, disconnected or mapped what, and when; a page at a time. */
const Audit = () => {
  const api = useApi()
  const now = useNow()
  const [pageNo, setPageNo] = useState(1)
  const audit = useQuery({
    queryKey: auditKey(pageNo),
    queryFn: () => api.call((c) => c.addons.audit({ query: { page: pageNo } }))
  })
  return (
    <section className={records.section} aria-labelledby="addons-audit">
      <h2 className={records.sectionTitle} id="addons-audit">
        {t.audit}
      </h2>
      {audit.isError ? (
        <LoadFailure error={audit.error} onRetry={() => void audit.refetch()} />
      ) : audit.data === undefined ? (
        <div className={page.skeleton} aria-busy="true" />
      ) : audit.data.rows.length === 0 && pageNo === 1 ? (
        <p className={records.muted}>{t.noAudit}</p>
      ) : (
        <div className={styles.audit}>
          <table className={records.table} data-audit>
            <caption className={styles.caption}>{t.auditCaption}</caption>
            <thead>
              <tr>
                <th scope="col">{t.when}</th>
                <th scope="col">{t.addOn}</th>
                <th scope="col">{t.action}</th>
                <th scope="col">{t.who}</th>
                <th scope="col">{t.detail}</th>
              </tr>
            </thead>
            <tbody>
              {audit.data.rows.map((row) => (
                <tr key={row.id}>
                  <td>
                    <When at={row.at} now={now} />
                  </td>
                  <td>
                    {row.addon_name} <span className={records.muted}>({row.addon_id})</span>
                  </td>
                  <td>{AddOn.auditLabels[row.action]}</td>
                  <td>{row.who}</td>
                  <td>{row.detail}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {(pageNo > 1 || audit.data.has_more) && (
            <div className={records.actions}>
              <NewerOlder pageNo={pageNo} hasMore={audit.data.has_more} onPage={setPageNo} text={t} />
            </div>
          )}
        </div>
      )}
    </section>
  )
}
