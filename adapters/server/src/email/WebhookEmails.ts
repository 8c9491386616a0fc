/**
 * The email an account's admins get when the server turns a webhook endpoint off: which endpoint, why, and where
 * to turn it on again once the receiver is fixed (the deliveries waiting for it go out then).
 *
 * @example
 * mailer.send(WebhookEmails.endpointDisabled({ to, accountName, url, link }))
 *
 * @since 0.4.0
 */
import { escapeHtml } from "@quotekit/core/Markup"
import type { Mail } from "../auth/Mailer.ts"

/** A typed value on one line (a subject is a header: no line breaks, no runs of spaces). */
const oneLine = (s: string): string => s.replace(/\s+/g, " ").trim()

/** The "endpoint turned off" email. */
export const endpointDisabled = (input: {
  readonly to: string
  readonly accountName: string
  readonly url: string
  /** The webhooks settings page. */
  readonly link: string
}): Mail => {
  const business = oneLine(input.accountName)
  const subject = `A webhook endpoint of ${business} was turned off`
  const what =
    "Every delivery to it has failed for 24 hours, so quotekit turned it off. The events since then are kept: " +
    "once the receiver answers again, turn the endpoint on under Settings, Webhooks, and they are delivered."
  return {
    to: input.to,
    subject,
    text: `The webhook endpoint ${input.url} of ${business} was turned off.\n\n${what}\n\n${input.link}`,
    html:
      `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>` +
      `<body style="font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#222;line-height:1.5">` +
      `<div style="max-width:560px;margin:0 auto;padding:24px">` +
      `<p>The webhook endpoint <strong>${escapeHtml(input.url)}</strong> of ${escapeHtml(business)} was turned off.</p>` +
      `<p>${escapeHtml(what)}</p>` +
      `<p><a href="${escapeHtml(input.link)}">${escapeHtml(input.link)}</a></p></div></body></html>`
  }
}
