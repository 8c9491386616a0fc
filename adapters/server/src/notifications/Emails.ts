/**
 * The notification emails: one event at once (its headline as the subject, the question or note quoted, a link
 * to the quote), or the daily digest (`Notification.digest`: the day's events grouped by quote). Both end with
 * where to change what one gets (Personal Settings). User-typed values are escaped in the HTML.
 *
 * @since 0.5.0
 */
import { escapeHtml } from "@quotekit/core/Markup"
import * as Notification from "@quotekit/core/Notification"
import type { Mail } from "../auth/Mailer.ts"

/** A typed value on one line (a subject is a header: no line breaks, no runs of spaces). */
const oneLine = (s: string): string => s.replace(/\s+/g, " ").trim()

const page = (title: string, body: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>` +
  `<body style="font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#222;line-height:1.5">` +
  `<div style="max-width:560px;margin:0 auto;padding:24px">${body}</div></body></html>`

const footer = (settings: string) => ({
  text: `${Notification.text.emailFooter}\n${settings}`,
  html:
    `<p style="color:#666;font-size:13px;margin-top:32px">${escapeHtml(Notification.text.emailFooter)} ` +
    `<a href="${escapeHtml(settings)}">${escapeHtml(settings)}</a></p>`
})

/** One notification's email. `base` is the app's address (empty for links relative to it). */
export const single = (input: {
  readonly to: string
  readonly account: number
  readonly accountName: string
  readonly item: Notification.Item
  readonly base: string
}): Mail => {
  const { item } = input
  const link = `${input.base}${item.link}`
  const settings = `${input.base}/settings/personal`
  const subject = oneLine(item.headline)
  const end = footer(settings)
  const quoted = item.excerpt === "" ? "" : `\n\n"${item.excerpt}"`
  return {
    to: input.to,
    account: input.account,
    subject,
    text: `${item.headline} (${oneLine(input.accountName)}).${quoted}\n\nOpen it: ${link}\n\n${end.text}`,
    html: page(
      subject,
      `<p><strong>${escapeHtml(item.headline)}</strong> (${escapeHtml(oneLine(input.accountName))}).</p>` +
        (item.excerpt === ""
          ? ""
          : `<blockquote style="margin:0;padding:8px 12px;border-left:3px solid #ccc;color:#444">` +
            `${escapeHtml(item.excerpt)}</blockquote>`) +
        `<p><a href="${escapeHtml(link)}">Open ${escapeHtml(item.quote)}</a></p>${end.html}`
    )
  }
}

/** The daily digest of a member's waiting notifications in one account. */
export const digest = (input: {
  readonly to: string
  readonly account: number
  readonly accountName: string
  readonly items: ReadonlyArray<Notification.Item>
  readonly base: string
}): Mail => {
  const groups = Notification.digest(input.items)
  const settings = `${input.base}/settings/personal`
  const subject = `${oneLine(input.accountName)}: ${Notification.digestSubject(input.items.length, groups.length)}`
  const end = footer(settings)
  const text = groups
    .map(
      (g) =>
        `${g.quote} (${input.base}${g.link})\n` +
        g.items.map((i) => `- ${i.headline}${i.excerpt === "" ? "" : `: "${i.excerpt}"`}`).join("\n")
    )
    .join("\n\n")
  const html = groups
    .map(
      (g) =>
        `<h2 style="font-size:16px;margin:24px 0 8px"><a href="${escapeHtml(`${input.base}${g.link}`)}">` +
        `${escapeHtml(g.quote)}</a></h2><ul>` +
        g.items
          .map(
            (i) => `<li>${escapeHtml(i.headline)}${i.excerpt === "" ? "" : `: <q>${escapeHtml(i.excerpt)}</q>`}</li>`
          )
          .join("") +
        `</ul>`
    )
    .join("")
  return {
    to: input.to,
    account: input.account,
    subject,
    text: `${Notification.text.digestIntro}\n\n${text}\n\n${end.text}`,
    html: page(subject, `<p>${escapeHtml(Notification.text.digestIntro)}</p>${html}${end.html}`)
  }
}
