/**
 * What the bell's open list shows (`NotificationBell`): its head, with 'Mark all as read' while some are unread,
 * and the notifications newest first, each a link to its quote with when it happened; and the toast of a new one.
 * Its own chunk, loaded when the member reaches for the bell (hover, focus or press) or a notification arrives, so
 * no page pays for it at start.
 */
import type * as NotificationsApi from "@quotekit/core/api/NotificationsApi"
import * as Notification from "@quotekit/core/light/Notification"
import * as RelativeTime from "@quotekit/core/light/RelativeTime"
import type { Item as NotificationItem } from "@quotekit/core/Notification"
import { useMutation } from "@tanstack/react-query"
import { Link } from "@tanstack/react-router"
import { useApi } from "../api/client.ts"
import { useNow } from "../history/useNow.ts"
import controls from "../theme/Controls.module.css"
import styles from "./Notifications.module.css"

/**
 * The open list's content: `unread` of `items` are unread; marking them read hands the server's new list to
 * `onMarkedRead`, following a link calls `onOpen`.
 */
export const NotificationPanel = ({
  items,
  unread,
  onMarkedRead,
  onOpen
}: {
  readonly items: ReadonlyArray<NotificationItem>
  readonly unread: number
  readonly onMarkedRead: (answer: NotificationsApi.List) => void
  readonly onOpen: () => void
}) => {
  const api = useApi()
  const markRead = useMutation({
    mutationFn: () => api.call((c) => c.notifications.markRead({ payload: {} })),
    onSuccess: onMarkedRead
  })
  return (
    <>
      <div className={styles.panelHead}>
        <span>{Notification.bellText.title}</span>
        {unread > 0 && (
          <button
            type="button"
            className={controls.ghost}
            disabled={markRead.isPending}
            onClick={() => markRead.mutate()}
          >
            {Notification.bellText.markAllRead}
          </button>
        )}
      </div>
      {items.length === 0 ? (
        <p className={styles.empty}>{Notification.bellText.empty}</p>
      ) : (
        <NotificationList items={items} onOpen={onOpen} />
      )}
    </>
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
    <ul className={styles.list} aria-label={Notification.bellText.title}>
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

/** A new notification's toast (the bell shows it for 6 seconds), with a link to its quote; `onView` on following it. */
export const NotificationToast = ({
  item,
  onView
}: {
  readonly item: NotificationItem
  readonly onView: () => void
}) => (
  <div className={styles.toast} role="status">
    {item.headline}
    <Link to="/quote/$quoteId" params={{ quoteId: String(item.quote_id) }} onClick={onView}>
      View
    </Link>
  </div>
)
