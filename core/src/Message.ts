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
 * imports; `catalogue` gathers them all by name for code that needs every one (`Wording`, lookups by `Key`).
 * Add a message as an export in its section and to `catalogue`.
 *
 * @example
 * import * as Message from "@quotekit/core/Message"
 * Message.quoteNotFound                           // "Could not find that quote?"
 * Message.commentEmpty("Question")                // "Your Question is empty?"
 * Message.catalogue.quoteNotFound                 // the same text, looked up in the whole catalogue
 *
 * @since 0.1.0
 */

/** The kinds of discussion entry whose emptiness is reported. */
export type CommentKind = "Question" | "Comment" | "Answer" | "Note"

/** The title shown for a quote or template without one. */
export const untitled = "Untitled"
const titled = (title: string) => (title.trim() === "" ? untitled : title)

// Each message is its own export, named in camelCase after what it is about.

// --- navigation and pages ---
export const dashboard = "Dashboard"
export const quotes = "Quotes"
export const contacts = "Contacts"
export const templatesAndItems = "Templates & Items"
export const accountSettings = "Account Settings"
export const personalSettings = "Personal Settings"
export const helpAndSupport = "Help & Support"
export const signOut = "Sign Out"
export const reviews = "Reviews"
export const leads = "Leads"
export const notFoundTitle = "Not Found"
export const notFoundBody = "The page you requested was not found."

// --- common buttons and confirmations ---
export const save = "Save"
export const cancel = "Cancel"
export const edit = "Edit"
const delete_ = "Delete"
export const hide = "Hide"
export const view = "View"
export const next = "Next"
export const download = "Download"
export const close = "Close"
export const tryAgain = "Try Again"
export const really = "Really?"
/** (our wording) The editor's Delete of a draft, as a screen reader names it beside the rows' own Delete buttons. */
export const deleteDraftName = "Delete draft"
export const areYouSure = "Are you sure?"
export const okayToSave = "Okay to Save?"
export const okayToSaveFirst = "Okay to Save first?"
export const copied = "Copied!"
/** (our wording) shown when the copy shortcut cannot copy by itself. */
export const pressToCopy = (keys: string) => `Press ${keys} to copy.`
export const justNow = "just now"

// --- loading, requests and server answers ---
export const loadFailed = "There was a problem loading"
export const couldNotLoadResults = "Could not load results."
export const noResults = "No results found."
export const noActivity = "No activity yet."
export const unexpectedResponse = "Was not expecting that response from the server?"
export const tryLater = "Please try again later."
export const pageNotFound = "Page not found"
export const requestError = "There was an error"
export const checkConnection = "Please check you have an internet connection or try again later"
/** 503 while the server cannot reach its database: nothing of the request was kept. */
/** 503 from the readiness check while migrations have not all run. */
export const notReady = "The server is still getting its database ready. Please try again in a moment."
export const databaseUnavailable =
  "The server cannot reach its database just now, so nothing was saved. Please try again in a moment."
export const chunkLoadFailed = "That's odd, could not load the next page. You could try clearing your browser cache."
export const hiccup = "We had a hiccup there, try refreshing the page and try again."
/** Shown where a data field an item needs is missing. */
export const notFoundInData = "not found in data"
/** Logged only, never shown: a form submitted twice. */
export const alreadySubmitted = "Already submitted"
export const notAvailableNow = "Not available right now."
// (our wording) server answers the spec names without words
export const invalidInput = "Some of what was sent does not look right."
/** Text holding a NUL character (`\u0000`), which no field can store. */
export const textHasNul = "Text cannot contain a NUL character."
/** 414: an address longer than the server reads. */
export const addressTooLong = "That address is too long."
/** 400: an address that is not validly encoded. */
export const addressNotValid = "That address is not valid."
/** 415: a body in a format the API does not take. */
export const unsupportedBody = "This request must be sent as JSON (or as a form where the API asks for one)."
/** 405: a method the address does not answer. */
export const methodNotAllowed = "That address does not take this kind of request."
export const recordNotFound = "Could not find that?"

// --- unsaved changes, save conflicts and offline ---
export const unsavedChangesWarning =
  "If you have made any changes without clicking the Save button, your changes will be lost.  Are you sure you want to exit this page?"
export const unsavedChanges = "You have unsaved changes:"
export const leaveWithoutSaving = "Leave without saving"
export const continueEditing = "Continue editing…"
/**
 * The conflict prompt when someone else saved since the form loaded; with `mayVersion` the other person's
 * updates are kept as a version, and the prompt says so.
 */
export const saveConflict = (who: string, when: string, mayVersion: boolean) =>
  mayVersion
    ? `Saving will replace changes made by ${who} ${when}, the updates won't be lost, they'll be preserved in a version under All Activity.`
    : `Saving will replace changes made by ${who} ${when}.`
export const continueToSave = "Continue to Save"
export const notSent = "Not Sent"
export const notAdded = "Not Added"
export const offlineSoon = (time: string) => `We are about to go offline in ${time}. Please save what you are doing.`
export const goingOffline = "Going offline…"
export const offlineNonGenius = "Now offline for non-genius."

// --- quote list ---
export const quoteSearchPlaceholder = "Quote Title, Number or Contact…"
export const allTeamMembers = "All Team Members"
export const unopened = "Unopened"
export const all = "All"
/** (our wording) status filter choices beyond the statuses themselves. */
export const anyStatus = "Any Status"
export const deletedDrafts = "Deleted Drafts"
export const selectMergeWinner = "Select a winner of the merge"
export const cancelMerge = "Cancel Merge"
export const confirmMergeWinner = "Confirm this will be the Winner"
export const confirmMerge = "Confirm Merge"

// --- quote statuses and archive states ---
export const draft = "Draft"
export const editing = "Editing"
export const sent = "Sent"
export const accepted = "Accepted"
export const declined = "Declined"
export const expired = "Expired"
export const withdrawn = "Withdrawn"
export const active = "Active"
export const waiting = "Waiting"
export const complete = "Complete"
export const dismissed = "Dismissed"
export const deleted = "Deleted"
export const archived = "Archived"

// --- quote status actions ---
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

