/**
 * The messages of one area of the catalogue: templates and reusable items. `Message.ts` gathers every area; a bundle that
 * must stay light imports the areas it shows from here.
 *
 * @since 0.5.0
 */
import { titled } from "./Common.ts"

export const defaultForNewQuotes = "Default for New Quotes"
export const copyToNewTemplate = "Copy to New Template"
export const restoreTemplate = "Restore Template"
export const updateTemplates = (n: number) => (n === 1 ? "Update 1 Template" : `Update ${n} Templates`)
export const changesApplyToTemplates = (n: number) => `Changes will be applied to ${n} Template(s)`
export const seeWhereUsed = "See where used…"
/** 'Are you sure?' before deleting an item, naming the templates it will be removed from. */
export const itemDeleteConfirm = (templateTitles: ReadonlyArray<string>) =>
  templateTitles.length === 0
    ? "Are you sure?"
    : `Are you sure? It will be removed from ${templateTitles.length === 1 ? "1 Template" : `${templateTitles.length} Templates`}: ${templateTitles.map(titled).join(", ")}.`
// (our wording)
export const restore = "Restore"
export const merge = "Merge"
export const sharedContentLocked = "This is shared from another account, so it can't be changed here."
export const saveItemFirst = "Save the item first."
