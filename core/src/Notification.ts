/**
 * Notifications (add-on 9): a team member hears about what customers and teammates do on the quotes they care
 * about, by email and in the app (the bell in the header, fed through the real-time channel).
 *
 * The events: a customer views a quote for the first time, asks a question, accepts or declines it; a teammate
 * @mentions someone in a private note or a comment. A quote event goes to the quote's author and its watchers; a
 * mention to the members mentioned; never to the member who did it (`recipients`). Each member chooses, per event,
 * email and/or in-app, and whether emails come at once or in one daily digest (`Preferences`, `plan`).
 *
 * Each event has a key (`eventKey`): one notification per member per key, however often the event is recorded or a
 * job runs. The digest groups a member's waiting emails by quote (`digest`), and is due once a day from
 * `DIGEST_HOUR` in the member's own time zone (`digestDue`).
 *
 * @example
 * import * as Notification from "@quotekit/core/Notification"
 * Notification.recipients({ kind: "question.asked", author: 4, watchers: [7, 4], mentioned: [], actor: null })
 * // [4, 7]
 *
 * @since 0.5.0
 */
import { Schema } from "effect"
import { bellText, DIGEST_HOUR, kinds } from "./light/Notification.ts"

export * from "./light/Notification.ts"

/** The add-on's id in the add-ons list. */
export const ADD_ON_ID = 9

/** An event a member can be notified of. */
export const Kind = Schema.Literals(kinds)
/** An event a member can be notified of. */
export type Kind = typeof Kind.Type

