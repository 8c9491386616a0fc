/**
 * The messages of one area of the catalogue: navigation and pages. `Message.ts` gathers every area; a bundle that
 * must stay light imports the areas it shows from here.
 *
 * @since 0.5.0
 */
export const dashboard = "Dashboard"
export const quotes = "Quotes"
export const contacts = "Contacts"
export const templatesAndItems = "Templates & Items"
export const accountSettings = "Account Settings"
export const personalSettings = "Personal Settings"
export const helpAndSupport = "Help & Support"
export const signOut = "Sign Out"
export const reviews = "Reviews"
export const leads = "Leads"
export const notFoundTitle = "Not Found"
export const notFoundBody = "The page you requested was not found."
export const productName = "quotekit"
/** The document title of a page: its own title with the product name appended. */
export const pageTitle = (title: string) => `${title} · quotekit`
export const menu = "Menu"
export const mainNavigation = "Main navigation"
