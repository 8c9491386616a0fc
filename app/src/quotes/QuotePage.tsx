/**
 * The quote page (`/quote/{id}`): tabs Overview, All Activity and Settings. Overview shows the status, the sent (or
 * last changed) date, the number and the total; the Active/Waiting dropdown (hidden where the core says so, as
 * the server's `showsActiveWaiting`); the stats (opens, edits, follow-ups); 'Settings applied' (one line per
 * thing the quote does differently from the account's defaults, `QuoteSettings.applied`); the invoicing panel
 * (`invoices/InvoicingPanel.tsx`, which also holds 'Add or Credit Items'); the latest activity; and the action bar
 * of every action the core offers (Complete reads 'Complete & Invoice', and creates the ready invoices first,
 * while the invoicing picture has ready invoices and a destination). All Activity lists the history with a
 * 'Versions' link to the read-only versions. Settings (per-quote settings, `QuoteSettings.tsx`) is offered only
 * while they may change: not once the customer answered, or the quote expired or was withdrawn. The preview toggle ('Editing' / 'Preview', then 'Viewing as You'
 * / 'Viewing as Customer') shows the quote in the `<qk-quote-view>` widget with its public data, and links to the
 * customer page of the quote's link (opened as a preview) once it has one.
 *
 * While open, the page is on the quote's live room (the member counts as a viewer) and shows who else is on the
 * quote now and for how long ('Viewing now'); the quote's changes refresh it through the account room.
 */

import type * as AcceptanceProof from "@quotekit/core/AcceptanceProof"
import * as ArchiveState from "@quotekit/core/ArchiveState"
import type * as QuotesApi from "@quotekit/core/api/QuotesApi"
import * as Currency from "@quotekit/core/Currency"
import * as DateFormat from "@quotekit/core/DateFormat"
import * as Money from "@quotekit/core/Money"
import * as Quote from "@quotekit/core/Quote"
import * as QuoteRoute from "@quotekit/core/QuoteRoute"
import * as RelativeTime from "@quotekit/core/RelativeTime"
import { useQuery, useQueryClient } from "@tanstack/react-query"
import { Link, useNavigate, useParams } from "@tanstack/react-router"
import { DateTime, Option, Result } from "effect"
import { Tabs } from "radix-ui"
import { useState } from "react"
import { useApi } from "../api/client.ts"
import { QuotePdfLink } from "../appearance/QuotePdfLink.tsx"
import records from "../contacts/Records.module.css"
import { QuoteDiscussion } from "../discussion/QuoteDiscussion.tsx"
import { ActivityHistory } from "../history/ActivityHistory.tsx"
import { completesAndInvoices, mayHaveInvoices, withCompleteLabel } from "../invoices/InvoiceOffers.ts"
import { InvoicingPanel } from "../invoices/InvoicingPanel.tsx"
import { createReadyInvoices, invoicingKey, useInvoicing } from "../invoices/useInvoicing.ts"
import { WatchButton } from "../notifications/WatchButton.tsx"
import { useMessages } from "../page/useMessages.ts"
import { usePageTitle } from "../page/usePageTitle.ts"
import { useQuoteView } from "../push/useLiveQuotes.ts"
import { memberName, ViewingNow } from "../push/ViewingNow.tsx"
import { useAccount } from "../session/useAccount.ts"
import banner from "../shell/Banner.module.css"
import { LoadFailure } from "../shell/LoadFailure.tsx"
import page from "../shell/Page.module.css"
import { FormBanner } from "../signin/FormBanner.tsx"
import controls from "../theme/Controls.module.css"
import { AcceptanceCard, DeclineCard } from "./CustomerAnswer.tsx"
import { QuoteEmailing } from "./EmailComposer.tsx"
import { QuoteActionBar } from "./QuoteActionBar.tsx"
import { dateStyle } from "./QuoteDetails.tsx"
import list from "./QuoteList.module.css"
import styles from "./QuotePage.module.css"
import { QuotePreview } from "./QuotePreview.tsx"
import { QuoteSettingsForm, SettingsApplied, useQuoteSettings } from "./QuoteSettings.tsx"
import { ScheduledEmails } from "./ScheduledEmails.tsx"
import { ViewingAsToggle } from "./ViewingAsToggle.tsx"

