/**
 * The email a customer contact receives for a quote (the quote itself or a follow-up): the subject and message
 * the team member wrote, and that contact's own link to the quote, as plain text and as HTML. What people typed
 * is escaped in the HTML and the subject is kept on one line; the button label is in the account's wording.
 *
 * @example
 * import * as QuoteEmails from "./email/QuoteEmails.ts"
 * mailer.send(QuoteEmails.quote({ to, subject, message, link, noun: "quote" }))
 *
 * @since 0.1.0
 */

import * as Markup from "@quotekit/core/Markup"
import * as Message from "@quotekit/core/Message"
import * as Wording from "@quotekit/core/Wording"
import type { Mail } from "../auth/Mailer.ts"

/** A typed value on one line (a subject is a header: no line breaks, no runs of spaces). */
const oneLine = (s: string): string => s.replace(/\s+/g, " ").trim()

/** The message as HTML paragraphs: blank lines part paragraphs, single line breaks stay. */
const paragraphs = (message: string): string =>
  message
    .trim()
    .split(/\n\s*\n/)
    .filter((p) => p.trim() !== "")
    .map((p) => `<p>${Markup.escapeHtml(p.trim()).replace(/\n/g, "<br>")}</p>`)
    .join("")

/** An email of the message, then a button (and the plain link) to `link` labelled `open`. */
const withButton = (input: {
  readonly to: string
  readonly subject: string
  readonly message: string
  readonly link: string
  readonly open: string
}): Mail => {
  const subject = oneLine(input.subject)
  const link = Markup.escapeHtml(input.link)
  return {
    to: input.to,
    subject,
    text: `${input.message.trim()}\n\n${input.open}:\n${input.link}`,
    html:
      `<!doctype html><html><head><meta charset="utf-8"><title>${Markup.escapeHtml(subject)}</title></head>` +
      `<body style="font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#222;line-height:1.5">` +
      `<div style="max-width:560px;margin:0 auto;padding:24px">${paragraphs(input.message)}` +
      `<p><a href="${link}" style="display:inline-block;padding:10px 18px;background:#1a73e8;color:#fff;` +
      `text-decoration:none;border-radius:4px">${Markup.escapeHtml(input.open)}</a></p>` +
      `<p style="font-size:13px;color:#555"><a href="${link}">${link}</a></p></div></body></html>`
  }
}

/** One contact's copy of a quote email. */
export const quote = (input: {
  readonly to: string
  readonly subject: string
  readonly message: string
  readonly link: string
  readonly noun: Wording.Noun
}): Mail => withButton({ ...input, open: Wording.catalogue(input.noun).emailOpenQuote })

/** A built-in invoice's email: the message, then a button to the invoice's page (which offers its PDF). */
export const invoice = (input: {
  readonly to: string
  readonly subject: string
  readonly message: string
  readonly link: string
}): Mail => withButton({ ...input, open: Message.catalogue.emailViewInvoice })
