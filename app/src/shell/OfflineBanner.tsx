/**
 * The planned-downtime banner above every signed-in page (`OfflineNotice`): 'We are about to go offline in
 * {time}. Please save what you are doing.' during the last 30 minutes before the time the operator announced
 * (`npm run offline`), then 'Going offline…'. The announcement is asked for every minute (`GET /api/notice`, a
 * plain fetch: the shell stays light) and counted down against the server's clock, refreshed every 15 s. The
 * banner's rules and wording (`OfflineNotice`) load with the first answer that announces a time: without one, no
 * page needs them.
 */
import type * as OfflineNotice from "@quotekit/core/OfflineNotice"
import { useQuery } from "@tanstack/react-query"
import { useEffect, useState } from "react"
import banner from "./Banner.module.css"

interface Notice {
  /** The announced time, epoch seconds. */
  readonly offlineAt: number | null
  /** Server seconds minus this browser's, when read. */
  readonly skew: number
  /** `OfflineNotice.banner`, once a time is announced. */
  readonly banner?: typeof OfflineNotice.banner
}

const readNotice = async (): Promise<Notice> => {
  const res = await fetch("/api/notice", { headers: { accept: "application/json" } })
  if (!res.ok) return { offlineAt: null, skew: 0 }
  const body = (await res.json()) as { offline_at?: unknown; now?: unknown }
  const offlineAt = typeof body.offline_at === "number" ? body.offline_at : null
  const skew = typeof body.now === "number" ? body.now - Date.now() / 1000 : 0
  if (offlineAt === null) return { offlineAt, skew }
  const { banner } = await import("@quotekit/core/OfflineNotice")
  return { offlineAt, skew, banner }
}

/** The banner, or nothing while no downtime is near. */
export const OfflineBanner = () => {
  const notice = useQuery({
    queryKey: ["service", "notice"],
    queryFn: readNotice,
    refetchInterval: 60_000,
    staleTime: 30_000,
    retry: false
  })
  const [now, setNow] = useState(() => Date.now() / 1000)
  const offlineAt = notice.data?.offlineAt ?? null
  useEffect(() => {
    if (offlineAt === null) return
    const timer = setInterval(() => setNow(Date.now() / 1000), 15_000)
    return () => clearInterval(timer)
  }, [offlineAt])
  const shown = notice.data?.banner?.(offlineAt, now + notice.data.skew)
  if (shown === undefined || shown._tag === "None") return null
  return (
    <div className={banner.siteNotice} role="status" data-offline-banner>
      <p className={banner.title}>{shown.text}</p>
    </div>
  )
}
