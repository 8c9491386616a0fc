/**
 * The messages of one area of the catalogue: loading, and requests that fail as a page shows it (the server's own
 * refusals are in `ServerAnswers.ts`). `Message.ts` gathers every area; a bundle that must stay light imports the
 * areas it shows from here.
 *
 * @since 0.5.0
 */
export const loadFailed = "There was a problem loading"
export const couldNotLoadResults = "Could not load results."
export const noResults = "No results found."
export const noActivity = "No activity yet."
export const unexpectedResponse = "Was not expecting that response from the server?"
export const tryLater = "Please try again later."
export const pageNotFound = "Page not found"
export const requestError = "There was an error"
export const checkConnection = "Please check you have an internet connection or try again later"
export const chunkLoadFailed = "That's odd, could not load the next page. You could try clearing your browser cache."
export const hiccup = "We had a hiccup there, try refreshing the page and try again."
/** Shown where a data field an item needs is missing. */
export const notFoundInData = "not found in data"
/** Logged only, never shown: a form submitted twice. */
export const alreadySubmitted = "Already submitted"
export const notAvailableNow = "Not available right now."
