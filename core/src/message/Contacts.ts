/**
 * The messages of one area of the catalogue: contacts. `Message.ts` gathers every area; a bundle that
 * must stay light imports the areas it shows from here.
 *
 * @since 0.5.0
 */
export const viewQuotes = "View Quotes"
export const noPeople = "No people here"
export const peopleCount = (n: number) => (n === 1 ? "1 person" : `${n} people`)
/** The contact's link into the accounting add-on that holds it ('View in Xero'). */
export const viewInAddOn = (addOn: string) => `View in ${addOn}`
export const addPerson = "Add person"
export const people = "People"
export const companies = "Companies"
export const map = "Map"