// --- quote editor ---
export const editingTitle = (title: string) => `Editing: ${titled(title)}`
export const draftTitle = (title: string) => `Draft: ${titled(title)}`
export const templateTitle = (title: string) => `Template: ${titled(title)}`
export const newTemplateBanner = "This is a new Template."
export const copyOfQuoteBanner = "This is a copy of the Quote."
export const copyOfTemplateBanner = "This is a copy of the Template."
export const linkedItemsMatched = (n: number) =>
  n === 1 ? "1 Linked Item was matched." : `${n} Linked Items were matched.`
export const exampleBanner = "Here’s a draft quote based on the example."
/** The sample-quote picker's heading and its link from the quote list. */
export const exampleQuotes = "Start from an example"
/** Under the picker's heading. */
export const exampleQuotesIntro =
  "Each example becomes a draft quote you can change: its items, prices and terms are yours to edit before sending."
/** The picker's button on each example. */
export const useThisExample = "Use this example"
/** After a monthly price. */
export const perMonth = "per month"
/** An example's monthly total. */
export const monthlyTotal = (amount: string) => `then ${amount} per month`
export const from = "From"
export const createContact = "Create Contact"
export const copyAndEditAsNew = "Copy and Edit as New"
export const revertToLinkedItem = "Revert to Linked Item"
export const undoChanges = "Undo Changes?"
export const quoteNotFound = "Could not find that quote?"
export const contactsLimit = "You've reached the limit of 10 contacts"
export const expiryInPast = "The expiry date is in the past, it must be some time in the future."
export const sentDateInFuture = "This date is in the future"
export const chooseFutureTime = "Choose a time in the future."
export const featuredNeeded = (n: number) => `You need ${n} more Featured`
export const viewingAsYou = "Viewing as You"
export const viewingAsCustomer = "Viewing as Customer"
export const preview = "Preview"
export const previewNotice = "This is just a preview"

// --- number fields (the spec asks for an error hint without giving its words) ---
export const numberUnparseable = "That isn't a number or a calculation"
export const numberNonFinite = "Can't divide by zero"
export const numberNegative = "Negative numbers aren't allowed here"

// --- sending and scheduled emails (the expiry-soon words are not in the spec) ---
export const sendToday1pm = "Today 1 PM"
export const sendTomorrow8am = "Tomorrow 8 AM"
export const sendMonday8am = "Monday 8 AM"
export const emailingIn = (seconds: number) => `Emailing in ${seconds}…`
export const stopEmail = "Stop Email"
export const emailStopped = "Not sent, email stopped"
export const expirySoon = (when: string) => `This quote expires ${when}.`
// (our wording) emailing a quote: the composer, the overview's scheduled emails and their history rows
export const scheduledEmails = "Scheduled emails"
export const sendByEmail = "Send by Email"
export const emailRecipients = "Send to"
export const sendNow = "Send now"
export const emailNoAddress = "no email address"
export const emailNoRecipients = "Choose at least one contact with an email address."
export const emailSubjectNeeded = "Enter a subject for the email."
export const emailSubjectDefault = (title: string) => `Quote: ${titled(title)}`
export const emailFollowUpSubjectDefault = (title: string) => `Following up on our quote: ${titled(title)}`
export const emailMessageDefault = "Please find our quote at the link below. Any questions, just ask on the quote page."
export const emailFollowUpMessageDefault =
  "Just following up on the quote we sent you. It is at the link below; any questions, just ask on the quote page."
export const emailOpenQuote = "View the quote"
export const emailKindQuote = "Quote email"
export const emailKindAccepted = "Acceptance email"
export const emailKindFollowUp1 = "Follow-up 1"
export const emailKindFollowUp2 = "Follow-up 2"
export const emailKindReview = "Review request"
export const emailKindOther = "Other email"
export const emailScheduledAt = (when: string) => `Emailing ${when}`
export const emailSentAt = (when: string) => `Sent ${when}`
export const emailFailed = "Could not be delivered."
export const emailTooLate = "That email is already on its way; it can no longer be stopped."
export const emailNotFound = "Could not find that email?"
export const noEmailsYet = "No emails yet. Send the quote by email and it shows here."
export const historyEmailed = (who: string, to: string) => `${who} emailed the quote to ${to}.`
export const historyFollowUpEmailed = (who: string, to: string) => `${who} sent a follow-up email to ${to}.`
export const historyEmailStoppedBy = (who: string, subject: string) => `${who} stopped the email ${subject}.`
export const historyEmailFailed = (to: string) => `The email to ${to} could not be delivered.`

// --- quote overview ---
export const overview = "Overview"
export const allActivity = "All Activity"
export const settings = "Settings"
export const settingsApplied = "Settings applied"
export const versions = "Versions"
// (our wording) per-quote settings: the Settings tab and the 'Settings applied' lines
export const settingTerms = "Terms box to tick before accepting"
export const settingQuantities = "Customer can edit quantities"
export const settingOn = "On"
export const settingOff = "Off"
export const settingAccountDefault = (value: string) => `Account default (${value})`
export const settingChange = (label: string, value: string) => `${label}: ${value}`
export const settingTermsRequired = "Customer must tick the terms box to accept"
export const settingTermsNotRequired = "No terms box to tick before accepting"
export const settingQuantitiesLocked = "Customer can't edit quantities"
export const settingQuantitiesOpen = "Customer can edit quantities where items allow it"
export const settingCurrency = (code: string) => `Currency ${code}`
export const settingsAsDefaults = "As the account's defaults"
export const settingsSaved = "Settings saved."
export const settingsLocked = (status: string) => `This quote is ${status}: its settings can no longer be changed.`
export const historySettingsChanged = (who: string, changes: string) => `${who} changed the settings: ${changes}.`

