/**
 * The messages of one area of the catalogue: what the server answers a request it refuses or cannot serve, worded
 * for people (the team app's first screen shows none of them, so they are apart from `Requests.ts`). `Message.ts`
 * gathers every area; a bundle that must stay light imports the areas it shows from here.
 *
 * @since 0.5.0
 */
/** 503 from the readiness check while migrations have not all run. */
export const notReady = "The server is still getting its database ready. Please try again in a moment."
/** 503 while the server cannot reach its database: nothing of the request was kept. */
export const databaseUnavailable =
  "The server cannot reach its database just now, so nothing was saved. Please try again in a moment."
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
