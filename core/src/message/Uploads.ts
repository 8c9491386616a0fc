/**
 * The messages of one area of the catalogue: uploads and imports. `Message.ts` gathers every area; a bundle that
 * must stay light imports the areas it shows from here.
 *
 * @since 0.5.0
 */
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
