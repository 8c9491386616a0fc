/**
 * Outgoing email (password reset links, invitations). The server ships a logging mailer: the message,
 * link included, goes to the server log, which is what a self-hosted install without a mail relay needs
 * to get a first admin back in. Tests use the in-memory mailer and read the links from it.
 *
 * @since 0.1.0
 */
import { Context, Effect, Layer } from "effect"

/** One email. */
export interface Mail {
  readonly to: string
  readonly subject: string
  readonly text: string
}

/** The mailer service. */
export class Mailer extends Context.Service<Mailer, { readonly send: (mail: Mail) => Effect.Effect<void> }>()(
  "quotekit/server/Mailer"
) {}

/** Writes each email to the server log. */
export const layerLog = Layer.succeed(
  Mailer,
  Mailer.of({
    send: (mail) => Effect.logInfo(`email to ${mail.to}: ${mail.subject}\n${mail.text}`)
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

/** The first link in an email's text (what a person would click). */
export const linkIn = (mail: Mail): string | undefined => /https?:\/\/\S+/.exec(mail.text)?.[0]
