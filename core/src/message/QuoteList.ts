/**
 * The messages of one area of the catalogue: quote list. `Message.ts` gathers every area; a bundle that
 * must stay light imports the areas it shows from here.
 *
 * @since 0.5.0
 */
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
export const lastView = "Last viewed"
export const newQuestions = "New questions"
export const noQuotesMatch = "No quotes match. Try fewer words, another status, tab or team member."
export const noQuotesYet = "No quotes yet. Create a New Quote, or start from a template, to get started."
export const pageOf = (page: number) => `Page ${page}`
export const previousPage = "Previous"
export const quoteContact = "Contact"
export const quotesTotal = (n: number) => (n === 1 ? "1 quote" : `${n} quotes`)
export const showTotal = "Show total"
export const statusFilter = "Status"
export const teamFilter = "Team member"
/** The sample-quote picker's heading and its link from the quote list. */
export const exampleQuotes = "Start from an example"
export const newQuote = "New Quote"
