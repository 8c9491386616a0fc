/**
 * The emails of signing in: the password reset link and the team invitation, each as plain text and as HTML.
 * Names (the inviter's, the business's) are what people typed: they are escaped in the HTML, kept on one line
 * in subjects, and never reworded; the product noun (quotes, proposals or estimates) words only the fixed text.
 *
 * @example
 * import * as AuthEmails from "./email/AuthEmails.ts"
 * mailer.send(AuthEmails.resetPassword({ to, link, minutes: 60 }))
 *
 * @since 0.1.0
 */
import { escapeHtml } from "@quotekit/core/Markup"
import * as Wording from "@quotekit/core/Wording"
import type { Mail } from "../auth/Mailer.ts"

/** A typed value on one line (a subject is a header: no line breaks, no runs of spaces). */
const oneLine = (s: string): string => s.replace(/\s+/g, " ").trim()

/** A plain, narrow HTML page that mail clients show as written; `body` is already escaped. */
const page = (title: string, body: string): string =>
  `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>` +
  `<body style="font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#222;line-height:1.5">` +
  `<div style="max-width:560px;margin:0 auto;padding:24px">${body}</div></body></html>`

/** A link shown as a button, with the address written out below for clients that drop the button. */
const button = (link: string, label: string): string =>
  `<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#1a73e8;color:#fff;` +
  `text-decoration:none;border-radius:4px">${escapeHtml(label)}</a></p>` +
  `<p style="font-size:13px;color:#555">Or open this address: <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`

/** The password reset email: the link works once, for `minutes`. */
export const resetPassword = (input: {
  readonly to: string
  readonly link: string
  readonly minutes: number
}): Mail => {
  const subject = "Reset your quotekit password"
  const lasts = `the link works for ${input.minutes} minutes, once`
  return {
    to: input.to,
    subject,
    text:
      "Someone (hopefully you) asked to reset the password of your quotekit sign-in.\n\n" +
      `Choose a new password here (${lasts}):\n${input.link}\n\n` +
      "If it was not you, ignore this email; your password stays as it is.",
    html: page(
      subject,
      "<p>Someone (hopefully you) asked to reset the password of your quotekit sign-in.</p>" +
        button(input.link, "Choose a new password") +
        `<p>${escapeHtml(`The ${lasts}.`)} If it was not you, ignore this email; your password stays as it is.</p>`
    )
  }
}

/** The invitation to join a team: who invites, to which business, and the link (works for `days`). */
export const invitation = (input: {
  readonly to: string
  readonly inviter: string
  readonly accountName: string
  readonly noun: Wording.Noun
  readonly isAdmin: boolean
  readonly link: string
  readonly days: number
}): Mail => {
  const inviter = oneLine(input.inviter)
  const business = oneLine(input.accountName)
  const nouns = Wording.forms(input.noun).pluralLower
  const role = input.isAdmin ? "an admin" : "a team member"
  const lasts = `The link works for ${input.days} ${input.days === 1 ? "day" : "days"}.`
  const intro = (who: string, where: string) =>
    `${who} invited you to join ${where} on quotekit as ${role}, to prepare and send ${nouns} together.`
  return {
    to: input.to,
    subject: `${inviter} invited you to ${business} on quotekit`,
    text: `${intro(inviter, business)}\n\nAccept the invitation here (${lasts.toLowerCase().slice(0, -1)}):\n${input.link}`,
    html: page(
      `Join ${business} on quotekit`,
      `<p>${intro(`<strong>${escapeHtml(inviter)}</strong>`, `<strong>${escapeHtml(business)}</strong>`)}</p>` +
        button(input.link, "Accept the invitation") +
        `<p>${lasts} If you were not expecting it, ignore this email.</p>`
    )
  }
}
