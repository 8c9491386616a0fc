/**
 * The messages of one area of the catalogue: quote saving and activity history (our wording). `Message.ts` gathers every area; a bundle that
 * must stay light imports the areas it shows from here.
 *
 * @since 0.5.0
 */
export const quoteStructureInvalid = "A quote keeps at least one price item, a total row last, and a text row after it."
export const itemCodeTooLong = "Item codes can be at most 60 characters within a quote."
export const adjustmentItemLocked = "Items from before this adjustment can only be credited."
export const historyCreated = (who: string) => `${who} created the quote.`
export const historySaved = (who: string) => `${who} saved changes to the quote.`
export const historyReplaced = (who: string, other: string) =>
  `${who} saved over changes made by ${other}; those changes are kept in a version.`
export const historyMarkedSent = (who: string) => `${who} marked the quote as sent.`
export const historyRevised = (who: string) => `${who} started editing the sent quote; the sent version is kept.`
export const historyAcceptedOnBehalf = (who: string) => `${who} accepted the quote on behalf of the customer.`
export const historyDeclined = (who: string) => `${who} marked the quote as declined.`
export const historyWithdrawn = (who: string) => `${who} withdrew the quote.`
export const historyExpiryReset = (who: string) => `${who} reset the expiry of the quote.`
export const historyUndoAcceptance = (who: string) => `${who} undid the acceptance of the quote.`
export const historyUndoDecline = (who: string) => `${who} undid the decline of the quote.`
export const historyUndoWithdraw = (who: string) => `${who} undid the withdrawal of the quote.`
export const historyDraftDeleted = (who: string) => `${who} deleted the draft.`
export const historyDraftRestored = (who: string) => `${who} restored the draft.`
export const historyArchiveMoved = (who: string, state: string) => `${who} moved the quote to ${state}.`
export const historyExpired = "The quote expired."
export const historyTemplateCreated = (who: string) => `${who} created the template.`
export const historyTemplateSaved = (who: string) => `${who} saved changes to the template.`
export const historyTemplateArchived = (who: string) => `${who} archived the template.`
export const historyTemplateDeleted = (who: string) => `${who} deleted the template.`
export const historyTemplateRestored = (who: string) => `${who} restored the template.`
export const historyTemplateDefault = (who: string) => `${who} made the template the default for new quotes.`
export const historyTemplateNotDefault = (who: string) =>
  `${who} stopped the template being the default for new quotes.`
