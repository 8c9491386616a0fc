/**
 * Every user-facing message of quotekit, in one catalogue, so the app, the widgets and the server never type
 * a message twice. Plain texts are strings; parameterised ones are functions of their parameters. Labels of
 * buttons, tabs and states are here too, so a text that appears in several places ('Complete' is a tab, a
 * button and a state) is written once.
 *
 * Texts are copied exactly from the product specification, including its punctuation and slips (the question
 * marks on 'Could not find that quote?', "the limit it 60mb", the double space in the unsaved-changes warning).
 * Texts the spec needs but does not word are marked "(our wording)" in their section.
 *
 * Texts say "quote"; `Wording.catalogue(noun)` gives the catalogue in an account's noun (proposal, estimate).
 * Parameterised texts must not branch on the content of their string parameters beyond emptiness, so that
 * `Wording` can reword them without touching user content.
 *
 * Each message is a named export, so a bundle (the embeddable widgets above all) carries only the messages it
 * imports. The messages live by area in `message/` (a light bundle imports its areas from there); this module
 * re-exports every area, and `catalogue` gathers them all by name for code that needs every one (`Wording`,
 * lookups by `Key`). Add a message as an export of its area.
 *
 * @example
 * import * as Message from "@quotekit/core/Message"
 * Message.quoteNotFound                           // "Could not find that quote?"
 * Message.commentEmpty("Question")                // "Your Question is empty?"
 * Message.catalogue.quoteNotFound                 // the same text, looked up in the whole catalogue
 *
 * @since 0.1.0
 */
import * as Acceptance from "./message/Acceptance.ts"
import * as ApiKeys from "./message/ApiKeys.ts"
import * as Buttons from "./message/Buttons.ts"
import * as Certificates from "./message/Certificates.ts"
import * as Common from "./message/Common.ts"
import * as Contacts from "./message/Contacts.ts"
import * as Discussion from "./message/Discussion.ts"
import * as Editor from "./message/Editor.ts"
import * as Emails from "./message/Emails.ts"
import * as History from "./message/History.ts"
import * as InputRules from "./message/InputRules.ts"
import * as Invoicing from "./message/Invoicing.ts"
import * as Labels from "./message/Labels.ts"
import * as Leads from "./message/Leads.ts"
import * as Navigation from "./message/Navigation.ts"
import * as NumberFields from "./message/NumberFields.ts"
import * as Overview from "./message/Overview.ts"
import * as QuoteList from "./message/QuoteList.ts"
import * as Requests from "./message/Requests.ts"
import * as Screens from "./message/Screens.ts"
import * as ServerAnswers from "./message/ServerAnswers.ts"
import * as Signin from "./message/Signin.ts"
import * as StatusActions from "./message/StatusActions.ts"
import * as Statuses from "./message/Statuses.ts"
import * as Templates from "./message/Templates.ts"
import * as Unsaved from "./message/Unsaved.ts"
import * as Uploads from "./message/Uploads.ts"

export * from "./message/Acceptance.ts"
export * from "./message/ApiKeys.ts"
export * from "./message/Buttons.ts"
export * from "./message/Certificates.ts"
// `titled` is a helper of the areas, not a message.
export { type CommentKind, loading, title, total, untitled } from "./message/Common.ts"
export * from "./message/Contacts.ts"
export * from "./message/Discussion.ts"
export * from "./message/Editor.ts"
export * from "./message/Emails.ts"
export * from "./message/History.ts"
export * from "./message/InputRules.ts"
export * from "./message/Invoicing.ts"
export * from "./message/Labels.ts"
export * from "./message/Leads.ts"
export * from "./message/Navigation.ts"
export * from "./message/NumberFields.ts"
export * from "./message/Overview.ts"
export * from "./message/QuoteList.ts"
export * from "./message/Requests.ts"
export * from "./message/Screens.ts"
export * from "./message/ServerAnswers.ts"
export * from "./message/Signin.ts"
export * from "./message/StatusActions.ts"
export * from "./message/Statuses.ts"
export * from "./message/Templates.ts"
export * from "./message/Unsaved.ts"
export * from "./message/Uploads.ts"

const { titled: _titled, ...common } = Common

/**
 * The catalogue: every message by its name, for code that needs all of them (`Wording.catalogue(noun)`, lookups
 * by `Key`). Elsewhere import the messages by name (`Message.signDraw`), so a bundle carries only those it uses.
 */
export const catalogue = {
  ...Acceptance,
  ...ApiKeys,
  ...Buttons,
  ...Certificates,
  ...common,
  ...Contacts,
  ...Discussion,
  ...Editor,
  ...Emails,
  ...History,
  ...InputRules,
  ...Invoicing,
  ...Labels,
  ...Leads,
  ...Navigation,
  ...NumberFields,
  ...Overview,
  ...QuoteList,
  ...Requests,
  ...ServerAnswers,
  ...Screens,
  ...Signin,
  ...StatusActions,
  ...Statuses,
  ...Templates,
  ...Unsaved,
  ...Uploads
} as const

/** The name of a message in the catalogue. */
export type Key = keyof typeof catalogue
