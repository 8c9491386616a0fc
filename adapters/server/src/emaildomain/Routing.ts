/**
 * The mailer in front of the server's: an email sent for an account (`Mail.account`) whose custom email domain
 * is on (add-on 10) goes out with the account's sender and, when it has one, through the account's own relay;
 * every other email goes to the server's mailer unchanged. The sender follows `EmailDomain.senderFor`: the
 * account's address, DKIM-signed with its domain's key, once the domain is verified; until then the server's
 * address under the account's sender name, with replies to the account's address (and no signature, which
 * would not align with the server's domain).
 *
 * A sealed password or key that no longer opens (the server's secret key changed) cannot be used: the email
 * then goes out the server's way, as if the domain were unverified, and a warning is logged.
 *
 * @since 0.6.0
 */
import * as EmailDomain from "@quotekit/core/EmailDomain"
import { Effect, Layer, Option } from "effect"
import { type DkimKey, type Mail, Mailer } from "../auth/Mailer.ts"
import * as SecretBox from "../crypto/SecretBox.ts"
import { ServerConfig } from "../ServerConfig.ts"
import * as Relay from "./Relay.ts"
import { EmailDomainRepo, type Stored } from "./Repo.ts"

/** The contexts sealed values are bound to. */
export const passwordContext = (account: number) => `email-relay:${account}`
export const dkimContext = (account: number) => `email-dkim:${account}`

/** How an account's email goes out. */
export interface Plan {
  readonly from: string
  readonly replyTo: string | null
  readonly dkim: DkimKey | null
  /** The account's relay; null: the server's mailer. */
  readonly relay: Relay.Relay | null
  /** Why part of the settings could not be used (a sealed value did not open). */
  readonly unreadable: boolean
}

/** The plan for an account's email from its stored settings. */
export const planFor = (s: Stored, serverFrom: string, box: SecretBox.Box): Plan => {
  const privateKey = box.open(s.dkim_private_sealed, dkimContext(s.account_id))
  const password =
    s.relay?.password_sealed == null
      ? Option.some<string | null>(null)
      : Option.map(box.open(s.relay.password_sealed, passwordContext(s.account_id)), (p): string | null => p)
  const verified = EmailDomain.isVerified(s.dkim.state) && Option.isSome(privateKey)
  const sender = EmailDomain.senderFor({
    verified,
    senderName: s.sender_name,
    senderEmail: s.sender_email,
    serverFrom
  })
  return {
    ...sender,
    dkim:
      verified && Option.isSome(privateKey)
        ? { domainName: s.domain, keySelector: s.dkim_selector, privateKey: privateKey.value }
        : null,
    relay:
      s.relay === null || Option.isNone(password)
        ? null
        : {
            host: s.relay.host,
            port: s.relay.port,
            security: s.relay.security,
            username: s.relay.username,
            password: password.value
          },
    unreadable: Option.isNone(privateKey) || Option.isNone(password)
  }
}

/** `mail` as the plan sends it. */
export const apply = (plan: Plan, mail: Mail): Mail => ({
  ...mail,
  from: plan.from,
  ...(plan.replyTo === null ? {} : { replyTo: plan.replyTo }),
  ...(plan.dkim === null ? {} : { dkim: plan.dkim })
})

/** The routing mailer over the server's (`Mailer` from below); needs the repository and the settings. */
export const layer = Layer.effect(
  Mailer,
  Effect.gen(function* () {
    const base = yield* Mailer
    const repo = yield* EmailDomainRepo
    const config = yield* ServerConfig
    const box = yield* SecretBox.SecretBox
    return Mailer.of({
      send: (mail) =>
        mail.account === undefined
          ? base.send(mail)
          : Effect.flatMap(repo.forSending(mail.account), (found) => {
              if (Option.isNone(found)) return base.send(mail)
              const plan = planFor(found.value, config.mailFrom, box)
              const warn = plan.unreadable
                ? Effect.logWarning(
                    `the email domain of account ${found.value.account_id} has a sealed value the server's key does not open; sending the server's way`
                  )
                : Effect.void
              const out = apply(plan, mail)
              return Effect.andThen(
                warn,
                plan.relay === null
                  ? base.send(out)
                  : Relay.send(plan.relay, out, { allowPrivate: config.webhooksAllowPrivate })
              )
            })
    })
  })
)
