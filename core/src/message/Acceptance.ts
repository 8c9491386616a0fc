/**
 * The messages of one area of the catalogue: customer acceptance. `Message.ts` gathers every area; a bundle that
 * must stay light imports the areas it shows from here.
 *
 * @since 0.5.0
 */
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