/** The labels and texts of notifications and their settings: the bell's (`bellText`), then the rest. */
export const text = {
  ...bellText,
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

/** How emails are sent: each at once, or gathered in one email a day. */
export const Delivery = Schema.Literals(["immediate", "digest"])
/** How emails are sent. */
export type Delivery = typeof Delivery.Type

/** The channels of one event: an email, an entry in the app's list (with a toast while the app is open). */
export const Channels = Schema.Struct({ email: Schema.Boolean, in_app: Schema.Boolean })
/** The channels of one event. */
export type Channels = typeof Channels.Type

/** A member's choices: the channels of each event, and how emails are sent. */
export const Preferences = Schema.Struct({
  events: Schema.Struct({
    "quote.viewed": Channels,
    "question.asked": Channels,
    "quote.accepted": Channels,
    "quote.declined": Channels,
    mention: Channels
  }),
  delivery: Delivery
})
/** A member's choices. */
export type Preferences = typeof Preferences.Type

/** What a member gets before choosing: every event by email at once, and in the app. */
export const defaults: Preferences = {
  events: {
    "quote.viewed": { email: true, in_app: true },
    "question.asked": { email: true, in_app: true },
    "quote.accepted": { email: true, in_app: true },
    "quote.declined": { email: true, in_app: true },
    mention: { email: true, in_app: true }
  },
  delivery: "immediate"
}

/** Stored choices read leniently: anything missing or malformed falls back to the default of that part. */
export const fromStored = (stored: unknown): Preferences => {
  const s = (typeof stored === "object" && stored !== null ? stored : {}) as Record<string, unknown>
  const events = (typeof s.events === "object" && s.events !== null ? s.events : {}) as Record<string, unknown>
  const channels = (kind: Kind): Channels => {
    const c = events[kind] as Record<string, unknown> | undefined
    const d = defaults.events[kind]
    return {
      email: typeof c?.email === "boolean" ? c.email : d.email,
      in_app: typeof c?.in_app === "boolean" ? c.in_app : d.in_app
    }
  }
  return {
    events: {
      "quote.viewed": channels("quote.viewed"),
      "question.asked": channels("question.asked"),
      "quote.accepted": channels("quote.accepted"),
      "quote.declined": channels("quote.declined"),
      mention: channels("mention")
    },
    delivery: s.delivery === "digest" ? "digest" : "immediate"
  }
}

/**
 * Who hears of an event: for a quote event the author and the watchers, for a mention the members mentioned; never
 * the member who did it (`actor`, null for a customer). Each once, in id order.
 */
export const recipients = (input: {
  readonly kind: Kind
  readonly author: number | null
  readonly watchers: ReadonlyArray<number>
  readonly mentioned: ReadonlyArray<number>
  readonly actor: number | null
}): ReadonlyArray<number> => {
  const ids =
    input.kind === "mention"
      ? input.mentioned
      : input.author === null
        ? input.watchers
        : [input.author, ...input.watchers]
  return [...new Set(ids)].filter((id) => id !== input.actor).sort((a, b) => a - b)
}

/** How an email of a notification goes: not at all, at once, or in the next digest. */
export type EmailMode = "none" | "immediate" | "digest"

/** What one member gets of an event. */
export interface Planned {
  readonly signin_id: number
  readonly in_app: boolean
  readonly email: EmailMode
}

/** What each recipient gets of an event of `kind` by their choices; a member who wants neither is left out. */
export const plan = (
  kind: Kind,
  who: ReadonlyArray<number>,
  preferencesOf: (signinId: number) => Preferences
): ReadonlyArray<Planned> =>
  who.flatMap((signin_id) => {
    const p = preferencesOf(signin_id)
    const c = p.events[kind]
    const email: EmailMode = c.email ? p.delivery : "none"
    return c.in_app || email !== "none" ? [{ signin_id, in_app: c.in_app, email }] : []
  })

/**
 * The key that makes an event's notifications once only: the first view of a quote happens once, a question or
 * a note is its own entry, and an answer is keyed by when it was given (a quote reopened and accepted again is
 * news again).
 */
export const eventKey = (
  kind: Kind,
  ids: { readonly quote_id: number; readonly entry_id?: number | undefined; readonly at?: number | undefined }
): string => {
  switch (kind) {
    case "quote.viewed":
      return `quote.viewed:${ids.quote_id}`
    case "question.asked":
    case "mention":
      return `${kind}:${ids.entry_id ?? 0}`
    case "quote.accepted":
    case "quote.declined":
      return `${kind}:${ids.quote_id}:${ids.at ?? 0}`
  }
}

/** A quote as a notification names it: its number when it has one, and its title. */
export const quoteName = (quote: { readonly quote_no: number | null; readonly title: string }): string => {
  const title = quote.title.trim() === "" ? "Untitled quote" : quote.title.trim()
  return quote.quote_no !== null && quote.quote_no > 0 ? `#${quote.quote_no} ${title}` : title
}

/** Longest excerpt of a question or note in a notification, in characters. */
export const EXCERPT_LENGTH = 200

/** A question or note cut for a notification: spaces squeezed, at most `EXCERPT_LENGTH` characters. */
export const excerpt = (text: string): string => {
  const flat = text.replace(/\s+/g, " ").trim()
  const chars = [...flat]
  return chars.length <= EXCERPT_LENGTH
    ? flat
    : `${chars
        .slice(0, EXCERPT_LENGTH - 1)
        .join("")
        .trimEnd()}…`
}

/** The one line that says what happened, in the list, the toast and the email's subject. */
export const headline = (kind: Kind, actor: string, quote: string): string => {
  const who = actor.trim() === "" ? "Someone" : actor.trim()
  switch (kind) {
    case "quote.viewed":
      return `${who} opened ${quote} for the first time`
    case "question.asked":
      return `${who} asked a question on ${quote}`
    case "quote.accepted":
      return `${who} accepted ${quote}`
    case "quote.declined":
      return `${who} declined ${quote}`
    case "mention":
      return `${who} mentioned you on ${quote}`
  }
}

/** A notification as stored and shown: what happened, on which quote, when (epoch ms), read or not. */
export const Item = Schema.Struct({
  id: Schema.Int,
  kind: Kind,
  quote_id: Schema.Int,
  quote: Schema.String,
  headline: Schema.String,
  excerpt: Schema.String,
  link: Schema.String,
  at: Schema.Int,
  read: Schema.Boolean
})
/** A notification. */
export type Item = typeof Item.Type

/** One quote's part of a digest: its name and link, and what happened, oldest first. */
export interface DigestGroup {
  readonly quote_id: number
  readonly quote: string
  readonly link: string
  readonly items: ReadonlyArray<Item>
}

/**
 * A digest's content: the items grouped by quote, the quote with the latest news first, each group oldest first;
 * every item in exactly one group.
 */
export const digest = (items: ReadonlyArray<Item>): ReadonlyArray<DigestGroup> => {
  const groups = new Map<number, Array<Item>>()
  for (const item of [...items].sort((a, b) => a.at - b.at || a.id - b.id)) {
    const group = groups.get(item.quote_id)
    if (group === undefined) groups.set(item.quote_id, [item])
    else group.push(item)
  }
  return [...groups.values()]
    .map((g) => ({ quote_id: g[0]!.quote_id, quote: g[g.length - 1]!.quote, link: g[0]!.link, items: g }))
    .sort((a, b) => {
      const last = (g: DigestGroup) => g.items[g.items.length - 1]!
      return last(b).at - last(a).at || last(b).id - last(a).id
    })
}

/** The digest email's subject. */
export const digestSubject = (items: number, quotes: number): string =>
  `${items === 1 ? "1 update" : `${items} updates`} on ${quotes === 1 ? "1 quote" : `${quotes} quotes`}`

/**
 * Whether a member's digest is due: from `DIGEST_HOUR` on their local day `localDay` (`YYYY-MM-DD`) when the last
 * one went out on an earlier day (or never), and something waits.
 */
export const digestDue = (input: {
  readonly localDay: string
  readonly localHour: number
  readonly lastDay: string | null
  readonly waiting: number
}): boolean =>
  input.waiting > 0 && input.localHour >= DIGEST_HOUR && (input.lastDay === null || input.lastDay < input.localDay)
