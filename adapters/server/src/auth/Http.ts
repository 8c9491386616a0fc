/**
 * The sign-in handlers: create account, sign in and out, which account and account select, forgotten
 * password and reset, invitations. Credential endpoints are rate-limited per client address (and sign-in
 * also per email); every outcome that matters is written to the audit log.
 *
 * Email delivery: the reset link is sent in the background, so the answer (202 either way) and its timing say
 * nothing about whether the email has a sign-in, and a mail relay failure is only logged. An invitation is
 * saved before its email is sent; if the relay fails the answer is 503 `Unavailable`, and inviting the same
 * address again sends a fresh link (the saved invitation is renewed, not duplicated).
 *
 * @since 0.1.0
 */
import * as Account from "@quotekit/core/Account"
import { Api } from "@quotekit/core/api/Api"
import { AccessDenied, InvalidInput, NotFound, TooManyAttempts, Unavailable } from "@quotekit/core/api/ApiError"
import type { SigninState } from "@quotekit/core/api/AuthApi"
import { CurrentAccount, CurrentSignin } from "@quotekit/core/api/Security"
import * as Message from "@quotekit/core/Message"
import * as TwoFactor from "@quotekit/core/TwoFactor"
import { Clock, Effect, Option, Schema } from "effect"
import { HttpEffect, HttpServerRequest, HttpServerResponse } from "effect/http"
import { HttpApiBuilder } from "effect/http-api"
import { SqlClient } from "effect/sql"
import { AccountCache } from "../account/Cache.ts"
import * as LinkToken from "../customer/LinkToken.ts"
import * as AuthEmails from "../email/AuthEmails.ts"
import * as ClientAddress from "../http/ClientAddress.ts"
import { PublicUrl } from "../http/PublicUrl.ts"
import { ServerConfig } from "../ServerConfig.ts"
import * as Landing from "../site/Landing.ts"
import { TwoFactorGate } from "../twofactor/Gate.ts"
import { TwoFactorRepo } from "../twofactor/Repo.ts"
import * as KnownDevice from "./KnownDevice.ts"
import { Mailer } from "./Mailer.ts"
import { Passwords } from "./Passwords.ts"
import * as RateLimit from "./RateLimit.ts"
import { RateLimiter } from "./RateLimit.ts"
import { AuthRepo, type SigninRecord } from "./Repo.ts"
import { Sessions } from "./Session.ts"
import * as SigninThrottle from "./SigninThrottle.ts"
import * as Token from "./Token.ts"

/** Split a full name into first and last (the last word is the last name). */
export const splitName = (name: string): { readonly name_first: string; readonly name_last: string } => {
  const words = name
    .trim()
    .split(/\s+/)
    .filter((w) => w !== "")
  if (words.length <= 1) return { name_first: words[0] ?? "", name_last: "" }
  return { name_first: words.slice(0, -1).join(" "), name_last: words[words.length - 1] ?? "" }
}

const wrongPair = InvalidInput.answer(Message.catalogue.signinWrong, [
  { input_id: "email", highlight: true, message: Message.catalogue.signinWrong },
  { input_id: "password", highlight: true, message: Message.catalogue.signinWrong }
])

