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
 * @since 0.1.0
 */
import { Context, Effect, Layer, Redacted, Schema } from "effect"
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
 * 10 s to connect and to be greeted, 20 s of silence at most once connected. The transport closes with the
 * layer.
 */
export const layerSmtp = (options: SmtpOptions): Layer.Layer<Mailer> =>
  Layer.effect(
    Mailer,
    Effect.gen(function* () {
      const nodemailer = yield* Effect.promise(() => import("nodemailer"))
      const transport = yield* Effect.acquireRelease(
        Effect.sync(() =>
          nodemailer.createTransport(
            {
              url: Redacted.value(options.url),
              connectionTimeout: 10_000,
              greetingTimeout: 10_000,
              socketTimeout: 20_000
            },
            { from: options.from }
          )
        ),
        (t) => Effect.sync(() => t.close())
      )
      return Mailer.of({
        send: (mail) =>
          Effect.tryPromise({
            try: () =>
              transport.sendMail({
                to: mail.to,
                subject: mail.subject,
                text: mail.text,
                html: mail.html,
                ...(mail.attachments === undefined
                  ? {}
                  : {
                      attachments: mail.attachments.map((a) => ({
                        filename: a.filename,
                        content: Buffer.from(a.content),
                        contentType: a.contentType
                      }))
                    })
              }),
            catch: (e) => new MailNotSent({ to: mail.to, reason: e instanceof Error ? e.message : String(e) })
          }).pipe(Effect.asVoid)
      })
    })
  )

/** The mailer the settings ask for: SMTP when `smtpUrl` is set, the log otherwise. */
export const layer = (settings: Pick<Settings, "smtpUrl" | "mailFrom">): Layer.Layer<Mailer> =>
  settings.smtpUrl === undefined ? layerLog : layerSmtp({ url: settings.smtpUrl, from: settings.mailFrom })

/** The first link in an email's text (what a person would click). */
export const linkIn = (mail: Pick<Mail, "text">): string | undefined => /https?:\/\/\S+/.exec(mail.text)?.[0]
