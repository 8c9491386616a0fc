/**
 * The email domain group's handlers, admins only (403 otherwise): the page's state, saving (a new or changed
 * domain gets a new DKIM key; an empty password keeps the saved one; the password is sealed and never answered),
 * removing, "Check again" (the three TXT look-ups) and "Send test email" (to the admin, through the account's
 * settings whether or not the add-on is on yet; the relay's answer is shown when it refuses). Saving looks the
 * records up straight away, so the page shows what DNS already has.
 *
 * @since 0.6.0
 */
import { randomBytes } from "node:crypto"
import { Api } from "@quotekit/core/api/Api"
import { AccessDenied, type FormError, InvalidInput, Unavailable } from "@quotekit/core/api/ApiError"
import type {
  DomainView,
  EmailDomainInput,
  EmailDomainState,
  RecordView,
  RelayInput
} from "@quotekit/core/api/EmailDomainApi"
import { CurrentAccount } from "@quotekit/core/api/Security"
import * as EmailDomain from "@quotekit/core/EmailDomain"
import { Clock, Effect, Option } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { Mailer } from "../auth/Mailer.ts"
import * as SecretBox from "../crypto/SecretBox.ts"
import { ServerConfig, type Settings } from "../ServerConfig.ts"
import { check, mechanismFor } from "./Check.ts"
import * as Keys from "./Keys.ts"
import * as Relay from "./Relay.ts"
import { EmailDomainRepo, type Stored, type StoredRelay } from "./Repo.ts"
import * as Routing from "./Routing.ts"
import * as TestEmail from "./TestEmail.ts"

const m = EmailDomain.messages

/** The admin of the current request's account, or `AccessDenied`. */
const admin = Effect.gen(function* () {
  const tenant = yield* CurrentAccount
  if (!tenant.is_admin) return yield* AccessDenied.answer(m.adminOnly)
  return tenant
})

/** The records to publish, with what DNS had. */
const recordsOf = (s: Stored, config: Settings): ReadonlyArray<RecordView> => {
  const spfFound = s.spf.found !== null && /^v=spf1(\s|$)/i.test(s.spf.found) ? s.spf.found : null
  return [
    {
      kind: "spf",
      name: s.domain,
      value: EmailDomain.spfValue(spfFound, mechanismFor(s.relay, config)),
      ...s.spf
    },
    {
      kind: "dkim",
      name: EmailDomain.dkimName(s.dkim_selector, s.domain),
      value: EmailDomain.dkimValue(s.dkim_public_key),
      ...s.dkim
    },
    { kind: "dmarc", name: EmailDomain.dmarcName(s.domain), value: EmailDomain.dmarcValue, ...s.dmarc }
  ]
}

/** The page's state for the account. */
const stateOf = (account: number) =>
  Effect.gen(function* () {
    const repo = yield* EmailDomainRepo
    const config = yield* ServerConfig
    const box = yield* SecretBox.SecretBox
    const stored = yield* repo.get(account)
    const settings = Option.map(stored, (s): DomainView => {
      const plan = Routing.planFor(s, config.mailFrom, box)
      return {
        sender_name: s.sender_name,
        sender_email: s.sender_email,
        domain: s.domain,
        relay:
          s.relay === null
            ? null
            : {
                host: s.relay.host,
                port: s.relay.port,
                security: s.relay.security,
                username: s.relay.username,
                has_password: s.relay.password_sealed !== null
              },
        dkim_selector: s.dkim_selector,
        records: recordsOf(s, config),
        verified: plan.dkim !== null,
        checked_at: s.checked_at,
        from: plan.from,
        reply_to: plan.replyTo
      }
    })
    return {
      enabled: yield* repo.enabled(account),
      server_from: config.mailFrom,
      server_relay: config.smtpUrl !== undefined,
      settings: Option.getOrNull(settings)
    } satisfies EmailDomainState
  })

/** The input's fields checked; every refused field at once. */
const validate = (input: EmailDomainInput, saved: Option.Option<Stored>) => {
  const errors: Array<FormError> = []
  const refuse = (input_id: string, message: string) => errors.push({ input_id, highlight: true, message })
  const name = input.sender_name.trim()
  const email = input.sender_email.trim()
  if (name === "") refuse("sender_name", m.senderNameRequired)
  if (!EmailDomain.isEmailAddress(email)) refuse("sender_email", m.senderEmailInvalid)
  const relay = input.relay
  if (relay !== null) {
    const host = hostOf(relay.host)
    if (!EmailDomain.isHostName(host)) refuse("relay_host", m.relayHostInvalid)
    if (!EmailDomain.isPort(relay.port)) refuse("relay_port", m.relayPortInvalid)
    const savedPassword = Option.match(saved, {
      onNone: () => false,
      onSome: (s) =>
        s.relay?.password_sealed != null && s.relay.host === host && s.relay.username === relay.username.trim()
    })
    if (relay.username.trim() !== "" && (relay.password ?? "") === "" && !savedPassword)
      refuse("relay_password", m.relayPasswordRequired)
  }
  return errors.length === 0
    ? Effect.succeed({ name, email })
    : Effect.fail(InvalidInput.answer(errors[0]?.message ?? m.senderEmailInvalid, errors))
}

/** A relay host as stored: lower case, no trailing dot. */
const hostOf = (host: string): string => host.trim().toLowerCase().replace(/\.$/, "")

