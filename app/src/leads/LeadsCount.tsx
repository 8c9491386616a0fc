/**
 * The open-lead count beside Leads in the account menu (spec: 'Leads at /c/leads with a count'). It shares the
 * leads key, so dismissing, reopening or converting a lead refreshes it.
 */
import { useQuery } from "@tanstack/react-query"
import { useApi } from "../api/client.ts"
import { useMessages } from "../page/useMessages.ts"

/** The count badge; nothing while loading, on failure or at zero. */
export const LeadsCount = () => {
  const api = useApi()
  const m = useMessages()
  const counts = useQuery({
    queryKey: ["leads", "count"],
    queryFn: () => api.call((c) => c.leads.list({ query: { status: "open" } })).then((p) => p.counts),
    staleTime: 60_000
  })
  const open = counts.data?.open ?? 0
  if (open === 0) return null
  return (
    <span style={{ marginLeft: "auto", fontVariantNumeric: "tabular-nums" }}>
      {open}
      <span className="visually-hidden"> {m.open}</span>
    </span>
  )
}
