/**
 * The messages of one area of the catalogue: quote status actions. `Message.ts` gathers every area; a bundle that
 * must stay light imports the areas it shows from here.
 *
 * @since 0.5.0
 */
export const markAsSent = "Mark as Sent"
export const acceptOnBehalf = "Accept on behalf"
export const decline = "Decline"
export const sendFollowUp = "Send Follow-up"
export const resetExpiry = "Reset expiry"
export const undoAcceptance = "Undo Acceptance"
export const undoDeclined = "Undo Declined"
export const undoWithdrawn = "Undo Withdrawn"
export const withdraw = "Withdraw"
export const restoreToDraft = "Restore to Draft"
export const copyToNewQuote = "Copy to New Quote"
export const copyToTemplate = "Copy to Template"
export const completeAndInvoice = "Complete & Invoice"
export const dismiss = "Dismiss"
// (our wording) why an action shows disabled
export const followUpExpired = "Reset the expiry before sending a follow-up."
export const followUpNotEmailed = "Follow-ups can be sent once the quote has been emailed."
export const followUpInProgress = "A follow-up is already in progress."
export const copyNeedsSave = "Save your changes before copying."
export const restoreWindowOver = "Deleted more than 30 days ago, it can no longer be restored."
export const adminOnly = "Only an account admin can do that."
