/**
 * The test email an admin sends from Settings → Email domain: to themselves, saying which sender, relay and
 * DKIM selector it went out with, so what arrives can be compared with what the page says.
 *
 * @since 0.6.0
 */
import { escapeHtml } from "@quotekit/core/Markup"
import type { Mail } from "../auth/Mailer.ts"

/** The test email. */
export const make = (input: {
  readonly to: string
  readonly from: string
  readonly replyTo: string | null
  /** Which relay it goes through, in words. */
  readonly relay: string
  /** `selector._domainkey.domain`, or null when it is not signed. */
  readonly dkim: string | null
}): Mail => {
  const subject = "Test email from quotekit"
  const lines = [
    "This is a test of your account's email settings. If you can read it, the mail server took it.",
    `Sent from: ${input.from}`,
    ...(input.replyTo === null ? [] : [`Replies go to: ${input.replyTo}`]),
    `Mail server: ${input.relay}`,
    input.dkim === null
      ? "Not signed with your domain's DKIM key (the domain is not verified yet)."
      : `Signed with the DKIM key published at ${input.dkim}.`
  ]
  return {
    to: input.to,
    subject,
    text: lines.join("\n\n"),
    html:
      `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>` +
      `<body style="font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#222;line-height:1.5">` +
      `<div style="max-width:560px;margin:0 auto;padding:24px">` +
      lines.map((l) => `<p>${escapeHtml(l)}</p>`).join("") +
      `</div></body></html>`
  }
}
