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
  adjustmentLimitReached: "Maximum Adjustments Reached: You have reached the maximum of 20 adjustments.",
  // --- sign-in, accounts and server answers ---
  unexpectedResponse: "Was not expecting that response from the server?",
  invalidInput: "Some of what was sent does not look right.",
  recordNotFound: "Could not find that?",
  signinAgain: "Your session has ended, please sign in again.",
  chooseAccount: "Choose which account to use.",
  antiForgeryFailed: "This page has expired, please refresh it and try again.",
  signinWrong: "That email and password do not match.",
  tooManyAttempts: (seconds: number) =>
    `Too many attempts, please try again in ${seconds < 120 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`}.`,
  fieldRequired: (label: string) => `${label} is required.`,
  fieldTooLong: (label: string, max: number) => `${label} must be at most ${max} characters.`,
  emailInvalid: "That does not look like an email address.",
  emailTaken: "That email address already has a sign-in, sign in instead?",
  passwordTooShort: (min: number) => `Use at least ${min} characters for the password.`,
  adminOnly: "Only an account admin can do that.",
  notAMember: "You are not a member of that account.",
  alreadyMember: "That person is already a member of this account.",
  resetLinkInvalid: "That password reset link has expired or was already used.",
  invitationInvalid: "That invitation has expired or was already used.",
  // --- uploads and imports ---
  fileTooLarge: (fileName: string, sizeMb: string) =>
    `File "${fileName}" is too large at ${sizeMb}MB (must be < 150MB).`,
  imageTooLarge: "That file is too large, the limit it 60mb.",
  csvTooLarge: "CSV file size is larger than 10MB.",
  // --- small input rules (the card warning's words are not in the spec) ---
  colourTooLight: "That looks quite light, something darker will work better here.",
  colourTooDark: "That looks quite dark, something lighter will work better here.",
  cardPrefixUnknown: "That does not look like a Visa or Mastercard number.",
  // --- scheduled emails and expiry (the expiry-soon words are not in the spec) ---
  emailingIn: (seconds: number) => `Emailing in ${seconds}…`,
  emailStopped: "Not sent, email stopped",
  expirySoon: (when: string) => `This quote expires ${when}.`
} as const

/** The name of a message in the catalogue. */
export type Key = keyof typeof catalogue