// --- customer acceptance ---
export const signToAccept = "Sign to accept"
export const checkBoxToAccept = "Check the box to accept"
export const signDraw = "Draw"
export const signType = "Type"
export const signTouchDevice = "Sign from a touch device"
// (our wording) the signature pad and the customer quote view
export const signMethods = "How to sign"
export const signArea = "Signature area, draw your signature with a finger, pen or mouse"
export const signAreaSigned = "Signature area, signed"
export const signClear = "Clear"
export const signUndo = "Undo"
export const signTypeName = "Type your full name"
export const signScanQr = "Scan this code with your phone or tablet, then sign there."
export const signQrAlt = "QR code to sign from a touch device"
// (our wording) the phone signing page (`/sign/{room parts}`) that the QR code opens
export const signLinkNotValid = "This signing link is not valid."
export const signOnDeviceHint = "Draw your signature below, then tap Done."
export const signDone = "Done"
export const signDrawFirst = "Draw your signature first."
export const signSentToOtherScreen = "Sent. Finish accepting on the other screen."
// (our wording) the customer page hearing that its quote changed while open
export const quoteUpdatedSinceOpened = "This quote has been updated since you opened it."
export const reloadPage = "Reload"
export const itemQuantity = (title: string) => (title.trim() === "" ? "Quantity" : `Quantity of ${title}`)
export const subtotal = "Subtotal"
export const total = "Total"
export const discountPercent = (percent: string) => `Discount ${percent}%`
export const taxAdded = (taxWord: string, rate: string) => `${taxWord} ${rate}%`
export const taxIncluded = (taxWord: string, rate: string) => `Includes ${taxWord} ${rate}%`
export const taxNotIncluded = (taxWord: string, rate: string) => `${taxWord} ${rate}% (not included)`
export const depositPercent = (percent: string) => `Deposit ${percent}%`
export const optionalItem = "Optional"
export const quoteAcceptedNotice = "This quote has been accepted."
export const quoteDeclinedNotice = "This quote has been declined."
export const quoteExpiredNotice = "This quote has expired."
export const quoteWithdrawnNotice = "This quote has been withdrawn."
// (our wording) the customer quote page
export const acceptQuote = "Accept"
export const declineReason = "Reason (optional)"
export const agreeToTerms = "I agree to the terms of this quote"
export const signerFullName = "Your full name"
export const acceptedBy = (name: string, when: string) => `Accepted by ${name} on ${when}.`
// (our wording) the team's view of a customer's answer on the quote overview
export const acceptanceTitle = "Acceptance"
export const signedBy = "Signed by"
export const signatureLabel = "Signature"
export const onBehalfBy = (who: string) => `Accepted on the customer's behalf by ${who}`
export const termsConfirmed = "Terms confirmed"
export const fromAddress = "From address"
export const browserUsed = "Browser"
export const customerChoices = "Options and quantities chosen"
export const choiceChosen = "chosen"
export const choiceNotChosen = "not chosen"
export const declineTitle = "Declined by the customer"
export const declinedBecause = "Reason"
export const noReasonGiven = "No reason given."
export const signatureOf = (name: string) => `Signature of ${name}`
// (our wording) a new contact with the email of one the account has
export const duplicateContact = (name: string) =>
  `${name} already has this email. Open that contact (you can merge from there), or create this one anyway.`
export const openExistingContact = (name: string) => `Open ${name}`
export const createAnyway = "Create anyway"
// (our wording) a multiple-choice option with no other option of its group next to it
export const multipleChoiceAlone =
  "A multiple choice needs another option next to it; add one, or make this item optional or always included."
export const quoteLinkNotFound = "This link does not open a quote. Please ask the sender for a new link."
export const commentNotYours = "You can edit only your own answers and comments."
export const historyCustomerAccepted = (who: string) => `${who} accepted the quote.`
export const historyCustomerDeclined = (who: string) => `${who} declined the quote.`

// --- discussion ---
export const questionsAndAnswers = "Questions & Answers"
export const commentEmpty = (kind: CommentKind) => `Your ${kind} is empty?`
export const commentsAfterSent = "You can add comments once the quote has been sent."
export const commentsClosedWithdrawn = "Questions and answers are closed for Withdrawn quotes."

// --- leads ---
export const open = "Open"
export const converted = "Converted"

// --- contacts ---
export const viewQuotes = "View Quotes"
export const noPeople = "No people here"
export const peopleCount = (n: number) => (n === 1 ? "1 person" : `${n} people`)
/** The contact's link into the accounting add-on that holds it ('View in Xero'). */
export const viewInAddOn = (addOn: string) => `View in ${addOn}`
export const addPerson = "Add person"
export const people = "People"
export const companies = "Companies"
export const map = "Map"

// --- templates and reusable items ---
export const defaultForNewQuotes = "Default for New Quotes"
export const copyToNewTemplate = "Copy to New Template"
export const restoreTemplate = "Restore Template"
export const updateTemplates = (n: number) => (n === 1 ? "Update 1 Template" : `Update ${n} Templates`)
export const changesApplyToTemplates = (n: number) => `Changes will be applied to ${n} Template(s)`
export const seeWhereUsed = "See where used…"
/** 'Are you sure?' before deleting an item, naming the templates it will be removed from. */
export const itemDeleteConfirm = (templateTitles: ReadonlyArray<string>) =>
  templateTitles.length === 0
    ? "Are you sure?"
    : `Are you sure? It will be removed from ${templateTitles.length === 1 ? "1 Template" : `${templateTitles.length} Templates`}: ${templateTitles.map(titled).join(", ")}.`
// (our wording)
export const restore = "Restore"
export const merge = "Merge"
export const sharedContentLocked = "This is shared from another account, so it can't be changed here."
export const saveItemFirst = "Save the item first."

// --- invoicing and adjustments ---
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

// --- uploads and imports ---
export const uploadFailed = "Could not upload file."
export const notAnImage = "File does not look like an image."
export const fileTooLarge = (fileName: string, sizeMb: string) =>
  `File "${fileName}" is too large at ${sizeMb}MB (must be < 150MB).`
export const imageTooLarge = "That file is too large, the limit it 60mb."
export const uploadRejected = "Could not upload file, files must be no larger than 60mb?"
export const uploadCancelled = "Cancelled upload."
export const uploadFailedUnknown = "Could not upload file for some reason."
export const uploadFailedTryLater = "Could not upload file at this time. Perhaps try again later."
export const csvTooLarge = "CSV file size is larger than 10MB."
export const changePhoto = "Change Photo"
export const uploadPhoto = "Upload a Photo"
// (our wording) uploads and CSV imports
export const uploadEmpty = "That file is empty."
export const csvNotText = "That file does not look like a CSV file."
export const csvUnreadable = "Could not read that CSV file, please save it as CSV (UTF-8) and try again."
export const importNoRows = "There are no rows to import in that file."
export const importTooManyRows = (max: number) => `A file can have at most ${max} rows; please split it.`
export const importColumnTwice = (label: string) => `Two columns are set to ${label}; choose one.`
export const importNeedsColumn = (label: string) => `Choose the column that holds ${label}.`
export const importRowNoName = "No name, company or email."
export const importRowNotNumber = (label: string) => `${label} is not a number.`
export const importRowOutOfRange = (label: string) => `${label} is out of range.`
export const importRowTooLong = (label: string) => `${label} is too long.`
export const importRowUnknown = (label: string, value: string) => `${label} "${value}" is not known.`
// (our wording) contacts, items, categories and taxes, leads and settings
export const mergeSameRecord = "Choose two different records to merge."
export const mergeContactTypes = "A person can only be merged with a person, and a company with a company."
export const mergeItemTypes = "A price item can only be merged with a price item, and a text item with a text item."
export const mergedAlready = "That was already merged into another record."
export const taxRateInUse =
  "This rate is used on sent quotes, so it can't change: archive it and add a new rate instead."
