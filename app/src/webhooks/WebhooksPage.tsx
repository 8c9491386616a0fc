/**
 * Settings → Webhooks (`/settings/webhooks`, admins): add an endpoint (URL, description, the events it wants) and
 * see its signing secret once with a copy button; per endpoint, turn it on or off, send a test, rotate its secret,
 * delete it, and read its delivery log (time, event, status, duration, attempt, the start of the answer) with
 * Replay on each delivery. A new or rotated secret lives in this page's state only: the server never answers it
 * again. The log refreshes every few seconds while open, so a test or a retry shows up by itself.
 */
import type * as WebhooksApi from "@quotekit/core/api/WebhooksApi"
import * as RelativeTime from "@quotekit/core/RelativeTime"
import * as Webhook from "@quotekit/core/Webhook"
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { useId, useState } from "react"
import { useApi } from "../api/client.ts"
import { fieldErrors } from "../contacts/fieldErrors.ts"
import records from "../contacts/Records.module.css"
import { useNow } from "../history/useNow.ts"
import { AdminSettingsPage } from "../settings/AdminSettingsPage.tsx"
import { SecretOnce } from "../settings/SecretOnce.tsx"
import { ConfirmButton } from "../shell/ConfirmButton.tsx"
import { LoadFailure } from "../shell/LoadFailure.tsx"
import { NewerOlder } from "../shell/NewerOlder.tsx"
import page from "../shell/Page.module.css"
import controls from "../theme/Controls.module.css"
import styles from "./Webhooks.module.css"
import { webhooksText as t } from "./webhooksText.ts"

/** The query key of the account's endpoints. */
export const webhooksKey = ["settings", "webhooks"] as const
const logKey = (id: number, pageNo: number) => ["settings", "webhooks", "log", id, pageNo] as const

/** A secret just made: which endpoint, and the secret. */
interface Revealed {
  readonly url: string
  readonly secret: string
}

/** The webhooks page. */
export const WebhooksPage = () => {
  const [revealed, setRevealed] = useState<Revealed | undefined>()
  return (
    <AdminSettingsPage title={t.webhooks} hint={t.hint}>
      {revealed === undefined ? (
        <AddEndpoint onCreated={setRevealed} />
      ) : (
        <SecretOnce
          id="webhook-secret"
          title={t.newSecret(revealed.url)}
          warning={t.secretShownOnce}
          secret={revealed.secret}
          copyLabel={t.copySecret}
          onDone={() => setRevealed(undefined)}
        />
      )}
      <EndpointList onRotated={setRevealed} />
    </AdminSettingsPage>
  )
}

/** The form adding an endpoint. */
const AddEndpoint = ({ onCreated }: { readonly onCreated: (revealed: Revealed) => void }) => {
  const api = useApi()
  const queryClient = useQueryClient()
  const [url, setUrl] = useState("")
  const [description, setDescription] = useState("")
  const [events, setEvents] = useState<ReadonlySet<Webhook.EventType>>(new Set())
  const [tried, setTried] = useState(false)
  const create = useMutation({
    mutationFn: () =>
      api.call((c) =>
        c.webhooks.create({
          payload: { url, description, events: Webhook.eventTypes.filter((e) => events.has(e)), enabled: true }
        })
      ),
    onSuccess: (answer) => {
      void queryClient.invalidateQueries({ queryKey: webhooksKey })
      onCreated({ url: answer.endpoint.url, secret: answer.secret })
    }
  })
  const errors = fieldErrors(create.error)
  const urlError = errors.get("url")
  const noEvents = tried && events.size === 0
  const toggle = (e: Webhook.EventType, on: boolean) =>
    setEvents((current) => {
      const next = new Set(current)
      if (on) next.add(e)
      else next.delete(e)
      return next
    })
  return (
    <form
      className={`${controls.card} ${records.section}`}
      aria-labelledby="webhook-add"
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        setTried(true)
        if (events.size > 0 && !create.isPending) create.mutate()
      }}
    >
      <h2 className={records.sectionTitle} id="webhook-add">
        {t.addEndpoint}
      </h2>
      <div className={controls.field}>
        <label className={controls.label} htmlFor="webhook-url">
          {t.url}
        </label>
        <input
          id="webhook-url"
          name="url"
          type="url"
          inputMode="url"
          className={controls.input}
          value={url}
          maxLength={Webhook.URL_MAX}
          autoComplete="off"
          aria-invalid={urlError !== undefined}
          aria-describedby="webhook-url-hint"
          onChange={(e) => setUrl(e.currentTarget.value)}
        />
        <span id="webhook-url-hint" className={urlError === undefined ? controls.hint : controls.hintError}>
          {urlError ?? t.urlHint}
        </span>
      </div>
      <div className={controls.field}>
        <label className={controls.label} htmlFor="webhook-description">
          {t.description}
        </label>
        <input
          id="webhook-description"
          name="description"
          className={controls.input}
          value={description}
          maxLength={Webhook.DESCRIPTION_MAX}
          onChange={(e) => setDescription(e.currentTarget.value)}
        />
      </div>
      <fieldset className={styles.events} aria-describedby={noEvents ? "webhook-events-error" : undefined}>
        <legend className={controls.label}>{t.events}</legend>
        {Webhook.eventTypes.map((e) => (
          <label key={e} className={styles.event}>
            <input
              type="checkbox"
              className={controls.checkbox}
              name="events"
              value={e}
              checked={events.has(e)}
              onChange={(ev) => toggle(e, ev.currentTarget.checked)}
            />
            <span>
              {Webhook.eventLabels[e]} <code className={styles.code}>{e}</code>
            </span>
          </label>
        ))}
      </fieldset>
      {noEvents && (
        <p id="webhook-events-error" role="alert" className={controls.hintError}>
          {t.noEvents}
        </p>
      )}
      {create.isError && urlError === undefined && (
        <p role="alert" className={controls.hintError}>
          {create.error.message}
        </p>
      )}
      <div>
        <button type="submit" className={controls.primary} disabled={create.isPending}>
          {create.isPending ? t.adding : t.addEndpoint}
        </button>
      </div>
    </form>
  )
}

