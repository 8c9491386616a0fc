/**
 * Outgoing email (password reset links, invitations). Two real layers, chosen by the settings (`layer`):
 * - SMTP (`layerSmtp`) when `SMTP_URL` is set: each message goes out through nodemailer as multipart text and
 *   HTML, from `SMTP_FROM`. nodemailer is loaded only then, so a start without mail does not pay for it.
 * - The log (`layerLog`) otherwise: the message, link included, goes to the server log with a line saying mail
 *   is not configured. That is what the demo and a self-hosted install without a mail relay need to get a
 *   first admin back in.
 * Tests use the in-memory mailer (`layerMemory`) and read the links from it.
 *
 * `send` fails with `MailNotSent` when the relay refuses or cannot be reached; the caller decides what the
 * request answers then (see `auth/Http.ts`).
 *
 * A mail sent for an account names it (`account`): the account's custom email domain (add-on 10,
 * `emaildomain/Routing.ts`, placed in front of this mailer by `main.ts`) then picks its sender, reply address,
 * DKIM key and relay. This mailer itself only honours `from`, `replyTo` and `dkim` when they are set.
 *
 * @since 0.1.0
 */
import { Context, Effect, Layer, Redacted, Schema, Scope } from "effect"
import type { Settings } from "../ServerConfig.ts"

/** One email: a plain-text body and the same content as HTML (user-supplied values escaped). */
export interface Mail {
  readonly to: string
  readonly subject: string
  readonly text: string
  readonly html: string
  /** Files sent with it (an accepted quote's PDF). */
  readonly attachments?: ReadonlyArray<{
    readonly filename: string
    readonly content: Uint8Array
    readonly contentType: string
  }>
  /** The account it is sent for; its custom email domain decides the sender and relay (see the module header). */
  readonly account?: number
  /** The sender, instead of the server's `SMTP_FROM`. */
  readonly from?: string
  /** Where replies go. */
  readonly replyTo?: string
  /** The key the message is signed with (DKIM). */
  readonly dkim?: DkimKey
}

/** A DKIM signing key: the domain, the selector its public key is published under, the PEM private key. */
export interface DkimKey {
  readonly domainName: string
  readonly keySelector: string
  readonly privateKey: string
}

/** The mail relay refused the message or could not be reached; `reason` is for the server log only. */
export class MailNotSent extends Schema.TaggedError<MailNotSent>()("MailNotSent", {
  to: Schema.String,
  reason: Schema.String
}) {}

/** The mailer service. */
export class Mailer extends Context.Service<
  Mailer,
  { readonly send: (mail: Mail) => Effect.Effect<void, MailNotSent> }
>()("quotekit/server/Mailer") {}

/** Writes each email to the server log, saying that mail is not configured. */
export const layerLog = Layer.succeed(
  Mailer,
  Mailer.of({
    send: (mail) =>
      Effect.logInfo(
        `mail is not configured (set SMTP_URL to deliver it); email to ${mail.to}: ${mail.subject}\n${mail.text}`
      )
  })
)

/** Keeps each email in memory; `sent` lists them oldest first. */
export class MailerMemory extends Context.Service<MailerMemory, { readonly sent: ReadonlyArray<Mail> }>()(
  "quotekit/server/MailerMemory"
) {}

/** The in-memory mailer and its outbox, for tests. */
export const layerMemory = Layer.effectContext(
  Effect.sync(() => {
    const sent: Array<Mail> = []
    return Context.make(Mailer, Mailer.of({ send: (mail) => Effect.sync(() => void sent.push(mail)) })).pipe(
      Context.add(MailerMemory, MailerMemory.of({ sent }))
    )
  })
)

/** What the SMTP mailer needs: the relay's URL (`smtp://` or `smtps://`, credentials inside) and the sender. */
export interface SmtpOptions {
  readonly url: Redacted.Redacted<string>
  readonly from: string
}

/**
 * Sends through an SMTP relay with nodemailer. The limits are short so a request never hangs on a dead relay:
 * 10 s to connect and to be greeted, 20 s of silence at most once connected. nodemailer is loaded and the
 * transport made with the first email, not while the server starts (about 0.1 s); the transport closes with the
 * layer.
 */
export const layerSmtp = (options: SmtpOptions): Layer.Layer<Mailer> =>
  Layer.effect(
    Mailer,
    Effect.gen(function* () {
      const scope = yield* Scope.Scope
      const transport = yield* Effect.cached(
        Effect.acquireRelease(
          Effect.promise(() => import("nodemailer")).pipe(
            Effect.map((nodemailer) =>
              nodemailer.createTransport(
                {
                  url: Redacted.value(options.url),
                  connectionTimeout: 10_000,
                  greetingTimeout: 10_000,
                  socketTimeout: 20_000
                },
                { from: options.from }
              )
            )
          ),
          (t) => Effect.sync(() => t.close())
        ).pipe(Scope.provide(scope))
      )
      return Mailer.of({
        send: (mail) =>
          Effect.flatMap(transport, (t) =>
            Effect.tryPromise({
              try: () => t.sendMail(message(mail)),
              catch: (e) => new MailNotSent({ to: mail.to, reason: e instanceof Error ? e.message : String(e) })
            })
          ).pipe(Effect.asVoid)
      })
    })
  )

/** What nodemailer's `sendMail` takes for `mail` (the transport's own sender applies when `from` is unset). */
export const message = (mail: Mail) => ({
  to: mail.to,
  subject: mail.subject,
  text: mail.text,
  html: mail.html,
  ...(mail.from === undefined ? {} : { from: mail.from }),
  ...(mail.replyTo === undefined ? {} : { replyTo: mail.replyTo }),
  ...(mail.dkim === undefined ? {} : { dkim: { ...mail.dkim } }),
  ...(mail.attachments === undefined
    ? {}
    : {
        attachments: mail.attachments.map((a) => ({
          filename: a.filename,
          content: Buffer.from(a.content),
          contentType: a.contentType
        }))
      })
})

/** The mailer the settings ask for: SMTP when `smtpUrl` is set, the log otherwise. */
export const layer = (settings: Pick<Settings, "smtpUrl" | "mailFrom">): Layer.Layer<Mailer> =>
  settings.smtpUrl === undefined ? layerLog : layerSmtp({ url: settings.smtpUrl, from: settings.mailFrom })

/** The first link in an email's text (what a person would click). */
export const linkIn = (mail: Pick<Mail, "text">): string | undefined => /https?:\/\/\S+/.exec(mail.text)?.[0]
