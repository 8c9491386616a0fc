/**
 * What a member can be notified of, and the notification texts of the bell, the settings and the emails (see
 * `Notification.ts`).
 *
 * The part of `Notification.ts` that needs no effect runtime, so a bundle that must stay light (the team app's
 * first screen, which shares its modules with the screens that decode) can import it without bringing Schema with
 * it. `Notification.ts` re-exports all of it: elsewhere import that.
 *
 * @since 0.5.0
 */

/** What a member can be notified of, in the order Personal Settings lists them. */
export const kinds = ["quote.viewed", "question.asked", "quote.accepted", "quote.declined", "mention"] as const
/** An event a member can be notified of. */
type Kind = (typeof kinds)[number]

/** The hour (in the member's own time zone) from which the day's digest is sent. */
export const DIGEST_HOUR = 8

/** The labels and texts of notifications and their settings. */
export const text = {
  title: "Notifications",
  bell: "Notifications",
  bellUnread: (n: number) => (n === 1 ? "Notifications, 1 unread" : `Notifications, ${n} unread`),
  empty: "Nothing new. You will see here when customers open, ask about or answer your quotes.",
  markAllRead: "Mark all as read",
  settingsHint: "Choose what you hear about the quotes you wrote or watch, and mentions of you in notes and comments.",
  event: "Event",
  email: "Email",
  inApp: "In the app",
  delivery: "Emails",
  immediate: "Send each email at once",
  digest: `One email a day (a digest at ${DIGEST_HOUR}:00)`,
  save: "Save notification settings",
  saved: "Notification settings saved.",
  watch: "Watch",
  unwatch: "Stop watching",
  watching: "You are watching this quote: you hear when its customer opens, asks about or answers it.",
  watchHint: "Hear when the customer opens, asks about or answers this quote.",
  labels: {
    "quote.viewed": "A customer opens a quote for the first time",
    "question.asked": "A customer asks a question",
    "quote.accepted": "A customer accepts a quote",
    "quote.declined": "A customer declines a quote",
    mention: "A teammate mentions you in a note or comment"
  } satisfies Record<Kind, string>,
  emailFooter: "You get this email because of your notification settings in quotekit (Personal Settings).",
  digestIntro: "Here is what happened on your quotes since the last digest."
} as const
