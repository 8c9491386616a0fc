/**
 * The messages of one area of the catalogue: quote statuses and archive states. `Message.ts` gathers every area; a bundle that
 * must stay light imports the areas it shows from here.
 *
 * @since 0.5.0
 */
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
