/**
 * The messages of one area of the catalogue: unsaved changes, save conflicts and offline. `Message.ts` gathers every area; a bundle that
 * must stay light imports the areas it shows from here.
 *
 * @since 0.5.0
 */
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
