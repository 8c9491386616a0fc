/**
 * The bell of the top bar (add-on 9): how many of the member's notifications are unread, and behind it the list
 * (newest first, each a link to its quote; opening the list marks them read). A `notification` event on the
 * account room naming this member makes the list stale and shows the newest as a toast for 6 seconds with a link
 * to the quote, so a customer's question shows up while the app is open. What the open list and the toast show
 * (`NotificationPanel.tsx`) loads when the member reaches for the bell (hover, focus or press) or a notification
 * arrives; a press before it has loaded opens the list, which fills as soon as it arrives.
 */
import * as Notification from "@quotekit/core/light/Notification"
import type { Item as NotificationItem } from "@quotekit/core/Notification"
import * as Push from "@quotekit/core/Push"
import { useQuery, useQueryClient } from "@tanstack/react-query"
import { useEffect, useId, useRef, useState } from "react"
import { useWire } from "../api/WireClient.ts"
import { useRoom } from "../push/useRoom.ts"
import controls from "../theme/Controls.module.css"
import styles from "./Notifications.module.css"

/** The list's cache key. */
export const notificationsKey = ["notifications", "list"] as const

/** How long a toast stays, in ms (the spec's notification with an action). */
const TOAST_MS = 6_000

type Panel = typeof import("./NotificationPanel.tsx")

let loading: Promise<Panel> | undefined
/** The panel's module, loaded once; a load that failed (a dropped connection) is tried again next time. */
const loadPanel = (): Promise<Panel> => {
  loading ??= import("./NotificationPanel.tsx").catch((error: unknown) => {
    loading = undefined
    throw error
  })
  return loading
}

/** Whether an account-room event is a new notification for `signinId`. */
export const isForMe = (event: { readonly topic: string; readonly payload: unknown }, signinId: number): boolean => {
  if (event.topic !== "notification") return false
  const p = event.payload as { readonly signin_ids?: unknown } | null
  return Array.isArray(p?.signin_ids) && p.signin_ids.includes(signinId)
}

/** The bell and its list, for the signed-in member `signinId`. */
export const NotificationBell = ({ signinId }: { readonly signinId: number }) => {
  const wire = useWire()
  const queryClient = useQueryClient()
  const [open, setOpen] = useState(false)
  const [panel, setPanel] = useState<Panel | undefined>()
  const [toast, setToast] = useState<NotificationItem | undefined>()
  const panelId = useId()
  const wrap = useRef<HTMLDivElement>(null)
  const prepare = () => {
    void loadPanel().then(
      (loaded) => setPanel((current) => current ?? loaded),
      () => undefined
    )
  }
  const list = useQuery({
    queryKey: notificationsKey,
    queryFn: wire.notifications,
    retry: false
  })

  useRoom(Push.ACCOUNT_ROOM, (event) => {
    if (!isForMe(event, signinId)) return
    prepare()
    // A read already under way may have started before this notification was written (two arriving close
    // together: a customer opens the quote and asks). It is cancelled, not joined, so the list and the toast
    // come from a read that includes this one.
    void queryClient
      .cancelQueries({ queryKey: notificationsKey })
      .then(() => queryClient.fetchQuery({ queryKey: notificationsKey, queryFn: wire.notifications }))
      .then((answer) => setToast(answer.items.find((i) => !i.read)))
      .catch(() => undefined)
  })

  // The toast's 6 seconds count from when it shows (once the panel's module is there), not from its arrival.
  const shown = panel === undefined ? undefined : toast
  useEffect(() => {
    if (shown === undefined) return
    const timer = setTimeout(() => setToast(undefined), TOAST_MS)
    return () => clearTimeout(timer)
  }, [shown])

  // A press outside the open list, or Escape, closes it.
  useEffect(() => {
    if (!open) return
    const away = (e: PointerEvent) => {
      if (wrap.current !== null && !wrap.current.contains(e.target as Node)) setOpen(false)
    }
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") setOpen(false)
    }
    document.addEventListener("pointerdown", away)
    document.addEventListener("keydown", onKey)
    return () => {
      document.removeEventListener("pointerdown", away)
      document.removeEventListener("keydown", onKey)
    }
  }, [open])

  const unread = list.data?.unread ?? 0
  const items = list.data?.items ?? []
  return (
    <div className={styles.bellWrap} ref={wrap}>
      <button
        type="button"
        className={`${controls.icon} ${styles.bell}`}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={unread > 0 ? Notification.bellText.bellUnread(unread) : Notification.bellText.bell}
        onPointerEnter={prepare}
        onFocus={prepare}
        onClick={() => {
          prepare()
          setOpen((o) => !o)
        }}
      >
        <svg
          aria-hidden="true"
          width="18"
          height="18"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
          focusable="false"
        >
          <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
          <path d="M13.73 21a2 2 0 0 1-3.46 0" />
        </svg>
        {unread > 0 && (
          <span className={styles.count} aria-hidden="true">
            {unread > 99 ? "99+" : unread}
          </span>
        )}
      </button>
      {open && (
        <section
          id={panelId}
          className={styles.panel}
          aria-label={Notification.bellText.title}
          aria-busy={panel === undefined}
        >
          {panel !== undefined && (
            <panel.NotificationPanel
              items={items}
              unread={unread}
              onMarkedRead={(answer) => queryClient.setQueryData(notificationsKey, answer)}
              onOpen={() => setOpen(false)}
            />
          )}
        </section>
      )}
      {toast !== undefined && panel !== undefined && (
        <panel.NotificationToast item={toast} onView={() => setToast(undefined)} />
      )}
    </div>
  )
}
