/**
 * Every user-facing message of quotekit, in one catalogue, so the app, the widgets and the server never type
 * a message twice. Plain texts are strings; parameterised ones are functions of their parameters.
 *
 * Texts are copied exactly from the product specification (including its punctuation, such as the question
 * marks on 'Could not find that quote?').
 *
 * @example
 * import * as Message from "@quotekit/core/Message"
 * Message.catalogue.quoteNotFound                 // "Could not find that quote?"
 * Message.catalogue.commentEmpty("Question")      // "Your Question is empty?"
 *
 * @since 0.1.0
 */

/** The kinds of discussion entry whose emptiness is reported. */
export type CommentKind = "Question" | "Comment" | "Answer" | "Note"

/** The catalogue. Keys are camelCase names of what the message is about. */
export const catalogue = {
  // --- quote editor and list ---
  quoteNotFound: "Could not find that quote?",
  contactsLimit: "You've reached the limit of 10 contacts",
  expiryInPast: "The expiry date is in the past, it must be some time in the future.",
  sentDateInFuture: "This date is in the future",
  chooseFutureTime: "Choose a time in the future.",
  // --- number fields (the spec asks for an error hint without giving its words) ---
  numberUnparseable: "That isn't a number or a calculation",
  numberNonFinite: "Can't divide by zero",
  numberNegative: "Negative numbers aren't allowed here",
  // --- discussion ---
  commentEmpty: (kind: CommentKind) => `Your ${kind} is empty?`,
  // --- adjustments ---
  adjustmentLimitWarning: (remaining: number) =>
    `Adjustment Limit Warning: You have ${remaining} adjustment(s) remaining before reaching the maximum of 20 adjustments.`,
  adjustmentLimitReached: "Maximum Adjustments Reached: You have reached the maximum of 20 adjustments."
} as const

/** The name of a message in the catalogue. */
export type Key = keyof typeof catalogue
