/**
 * The messages of one area of the catalogue: sending and scheduled emails (the expiry-soon words are not in the spec). `Message.ts` gathers every area; a bundle that
 * must stay light imports the areas it shows from here.
 *
 * @since 0.5.0
 */
import { titled } from "./Common.ts"

export const sendToday1pm = "Today 1 PM"
export const sendTomorrow8am = "Tomorrow 8 AM"
export const sendMonday8am = "Monday 8 AM"
export const emailingIn = (seconds: number) => `Emailing in ${seconds}…`
export const stopEmail = "Stop Email"
export const emailStopped = "Not sent, email stopped"
export const expirySoon = (when: string) => `This quote expires ${when}.`
// (our wording) emailing a quote: the composer, the overview's scheduled emails and their history rows
export const scheduledEmails = "Scheduled emails"
export const sendByEmail = "Send by Email"
export const emailRecipients = "Send to"
export const sendNow = "Send now"
export const emailNoAddress = "no email address"
export const emailNoRecipients = "Choose at least one contact with an email address."
export const emailSubjectNeeded = "Enter a subject for the email."
export const emailSubjectDefault = (title: string) => `Quote: ${titled(title)}`
export const emailFollowUpSubjectDefault = (title: string) => `Following up on our quote: ${titled(title)}`
export const emailMessageDefault = "Please find our quote at the link below. Any questions, just ask on the quote page."
export const emailFollowUpMessageDefault =
  "Just following up on the quote we sent you. It is at the link below; any questions, just ask on the quote page."
export const emailOpenQuote = "View the quote"
export const emailKindQuote = "Quote email"
export const emailKindAccepted = "Acceptance email"
export const emailKindFollowUp1 = "Follow-up 1"
export const emailKindFollowUp2 = "Follow-up 2"
export const emailKindReview = "Review request"
export const emailKindOther = "Other email"
export const emailScheduledAt = (when: string) => `Emailing ${when}`
export const emailSentAt = (when: string) => `Sent ${when}`
export const emailFailed = "Could not be delivered."
export const emailTooLate = "That email is already on its way; it can no longer be stopped."
export const emailNotFound = "Could not find that email?"
export const noEmailsYet = "No emails yet. Send the quote by email and it shows here."
export const historyEmailed = (who: string, to: string) => `${who} emailed the quote to ${to}.`
export const historyFollowUpEmailed = (who: string, to: string) => `${who} sent a follow-up email to ${to}.`
export const historyEmailStoppedBy = (who: string, subject: string) => `${who} stopped the email ${subject}.`
export const historyEmailFailed = (to: string) => `The email to ${to} could not be delivered.`
