/**
 * The messages of one area of the catalogue: loading, requests and server answers. `Message.ts` gathers every area; a bundle that
 * must stay light imports the areas it shows from here.
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
/** 503 while the server cannot reach its database: nothing of the request was kept. */
/** 503 from the readiness check while migrations have not all run. */
export const notReady = "The server is still getting its database ready. Please try again in a moment."
export const databaseUnavailable =
  "The server cannot reach its database just now, so nothing was saved. Please try again in a moment."
export const chunkLoadFailed = "That's odd, could not load the next page. You could try clearing your browser cache."
export const hiccup = "We had a hiccup there, try refreshing the page and try again."
/** Shown where a data field an item needs is missing. */
export const notFoundInData = "not found in data"
/** Logged only, never shown: a form submitted twice. */
export const alreadySubmitted = "Already submitted"
export const notAvailableNow = "Not available right now."
// (our wording) server answers the spec names without words
export const invalidInput = "Some of what was sent does not look right."
/** Text holding a NUL character (`\u0000`), which no field can store. */
export const textHasNul = "Text cannot contain a NUL character."
/** 414: an address longer than the server reads. */
export const addressTooLong = "That address is too long."
/** 400: an address that is not validly encoded. */
export const addressNotValid = "That address is not valid."
/** 415: a body in a format the API does not take. */
export const unsupportedBody = "This request must be sent as JSON (or as a form where the API asks for one)."
/** 405: a method the address does not answer. */
export const methodNotAllowed = "That address does not take this kind of request."
export const recordNotFound = "Could not find that?"