type Tab = "overview" | "activity" | "settings"
const tabOf = (t: string): Tab => (t === "activity" || t === "settings" ? t : "overview")

/** The text of a history row's HTML (the server escapes what users typed; the page shows text only). */
const textOf = (html: string): string => new DOMParser().parseFromString(html, "text/html").body.textContent ?? ""

const Fact = ({ label, children }: { readonly label: string; readonly children: React.ReactNode }) => (
  <div className={styles.fact}>
    <span className={styles.factLabel}>{label}</span>
    <span className={styles.factValue}>{children}</span>
  </div>
)

/** The quote page. */
export const QuotePage = () => {
  const m = useMessages()
  const api = useApi()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const account = useAccount()
  const params: { quoteId?: string } = useParams({ strict: false })
  const routeId = Quote.parseRouteId(params.quoteId ?? "")
  const id = Result.isSuccess(routeId) && routeId.success !== "new" ? routeId.success : 0
  const overview = useQuery({
    queryKey: ["quotes", "overview", id],
    queryFn: () => api.overview(String(id)),
    enabled: id > 0
  })
  const settings = useQuoteSettings(id)
  useQuoteView(id)
  const invoicing = useInvoicing(id, overview.data !== undefined && mayHaveInvoices(overview.data.quote.status))
  const [chosenTab, setTab] = useState<Tab>("overview")
  // Settings is offered only while they may change; a quote answered meanwhile falls back to Overview.
  const offersSettings = settings.data?.locked === null
  const tab = chosenTab === "settings" && !offersSettings ? "overview" : chosenTab
  const [preview, setPreview] = useState(false)
  const [asCustomer, setAsCustomer] = useState(false)
  // The customer page itself (`/q/{token}`) when the quote has a customer link; else the widget with its data.
  const links = useQuery({
    queryKey: ["quotes", "links", id],
    queryFn: () => api.call((c) => c.quoteLinks.links({ params: { id: String(id) } })),
    enabled: id > 0 && preview
  })
  const link = links.data?.find((l) => l.url !== null)?.url ?? null
  const editor = useQuery({
    queryKey: ["quotes", "preview", id],
    queryFn: () => api.editor({ kind: "edit", id: String(id), action: "is-editing" }, {}),
    enabled: id > 0 && preview
  })
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<unknown>(null)
  const o = overview.data
  usePageTitle(o === undefined ? m.quotes : o.quote.title.trim() === "" ? m.untitled : o.quote.title)

  if (id === 0)
    return (
      <div className={page.page}>
        <div className={banner.error} role="alert">
          <p className={banner.title}>{m.quoteNotFound}</p>
        </div>
      </div>
    )
  if (overview.isError) return <LoadFailure error={overview.error} onRetry={() => void overview.refetch()} />
  if (o === undefined || account.data === undefined)
    return (
      <div className={page.page} aria-busy="true">
        <p className={page.empty}>{m.loading}</p>
      </div>
    )

  const q = o.quote
  const signin = account.data.account_signin
  const currency = Option.getOrUndefined(Currency.byId(q.currency_id))
  const symbol = signin.showSymbol ? (currency?.symbol ?? "") : ""
  const zone = DateTime.zoneMakeLocal()
  const now = Math.floor(Date.now() / 1000)
  const date = q.sent_when > 0 ? q.sent_when : q.modified
  /** A moment as the account writes dates, with the time of day (an acceptance's or a decline's). */
  const when = (seconds: number) =>
    `${DateFormat.format(seconds, dateStyle(signin.dateFormat), zone)} ${new Date(seconds * 1000).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" })}`
  const archive = Option.getOrElse(ArchiveState.fromId(q.archive_id), () => "active" as const)

  const run = (offer: QuotesApi.ActionOffer, proof?: AcceptanceProof.Proof) => {
    const action = offer.action
    if (action === "copyToNewQuote") {
      void navigate({ to: QuoteRoute.editor("edit", "new"), search: { "from-quote": String(id) } })
      return
    }
    if (action === "copyToTemplate") {
      void navigate({ to: QuoteRoute.editor("template", "new"), search: { "from-quote": String(id) } })
      return
    }
    if (action === "sendFollowUp") {
      void navigate({ to: QuoteRoute.quotePage(id), search: { "do-follow-up": "1", returnTo: "quote" } })
      return
    }
    setBusy(true)
    setFailure(null)
    // 'Complete & Invoice' creates the ready invoices first; a refusal stops it before the quote is completed.
    const invoiced =
      action === "complete" && invoicing.data !== undefined && completesAndInvoices(invoicing.data)
        ? createReadyInvoices(api, invoicing.data).then((picture) => {
            queryClient.setQueryData(invoicingKey(id), picture)
          })
        : Promise.resolve()
    invoiced
      .then(() => api.quoteAction(action, id, proof))
      .then(
        (answer) => {
          setBusy(false)
          void queryClient.invalidateQueries({ queryKey: ["quotes"] })
          void queryClient.invalidateQueries({ queryKey: ["dashboard"] })
          const href = answer.upNext.href
          if (QuoteRoute.isLocalPath(href) && href.split("?")[0] !== QuoteRoute.quotePage(id))
            void navigate({ to: href })
        },
        (error: unknown) => {
          setBusy(false)
          setFailure(error)
        }
      )
  }

  return (
    <div className={page.page}>
      <div className={page.header}>
        <h1 className={page.heading}>{q.title.trim() === "" ? m.untitled : q.title}</h1>
        <div className={styles.toggles}>
          <fieldset aria-label={m.preview} className={styles.actionBar}>
            <button
              type="button"
              className={preview ? controls.button : controls.primary}
              aria-pressed={!preview}
              onClick={() => setPreview(false)}
            >
              {m.editing}
            </button>
            <button
              type="button"
              className={preview ? controls.primary : controls.button}
              aria-pressed={preview}
              onClick={() => setPreview(true)}
            >
              {m.preview}
            </button>
          </fieldset>
          {preview && <ViewingAsToggle asCustomer={asCustomer} onChange={setAsCustomer} className={styles.actionBar} />}
          <WatchButton quoteId={id} />
        </div>
      </div>
      <ViewingNow quoteId={id} myName={memberName(account.data)} />
      <FormBanner error={failure} />
      <QuoteEmailing quote={q} />
      <QuoteActionBar offers={withCompleteLabel(o.offers, invoicing.data, now)} busy={busy} onRun={run} />
      {preview ? (
        <section className={controls.card}>
          <QuotePdfLink quoteId={id} />
          {link !== null && (
            // The customer page refuses to be framed (X-Frame-Options: DENY), so it opens beside the app;
            // preview types above 0 record no view and accept nothing.
            <p>
              <a href={`${link}?preview=${asCustomer ? 2 : 1}`} target="_blank" rel="noopener" data-customer-link>
                {asCustomer ? m.viewingAsCustomer : m.viewingAsYou} ↗
              </a>
            </p>
          )}
          {editor.isError ? (
            <LoadFailure error={editor.error} onRetry={() => void editor.refetch()} />
          ) : editor.data === undefined ? (
            <p className={page.empty}>{m.loading}</p>
          ) : (
            <QuotePreview editor={editor.data} account={account.data} asCustomer={asCustomer} />
          )}
        </section>
      ) : (
        <Tabs.Root value={tab} onValueChange={(t) => setTab(tabOf(t))}>
          <Tabs.List className={list.tabs} aria-label={q.title.trim() === "" ? m.untitled : q.title}>
            <Tabs.Trigger value="overview" className={list.tab}>
              {m.overview}
            </Tabs.Trigger>
            <Tabs.Trigger value="activity" className={list.tab}>
              {m.allActivity}
            </Tabs.Trigger>
            {offersSettings && (
              <Tabs.Trigger value="settings" className={list.tab}>
                {m.settings}
              </Tabs.Trigger>
            )}
          </Tabs.List>
          <Tabs.Content value="overview" className={styles.stack}>
            <section className={`${controls.card} ${styles.summary}`} aria-label={m.overview}>
              <Fact label={m.statusFilter}>
                <span
                  className={`${list.status} ${list[o.quote.status === "accepted" ? "status-accepted" : o.quote.status === "sent" ? "status-sent" : o.quote.status === "draft" || o.quote.status === "sentEditing" ? "status-draft" : "status-red"] ?? ""}`}
                  data-status={q.status}
                >
                  {o.status_label}
                </span>
              </Fact>
              <Fact label={q.sent_when > 0 ? m.sentDate : m.edited}>
                {date > 0 ? DateFormat.format(date, dateStyle(signin.dateFormat), zone) : ""}
              </Fact>
              <Fact label={m.quoteNumber}>{q.quote_no > 0 ? `#${q.quote_no}` : ""}</Fact>
              <Fact label={m.total}>
                {symbol}
                {Money.format(q.price_current)}
                {signin.showCode && currency !== undefined ? ` ${currency.code}` : ""}
              </Fact>
              {o.showsActiveWaiting && (
                <label className={styles.fact}>
                  <span className={styles.factLabel}>{m.archive}</span>
                  <select
                    className={controls.select}
                    value={archive === "waiting" ? "waiting" : "active"}
                    disabled={busy}
                    onChange={(e) =>
                      run({
                        action: e.currentTarget.value === "waiting" ? "markWaiting" : "markActive",
                        label: "",
                        disabledReason: null,
                        checked: null,
                        confirmation: null
                      })
                    }
                  >
                    <option value="active">{m.active}</option>
                    <option value="waiting">{m.waiting}</option>
                  </select>
                </label>
              )}
            </section>
            <section className={`${controls.card} ${styles.summary}`} aria-label={m.opens}>
              <Fact label={m.opens}>{o.stats.opens}</Fact>
              <Fact label={m.edits}>{o.stats.edits}</Fact>
              <Fact label={m.followUps}>{o.stats.followups}</Fact>
            </section>
            {o.acceptance !== null && <AcceptanceCard acceptance={o.acceptance} when={when} />}
            {o.decline !== null && <DeclineCard decline={o.decline} when={when} />}
            <ScheduledEmails quoteId={id} />
            {mayHaveInvoices(q.status) && <InvoicingPanel quoteId={id} />}
            <section className={controls.card} aria-label={m.settingsApplied}>
              <h2 className={records.sectionTitle}>{m.settingsApplied}</h2>
              {settings.isError ? (
                <LoadFailure error={settings.error} onRetry={() => void settings.refetch()} />
              ) : settings.data === undefined ? (
                <p className={styles.muted}>{m.loading}</p>
              ) : (
                <SettingsApplied
                  quote={q}
                  view={settings.data}
                  account={{
                    currency_id: signin.defaultCurrency,
                    amounts_entered: signin.defaultAmounts,
                    taxWord: signin.taxWord
                  }}
                />
              )}
            </section>
            {o.recent !== null && (
              <section className={controls.card} aria-label={m.recentActivity}>
                <p>
                  <span>{textOf(o.recent.html_summary)}</span>{" "}
                  <span className={styles.muted}>{RelativeTime.describe(o.recent.action_time, now)}</span>
                </p>
                <button type="button" className={controls.ghost} onClick={() => setTab("activity")}>
                  {m.allActivity}
                </button>
              </section>
            )}
            <QuoteDiscussion quoteId={id} />
          </Tabs.Content>
          <Tabs.Content value="activity" className={styles.stack}>
            <section className={controls.card} aria-label={m.allActivity}>
              <Link to="/quote/versions/$quoteId" params={{ quoteId: String(id) }} className={controls.button}>
                {m.versions}
              </Link>
              <ActivityHistory table="quote" id={id} />
            </section>
          </Tabs.Content>
          {offersSettings && settings.data !== undefined && (
            <Tabs.Content value="settings" className={styles.stack}>
              <section className={controls.card}>
                <QuoteSettingsForm key={settings.data.quote_id} view={settings.data} />
              </section>
            </Tabs.Content>
          )}
        </Tabs.Root>
      )}
    </div>
  )
}