/** The account's endpoints. */
const EndpointList = ({ onRotated }: { readonly onRotated: (revealed: Revealed) => void }) => {
  const api = useApi()
  const endpoints = useQuery({ queryKey: webhooksKey, queryFn: () => api.call((c) => c.webhooks.list()) })
  return (
    <section className={records.section} aria-labelledby="webhook-list">
      <h2 className={records.sectionTitle} id="webhook-list">
        {t.endpoints}
      </h2>
      {endpoints.isError ? (
        <LoadFailure error={endpoints.error} onRetry={() => void endpoints.refetch()} />
      ) : endpoints.data === undefined ? (
        <div className={page.skeleton} aria-busy="true" />
      ) : endpoints.data.endpoints.length === 0 ? (
        <p className={records.muted}>{t.noEndpoints}</p>
      ) : (
        endpoints.data.endpoints.map((e) => <EndpointCard key={e.endpoint_id} endpoint={e} onRotated={onRotated} />)
      )}
    </section>
  )
}

/** One endpoint: what it is, its switch and actions, and its delivery log when opened. */
const EndpointCard = ({
  endpoint: e,
  onRotated
}: {
  readonly endpoint: WebhooksApi.EndpointView
  readonly onRotated: (revealed: Revealed) => void
}) => {
  const api = useApi()
  const now = useNow()
  const queryClient = useQueryClient()
  const titleId = useId()
  const [logOpen, setLogOpen] = useState(false)
  const params = { endpoint_id: e.endpoint_id }
  const refresh = () => void queryClient.invalidateQueries({ queryKey: webhooksKey })
  const toggle = useMutation({
    mutationFn: (enabled: boolean) =>
      api.call((c) =>
        c.webhooks.update({
          params,
          payload: { url: e.url, description: e.description, events: e.events, enabled }
        })
      ),
    onSuccess: refresh
  })
  const test = useMutation({
    mutationFn: () => api.call((c) => c.webhooks.sendTest({ params })),
    onSuccess: () => setLogOpen(true)
  })
  const rotate = useMutation({
    mutationFn: () => api.call((c) => c.webhooks.rotate({ params })),
    onSuccess: (answer) => onRotated({ url: answer.endpoint.url, secret: answer.secret })
  })
  const remove = useMutation({ mutationFn: () => api.call((c) => c.webhooks.remove({ params })), onSuccess: refresh })
  const failure = [toggle, test, rotate, remove].find((x) => x.isError)?.error
  return (
    <article className={`${controls.card} ${records.section}`} aria-labelledby={titleId}>
      <div className={styles.head}>
        <div className={records.rowMain}>
          <h3 className={`${records.rowTitle} ${styles.url}`} id={titleId}>
            {e.url}
          </h3>
          {e.description !== "" && <span className={records.muted}>{e.description}</span>}
          <span className={records.muted}>{e.events.join(", ")}</span>
          {e.disabled_reason !== null && <span className={records.sticker}>{t.turnedOff(e.disabled_reason)}</span>}
          {e.enabled && e.failing_since !== null && (
            <span className={records.sticker}>{t.failingSince(RelativeTime.describe(e.failing_since, now))}</span>
          )}
        </div>
        <label className={styles.switch}>
          <input
            type="checkbox"
            role="switch"
            checked={e.enabled}
            aria-checked={e.enabled}
            aria-describedby={titleId}
            disabled={toggle.isPending}
            onChange={(ev) => toggle.mutate(ev.currentTarget.checked)}
          />
          <span>{t.enabled}</span>
        </label>
      </div>
      <div className={records.actions}>
        <button
          type="button"
          className={controls.button}
          aria-describedby={titleId}
          disabled={!e.enabled || test.isPending}
          onClick={() => test.mutate()}
        >
          {t.sendTest}
        </button>
        <button
          type="button"
          className={controls.button}
          aria-expanded={logOpen}
          aria-describedby={titleId}
          onClick={() => setLogOpen((o) => !o)}
        >
          {logOpen ? t.hideLog : t.showLog}
        </button>
        <ConfirmButton
          label={t.rotateSecret}
          text={t.rotateConfirm(e.url)}
          describedBy={titleId}
          onConfirm={() => rotate.mutate()}
        />
        <ConfirmButton
          label={t.deleteEndpoint}
          text={t.deleteConfirm(e.url)}
          describedBy={titleId}
          onConfirm={() => remove.mutate()}
        />
      </div>
      <p role="status" className={records.muted}>
        {test.isSuccess ? t.testSent : ""}
      </p>
      {failure !== undefined && (
        <p role="alert" className={controls.hintError}>
          {failure.message}
        </p>
      )}
      {logOpen && <DeliveryLog endpoint={e} />}
    </article>
  )
}

