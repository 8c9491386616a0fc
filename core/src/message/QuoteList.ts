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