/** The auth group's handlers. */
export const layer = HttpApiBuilder.group(
  Api,
  "auth",
  Effect.fn(function* (handlers) {
    const repo = yield* AuthRepo
    const sql = yield* SqlClient.SqlClient
    const sessions = yield* Sessions
    const passwords = yield* Passwords
    const limiter = yield* RateLimiter
    const deviceKey = KnownDevice.key(yield* LinkToken.LinkSecret)
    const mailer = yield* Mailer
    const config = yield* ServerConfig
    const publicUrl = yield* PublicUrl
    const cache = yield* AccountCache
    const gate = yield* TwoFactorGate
    const twoFactor = yield* TwoFactorRepo
    // Background work (the reset email) lives as long as the server, not the request.
    const scope = yield* Effect.scope

    const audit = (
      action: string,
      ids: { readonly account_id?: Account.AccountId | null; readonly signin_id?: Account.SigninId | null },
      data: Record<string, unknown> = {}
    ) =>
      Effect.gen(function* () {
        const address = yield* ClientAddress.current
        const at = yield* Clock.currentTimeMillis
        yield* repo.audit({
          account_id: ids.account_id ?? null,
          signin_id: ids.signin_id ?? null,
          action,
          data: { ...data, address },
          at
        })
      })

    /**
     * Check a password for an email under the sign-in limits (failed attempts per email, all attempts per
     * address, counted in the database so they hold across restarts and server processes).
     */
    const checkPassword = (email: string, password: string) =>
      Effect.gen(function* () {
        const address = yield* ClientAddress.current
        const now = yield* Clock.currentTimeMillis
        const longest = Math.max(config.signinPerEmail.windowSeconds, config.signinPerAddress.windowSeconds) * 1000
        const times = yield* repo.attemptTimes({ email, address, since: now - longest })
        const request = yield* HttpServerRequest.HttpServerRequest
        const known = KnownDevice.knows(deviceKey, request.cookies[KnownDevice.COOKIE], email)
        const emailWindow = times.byEmail.filter((t) => t > now - config.signinPerEmail.windowSeconds * 1000)
        const byAddress = RateLimit.decide(times.byAddress, now, config.signinPerAddress)
        const wait = Math.max(
          SigninThrottle.waitSeconds(emailWindow, now, known),
          byAddress.allowed ? 0 : byAddress.retryAfterSeconds
        )
        if (wait > 0) return yield* TooManyAttempts.answer(wait)
        const attempt = yield* repo.recordAttempt({ email, address, at: now })
        const found = yield* repo.signinByEmail(email)
        const stored = Option.getOrUndefined(found)?.password_hash ?? undefined
        // A missing sign-in (or one without a password yet) is checked against a dummy hash: same timing.
        const ok = yield* passwords.verify(password, stored)
        if (Option.isNone(found) || !ok) {
          yield* audit(
            "signin.failed",
            { signin_id: Option.getOrNull(Option.map(found, (s) => s.signin_id)) },
            { email }
          )
          return yield* wrongPair
        }
        yield* repo.attemptSucceeded(attempt)
        return found.value
      })

    const limitAddress = (what: string) =>
      Effect.flatMap(ClientAddress.current, (address) => limiter.attempt(`${what}:${address}`, config.signinPerAddress))

    const stateOf = (signin: SigninRecord, accountId: Account.AccountId | null) =>
      Effect.map(
        repo.accountsOf(signin.signin_id),
        (accounts): SigninState => ({
          signin_id: signin.signin_id,
          name_display: signin.name_display,
          email: signin.email,
          accounts,
          account_id: accountId
        })
      )

    /** Start a session after a successful credential step; the only account is chosen at once. */
    const signInAs = (signin: SigninRecord, preferred: Account.AccountId | null) =>
      Effect.gen(function* () {
        const accounts = yield* repo.accountsOf(signin.signin_id)
        const chosen =
          preferred !== null && accounts.some((a) => a.account_id === preferred)
            ? preferred
            : accounts.length === 1 && accounts[0] !== undefined
              ? accounts[0].account_id
              : null
        yield* sessions.start(signin.signin_id, chosen)
        return {
          signin_id: signin.signin_id,
          name_display: signin.name_display,
          email: signin.email,
          accounts,
          account_id: chosen
        }
      })

    const signinOrDie = (id: Account.SigninId) =>
      Effect.flatMap(
        repo.signinById(id),
        Option.match({ onNone: () => Effect.die("sign-in vanished"), onSome: Effect.succeed })
      )

    return handlers
      .handle("createAccount", ({ payload }) =>
        Effect.gen(function* () {
          yield* limitAddress("new-account")
          const at = yield* Clock.currentTimeMillis
          const password_hash = yield* passwords.hash(payload.password)
          const created = yield* repo
            .createAccount({
              account_name: payload.business_name,
              email: payload.email,
              ...splitName(payload.your_name),
              password_hash,
              at
            })
            .pipe(
              Effect.catchTag("EmailTaken", () =>
                Effect.fail(InvalidInput.field("email", Message.catalogue.emailTaken))
              )
            )
          // Where the new account's creator came from (the landing cookie), kept on the account and in the audit.
          const source = yield* Landing.current
          if (source !== "")
            yield* sql`UPDATE accounts SET signup_source = ${source} WHERE account_id = ${created.account_id}`.pipe(
              Effect.orDie
            )
          yield* audit("account.created", created, source === "" ? {} : { signup_source: source })
          const signin = yield* signinOrDie(created.signin_id)
          return yield* signInAs(signin, created.account_id)
        })
      )
      .handle("signIn", ({ payload }) =>
        Effect.gen(function* () {
          const email = Account.normalizeEmail(payload.email)
          const signin = yield* checkPassword(email, payload.password)
          // A second step (a code, or enrolment an account requires) comes before any session.
          const answer = yield* gate.afterPassword(signin, null)
          // This browser is known to the account from now on: its owner is never held back by another's guesses.
          const device = KnownDevice.make(deviceKey, email)
          yield* HttpEffect.appendPreResponseHandler((_request, response) =>
            Effect.succeed(
              HttpServerResponse.setCookieUnsafe(response, KnownDevice.COOKIE, device, {
                path: "/sign-in",
                httpOnly: true,
                sameSite: "strict",
                secure: config.secureCookies,
                maxAge: `${KnownDevice.MAX_AGE_SECONDS} seconds`
              })
            )
          )
          if (TwoFactor.isChallenge(answer)) {
            yield* audit("signin.second-step", { signin_id: signin.signin_id }, { step: answer.two_factor })
          } else {
            yield* audit("signin.succeeded", { signin_id: answer.signin_id, account_id: answer.account_id })
          }
          return answer
        })
      )
      .handle("signOut", () => sessions.end)
      .handle("whichAccount", () =>
        Effect.gen(function* () {
          const current = yield* CurrentSignin
          return yield* stateOf(yield* signinOrDie(current.signin_id), current.account?.account_id ?? null)
        })
      )
      .handle("selectAccount", ({ params }) =>
        Effect.gen(function* () {
          const current = yield* CurrentSignin
          const signin = yield* signinOrDie(current.signin_id)
          const accounts = yield* repo.accountsOf(signin.signin_id)
          const target = accounts.find((a) => a.account_id === params.account_id)
          if (target === undefined) return yield* AccessDenied.answer(Message.catalogue.notAMember)
          if (
            (yield* twoFactor.isRequired(params.account_id)) &&
            Option.getOrUndefined(yield* twoFactor.secretOf(signin.signin_id))?.confirmed_at == null
          ) {
            return yield* AccessDenied.answer(TwoFactor.text.accountRequires(target.account_name))
          }
          yield* repo.chooseAccount(current.session_id, params.account_id)
          yield* audit("account.selected", { signin_id: signin.signin_id, account_id: params.account_id })
          return {
            signin_id: signin.signin_id,
            name_display: signin.name_display,
            email: signin.email,
            accounts,
            account_id: params.account_id
          }
        })
      )
      .handle("forgotPassword", ({ payload }) =>
        Effect.gen(function* () {
          yield* limitAddress("forgot-password")
          yield* limiter.attempt(`forgot-password-email:${payload.email}`, config.signinPerEmail)
          const found = yield* repo.signinByEmail(payload.email)
          if (Option.isNone(found)) return
          const token = Token.generate()
          const at = yield* Clock.currentTimeMillis
          yield* repo.insertResetToken({
            token_hash: Token.hash(token),
            signin_id: found.value.signin_id,
            at,
            expires_at: at + config.resetLinkSeconds * 1000
          })
          const base = yield* publicUrl.current
          const mail = AuthEmails.resetPassword({
            to: found.value.email,
            link: `${base}/sign-in/reset-password?token=${token}`,
            minutes: Math.round(config.resetLinkSeconds / 60)
          })
          yield* mailer.send(mail).pipe(
            Effect.catchTag("MailNotSent", (e) =>
              Effect.logError(`password reset email to ${e.to} not sent: ${e.reason}`)
            ),
            Effect.forkIn(scope, { startImmediately: true })
          )
          yield* audit("password.reset-requested", { signin_id: found.value.signin_id })
        })
      )
      .handle("resetPassword", ({ payload }) =>
        Effect.gen(function* () {
          yield* limitAddress("reset-password")
          const at = yield* Clock.currentTimeMillis
          const taken = Token.isWellFormed(payload.token)
            ? yield* repo.takeResetToken(Token.hash(payload.token), at)
            : Option.none()
          if (Option.isNone(taken)) return yield* InvalidInput.field("token", Message.catalogue.resetLinkInvalid)
          yield* repo.setPassword(taken.value, yield* passwords.hash(payload.password), at)
          // A new password ends every session of the sign-in (a thief's included).
          yield* repo.deleteSessionsOf(taken.value)
          yield* audit("password.reset", { signin_id: taken.value })
          // A reset link proves the mailbox, not the second factor.
          return yield* gate.afterPassword(yield* signinOrDie(taken.value), null)
        })
      )
      .handle("invite", ({ payload }) =>
        Effect.gen(function* () {
          const tenant = yield* CurrentAccount
          if (!tenant.is_admin) return yield* AccessDenied.answer(Message.catalogue.adminOnly)
          if (yield* repo.isMemberByEmail(tenant.account_id, payload.email)) {
            return yield* InvalidInput.field("email", Message.catalogue.alreadyMember)
          }
          const token = Token.generate()
          const at = yield* Clock.currentTimeMillis
          const expires_at = at + config.invitationSeconds * 1000
          yield* repo.insertInvitation({
            token_hash: Token.hash(token),
            account_id: tenant.account_id,
            email: payload.email,
            is_admin: payload.is_admin,
            invited_by: tenant.signin_id,
            at,
            expires_at
          })
          yield* audit("member.invited", tenant, { email: payload.email, is_admin: payload.is_admin })
          const inviter = yield* signinOrDie(tenant.signin_id)
          const { account_signin: account } = yield* cache.get(tenant).pipe(Effect.orDie)
          const base = yield* publicUrl.current
          const mail = AuthEmails.invitation({
            to: payload.email,
            inviter: inviter.name_display,
            accountName: account.account_name,
            noun: account.productNoun,
            isAdmin: payload.is_admin,
            link: `${base}/sign-in/accept-invitation?token=${token}`,
            days: Math.round(config.invitationSeconds / 86400)
          })
          yield* mailer
            .send({ ...mail, account: tenant.account_id })
            .pipe(
              Effect.catchTag("MailNotSent", (e) =>
                Effect.logError(`invitation email to ${e.to} not sent (the invitation is saved): ${e.reason}`).pipe(
                  Effect.andThen(Effect.fail(Unavailable.answer()))
                )
              )
            )
          return { email: payload.email, is_admin: payload.is_admin, expires: Math.floor(expires_at / 1000) }
        })
      )
      .handle("invitation", ({ params }) =>
        Effect.gen(function* () {
          const at = yield* Clock.currentTimeMillis
          const found = Token.isWellFormed(params.token)
            ? yield* repo.invitationByTokenHash(Token.hash(params.token), at)
            : Option.none()
          if (Option.isNone(found)) return yield* NotFound.answer(Message.catalogue.invitationInvalid)
          return {
            account_name: found.value.account_name,
            email: found.value.email,
            invited_by: found.value.invited_by,
            has_signin: found.value.has_password
          }
        })
      )
      .handle("acceptInvitation", ({ payload }) =>
        Effect.gen(function* () {
          yield* limitAddress("accept-invitation")
          const at = yield* Clock.currentTimeMillis
          const found = Token.isWellFormed(payload.token)
            ? yield* repo.invitationByTokenHash(Token.hash(payload.token), at)
            : Option.none()
          if (Option.isNone(found)) return yield* InvalidInput.field("token", Message.catalogue.invitationInvalid)
          const invitation = found.value
          if (invitation.has_password) {
            // The invitee already has a sign-in: they prove it is theirs with its password.
            yield* checkPassword(invitation.email, payload.password)
          } else {
            if (payload.your_name === undefined) {
              return yield* InvalidInput.field("your_name", Message.catalogue.fieldRequired("Your name"))
            }
            const password = yield* Schema.decodeUnknownEffect(Account.Password)(payload.password).pipe(
              Effect.mapError((e) => InvalidInput.field("password", e.message))
            )
            yield* repo.completeSignin(invitation.signin_id, {
              ...splitName(payload.your_name),
              password_hash: yield* passwords.hash(password),
              at
            })
          }
          if (!(yield* repo.acceptInvitation(invitation, at))) {
            return yield* InvalidInput.field("token", Message.catalogue.invitationInvalid)
          }
          const signin = yield* signinOrDie(invitation.signin_id)
          // The team list and the new member's accounts changed.
          yield* cache.invalidateAccount(invitation.account_id)
          yield* cache.invalidateSignin(invitation.signin_id)
          yield* audit("member.joined", { account_id: invitation.account_id, signin_id: signin.signin_id })
          return yield* gate.afterPassword(signin, invitation.account_id)
        })
      )
  })
)
