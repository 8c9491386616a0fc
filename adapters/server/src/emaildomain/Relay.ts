/**
 * Sending through an account's own SMTP relay with nodemailer: one connection per message (an account sends
 * few, and a changed password takes effect at once), the same short limits as the server's relay (10 s to
 * connect and be greeted, 20 s of silence). `starttls` requires the upgrade, `tls` speaks TLS from the first
 * byte, `none` sends in the clear (a relay on the same private network). The relay's host is checked before
 * connecting: an address on the server's own network is refused unless the server allows it
 * (`WEBHOOKS_ALLOW_PRIVATE`, the same setting webhooks use), so the test email cannot probe the server's network.
 *
 * @since 0.6.0
 */

import type * as EmailDomain from "@quotekit/core/EmailDomain"
import * as AddressGuard from "@quotekit/webhooks/AddressGuard"
import { Effect } from "effect"
import { type Mail, MailNotSent, message } from "../auth/Mailer.ts"

/** A relay to send through, its password opened. */
export interface Relay {
  readonly host: string
  readonly port: number
  readonly security: EmailDomain.Security
  readonly username: string
  readonly password: string | null
}

/** The relay's answer to show: its SMTP reply when it gave one, else what went wrong connecting. */
export const answerOf = (e: unknown): string => {
  if (typeof e === "object" && e !== null) {
    const { response, message: text } = e as { response?: unknown; message?: unknown }
    if (typeof response === "string" && response.trim() !== "") return response.trim()
    if (typeof text === "string") return text
  }
  return String(e)
}

/**
 * Whether the server may connect to `host`: why not, if it may not (an address on its own network, or a name
 * that does not resolve).
 */
export const refusalOf = (host: string, options: { readonly allowPrivate: boolean }) =>
  AddressGuard.checkHost(host, options).pipe(
    Effect.as(null),
    Effect.catch((e) =>
      Effect.succeed(
        e._tag === "HostNotFound"
          ? { kind: "not-found" as const, reason: `the mail server ${host} was not found (${e.reason})` }
          : {
              kind: "private" as const,
              reason: `the mail server ${host} is on the server's own network (${e.address}), which it may not reach`
            }
      )
    )
  )

/** Send `mail` (whose `from` is set) through `relay`. */
export const send = (relay: Relay, mail: Mail, options: { readonly allowPrivate: boolean }) =>
  Effect.gen(function* () {
    const refused = yield* refusalOf(relay.host, options)
    if (refused !== null) return yield* new MailNotSent({ to: mail.to, reason: refused.reason })
    const nodemailer = yield* Effect.promise(() => import("nodemailer"))
    const transport = nodemailer.createTransport({
      host: relay.host,
      port: relay.port,
      secure: relay.security === "tls",
      requireTLS: relay.security === "starttls",
      ignoreTLS: relay.security === "none",
      ...(relay.username === "" ? {} : { auth: { user: relay.username, pass: relay.password ?? "" } }),
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000
    })
    yield* Effect.tryPromise({
      try: () => transport.sendMail(message(mail)),
      catch: (e) => new MailNotSent({ to: mail.to, reason: answerOf(e) })
    }).pipe(Effect.ensuring(Effect.sync(() => transport.close())))
  })
