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
 * @example
 * import * as Message from "@quotekit/core/Message"
 * Message.catalogue.quoteNotFound                 // "Could not find that quote?"
 * Message.catalogue.commentEmpty("Question")      // "Your Question is empty?"
 *
 * @since 0.1.0
 */

/** The kinds of discussion entry whose emptiness is reported. */
export type CommentKind = "Question" | "Comment" | "Answer" | "Note"

const untitled = "Untitled"
const titled = (title: string) => (title.trim() === "" ? untitled : title)

/** The catalogue. Keys are camelCase names of what the message is about. */
export const catalogue = {
  // --- navigation and pages ---
  dashboard: "Dashboard",
  quotes: "Quotes",
  contacts: "Contacts",
  templatesAndItems: "Templates & Items",
  accountSettings: "Account Settings",
  personalSettings: "Personal Settings",
  helpAndSupport: "Help & Support",
  signOut: "Sign Out",
  reviews: "Reviews",
  leads: "Leads",
  notFoundTitle: "Not Found",
  notFoundBody: "The page you requested was not found.",

  // --- common buttons and confirmations ---
  save: "Save",
  cancel: "Cancel",
  edit: "Edit",
  delete: "Delete",
  hide: "Hide",
  view: "View",
  next: "Next",
  download: "Download",
  close: "Close",
  tryAgain: "Try Again",
  really: "Really?",
  areYouSure: "Are you sure?",
  okayToSave: "Okay to Save?",
  okayToSaveFirst: "Okay to Save first?",
  copied: "Copied!",
  /** (our wording) shown when the copy shortcut cannot copy by itself. */
  pressToCopy: (keys: string) => `Press ${keys} to copy.`,
  justNow: "just now",

  // --- loading, requests and server answers ---
  loadFailed: "There was a problem loading",
  couldNotLoadResults: "Could not load results.",
  noResults: "No results found.",
  noActivity: "No activity yet.",
  unexpectedResponse: "Was not expecting that response from the server?",
  tryLater: "Please try again later.",
  pageNotFound: "Page not found",
  requestError: "There was an error",
  checkConnection: "Please check you have an internet connection or try again later",
  chunkLoadFailed: "That's odd, could not load the next page. You could try clearing your browser cache.",
  hiccup: "We had a hiccup there, try refreshing the page and try again.",
  /** Shown where a data field an item needs is missing. */
  notFoundInData: "not found in data",
  /** Logged only, never shown: a form submitted twice. */
  alreadySubmitted: "Already submitted",
  notAvailableNow: "Not available right now.",
  // (our wording) server answers the spec names without words
  invalidInput: "Some of what was sent does not look right.",
  recordNotFound: "Could not find that?",

  // --- unsaved changes, save conflicts and offline ---
  unsavedChangesWarning:
    "If you have made any changes without clicking the Save button, your changes will be lost.  Are you sure you want to exit this page?",
  unsavedChanges: "You have unsaved changes:",
  leaveWithoutSaving: "Leave without saving",
  continueEditing: "Continue editing…",
  /**
   * The conflict prompt when someone else saved since the form loaded; with `mayVersion` the other person's
   * updates are kept as a version, and the prompt says so.
   */
  saveConflict: (who: string, when: string, mayVersion: boolean) =>
    mayVersion
      ? `Saving will replace changes made by ${who} ${when}, the updates won't be lost, they'll be preserved in a version under All Activity.`
      : `Saving will replace changes made by ${who} ${when}.`,
  continueToSave: "Continue to Save",
  notSent: "Not Sent",
  notAdded: "Not Added",
  offlineSoon: (time: string) => `We are about to go offline in ${time}. Please save what you are doing.`,
  goingOffline: "Going offline…",
  offlineNonGenius: "Now offline for non-genius.",

  // --- quote list ---
  quoteSearchPlaceholder: "Quote Title, Number or Contact…",
  allTeamMembers: "All Team Members",
  unopened: "Unopened",
  all: "All",
  /** (our wording) status filter choices beyond the statuses themselves. */
  anyStatus: "Any Status",
  deletedDrafts: "Deleted Drafts",
  selectMergeWinner: "Select a winner of the merge",
  cancelMerge: "Cancel Merge",
  confirmMergeWinner: "Confirm this will be the Winner",
  confirmMerge: "Confirm Merge",

  // --- quote statuses and archive states ---
  draft: "Draft",
  editing: "Editing",
  sent: "Sent",
  accepted: "Accepted",
  declined: "Declined",
  expired: "Expired",
  withdrawn: "Withdrawn",
  active: "Active",
  waiting: "Waiting",
  complete: "Complete",
  dismissed: "Dismissed",
  deleted: "Deleted",
  archived: "Archived",

  // --- quote status actions ---
  markAsSent: "Mark as Sent",
  acceptOnBehalf: "Accept on behalf",
  decline: "Decline",
  sendFollowUp: "Send Follow-up",
  resetExpiry: "Reset expiry",
  undoAcceptance: "Undo Acceptance",
  undoDeclined: "Undo Declined",
  undoWithdrawn: "Undo Withdrawn",
  withdraw: "Withdraw",
  restoreToDraft: "Restore to Draft",
  copyToNewQuote: "Copy to New Quote",
  copyToTemplate: "Copy to Template",
  completeAndInvoice: "Complete & Invoice",
  dismiss: "Dismiss",
  // (our wording) why an action shows disabled
  followUpExpired: "Reset the expiry before sending a follow-up.",
  followUpNotEmailed: "Follow-ups can be sent once the quote has been emailed.",
  followUpInProgress: "A follow-up is already in progress.",
  copyNeedsSave: "Save your changes before copying.",
  restoreWindowOver: "Deleted more than 30 days ago, it can no longer be restored.",
  adminOnly: "Only an account admin can do that.",

  // --- quote editor ---
  editingTitle: (title: string) => `Editing: ${titled(title)}`,
  draftTitle: (title: string) => `Draft: ${titled(title)}`,
  templateTitle: (title: string) => `Template: ${titled(title)}`,
  untitled,
  newTemplateBanner: "This is a new Template.",
  copyOfQuoteBanner: "This is a copy of the Quote.",
  copyOfTemplateBanner: "This is a copy of the Template.",
  linkedItemsMatched: (n: number) => (n === 1 ? "1 Linked Item was matched." : `${n} Linked Items were matched.`),
  exampleBanner: "Here’s a draft quote based on the example.",
  from: "From",
  createContact: "Create Contact",
  copyAndEditAsNew: "Copy and Edit as New",
  revertToLinkedItem: "Revert to Linked Item",
  undoChanges: "Undo Changes?",
  quoteNotFound: "Could not find that quote?",
  contactsLimit: "You've reached the limit of 10 contacts",
  expiryInPast: "The expiry date is in the past, it must be some time in the future.",
  sentDateInFuture: "This date is in the future",
  chooseFutureTime: "Choose a time in the future.",
  featuredNeeded: (n: number) => `You need ${n} more Featured`,
  viewingAsYou: "Viewing as You",
  viewingAsCustomer: "Viewing as Customer",
  preview: "Preview",
  previewNotice: "This is just a preview",

  // --- number fields (the spec asks for an error hint without giving its words) ---
  numberUnparseable: "That isn't a number or a calculation",
  numberNonFinite: "Can't divide by zero",
  numberNegative: "Negative numbers aren't allowed here",

  // --- sending and scheduled emails (the expiry-soon words are not in the spec) ---
  sendToday1pm: "Today 1 PM",
  sendTomorrow8am: "Tomorrow 8 AM",
  sendMonday8am: "Monday 8 AM",
  emailingIn: (seconds: number) => `Emailing in ${seconds}…`,
  stopEmail: "Stop Email",
  emailStopped: "Not sent, email stopped",
  expirySoon: (when: string) => `This quote expires ${when}.`,

  // --- quote overview ---
  overview: "Overview",
  allActivity: "All Activity",
  settings: "Settings",
  settingsApplied: "Settings applied",
  versions: "Versions",

  // --- customer acceptance ---
  signToAccept: "Sign to accept",
  checkBoxToAccept: "Check the box to accept",
  signDraw: "Draw",
  signType: "Type",
  signTouchDevice: "Sign from a touch device",
  // (our wording) the signature pad and the customer quote view
  signMethods: "How to sign",
  signArea: "Signature area, draw your signature with a finger, pen or mouse",
  signAreaSigned: "Signature area, signed",
  signClear: "Clear",
  signUndo: "Undo",
  signTypeName: "Type your full name",
  signScanQr: "Scan this code with your phone or tablet, then sign there.",
  signQrAlt: "QR code to sign from a touch device",
  itemQuantity: (title: string) => (title.trim() === "" ? "Quantity" : `Quantity of ${title}`),
  subtotal: "Subtotal",
  total: "Total",
  discountPercent: (percent: string) => `Discount ${percent}%`,
  taxAdded: (taxWord: string, rate: string) => `${taxWord} ${rate}%`,
  taxIncluded: (taxWord: string, rate: string) => `Includes ${taxWord} ${rate}%`,
  taxNotIncluded: (taxWord: string, rate: string) => `${taxWord} ${rate}% (not included)`,
  depositPercent: (percent: string) => `Deposit ${percent}%`,
  optionalItem: "Optional",
  quoteAcceptedNotice: "This quote has been accepted.",
  quoteDeclinedNotice: "This quote has been declined.",
  quoteExpiredNotice: "This quote has expired.",
  quoteWithdrawnNotice: "This quote has been withdrawn.",

  // --- discussion ---
  questionsAndAnswers: "Questions & Answers",
  commentEmpty: (kind: CommentKind) => `Your ${kind} is empty?`,
  commentsAfterSent: "You can add comments once the quote has been sent.",
  commentsClosedWithdrawn: "Questions and answers are closed for Withdrawn quotes.",

  // --- leads ---
  open: "Open",
  converted: "Converted",

  // --- contacts ---
  viewQuotes: "View Quotes",
  noPeople: "No people here",
  peopleCount: (n: number) => (n === 1 ? "1 person" : `${n} people`),
  addPerson: "Add person",
  people: "People",
  companies: "Companies",
  map: "Map",

  // --- templates and reusable items ---
  defaultForNewQuotes: "Default for New Quotes",
  copyToNewTemplate: "Copy to New Template",
  restoreTemplate: "Restore Template",
  updateTemplates: (n: number) => (n === 1 ? "Update 1 Template" : `Update ${n} Templates`),
  changesApplyToTemplates: (n: number) => `Changes will be applied to ${n} Template(s)`,
  seeWhereUsed: "See where used…",
  /** 'Are you sure?' before deleting an item, naming the templates it will be removed from. */
  itemDeleteConfirm: (templateTitles: ReadonlyArray<string>) =>
    templateTitles.length === 0
      ? "Are you sure?"
      : `Are you sure? It will be removed from ${templateTitles.length === 1 ? "1 Template" : `${templateTitles.length} Templates`}: ${templateTitles.map(titled).join(", ")}.`,
  // (our wording)
  restore: "Restore",
  merge: "Merge",
  sharedContentLocked: "This is shared from another account, so it can't be changed here.",
  saveItemFirst: "Save the item first.",

  // --- invoicing and adjustments ---
  connectAccounting: "Connect to Xero or QuickBooks to create invoices.",
  syncing: "Syncing",
  showIssue: "Show Issue",
  hideIssue: "Hide Issue",
  neverCreated: "Never created",
  restoreToReady: "Restore to Ready",
  addOrCreditItems: "Add or Credit Items",
  adjustmentLimitWarning: (remaining: number) =>
    `Adjustment Limit Warning: You have ${remaining} adjustment(s) remaining before reaching the maximum of 20 adjustments.`,
  adjustmentLimitReached: "Maximum Adjustments Reached: You have reached the maximum of 20 adjustments.",

  // --- deposit panel ---
  preparingDeposit: "Preparing deposit invoice",
  payDeposit: "Pay Deposit",
  depositNotReady: "The deposit invoice isn't ready yet, please check back here shortly.",
  depositComing: "You will receive a deposit invoice shortly.",

  // --- card setup and payment ---
  paymentProcessing: "Payment processing?",
  paymentDetailsRequired: "Payment details required.",
  paymentFailed: "Failed to process payment details.",
  stripeConnectFailed: "Failed to connect to Stripe.",
  unknownAction: "Unknown action.",
  stripeNotLoaded: "Stripe not loaded?",
  setupIntentMissing: "Setup intent missing?",
  paymentFormMissing: "Could not find payment form",
  contactSupport: "Please try again or contact Support if this message persists.",
  specialOffer: "50% off the first 3 months",

  // --- uploads and imports ---
  uploadFailed: "Could not upload file.",
  notAnImage: "File does not look like an image.",
  fileTooLarge: (fileName: string, sizeMb: string) =>
    `File "${fileName}" is too large at ${sizeMb}MB (must be < 150MB).`,
  imageTooLarge: "That file is too large, the limit it 60mb.",
  uploadRejected: "Could not upload file, files must be no larger than 60mb?",
  uploadCancelled: "Cancelled upload.",
  uploadFailedUnknown: "Could not upload file for some reason.",
  uploadFailedTryLater: "Could not upload file at this time. Perhaps try again later.",
  csvTooLarge: "CSV file size is larger than 10MB.",
  changePhoto: "Change Photo",
  uploadPhoto: "Upload a Photo",
  // (our wording) uploads and CSV imports
  uploadEmpty: "That file is empty.",
  csvNotText: "That file does not look like a CSV file.",
  csvUnreadable: "Could not read that CSV file, please save it as CSV (UTF-8) and try again.",
  importNoRows: "There are no rows to import in that file.",
  importTooManyRows: (max: number) => `A file can have at most ${max} rows; please split it.`,
  importColumnTwice: (label: string) => `Two columns are set to ${label}; choose one.`,
  importNeedsColumn: (label: string) => `Choose the column that holds ${label}.`,
  importRowNoName: "No name, company or email.",
  importRowNotNumber: (label: string) => `${label} is not a number.`,
  importRowOutOfRange: (label: string) => `${label} is out of range.`,
  importRowTooLong: (label: string) => `${label} is too long.`,
  importRowUnknown: (label: string, value: string) => `${label} "${value}" is not known.`,
  // (our wording) contacts, items, categories and taxes, leads and settings
  mergeSameRecord: "Choose two different records to merge.",
  mergeContactTypes: "A person can only be merged with a person, and a company with a company.",
  mergeItemTypes: "A price item can only be merged with a price item, and a text item with a text item.",
  mergedAlready: "That was already merged into another record.",
  taxRateInUse: "This rate is used on sent quotes, so it can't change: archive it and add a new rate instead.",
  assigneeNotMember: "That person is not a member of this account.",
  leadFileTooLarge: "That file is too large, the limit is 10MB.",
  currentPasswordWrong: "The current password is not right.",
  currentPasswordNeeded: "Enter your current password to change your email address.",
  timeZoneUnknown: "Choose a time zone from the list.",
  stateNotInCountry: "Choose a state of the chosen country.",
  notAvailableChoice: (label: string) => `That ${label} is not available.`,

  // --- small input rules (the card warning's words are not in the spec) ---
  colourTooLight: "That looks quite light, something darker will work better here.",
  colourTooDark: "That looks quite dark, something lighter will work better here.",
  cardPrefixUnknown: "That does not look like a Visa or Mastercard number.",

  // --- sign-in and accounts (our wording; the spec names these cases without words) ---
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
  notAMember: "You are not a member of that account.",
  alreadyMember: "That person is already a member of this account.",
  resetLinkInvalid: "That password reset link has expired or was already used.",
  invitationInvalid: "That invitation has expired or was already used.",

  // --- team app labels (our wording) ---
  productName: "quotekit",
  /** The document title of a page: its own title with the product name appended. */
  pageTitle: (title: string) => `${title} · quotekit`,
  menu: "Menu",
  mainNavigation: "Main navigation",
  switchAccount: "Switch account",
  loading: "Loading…",
  back: "Back",
  signIn: "Sign In",
  createAccount: "Create Account",
  forgotPassword: "Forgot password?",
  sendResetLink: "Send Reset Link",
  resetLinkSent: "If that email has a sign-in, a link to reset the password is on its way.",
  backToSignIn: "Back to Sign In",
  newToProduct: "New here?",
  businessName: "Business name",
  yourName: "Your name",
  email: "Email",
  password: "Password",
  newQuote: "New Quote",
  // quote editor
  title: "Title",
  quoteDetails: "Details",
  sentDate: "Sent date",
  sentDateAutomatic: "Updates automatically until sent",
  expiryDate: "Expiry date",
  noExpiry: "No expiry",
  chooseDate: "Choose a date",
  clearDate: "Clear date",
  currency: "Currency",
  amountsEntered: "Amounts are",
  taxExclusive: (taxWord: string) => `Exclusive of ${taxWord}`,
  taxExclusiveTotalsWithout: (taxWord: string) => `Exclusive of ${taxWord}, totals without ${taxWord}`,
  taxInclusive: (taxWord: string) => `Inclusive of ${taxWord}`,
  taxNone: (taxWord: string) => `No ${taxWord}`,
  discount: "Discount",
  deposit: "Deposit",
  items: "Items",
  addPriceItem: "Add price item",
  addTextItem: "Add text",
  addSubtotal: "Add subtotal",
  moveUp: "Move up",
  moveDown: "Move down",
  itemCode: "Code",
  itemTitle: "Item",
  itemBody: "Description",
  textBody: "Text",
  unitPrice: "Unit price",
  quantity: "Quantity",
  lineTotal: "Amount",
  itemTax: "Tax rate",
  noTaxRate: "None",
  choiceAlways: "Always included",
  choiceMultiple: "Multiple choice",
  choiceDefaultOn: "Selected by default",
  customerEditsQuantity: "Customer can edit quantity",
  subscription: "Subscription",
  repeatsEvery: "Every",
  termUnit: "Unit",
  payments: "Payments (0 until cancelled)",
  upFront: "Up front",
  depositDue: "Deposit due",
  saveNext: "Save & Next",
  saveBack: "Save & Close",
  saving: "Saving…",
  rowActions: (n: number) => `Row ${n} actions`
} as const

/** The name of a message in the catalogue. */
export type Key = keyof typeof catalogue