/** The delivery log of an endpoint, a page at a time, newest attempt first; refreshed while open. */
const DeliveryLog = ({ endpoint: e }: { readonly endpoint: WebhooksApi.EndpointView }) => {
  const api = useApi()
  const now = useNow(5)
  const queryClient = useQueryClient()
  const [pageNo, setPageNo] = useState(1)
  const log = useQuery({
    queryKey: logKey(e.endpoint_id, pageNo),
    queryFn: () =>
      api.call((c) => c.webhooks.deliveries({ params: { endpoint_id: e.endpoint_id }, query: { page: pageNo } })),
    refetchInterval: 2_000
  })
  const replay = useMutation({
    mutationFn: (delivery: WebhooksApi.AttemptView["delivery_id"]) =>
      api.call((c) => c.webhooks.replay({ params: { delivery_id: delivery } })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ["settings", "webhooks", "log", e.endpoint_id] })
  })
  if (log.isError) return <LoadFailure error={log.error} onRetry={() => void log.refetch()} />
  if (log.data === undefined) return <div className={page.skeleton} aria-busy="true" />
  if (log.data.rows.length === 0 && pageNo === 1) return <p className={records.muted}>{t.noDeliveries}</p>
  const statusOf = (row: WebhooksApi.AttemptView) =>
    row.status_code === null ? (row.error ?? t.noAnswer) : String(row.status_code)
  const stateOf = (row: WebhooksApi.AttemptView) =>
    row.delivery_status === "pending"
      ? t.nextTry(RelativeTime.describe(row.next_attempt_at ?? now, now))
      : row.delivery_status === "delivered"
        ? t.delivered
        : t.failed
  return (
    <div className={styles.log}>
      <table className={records.table}>
        <caption className={styles.caption}>{t.logCaption(e.url)}</caption>
        <thead>
          <tr>
            <th scope="col">{t.time}</th>
            <th scope="col">{t.event}</th>
            <th scope="col">{t.status}</th>
            <th scope="col">{t.duration}</th>
            <th scope="col">{t.attempt}</th>
            <th scope="col">{t.response}</th>
            <th scope="col">
              <span className={styles.hidden}>{t.replay}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {log.data.rows.map((row) => (
            <tr key={`${row.delivery_id}:${row.attempt}`}>
              <td>
                <time dateTime={new Date(row.at * 1000).toISOString()} title={new Date(row.at * 1000).toLocaleString()}>
                  {RelativeTime.describe(row.at, now)}
                </time>
              </td>
              <td>
                <code className={styles.code}>{row.event}</code>
              </td>
              <td>
                <span className={row.status_code !== null && row.status_code < 300 ? styles.ok : styles.bad}>
                  {statusOf(row)}
                </span>{" "}
                <span className={records.muted}>({stateOf(row)})</span>
              </td>
              <td>{t.ms(row.duration_ms)}</td>
              <td>{row.attempt}</td>
              <td>
                <code className={styles.excerpt}>{row.response_excerpt}</code>
              </td>
              <td>
                <button
                  type="button"
                  className={controls.button}
                  aria-label={`${t.replay} ${row.event} ${row.message_id}`}
                  disabled={replay.isPending}
                  onClick={() => replay.mutate(row.delivery_id)}
                >
                  {t.replay}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className={records.actions}>
        <NewerOlder pageNo={pageNo} hasMore={log.data.has_more} onPage={setPageNo} text={t} />
        <span role="status" className={records.muted}>
          {replay.isSuccess ? t.replayed : ""}
        </span>
      </div>
    </div>
  )
}