export const assigneeNotMember = "That person is not a member of this account."
export const leadFileTooLarge = "That file is too large, the limit is 10MB."
export const currentPasswordWrong = "The current password is not right."
export const currentPasswordNeeded = "Enter your current password to change your email address."
export const timeZoneUnknown = "Choose a time zone from the list."
export const stateNotInCountry = "Choose a state of the chosen country."
export const notAvailableChoice = (label: string) => `That ${label} is not available.`
export const leadThanksTitle = "Thank you"
export const leadThanks = "Your enquiry has been sent. We will be in touch soon."
export const leadNotSentTitle = "Your enquiry was not sent"
export const leadGoBack = "Please go back, check the form and send it again."
export const leadFormUnknown = "This form is not taking enquiries at the moment."

// --- small input rules (the card warning's words are not in the spec) ---
export const colourTooLight = "That looks quite light, something darker will work better here."
export const colourTooDark = "That looks quite dark, something lighter will work better here."
export const cardPrefixUnknown = "That does not look like a Visa or Mastercard number."

// --- sign-in and accounts (our wording; the spec names these cases without words) ---
export const signinAgain = "Your session has ended, please sign in again."
/** A request without any session (a first visit): nothing ended, so nothing to apologise for. */
export const signinNeeded = "Please sign in to continue."
export const chooseAccount = "Choose which account to use."
export const antiForgeryFailed = "This page has expired, please refresh it and try again."
export const signinWrong = "That email and password do not match."
export const tooManyAttempts = (seconds: number) =>
  `Too many attempts, please try again in ${seconds < 120 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`}.`
export const fieldRequired = (label: string) => `${label} is required.`
export const fieldTooLong = (label: string, max: number) => `${label} must be at most ${max} characters.`
export const emailInvalid = "That does not look like an email address."
export const emailTaken = "That email address already has a sign-in, sign in instead?"
export const passwordTooShort = (min: number) => `Use at least ${min} characters for the password.`
export const notAMember = "You are not a member of that account."
export const alreadyMember = "That person is already a member of this account."
export const resetLinkInvalid = "That password reset link has expired or was already used."
export const invitationInvalid = "That invitation has expired or was already used."

// --- quote saving and activity history (our wording) ---
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

// --- team app labels (our wording) ---
export const productName = "quotekit"
/** The document title of a page: its own title with the product name appended. */
export const pageTitle = (title: string) => `${title} · quotekit`
export const menu = "Menu"
export const mainNavigation = "Main navigation"
export const switchAccount = "Switch account"
export const loading = "Loading…"
export const back = "Back"
export const signIn = "Sign In"
export const createAccount = "Create Account"
export const forgotPassword = "Forgot password?"
export const sendResetLink = "Send Reset Link"
export const resetLinkSent = "If that email has a sign-in, a link to reset the password is on its way."
export const backToSignIn = "Back to Sign In"
export const newToProduct = "New here?"
export const businessName = "Business name"
export const yourName = "Your name"
export const email = "Email"
export const password = "Password"
export const newQuote = "New Quote"
// quote editor
export const title = "Title"
export const quoteDetails = "Details"
export const sentDate = "Sent date"
export const sentDateAutomatic = "Updates automatically until sent"
export const expiryDate = "Expiry date"
export const noExpiry = "No expiry"
export const chooseDate = "Choose a date"
export const clearDate = "Clear date"
export const currency = "Currency"
export const amountsEntered = "Amounts are"
export const taxExclusive = (taxWord: string) => `Exclusive of ${taxWord}`
export const taxExclusiveTotalsWithout = (taxWord: string) => `Exclusive of ${taxWord}, totals without ${taxWord}`
export const taxInclusive = (taxWord: string) => `Inclusive of ${taxWord}`
export const taxNone = (taxWord: string) => `No ${taxWord}`
export const discount = "Discount"
export const deposit = "Deposit"
export const items = "Items"
export const addPriceItem = "Add price item"
export const addTextItem = "Add text"
export const addSubtotal = "Add subtotal"
export const moveUp = "Move up"
export const moveDown = "Move down"
export const itemCode = "Code"
export const itemTitle = "Item"
export const itemBody = "Description"
export const textBody = "Text"
export const unitPrice = "Unit price"
export const quantity = "Quantity"
export const lineTotal = "Amount"
export const itemTax = "Tax rate"
export const noTaxRate = "None"
export const choiceAlways = "Always included"
export const choiceMultiple = "Multiple choice"
export const choiceDefaultOn = "Selected by default"
export const customerEditsQuantity = "Customer can edit quantity"
export const subscription = "Subscription"
export const repeatsEvery = "Every"
export const termUnit = "Unit"
export const payments = "Payments (0 until cancelled)"
export const upFront = "Up front"
export const depositDue = "Deposit due"
export const saveNext = "Save & Next"
export const saveBack = "Save & Close"
/** The template editor's save that then shows the saved template (spec: the preview-template after-save action). */
export const savePreview = "Save & Preview"
export const saving = "Saving…"
export const rowActions = (n: number) => `Row ${n} actions`
// --- contacts, templates and items, leads, settings, discussion and history screens (our wording) ---
export const contactSearchPlaceholder = "Name, company or email…"
export const newPerson = "New Person"
export const newCompany = "New Company"
export const noContacts = "No contacts yet. Add a New Person or a New Company to get started."
export const noContactsMatch = "No contacts match that search. Try fewer words, or add a new contact."
export const loadMore = "Load more"
export const shownOf = (shown: number, total: number) => `Showing ${shown} of ${total}`
export const current = "Current"
export const firstName = "First name"
export const lastName = "Last name"
export const companyName = "Company name"
export const company = "Company"
export const newCompanyNamed = (name: string) => `New company “${name}”`
export const phonesAndWebsites = "Phones and websites"
export const addPhone = "Add phone or website"
export const addresses = "Addresses"
export const addAddress = "Add address"
export const remove = "Remove"
export const findAddress = "Find an address"
export const findAddressHint = "Start typing an address, then pick a match to fill in the fields."
export const streetAddress = "Street address"
export const city = "City"
export const state = "State"
export const postcode = "Postcode"
export const country = "Country"
export const archive = "Archive"
export const unarchive = "Unarchive"
export const history = "History"
export const mergedInto = (name: string) => `Merged into ${name}`
export const mergeMoved = (quoteCount: number, peopleCount: number) =>
  `Merged: ${quoteCount} quote(s) and ${peopleCount} person/people moved to the winner.`
export const editContact = (name: string) => `Edit ${name}`
export const contactNameNeeded = "Enter a name, a company or an email."
export const templates = "Templates"
export const priceItems = "Price Items"
export const textItems = "Text Items"
export const categories = "Categories"
export const taxRates = "Tax Rates"
export const newTemplate = "New Template"
export const newPriceItem = "New Price Item"
export const newTextItem = "New Text Item"
export const noTemplates = "No templates here. Create a New Template, or copy a quote to a template."
export const noItems = "No items here. Create one with New Price Item or New Text Item, or import a CSV file."
export const itemSearchPlaceholder = "Title or code…"
export const templateSearchPlaceholder = "Template title…"
export const itemCost = "Cost"
export const itemMargin = "Margin %"
export const category = "Category"
export const usedIn = (n: number) => (n === 1 ? "Used in 1 template" : `Used in ${n} templates`)
export const templatesUsing = "Templates using this item"
export const mergeInto = "Merge into…"
export const savedTemplates = (n: number) => (n === 1 ? "Saved. 1 template updated." : `Saved. ${n} templates updated.`)
export const saved = "Saved."
export const addCategory = "Add category"
export const addTaxRate = "Add tax rate"
export const name = "Name"
export const ratePercent = "Rate %"
export const defaultTax = "Default tax rate"
export const noCategories = "No categories yet. Add one to group your items."
export const noTaxRates = "No tax rates yet. Add one to charge tax on items."
export const noLeads = "No leads here. Turn on the lead form in Account Settings and put it on your website."
export const subject = "Subject"
export const leadMessage = "Message"
export const notes = "Notes"
export const assignee = "Assigned to"
export const unassigned = "Unassigned"
export const potentialValue = "Potential value"
export const convertToQuote = "Convert to Quote"
export const reopen = "Reopen"
export const received = "Received"
export const chooseLead = "Choose a lead to see its message."
export const taxWord = "Word for tax"
export const showCurrencyCode = "Show the currency code"
export const showCurrencySymbol = "Show the currency symbol"
export const privatePricingLabel = "Show customers"
export const showItemCodes = "Item codes"
export const showUnitQuantity = "Unit prices and quantities"
export const showPriceTotals = "Item totals"
export const defaultTemplate = "Template for new quotes"
export const noTemplate = "No template"
export const costAlways = "Always show the cost column"
export const defaultMargin = "Default margin %"
export const defaultCategory = "Default category"
export const productNoun = "Call your documents"
export const dateFormat = "Date format"
export const leadsEnabled = "Receive leads from a form on your website"
export const leadFormAddress = "Lead form address"
export const newLeadFormKey = "New form address"
export const quoteDefaults = "Defaults for new quotes"
export const phone = "Phone"
export const jobTitle = "Job title"
export const timeZone = "Time zone"
export const currentPassword = "Current password"
export const newPassword = "New password"
export const changePassword = "Change Password"
export const passwordChanged = "Password changed."
export const removePhoto = "Remove Photo"
export const teamMembers = "Team members"
export const admin = "Admin"
export const inviteMember = "Invite"
export const invitationSent = (email: string) => `Invitation sent to ${email}.`
export const inviteAsAdmin = "Admin (manages settings, templates and items)"
export const importCsv = "Import from CSV"
export const importWhat = "Import"
export const chooseCsv = "Choose a CSV file"
export const firstRowHeaders = "The first row holds column names"
export const column = "Column"
export const skipColumn = "Don't import"
export const importRows = (n: number) => (n === 1 ? "Import 1 row" : `Import ${n} rows`)
export const importedRows = (n: number) => (n === 1 ? "1 row imported." : `${n} rows imported.`)
export const rejectedRows = "Rows that will not be imported"
export const rowNumber = (n: number) => `Row ${n}`
export const importHint =
  "Choose a CSV file of contacts, price items or text items; you will see a preview before anything is imported."
export const uploading = "Uploading…"
export const privateNotes = "Private notes"
export const askQuestion = "Ask a question"
export const answer = "Answer"
export const addNote = "Add a note"
export const addComment = "Add a comment"
export const send = "Send"
export const noQuestions = "No questions yet. Customers can ask from the quote page."
export const noNotes = "No notes yet. Notes are only seen by your team."
export const attachFile = "Attach a file"
export const dropFiles = "Drop files to attach"
export const mentionSuggestions = "People to mention"
export const edited = "edited"
export const recentActivity = "Recent activity"
export const openVersion = "Open this version"

// (our wording) the quote list, dashboard, quote page and versions
export const statusFilter = "Status"
export const teamFilter = "Team member"
export const previousPage = "Previous"
export const showTotal = "Show total"
export const quotesTotal = (n: number) => (n === 1 ? "1 quote" : `${n} quotes`)
export const pageOf = (page: number) => `Page ${page}`
export const noQuotesYet = "No quotes yet. Create a New Quote, or start from a template, to get started."
export const noQuotesMatch = "No quotes match. Try fewer words, another status, tab or team member."
export const quoteNumber = "Number"
export const quoteContact = "Contact"
export const lastView = "Last viewed"
export const author = "Author"
export const waitingOnCustomer = "Waiting on the customer"
export const acceptedThisMonth = "Accepted this month"
export const openValue = "Open value"
export const followUpsDue = "Follow-ups due"
export const newQuestions = "New questions"
export const nothingWaiting = "Nothing waiting. Sent quotes the customer has not answered show here."
export const nothingAccepted = "Nothing accepted this month yet."
export const seeAll = "See all"
export const opens = "Opens"
export const edits = "Edits"
export const followUps = "Follow-ups"
export const versionOf = (when: string) => `Version of ${when}`
export const noVersions = "No versions yet. A version is kept each time a sent quote is edited."
export const readOnlyVersion = "This is an earlier version, shown read-only."
export const addFromItems = "Add from Items"
export const quoteActions = "Quote actions"
export const itemMarginColumn = "Margin"
// (our wording) the Reviews page and the account menu's review count
export const reviewStars = (stars: number) => (stars === 1 ? "1 out of 5 stars" : `${stars} out of 5 stars`)
export const anonymousReviewer = "A customer"
export const featured = "Featured"
export const unseenReviews = "new"
export const noReviews = "No reviews here. Reviews your customers leave show here."
export const reviewNotFound = "Could not find that review?"
export const reviewedQuote = "Reviewed quote"
export const historyReviewFeatured = (reviewer: string) => `Featured the review by ${reviewer}.`
export const historyReviewUnfeatured = (reviewer: string) => `Stopped featuring the review by ${reviewer}.`
export const historyReviewArchived = (reviewer: string) => `Archived the review by ${reviewer}.`
export const historyReviewRestored = (reviewer: string) => `Restored the review by ${reviewer}.`
// (our wording) the email composer's custom send time (its past-time error is the spec's chooseFutureTime)
export const sendCustom = "Custom date and time"
export const sendDate = "Date"
export const sendTime = "Time"
export const sendDateNone = "Pick a date"
export const sendDateNeeded = "Pick the date the email goes."
export const chooseTimeWithinDays = (days: number) => `Choose a time within the next ${days} days.`
export const sendTimeSkipped = (time: string) => `The clocks go forward then, so it goes at ${time}.`
// --- API keys (our wording) ---
export const apiKeys = "API keys"
export const apiKeysHint =
  "A key lets a program call the quotekit API for this account, acting as the admin who created it. Read keys can only look; write keys can change things too."
export const apiKeyName = "Key name"
export const apiKeyScope = "Access"
export const apiKeyScopeRead = "Read only"
export const apiKeyScopeWrite = "Read and write"
export const createApiKey = "Create key"
export const revokeApiKey = "Revoke"
export const revokeApiKeyConfirm = (name: string) =>
  `Revoke the key “${name}”? Programs using it stop working at once. This cannot be undone.`
export const apiKeyRevoked = "Revoked"
export const apiKeyNeverUsed = "Never used"
export const apiKeyLastUsed = "Last used"
export const apiKeyCreatedBy = (who: string) => `Created by ${who}`
export const apiKeyShownOnce = "Copy this key now. It will not be shown again."
export const copyApiKey = "Copy key"
export const newApiKey = (name: string) => `Your new key “${name}”`
export const noApiKeys = "No API keys yet. Create one to let a program use the API."
export const apiKeyNameNeeded = "Give the key a name, so you know later what uses it."
export const apiKeyNotFound = "Could not find that API key?"
export const apiKeyInvalid = "This API key is not valid: it is unknown or has been revoked."
export const apiKeyReadOnly = "This API key can only read: it may call GET endpoints. Use a key with write access."
export const apiKeyNeedsSession =
  "API keys cannot do that: it needs a person signed in (managing keys, passwords and accounts)."
/** How a key is named in activity history: the key's name and the admin it acts for. */
export const apiKeyActor = (who: string, key: string) => `${who} (API key “${key}”)`
export { delete_ as delete }

// --- acceptance certificates (our wording) ---
export const acceptedEmailSubject = (title: string) => `Your accepted quote: ${title}`
export const acceptedEmailBody = (title: string, business: string) =>
  `Thank you for accepting ${title}.\n\nYour copy from ${business}, with its acceptance certificate, is attached. Keep it: anyone can check it against the record.`

/**
 * The catalogue: every message by its name, for code that needs all of them (`Wording.catalogue(noun)`, lookups
 * by `Key`). Elsewhere import the messages by name (`Message.signDraw`), so a bundle carries only those it uses.
 */
export const catalogue = {
  dashboard,
  quotes,
  contacts,
  templatesAndItems,
  accountSettings,
  personalSettings,
  helpAndSupport,
  signOut,
  reviews,
  leads,
  notFoundTitle,
  notFoundBody,
  save,
  cancel,
  edit,
  delete: delete_,
  hide,
  view,
  next,
  download,
  close,
  tryAgain,
  really,
  deleteDraftName,
  areYouSure,
  okayToSave,
  okayToSaveFirst,
  copied,
  pressToCopy,
  justNow,
  loadFailed,
  couldNotLoadResults,
  noResults,
  noActivity,
  unexpectedResponse,
  tryLater,
  pageNotFound,
  textHasNul,
  addressTooLong,
  addressNotValid,
  unsupportedBody,
  methodNotAllowed,
  requestError,
  checkConnection,
  databaseUnavailable,
  notReady,
  chunkLoadFailed,
  hiccup,
  notFoundInData,
  alreadySubmitted,
  notAvailableNow,
  invalidInput,
  recordNotFound,
  unsavedChangesWarning,
  unsavedChanges,
  leaveWithoutSaving,
  continueEditing,
  saveConflict,
  continueToSave,
  notSent,
  notAdded,
  offlineSoon,
  goingOffline,
  offlineNonGenius,
  quoteSearchPlaceholder,
  allTeamMembers,
  unopened,
  all,
  anyStatus,
  deletedDrafts,
  selectMergeWinner,
  cancelMerge,
  confirmMergeWinner,
  confirmMerge,
  draft,
  editing,
  sent,
  accepted,
  declined,
  expired,
  withdrawn,
  active,
  waiting,
  complete,
  dismissed,
  deleted,
  archived,
  markAsSent,
  acceptOnBehalf,
  decline,
  sendFollowUp,
  resetExpiry,
  undoAcceptance,
  undoDeclined,
  undoWithdrawn,
  withdraw,
  restoreToDraft,
  copyToNewQuote,
  copyToTemplate,
  completeAndInvoice,
  dismiss,
  followUpExpired,
  followUpNotEmailed,
  followUpInProgress,
  copyNeedsSave,
  restoreWindowOver,
  adminOnly,
  editingTitle,
  draftTitle,
  templateTitle,
  untitled,
  newTemplateBanner,
  copyOfQuoteBanner,
  copyOfTemplateBanner,
  linkedItemsMatched,
  exampleBanner,
  exampleQuotes,
  exampleQuotesIntro,
  useThisExample,
  monthlyTotal,
  perMonth,
  from,
  createContact,
  copyAndEditAsNew,
  revertToLinkedItem,
  undoChanges,
  quoteNotFound,
  contactsLimit,
  expiryInPast,
  sentDateInFuture,
  chooseFutureTime,
  featuredNeeded,
  viewingAsYou,
  viewingAsCustomer,
  preview,
  previewNotice,
  numberUnparseable,
  numberNonFinite,
  numberNegative,
  sendToday1pm,
  sendTomorrow8am,
  sendMonday8am,
  emailingIn,
  stopEmail,
  emailStopped,
  expirySoon,
  scheduledEmails,
  sendByEmail,
  emailRecipients,
  sendNow,
  emailNoAddress,
  emailNoRecipients,
  emailSubjectNeeded,
  emailSubjectDefault,
  emailFollowUpSubjectDefault,
  emailMessageDefault,
  emailFollowUpMessageDefault,
  emailOpenQuote,
  emailKindQuote,
  emailKindAccepted,
  emailKindFollowUp1,
  emailKindFollowUp2,
  emailKindReview,
  emailKindOther,
  emailScheduledAt,
  emailSentAt,
  emailFailed,
  emailTooLate,
  emailNotFound,
  noEmailsYet,
  historyEmailed,
  historyFollowUpEmailed,
  historyEmailStoppedBy,
  historyEmailFailed,
  overview,
  allActivity,
  settings,
  settingsApplied,
  versions,
  settingTerms,
  settingQuantities,
  settingOn,
  settingOff,
  settingAccountDefault,
  settingChange,
  settingTermsRequired,
  settingTermsNotRequired,
  settingQuantitiesLocked,
  settingQuantitiesOpen,
  settingCurrency,
  settingsAsDefaults,
  settingsSaved,
  settingsLocked,
  historySettingsChanged,
  signToAccept,
  checkBoxToAccept,
  signDraw,
  signType,
  signTouchDevice,
  signMethods,
  signArea,
  signAreaSigned,
  signClear,
  signUndo,
  signTypeName,
  signScanQr,
  signQrAlt,
  signLinkNotValid,
  signOnDeviceHint,
  signDone,
  signDrawFirst,
  signSentToOtherScreen,
  quoteUpdatedSinceOpened,
  reloadPage,
  itemQuantity,
  subtotal,
  total,
  discountPercent,
  taxAdded,
  taxIncluded,
  taxNotIncluded,
  depositPercent,
  optionalItem,
  quoteAcceptedNotice,
  quoteDeclinedNotice,
  quoteExpiredNotice,
  quoteWithdrawnNotice,
  questionsAndAnswers,
  commentEmpty,
  commentsAfterSent,
  commentsClosedWithdrawn,
  acceptQuote,
  declineReason,
  agreeToTerms,
  signerFullName,
  acceptedBy,
  acceptanceTitle,
  signedBy,
  signatureLabel,
  onBehalfBy,
  termsConfirmed,
  fromAddress,
  browserUsed,
  customerChoices,
  choiceChosen,
  choiceNotChosen,
  declineTitle,
  declinedBecause,
  noReasonGiven,
  signatureOf,
  duplicateContact,
  openExistingContact,
  createAnyway,
  multipleChoiceAlone,
  quoteLinkNotFound,
  commentNotYours,
  historyCustomerAccepted,
  historyCustomerDeclined,
  open,
  converted,
  viewQuotes,
  noPeople,
  peopleCount,
  viewInAddOn,
  addPerson,
  people,
  companies,
  map,
  defaultForNewQuotes,
  copyToNewTemplate,
  restoreTemplate,
  updateTemplates,
  changesApplyToTemplates,
  seeWhereUsed,
  itemDeleteConfirm,
  restore,
  merge,
  sharedContentLocked,
  saveItemFirst,
  connectAccounting,
  syncing,
  showIssue,
  hideIssue,
  neverCreated,
  restoreToReady,
  addOrCreditItems,
  adjustmentLimitWarning,
  adjustmentLimitReached,
  credit,
  uncredit,
  addedIn,
  creditedIn,
  makingAdjustment,
  acceptedSettings,
  adjustFinished,
  adjustNoPrice,
  adjustmentPricingLocked,
  invoiceNotAccepted,
  invoiceWrongType,
  invoiceAdjustmentAhead,
  invoiceNotFound,
  invoiceWrongGroup,
  invoiceLocked,
  invoiceSyncing,
  invoicePercentFixed,
  invoiceZeroPercent,
  invoiceOverRemaining,
  invoiceBelowZero,
  invoiceNothingLeft,
  invoiceNothingToCredit,
  invoiceNotReady,
  emailKindInvoice,
  emailViewInvoice,
  downloadPdf,
  specialOffer,
  specialOfferLabel,
  signupSource,
  signupSourceUnknown,
  uploadFailed,
  notAnImage,
  fileTooLarge,
  imageTooLarge,
  uploadRejected,
  uploadCancelled,
  uploadFailedUnknown,
  uploadFailedTryLater,
  csvTooLarge,
  changePhoto,
  uploadPhoto,
  uploadEmpty,
  csvNotText,
  csvUnreadable,
  importNoRows,
  importTooManyRows,
  importColumnTwice,
  importNeedsColumn,
  importRowNoName,
  importRowNotNumber,
  importRowOutOfRange,
  importRowTooLong,
  importRowUnknown,
  mergeSameRecord,
  mergeContactTypes,
  mergeItemTypes,
  mergedAlready,
  taxRateInUse,
  assigneeNotMember,
  leadFileTooLarge,
  currentPasswordWrong,
  currentPasswordNeeded,
  timeZoneUnknown,
  stateNotInCountry,
  notAvailableChoice,
  leadThanksTitle,
  leadThanks,
  leadNotSentTitle,
  leadGoBack,
  leadFormUnknown,
  colourTooLight,
  colourTooDark,
  cardPrefixUnknown,
  signinAgain,
  signinNeeded,
  chooseAccount,
  antiForgeryFailed,
  signinWrong,
  tooManyAttempts,
  fieldRequired,
  fieldTooLong,
  emailInvalid,
  emailTaken,
  passwordTooShort,
  notAMember,
  alreadyMember,
  resetLinkInvalid,
  invitationInvalid,
  quoteStructureInvalid,
  itemCodeTooLong,
  adjustmentItemLocked,
  historyCreated,
  historySaved,
  historyReplaced,
  historyMarkedSent,
  historyRevised,
  historyAcceptedOnBehalf,
  historyDeclined,
  historyWithdrawn,
  historyExpiryReset,
  historyUndoAcceptance,
  historyUndoDecline,
  historyUndoWithdraw,
  historyDraftDeleted,
  historyDraftRestored,
  historyArchiveMoved,
  historyExpired,
  historyTemplateCreated,
  historyTemplateSaved,
  historyTemplateArchived,
  historyTemplateDeleted,
  historyTemplateRestored,
  historyTemplateDefault,
  historyTemplateNotDefault,
  productName,
  pageTitle,
  menu,
  mainNavigation,
  switchAccount,
  loading,
  back,
  signIn,
  createAccount,
  forgotPassword,
  sendResetLink,
  resetLinkSent,
  backToSignIn,
  newToProduct,
  businessName,
  yourName,
  email,
  password,
  newQuote,
  title,
  quoteDetails,
  sentDate,
  sentDateAutomatic,
  expiryDate,
  noExpiry,
  chooseDate,
  clearDate,
  currency,
  amountsEntered,
  taxExclusive,
  taxExclusiveTotalsWithout,
  taxInclusive,
  taxNone,
  discount,
  deposit,
  items,
  addPriceItem,
  addTextItem,
  addSubtotal,
  moveUp,
  moveDown,
  itemCode,
  itemTitle,
  itemBody,
  textBody,
  unitPrice,
  quantity,
  lineTotal,
  itemTax,
  noTaxRate,
  choiceAlways,
  choiceMultiple,
  choiceDefaultOn,
  customerEditsQuantity,
  subscription,
  repeatsEvery,
  termUnit,
  payments,
  upFront,
  depositDue,
  saveNext,
  saveBack,
  savePreview,
  saving,
  rowActions,
  contactSearchPlaceholder,
  newPerson,
  newCompany,
  noContacts,
  noContactsMatch,
  loadMore,
  shownOf,
  current,
  firstName,
  lastName,
  companyName,
  company,
  newCompanyNamed,
  phonesAndWebsites,
  addPhone,
  addresses,
  addAddress,
  remove,
  findAddress,
  findAddressHint,
  streetAddress,
  city,
  state,
  postcode,
  country,
  archive,
  unarchive,
  history,
  mergedInto,
  mergeMoved,
  editContact,
  contactNameNeeded,
  templates,
  priceItems,
  textItems,
  categories,
  taxRates,
  newTemplate,
  newPriceItem,
  newTextItem,
  noTemplates,
  noItems,
  itemSearchPlaceholder,
  templateSearchPlaceholder,
  itemCost,
  itemMargin,
  category,
  usedIn,
  templatesUsing,
  mergeInto,
  savedTemplates,
  saved,
  addCategory,
  addTaxRate,
  name,
  ratePercent,
  defaultTax,
  noCategories,
  noTaxRates,
  noLeads,
  subject,
  leadMessage,
  notes,
  assignee,
  unassigned,
  potentialValue,
  convertToQuote,
  reopen,
  received,
  chooseLead,
  taxWord,
  showCurrencyCode,
  showCurrencySymbol,
  privatePricingLabel,
  showItemCodes,
  showUnitQuantity,
  showPriceTotals,
  defaultTemplate,
  noTemplate,
  costAlways,
  defaultMargin,
  defaultCategory,
  productNoun,
  dateFormat,
  leadsEnabled,
  leadFormAddress,
  newLeadFormKey,
  quoteDefaults,
  phone,
  jobTitle,
  timeZone,
  currentPassword,
  newPassword,
  changePassword,
  passwordChanged,
  removePhoto,
  teamMembers,
  admin,
  inviteMember,
  invitationSent,
  inviteAsAdmin,
  importCsv,
  importWhat,
  chooseCsv,
  firstRowHeaders,
  column,
  skipColumn,
  importRows,
  importedRows,
  rejectedRows,
  rowNumber,
  importHint,
  uploading,
  privateNotes,
  askQuestion,
  answer,
  addNote,
  addComment,
  send,
  noQuestions,
  noNotes,
  attachFile,
  dropFiles,
  mentionSuggestions,
  edited,
  recentActivity,
  openVersion,
  statusFilter,
  teamFilter,
  previousPage,
  showTotal,
  quotesTotal,
  pageOf,
  noQuotesYet,
  noQuotesMatch,
  quoteNumber,
  quoteContact,
  lastView,
  author,
  waitingOnCustomer,
  acceptedThisMonth,
  openValue,
  followUpsDue,
  newQuestions,
  nothingWaiting,
  nothingAccepted,
  seeAll,
  opens,
  edits,
  followUps,
  versionOf,
  noVersions,
  readOnlyVersion,
  addFromItems,
  quoteActions,
  itemMarginColumn,
  reviewStars,
  anonymousReviewer,
  featured,
  unseenReviews,
  noReviews,
  reviewNotFound,
  reviewedQuote,
  historyReviewFeatured,
  historyReviewUnfeatured,
  historyReviewArchived,
  historyReviewRestored,
  sendCustom,
  sendDate,
  sendTime,
  sendDateNone,
  sendDateNeeded,
  chooseTimeWithinDays,
  sendTimeSkipped,
  acceptedEmailSubject,
  acceptedEmailBody,
  apiKeys,
  apiKeysHint,
  apiKeyName,
  apiKeyScope,
  apiKeyScopeRead,
  apiKeyScopeWrite,
  createApiKey,
  revokeApiKey,
  revokeApiKeyConfirm,
  apiKeyRevoked,
  apiKeyNeverUsed,
  apiKeyLastUsed,
  apiKeyCreatedBy,
  apiKeyShownOnce,
  copyApiKey,
  newApiKey,
  noApiKeys,
  apiKeyNameNeeded,
  apiKeyNotFound,
  apiKeyInvalid,
  apiKeyReadOnly,
  apiKeyNeedsSession,
  apiKeyActor
} as const

/** The name of a message in the catalogue. */
export type Key = keyof typeof catalogue
