/** The current time in epoch seconds, refreshed every `RelativeTime.refreshIntervalSeconds` (15 s). */
import * as RelativeTime from "@quotekit/core/light/RelativeTime"
import { useEffect, useState } from "react"

const nowSeconds = () => Math.floor(Date.now() / 1000)

/** Now, re-rendering the caller every 15 seconds so relative times ('2 minutes ago') stay true. */
export const useNow = (intervalSeconds: number = RelativeTime.refreshIntervalSeconds): number => {
  const [now, setNow] = useState(nowSeconds)
  useEffect(() => {
    const timer = window.setInterval(() => setNow(nowSeconds()), intervalSeconds * 1000)
    return () => window.clearInterval(timer)
  }, [intervalSeconds])
  return now
}
