/**
 * The All Activity rows of quotes and templates: the HTML summary naming who did what, and the full text.
 *
 * Texts come from the message catalogue in the account's wording; everything else in the HTML (the person's
 * name, the title) is escaped, so a name such as `<img onerror=...>` shows as text.
 *
 * @example
 * import * as QuoteHistory from "@quotekit/core/QuoteHistory"
 * QuoteHistory.html("quote", { _tag: "markedSent" }, "Ada <Admin>", "Kitchen")
 * // { summary: "<b>Ada &lt;Admin&gt;</b> marked the quote as sent.", full: "... <q>Kitchen</q>" }
 *
 * @since 0.1.0
 */
import * as ArchiveState from "./ArchiveState.ts"
import * as Markup from "./Markup.ts"
import type * as QuoteAction from "./QuoteAction.ts"
import * as Wording from "./Wording.ts"

/** Something that happened to a quote or template. */
export type Event =
  | { readonly _tag: "created" }
  | { readonly _tag: "saved" }
  | { readonly _tag: "replaced"; readonly other: string }
  | { readonly _tag: "markedSent" }
  | { readonly _tag: "revised" }
  | { readonly _tag: "acceptedOnBehalf" }
  | { readonly _tag: "declined" }
  | { readonly _tag: "withdrawn" }
  | { readonly _tag: "expiryReset" }
  | { readonly _tag: "undoAcceptance" }
  | { readonly _tag: "undoDecline" }
  | { readonly _tag: "undoWithdraw" }
  | { readonly _tag: "draftDeleted" }
  | { readonly _tag: "draftRestored" }
  | { readonly _tag: "archiveMoved"; readonly to: ArchiveState.ArchiveState }
  | { readonly _tag: "expired" }
  | { readonly _tag: "templateCreated" }
  | { readonly _tag: "templateSaved" }
  | { readonly _tag: "templateArchived" }
  | { readonly _tag: "templateDeleted" }
  | { readonly _tag: "templateRestored" }
  | { readonly _tag: "templateDefault" }
  | { readonly _tag: "templateNotDefault" }

/** The history event of a status action, after it moved the quote to `archive`. */
export const ofAction = (action: QuoteAction.Action, archive: ArchiveState.ArchiveState): Event => {
  switch (action) {
    case "markSent":
    case "send":
      return { _tag: "markedSent" }
    case "edit":
      return { _tag: "revised" }
    case "acceptOnBehalf":
    case "customerAccept":
      return { _tag: "acceptedOnBehalf" }
    case "decline":
      return { _tag: "declined" }
    case "withdraw":
      return { _tag: "withdrawn" }
    case "resetExpiry":
      return { _tag: "expiryReset" }
    case "undoAcceptance":
      return { _tag: "undoAcceptance" }
    case "undoDecline":
      return { _tag: "undoDecline" }
    case "undoWithdraw":
      return { _tag: "undoWithdraw" }
    case "deleteDraft":
      return { _tag: "draftDeleted" }
    case "restoreToDraft":
      return { _tag: "draftRestored" }
    case "expire":
      return { _tag: "expired" }
    case "complete":
    case "dismiss":
    case "reactivate":
    case "markWaiting":
    case "markActive":
    case "sendFollowUp":
    case "copyToNewQuote":
    case "copyToTemplate":
      return { _tag: "archiveMoved", to: archive }
  }
}

// A stand-in for the person's name while the text is reworded and escaped; private-use characters never occur
// in catalogue texts.
const WHO = "\uE100who\uE101"
const OTHER = "\uE100other\uE101"

// The catalogue in each noun, reworded once (rewording the whole catalogue per row would be wasted work).
const catalogues = new Map<Wording.Noun, ReturnType<typeof Wording.catalogue>>()
const catalogueOf = (noun: Wording.Noun) => {
  let c = catalogues.get(noun)
  if (c === undefined) {
    c = Wording.catalogue(noun)
    catalogues.set(noun, c)
  }
  return c
}

const text = (noun: Wording.Noun, event: Event): string => {
  const m = catalogueOf(noun)
  switch (event._tag) {
    case "created":
      return m.historyCreated(WHO)
    case "saved":
      return m.historySaved(WHO)
    case "replaced":
      return m.historyReplaced(WHO, OTHER)
    case "markedSent":
      return m.historyMarkedSent(WHO)
    case "revised":
      return m.historyRevised(WHO)
    case "acceptedOnBehalf":
      return m.historyAcceptedOnBehalf(WHO)
    case "declined":
      return m.historyDeclined(WHO)
    case "withdrawn":
      return m.historyWithdrawn(WHO)
    case "expiryReset":
      return m.historyExpiryReset(WHO)
    case "undoAcceptance":
      return m.historyUndoAcceptance(WHO)
    case "undoDecline":
      return m.historyUndoDecline(WHO)
    case "undoWithdraw":
      return m.historyUndoWithdraw(WHO)
    case "draftDeleted":
      return m.historyDraftDeleted(WHO)
    case "draftRestored":
      return m.historyDraftRestored(WHO)
    case "archiveMoved":
      return m.historyArchiveMoved(WHO, ArchiveState.label(event.to))
    case "expired":
      return m.historyExpired
    case "templateCreated":
      return m.historyTemplateCreated(WHO)
    case "templateSaved":
      return m.historyTemplateSaved(WHO)
    case "templateArchived":
      return m.historyTemplateArchived(WHO)
    case "templateDeleted":
      return m.historyTemplateDeleted(WHO)
    case "templateRestored":
      return m.historyTemplateRestored(WHO)
    case "templateDefault":
      return m.historyTemplateDefault(WHO)
    case "templateNotDefault":
      return m.historyTemplateNotDefault(WHO)
  }
}

/** The plain text of an event (for the audit log and notifications). */
export const plain = (noun: Wording.Noun, event: Event, who: string): string =>
  text(noun, event)
    .replace(WHO, () => who)
    .replace(OTHER, () => (event._tag === "replaced" ? event.other : ""))

/**
 * The history row's HTML: `summary` names who did what (the name in bold), `full` adds the title. Every piece
 * of user text is escaped.
 */
export const html = (
  noun: Wording.Noun,
  event: Event,
  who: string,
  title: string
): { readonly summary: string; readonly full: string } => {
  const summary = Markup.escapeHtml(text(noun, event))
    .replace(WHO, () => `<b>${Markup.escapeHtml(who)}</b>`)
    .replace(OTHER, () => (event._tag === "replaced" ? `<b>${Markup.escapeHtml(event.other)}</b>` : ""))
  const shownTitle = title.trim() === "" ? catalogueOf(noun).untitled : title
  return { summary, full: `${summary} <q>${Markup.escapeHtml(shownTitle)}</q>` }
}
