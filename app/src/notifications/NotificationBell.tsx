/**
 * The bell of the top bar (add-on 9): how many of the member's notifications are unread, and behind it the list
 * (newest first, each a link to its quote; opening the list marks them read). A `notification` event on the
 * account room naming this member makes the list stale and shows the newest as a toast for 6 seconds with a link
 * to the quote, so a customer's question shows up while the app is open.
 */
import type * as NotificationsApi from "@quotekit/core/api/NotificationsApi"
import * as Notification from "@quotekit/core/light/Notification"
import * as RelativeTime from "@quotekit/core/light/RelativeTime"
import type { Item as NotificationItem } from "@quotekit/core/Notification"
import * as Push from "@quotekit/core/Push"
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { Link } from "@tanstack/react-router"
import { useEffect, useId, useRef, useState } from "react"
import { useApi } from "../api/client.ts"
import { useWire } from "../api/WireClient.ts"
import { useNow } from "../history/useNow.ts"
import { useRoom } from "../push/useRoom.ts"
import controls from "../theme/Controls.module.css"
import styles from "./Notifications.module.css"

/** The list's cache key. */
export const notificationsKey = ["notifications", "list"] as const

/** How long a toast stays, in ms (the spec's notification with an action). */
const TOAST_MS = 6_000

/** Whether an account-room event is a new notification for `signinId`. */
export const isForMe = (event: { readonly topic: string; readonly payload: unknown }, signinId: number): boolean => {
  if (event.topic !== "notification") return false
  const p = event.payload as { readonly signin_ids?: unknown } | null
  return Array.isArray(p?.signin_ids) && p.signin_ids.includes(signinId)
}

/** The bell and its list, for the signed-in member `signinId`. */
export const NotificationBell = ({ signinId }: { readonly signinId: number }) => {
  const api = useApi()
  const wire = useWire()
  const queryClient = useQueryClient()
  const [open, setOpen] = useState(false)
  const [toast, setToast] = useState<NotificationItem | undefined>()
  const panelId = useId()
  const wrap = useRef<HTMLDivElement>(null)
  const list = useQuery({
    queryKey: notificationsKey,
    queryFn: wire.notifications,
    retry: false
  })
  const markRead = useMutation({
    mutationFn: () => api.call((c) => c.notifications.markRead({ payload: {} })),
    onSuccess: (answer: NotificationsApi.List) => queryClient.setQueryData(notificationsKey, answer)
  })

  useRoom(Push.ACCOUNT_ROOM, (event) => {
    if (!isForMe(event, signinId)) return
    void queryClient
      .fetchQuery({ queryKey: notificationsKey, queryFn: wire.notifications })
      .then((answer) => setToast(answer.items.find((i) => !i.read)))
      .catch(() => undefined)
  })

  useEffect(() => {
    if (toast === undefined) return
    const timer = setTimeout(() => setToast(undefined), TOAST_MS)
    return () => clearTimeout(timer)
  }, [toast])

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
        aria-label={unread > 0 ? Notification.text.bellUnread(unread) : Notification.text.bell}
        onClick={() => setOpen((o) => !o)}
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
        <section id={panelId} className={styles.panel} aria-label={Notification.text.title}>
          <div className={styles.panelHead}>
            <span>{Notification.text.title}</span>
            {unread > 0 && (
              <button
                type="button"
                className={controls.ghost}
                disabled={markRead.isPending}
                onClick={() => markRead.mutate()}
              >
                {Notification.text.markAllRead}
              </button>
            )}
          </div>
          {items.length === 0 ? (
            <p className={styles.empty}>{Notification.text.empty}</p>
          ) : (
            <NotificationList items={items} onOpen={() => setOpen(false)} />
          )}
        </section>
      )}
      {toast !== undefined && (
        <div className={styles.toast} role="status">
          {toast.headline}
          <Link to="/quote/$quoteId" params={{ quoteId: String(toast.quote_id) }} onClick={() => setToast(undefined)}>
            View
          </Link>
        </div>
      )}
    </div>
  )
}

/** The list of notifications, each a link to its quote. */
const NotificationList = ({
  items,
  onOpen
}: {
  readonly items: ReadonlyArray<NotificationItem>
  readonly onOpen: () => void
}) => {
  const now = useNow()
  return (
    <ul className={styles.list} aria-label={Notification.text.title}>
      {items.map((i) => (
        <li key={i.id}>
          <Link
            to="/quote/$quoteId"
            params={{ quoteId: String(i.quote_id) }}
            className={`${styles.item} ${i.read ? "" : styles.unread}`}
            onClick={onOpen}
          >
            {i.headline}
            {i.excerpt !== "" && <span className={styles.meta}>“{i.excerpt}”</span>}
            <time className={styles.meta} dateTime={new Date(i.at).toISOString()}>
              {RelativeTime.describe(Math.floor(i.at / 1000), now)}
            </time>
          </Link>
        </li>
      ))}
    </ul>
  )
}
