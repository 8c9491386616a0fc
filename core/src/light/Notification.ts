/**
 * What a member can be notified of, and the texts of the bell (see `Notification.ts`, which has the texts of the
 * settings and the emails too).
 *
 * The part of `Notification.ts` that needs no effect runtime, so a bundle that must stay light (the team app's
 * first screen, which shares its modules with the screens that decode) can import it without bringing Schema with
 * it. `Notification.ts` re-exports all of it: elsewhere import that.
 *
 * @since 0.5.0
 */

/** What a member can be notified of, in the order Personal Settings lists them. */
export const kinds = ["quote.viewed", "question.asked", "quote.accepted", "quote.declined", "mention"] as const

/** The hour (in the member's own time zone) from which the day's digest is sent. */
export const DIGEST_HOUR = 8

/**
 * The texts of the bell and its list, which the top bar of every page shows. `Notification.text` has these and the
 * texts of the settings, the quote page's watch button and the emails, which the first screen does not carry.
 */
export const bellText = {
  title: "Notifications",
  bell: "Notifications",
  bellUnread: (n: number) => (n === 1 ? "Notifications, 1 unread" : `Notifications, ${n} unread`),
  empty: "Nothing new. You will see here when customers open, ask about or answer your quotes.",
  markAllRead: "Mark all as read"
} as const
