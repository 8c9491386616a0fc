/**
 * Leads (`/c/leads`, `/c/leads/{id}`): the list by status (Open, Dismissed, Converted, each with its count; the
 * open count is the account menu's), paged with 'Load more', and the lead panel of the chosen lead.
 */
import type * as LeadsApi from "@quotekit/core/api/LeadsApi"
import * as RelativeTime from "@quotekit/core/RelativeTime"
import { useInfiniteQuery } from "@tanstack/react-query"
import { Link, useNavigate, useParams, useSearch } from "@tanstack/react-router"
import { useApi } from "../api/client.ts"
import styles from "../contacts/Records.module.css"
import { useNow } from "../history/useNow.ts"
import { useMessages } from "../page/useMessages.ts"
import { usePageTitle } from "../page/usePageTitle.ts"
import page from "../shell/Page.module.css"
import { PagedListCard } from "../shell/PagedListCard.tsx"
import controls from "../theme/Controls.module.css"
import { LeadPanel } from "./LeadPanel.tsx"

/** Every query of the leads screens starts with this key. */
export const leadsKey = ["leads"] as const

const statuses: ReadonlyArray<LeadsApi.StatusName> = ["open", "dismissed", "converted"]

/** The leads page. */
export const LeadsPage = () => {
  const m = useMessages()
  usePageTitle(m.leads)
  const api = useApi()
  const now = useNow()
  const navigate = useNavigate()
  const { leadId } = useParams({ strict: false }) as { leadId?: string }
  const search: { status?: string } = useSearch({ strict: false })
  const status = statuses.find((s) => s === search.status) ?? "open"
  const list = useInfiniteQuery({
    queryKey: [...leadsKey, "list", status],
    initialPageParam: 1,
    queryFn: ({ pageParam }) => api.call((c) => c.leads.list({ query: { status, page: pageParam } })),
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined)
  })
  const rows = list.data?.pages.flatMap((p) => p.rows) ?? []
  const counts = list.data?.pages[0]?.counts
  const chosen = leadId !== undefined && /^\d+$/.test(leadId) ? Number(leadId) : undefined
  return (
    <div className={page.page}>
      <h1 className={page.heading}>{m.leads}</h1>
      <div className={styles.split}>
        <div className={styles.stack}>
          <fieldset className={styles.filters} aria-label={m.leads}>
            {statuses.map((s) => (
              <button
                key={s}
                type="button"
                className={styles.filter}
                aria-pressed={s === status}
                onClick={() => void navigate({ to: "/c/leads", search: s === "open" ? {} : { status: s } })}
              >
                {m[s]} {counts !== undefined && `(${counts[s]})`}
              </button>
            ))}
          </fieldset>
          <PagedListCard list={list} count={rows.length} empty={m.noLeads}>
            {rows.map((l) => (
              <li key={l.lead_id} className={styles.row} aria-current={l.lead_id === chosen}>
                <div className={styles.rowMain}>
                  <Link
                    to="/c/leads/$leadId"
                    params={{ leadId: String(l.lead_id) }}
                    search={search}
                    className={styles.rowTitle}
                  >
                    {l.display_name}
                  </Link>
                  <span className={styles.muted}>
                    {l.lead_subject !== "" ? `${l.lead_subject} · ` : ""}
                    {RelativeTime.describe(l.lead_creation, now)}
                  </span>
                </div>
                {l.lead_status !== 1 && <span className={styles.sticker}>{l.status_label}</span>}
              </li>
            ))}
          </PagedListCard>
        </div>
        <div>
          {chosen === undefined ? (
            <section className={controls.card}>
              <p className={page.empty}>{rows.length === 0 ? m.noLeads : m.chooseLead}</p>
            </section>
          ) : (
            <LeadPanel key={chosen} leadId={chosen} />
          )}
        </div>
      </div>
    </div>
  )
}
