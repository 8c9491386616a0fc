/**
 * The messages of one area of the catalogue: sign-in and accounts (our wording; the spec names these cases without words). `Message.ts` gathers every area; a bundle that
 * must stay light imports the areas it shows from here.
 *
 * @since 0.5.0
 */
export const signinAgain = "Your session has ended, please sign in again."
/** A request without any session (a first visit): nothing ended, so nothing to apologise for. */
export const signinNeeded = "Please sign in to continue."
export const chooseAccount = "Choose which account to use."
export const antiForgeryFailed = "This page has expired, please refresh it and try again."
export const signinWrong = "That email and password do not match."
export const tooManyAttempts = (seconds: number) =>
  `Too many attempts, please try again in ${seconds < 120 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`}.`
export const fieldRequired = (label: string) => `${label} is required.`
export const fieldTooLong = (label: string, max: number) => `${label} must be at most ${max} characters.`
export const emailInvalid = "That does not look like an email address."
export const emailTaken = "That email address already has a sign-in, sign in instead?"
export const passwordTooShort = (min: number) => `Use at least ${min} characters for the password.`
export const notAMember = "You are not a member of that account."
export const alreadyMember = "That person is already a member of this account."
export const resetLinkInvalid = "That password reset link has expired or was already used."
export const invitationInvalid = "That invitation has expired or was already used."
