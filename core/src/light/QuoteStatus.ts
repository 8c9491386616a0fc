/**
 * A quote's status: every status, its label and badge colour, and what it means for the quote.
 *
 * The part of `QuoteStatus.ts` that needs no effect runtime, so a bundle that must stay light (the team app's first
 * screen, which shares its modules with the screens that decode) can import it without bringing Schema with it.
 * `QuoteStatus.ts` re-exports all of it: elsewhere import that.
 *
 * @since 0.5.0
 */
import * as Message from "../Message.ts"

/** Every status, in the order a quote usually passes through them (the order status filters list them). */
export const all = ["draft", "sentEditing", "sent", "accepted", "declined", "expired", "withdrawn"] as const

/** A quote status. */
export type QuoteStatus = (typeof all)[number]

/** Whether an unknown value is a quote status; for narrowing route and query parameters. */
export const is = (u: unknown): u is QuoteStatus => all.includes(u as QuoteStatus)

/** The label shown for each status (status badges, filters, window titles). */
export const label = (status: QuoteStatus): string => {
  switch (status) {
    case "draft":
      return Message.draft
    case "sentEditing":
      return Message.editing
    case "sent":
      return Message.sent
    case "accepted":
      return Message.accepted
    case "declined":
      return Message.declined
    case "expired":
      return Message.expired
    case "withdrawn":
      return Message.withdrawn
  }
}

/**
 * The CSS classes a status badge can take. Draft and Editing share one colour because both mean "not with the
 * customer right now"; declined, expired, withdrawn and no status share red because each needs attention.
 */
export const colourClasses = ["status-draft", "status-sent", "status-accepted", "status-red"] as const

/** A status badge's CSS class. */
export type ColourClass = (typeof colourClasses)[number]

/**
 * The badge colour class of a status; `null` (no status, such as a row whose status is unknown) is red.
 *
 * @example
 * QuoteStatus.colourClass("draft") === QuoteStatus.colourClass("sentEditing") // true
 */
export const colourClass = (status: QuoteStatus | null): ColourClass => {
  switch (status) {
    case "draft":
    case "sentEditing":
      return "status-draft"
    case "sent":
      return "status-sent"
    case "accepted":
      return "status-accepted"
    case "declined":
    case "expired":
    case "withdrawn":
    case null:
      return "status-red"
  }
}

/**
 * Whether opening a quote of this status goes to the editor (draft and sentEditing) rather than the sent-quote
 * view. The quote list uses it for row links.
 */
export const opensEditor = (status: QuoteStatus): boolean => status === "draft" || status === "sentEditing"

/**
 * Whether the customer can see the quote in this status. A draft was never sent, a quote being revised is taken
 * offline until it is sent again, and a withdrawn quote is hidden from the customer.
 */
export const visibleToCustomer = (status: QuoteStatus): boolean =>
  status === "sent" || status === "accepted" || status === "declined" || status === "expired"

/** Whether the customer has answered (accepted or declined); answered quotes no longer expire or get follow-ups. */
export const isAnswered = (status: QuoteStatus): boolean => status === "accepted" || status === "declined"

/** Whether quotes of this status count in dashboard stats: a withdrawn quote is taken out of them. */
export const countsInStats = (status: QuoteStatus): boolean => status !== "withdrawn"