/** A new DKIM key for the account's domain, its private half sealed, under a selector of its own. */
const newKey = (account: number) =>
  Effect.gen(function* () {
    const key = yield* Keys.generate
    return {
      selector: EmailDomain.selectorFor(new Date(yield* Clock.currentTimeMillis), randomBytes(2).toString("hex")),
      publicKey: key.publicKey,
      sealed: (yield* SecretBox.SecretBox).seal(key.privateKey, Routing.dkimContext(account))
    }
  })

/** The relay to store: a new password sealed; none given keeps the saved one for the same host and user name. */
const relayOf = (input: RelayInput, before: Stored | undefined, account: number, box: SecretBox.Box): StoredRelay => {
  const host = hostOf(input.host)
  const username = input.username.trim()
  const password = input.password ?? ""
  const kept = before?.relay?.host === host && before.relay.username === username ? before.relay.password_sealed : null
  return {
    host,
    port: input.port,
    security: input.security,
    username,
    password_sealed:
      username === "" ? null : password !== "" ? box.seal(password, Routing.passwordContext(account)) : kept
  }
}

/** The handlers of the `emailDomain` group. */
export const layer = HttpApiBuilder.group(Api, "emailDomain", (handlers) =>
  handlers
    .handle("get", () => Effect.flatMap(admin, (t) => stateOf(t.account_id)))
    .handle("save", ({ payload }) =>
      Effect.gen(function* () {
        const tenant = yield* admin
        const repo = yield* EmailDomainRepo
        const box = yield* SecretBox.SecretBox
        const account = tenant.account_id
        const saved = yield* repo.get(account)
        const { name, email } = yield* validate(payload, saved)
        // A relay on the server's own network is refused now, not only when an email is sent through it.
        if (payload.relay !== null) {
          const { webhooksAllowPrivate } = yield* ServerConfig
          const refused = yield* Relay.refusalOf(hostOf(payload.relay.host), { allowPrivate: webhooksAllowPrivate })
          if (refused?.kind === "private") return yield* InvalidInput.field("relay_host", m.relayHostPrivate)
        }
        const domain = EmailDomain.domainOf(email)
        const before = Option.getOrUndefined(saved)
        const sameDomain = before !== undefined && before.domain === domain
        const key = sameDomain
          ? { selector: before.dkim_selector, publicKey: before.dkim_public_key, sealed: before.dkim_private_sealed }
          : yield* newKey(account)
        const relay = payload.relay === null ? null : relayOf(payload.relay, before, account, box)
        yield* repo.save(account, tenant.signin_id, payload.enabled, {
          sender_name: name,
          sender_email: email,
          domain,
          relay,
          dkim_selector: key.selector,
          dkim_public_key: key.publicKey,
          dkim_private_sealed: key.sealed,
          resetChecks: !sameDomain || (before?.relay?.host ?? null) !== (relay?.host ?? null)
        })
        // Show what DNS already has; a resolver that does not answer leaves the records unchecked.
        const now = yield* repo.get(account)
        if (Option.isSome(now)) yield* check(now.value).pipe(Effect.catchTag("DnsUnavailable", () => Effect.void))
        return yield* stateOf(account)
      })
    )
    .handle("remove", () =>
      Effect.gen(function* () {
        const tenant = yield* admin
        yield* (yield* EmailDomainRepo).remove(tenant.account_id, tenant.signin_id)
        return yield* stateOf(tenant.account_id)
      })
    )
    .handle("check", () =>
      Effect.gen(function* () {
        const tenant = yield* admin
        const stored = yield* (yield* EmailDomainRepo).get(tenant.account_id)
        if (Option.isNone(stored)) return yield* InvalidInput.answer(m.notSetUp)
        yield* check(stored.value).pipe(
          Effect.catchTag("DnsUnavailable", () => Effect.fail(Unavailable.answer(m.dnsUnavailable)))
        )
        return yield* stateOf(tenant.account_id)
      })
    )
    .handle("sendTest", () =>
      Effect.gen(function* () {
        const tenant = yield* admin
        const repo = yield* EmailDomainRepo
        const config = yield* ServerConfig
        const stored = yield* repo.get(tenant.account_id)
        if (Option.isNone(stored)) return yield* InvalidInput.answer(m.notSetUp)
        const to = yield* repo.signinEmail(tenant.signin_id)
        const plan = Routing.planFor(stored.value, config.mailFrom, yield* SecretBox.SecretBox)
        const relay = plan.relay === null ? (config.smtpUrl === undefined ? "log" : "server") : "account"
        const mail = Routing.apply(
          plan,
          TestEmail.make({
            to,
            from: plan.from,
            replyTo: plan.replyTo,
            relay:
              plan.relay === null
                ? config.smtpUrl === undefined
                  ? "none: this server only writes emails to its log"
                  : "this server's own"
                : `${plan.relay.host}:${plan.relay.port} (${plan.relay.security})`,
            dkim: plan.dkim === null ? null : EmailDomain.dkimName(plan.dkim.keySelector, plan.dkim.domainName)
          })
        )
        // No `account` on the mail: the plan is applied here, add-on on or not, so it can be tried first.
        const sent = yield* Effect.result(
          plan.relay === null
            ? (yield* Mailer).send(mail)
            : Relay.send(plan.relay, mail, { allowPrivate: config.webhooksAllowPrivate })
        )
        if (sent._tag === "Failure") yield* Effect.logWarning(`test email to ${to} not sent: ${sent.failure.reason}`)
        return {
          sent: sent._tag === "Success",
          to,
          from: plan.from,
          relay,
          message: sent._tag === "Success" ? m.testSent(to) : m.testFailed(sent.failure.reason)
        } as const
      })
    )
)
