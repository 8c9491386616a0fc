/**
 * The messages of one area of the catalogue: quote editor. `Message.ts` gathers every area; a bundle that
 * must stay light imports the areas it shows from here.
 *
 * @since 0.5.0
 */
import { titled } from "./Common.ts"

export const editingTitle = (title: string) => `Editing: ${titled(title)}`
export const draftTitle = (title: string) => `Draft: ${titled(title)}`
export const templateTitle = (title: string) => `Template: ${titled(title)}`
export const newTemplateBanner = "This is a new Template."
export const copyOfQuoteBanner = "This is a copy of the Quote."
export const copyOfTemplateBanner = "This is a copy of the Template."
export const linkedItemsMatched = (n: number) =>
  n === 1 ? "1 Linked Item was matched." : `${n} Linked Items were matched.`
export const exampleBanner = "Here’s a draft quote based on the example."
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
