/**
 * The messages of one area of the catalogue: common buttons and confirmations. `Message.ts` gathers every area; a bundle that
 * must stay light imports the areas it shows from here.
 *
 * @since 0.5.0
 */
export const save = "Save"
export const cancel = "Cancel"
export const edit = "Edit"
const delete_ = "Delete"

// `delete` is a reserved word: the constant is `delete_`, the export `delete`.
export { delete_ as delete }
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
