/**
 * The messages of one area of the catalogue: invoicing and adjustments. `Message.ts` gathers every area; a bundle that
 * must stay light imports the areas it shows from here.
 *
 * @since 0.5.0
 */
export const connectAccounting = "Connect to Xero or QuickBooks to create invoices."
export const syncing = "Syncing"
export const showIssue = "Show Issue"
export const hideIssue = "Hide Issue"
export const neverCreated = "Never created"
export const restoreToReady = "Restore to Ready"
export const addOrCreditItems = "Add or Credit Items"
export const adjustmentLimitWarning = (remaining: number) =>
  `Adjustment Limit Warning: You have ${remaining} adjustment(s) remaining before reaching the maximum of 20 adjustments.`
export const adjustmentLimitReached = "Maximum Adjustments Reached: You have reached the maximum of 20 adjustments."
// (our wording) adjustment mode in the editor and 'Add or Credit Items' on the quote page
export const credit = "Credit"
export const uncredit = "Uncredit"
export const addedIn = (letter: string) => `Added in ${letter}`
export const creditedIn = (letter: string) => `Credited in ${letter}`
export const makingAdjustment = (letter: string) =>
  `Adjustment ${letter}: add new items, or credit items from before. Credited items leave the total.`
export const acceptedSettings = "Settings as accepted"
export const adjustFinished = "A complete or dismissed quote can't be adjusted."
export const adjustNoPrice = "A quote with a total of 0 has nothing to adjust."
export const adjustmentPricingLocked = "The quote's pricing stays as accepted: an adjustment adds or credits items."
// (our wording) refusals of the invoicing actions
export const invoiceNotAccepted = "Only an accepted quote can be invoiced."
export const invoiceWrongType = "That kind of invoice can't be made in this group."
export const invoiceAdjustmentAhead = "That adjustment hasn't been made yet."
export const invoiceNotFound = "Could not find that invoice?"
export const invoiceWrongGroup = "That invoice belongs to another group."
export const invoiceLocked = "This invoice has been created, so it can't be changed."
export const invoiceSyncing = "This invoice is being created; try again once it has synced."
export const invoicePercentFixed = "The percent of this invoice can't be changed."
export const invoiceZeroPercent = "An invoice needs a percent above 0."
export const invoiceOverRemaining = (left: number) => `Only ${left}% is left to invoice.`
export const invoiceBelowZero = "That split would take the invoice below 0."
export const invoiceNothingLeft = "There is nothing left to invoice in this group."
export const invoiceNothingToCredit = "There is nothing to credit in this group."
export const invoiceNotReady = "Only a ready invoice can be created."
export const emailKindInvoice = "Invoice email"
export const emailViewInvoice = "View the invoice"
export const downloadPdf = "Download PDF"

// The deposit panel's and card payments' texts are in `CardMessage` (loaded only by the pages that take cards).
export const specialOffer = "50% off the first 3 months"
/** Account settings: where the account's creator came from when signing up (the landing source). */
export const signupSource = "How this account found us"
/** When the sign-up carried no landing source. */
export const signupSourceUnknown = "Not recorded (signed up directly)."
/** Before the special offer on the sign-in and new-account pages. */
export const specialOfferLabel = "Special offer:"
