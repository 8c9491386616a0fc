/**
 * The messages of one area of the catalogue: team app labels (our wording). `Message.ts` gathers every area; a bundle that
 * must stay light imports the areas it shows from here.
 *
 * @since 0.5.0
 */
export const switchAccount = "Switch account"
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
// quote editor
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
