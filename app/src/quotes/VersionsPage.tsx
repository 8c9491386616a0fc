/**
 * The versions of a quote (`/quote/versions/{id}`), read-only: the list of versions kept (newest first, who
 * and when) and the chosen one's content, shown as the customer would have seen it.
 */
import * as Quote from "@quotekit/core/Quote"
import * as RelativeTime from "@quotekit/core/RelativeTime"
import { useQuery } from "@tanstack/react-query"
import { Link, useParams } from "@tanstack/react-router"
import { Result } from "effect"
import { useState } from "react"
import { useApi } from "../api/client.ts"
import { useMessages } from "../page/useMessages.ts"
import { usePageTitle } from "../page/usePageTitle.ts"
import { useAccount } from "../session/useAccount.ts"
import banner from "../shell/Banner.module.css"
import { LoadFailure } from "../shell/LoadFailure.tsx"
import page from "../shell/Page.module.css"
import controls from "../theme/Controls.module.css"
import styles from "./QuotePage.module.css"
import { QuotePreview } from "./QuotePreview.tsx"

/** The versions page. */
export const VersionsPage = () => {
  const m = useMessages()
  const api = useApi()
  const account = useAccount()
  const params: { quoteId?: string } = useParams({ strict: false })
  const routeId = Quote.parseRouteId(params.quoteId ?? "")
  const id = Result.isSuccess(routeId) && routeId.success !== "new" ? String(routeId.success) : ""
  const versions = useQuery({
    queryKey: ["quotes", "versions", id],
    queryFn: () => api.versions(id),
    enabled: id !== ""
  })
  const [chosen, setChosen] = useState<number | null>(null)
  const version = useQuery({
    queryKey: ["quotes", "version", id, chosen],
    queryFn: () => api.version(id, chosen ?? 0),
    enabled: chosen !== null
  })
  usePageTitle(m.versions)
  const now = Math.floor(Date.now() / 1000)
  if (id === "")
    return (
      <div className={page.page}>
        <div className={banner.error} role="alert">
          <p className={banner.title}>{m.quoteNotFound}</p>
        </div>
      </div>
    )
  if (versions.isError) return <LoadFailure error={versions.error} onRetry={() => void versions.refetch()} />
  return (
    <div className={page.page}>
      <div className={page.header}>
        <h1 className={page.heading}>
          {m.versions}
          {versions.data === undefined
            ? ""
            : `: ${versions.data.title.trim() === "" ? m.untitled : versions.data.title}`}
        </h1>
        <Link to="/quote/$quoteId" params={{ quoteId: id }} className={controls.button}>
          {m.back}
        </Link>
      </div>
      <section className={controls.card} aria-label={m.versions}>
        {versions.data === undefined ? (
          <p className={page.empty}>{m.loading}</p>
        ) : versions.data.versions.length === 0 ? (
          <p className={page.empty}>{m.noVersions}</p>
        ) : (
          <ul className={styles.history}>
            {versions.data.versions.map((v) => (
              <li key={v.quote_version_id}>
                <span>
                  {m.versionOf(RelativeTime.describe(v.version_creation, now))} · {v._name_by}
                </span>
                <button
                  type="button"
                  className={controls.ghost}
                  aria-pressed={chosen === v.quote_version_id}
                  onClick={() => setChosen(v.quote_version_id)}
                >
                  {m.openVersion}
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      {chosen !== null && (
        <section className={controls.card} aria-label={m.readOnlyVersion}>
          <p className={banner.title}>{m.readOnlyVersion}</p>
          {version.isError ? (
            <LoadFailure error={version.error} onRetry={() => void version.refetch()} />
          ) : version.data === undefined || account.data === undefined ? (
            <p className={page.empty}>{m.loading}</p>
          ) : (
            <QuotePreview
              editor={{ quote: version.data.snapshot.quote, items: version.data.snapshot.items }}
              account={account.data}
              asCustomer={false}
              readOnly
            />
          )}
        </section>
      )}
    </div>
  )
}
