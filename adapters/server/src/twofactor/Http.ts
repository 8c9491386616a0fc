/**
 * The two-factor handlers: the second step of a sign-in (a code or a recovery code; enrolment when an account
 * requires it), the person's own two-factor in Personal Settings, and the account's rule. Secrets are sealed at rest
 * (`SecretBox`, bound to `two-factor:<signin id>`) and never answered again after enrolment; recovery codes are
 * stored as SHA-256 and answered once. Failed codes (and wrong passwords here) slow the next attempt down
 * (`TwoFactor.waitSeconds`). Everything is written to the sign-in audit log.
 *
 * @since 0.5.0
 */

import { randomBytes } from "node:crypto"
import type { AccountId, SigninId } from "@quotekit/core/Account"
import { Api } from "@quotekit/core/api/Api"
import { AccessDenied, InvalidInput, TooManyAttempts } from "@quotekit/core/api/ApiError"
import { CurrentAccount, CurrentSignin } from "@quotekit/core/api/Security"
import * as Message from "@quotekit/core/Message"
import * as TwoFactor from "@quotekit/core/TwoFactor"
import { Clock, Effect, Option } from "effect"
import { HttpServerRequest } from "effect/http"
import { HttpApiBuilder } from "effect/http-api"
import { Passwords } from "../auth/Passwords.ts"
import { AuthRepo } from "../auth/Repo.ts"
import * as Token from "../auth/Token.ts"
import * as SecretBox from "../crypto/SecretBox.ts"
import { CHALLENGE_COOKIE, TwoFactorGate } from "./Gate.ts"
import { TwoFactorRepo } from "./Repo.ts"
import * as Totp from "./Totp.ts"

/** The context a sign-in's sealed secret is bound to. */
export const secretContext = (signin: number): string => `two-factor:${signin}`

/** Ten fresh recovery codes. */
export const newRecoveryCodes = (): ReadonlyArray<string> =>
  Array.from({ length: TwoFactor.RECOVERY_CODE_COUNT }, () => TwoFactor.recoveryCodeFrom([...randomBytes(10)]))

const field = (message: string) => InvalidInput.field("code", message)

/** The two-factor group's handlers. */
export const layer = HttpApiBuilder.group(
  Api,
  "twoFactor",
  Effect.fn(function* (handlers) {
    const repo = yield* TwoFactorRepo
    const auth = yield* AuthRepo
    const gate = yield* TwoFactorGate
    const passwords = yield* Passwords
    const box = yield* SecretBox.SecretBox

    const signinOf = (id: SigninId) =>
      Effect.flatMap(
        auth.signinById(id),
        Option.match({ onNone: () => Effect.die("sign-in vanished"), onSome: Effect.succeed })
      )

    /** The request's live challenge of the given step, or the 'sign in again' refusal. */
    const challengeOf = (step: "code" | "enrol") =>
      Effect.gen(function* () {
        const request = yield* HttpServerRequest.HttpServerRequest
        const token = request.cookies[CHALLENGE_COOKIE] ?? ""
        const now = yield* Clock.currentTimeMillis
        const found = Token.isWellFormed(token) ? yield* repo.challenge(Token.hash(token), now) : Option.none()
        if (Option.isNone(found) || found.value.step !== step) return yield* field(TwoFactor.text.challengeExpired)
        return { ...found.value, token_hash: Token.hash(token) }
      })

    /** Refuse while failed attempts owe a delay. */
    const throttle = (signin: SigninId) =>
      Effect.gen(function* () {
        const now = yield* Clock.currentTimeMillis
        const failures = yield* repo.failureTimes(signin, now - TwoFactor.FAILURE_WINDOW_SECONDS * 1000)
        const wait = TwoFactor.waitSeconds(failures, now)
        if (wait > 0) return yield* TooManyAttempts.answer(wait)
      })

    const failed = (signin: SigninId, why: string, account: AccountId | null = null) =>
      Effect.gen(function* () {
        yield* repo.recordFailure(signin, yield* Clock.currentTimeMillis)
        yield* gate.audit(TwoFactor.audit.codeFailed, { signin_id: signin, account_id: account }, { reason: why })
      })

    const secretText = (signin: SigninId, sealed: string) =>
      Option.match(box.open(sealed, secretContext(signin)), {
        onNone: () => Effect.die("two-factor secret does not open (secret key changed?)"),
        onSome: Effect.succeed
      })

    /**
     * Check a typed code (or recovery code when `recovery`) for a sign-in whose two-factor is on, keeping the step
     * or using the recovery code; a refusal counts as a failure.
     */
    const checkCode = (signin: SigninId, typed: string, recovery: boolean, account: AccountId | null) =>
      Effect.gen(function* () {
        yield* throttle(signin)
        const now = yield* Clock.currentTimeMillis
        const row = Option.getOrUndefined(yield* repo.secretOf(signin))
        if (row === undefined || row.confirmed_at === null) return yield* field(TwoFactor.text.challengeExpired)
        const code = TwoFactor.normalizeCode(typed)
        if (Option.isSome(code)) {
          const secret = yield* secretText(signin, row.secret_sealed)
          const checked = TwoFactor.check({
            code: code.value,
            now,
            lastStep: row.last_step,
            codeAt: (step) => Totp.codeAt(secret, step)
          })
          const accepted = checked._tag === "Accepted" && (yield* repo.acceptStep(signin, checked.step))
          if (!accepted) {
            const reused = checked._tag !== "Wrong"
            yield* failed(signin, reused ? "reused" : "wrong", account)
            return yield* field(reused ? TwoFactor.text.codeReused : TwoFactor.text.codeWrong)
          }
          yield* gate.audit(TwoFactor.audit.codeOk, { signin_id: signin, account_id: account })
        } else {
          const recoveryCode = recovery ? TwoFactor.normalizeRecoveryCode(typed) : Option.none()
          if (Option.isNone(recoveryCode)) return yield* field(TwoFactor.text.codeMalformed)
          if (!(yield* repo.useRecoveryCode(signin, Token.hash(recoveryCode.value), now))) {
            yield* failed(signin, "recovery code", account)
            return yield* field(TwoFactor.text.codeWrong)
          }
          yield* gate.audit(
            TwoFactor.audit.recoveryUsed,
            { signin_id: signin, account_id: account },
            { left: yield* repo.recoveryCodesLeft(signin) }
          )
        }
        yield* repo.clearFailures(signin)
        return row.confirmed_at
      })

    /** Check the first code of an unconfirmed secret and turn two-factor on; the recovery codes to show. */
    const confirmEnrolment = (signin: SigninId, typed: string, account: AccountId | null) =>
      Effect.gen(function* () {
        yield* throttle(signin)
        const now = yield* Clock.currentTimeMillis
        const row = Option.getOrUndefined(yield* repo.secretOf(signin))
        if (row === undefined) return yield* field(TwoFactor.text.notEnrolling)
        if (row.confirmed_at !== null) return yield* field(TwoFactor.text.alreadyOn)
        const code = TwoFactor.normalizeCode(typed)
        if (Option.isNone(code)) return yield* field(TwoFactor.text.codeMalformed)
        const secret = yield* secretText(signin, row.secret_sealed)
        const checked = TwoFactor.check({
          code: code.value,
          now,
          lastStep: null,
          codeAt: (step) => Totp.codeAt(secret, step)
        })
        if (checked._tag !== "Accepted") {
          yield* failed(signin, "wrong", account)
          return yield* field(TwoFactor.text.codeWrong)
        }
        const codes = newRecoveryCodes()
        if (!(yield* repo.confirm(signin, checked.step, codes.map(Token.hash), now))) {
          return yield* field(TwoFactor.text.alreadyOn)
        }
        yield* repo.clearFailures(signin)
        yield* gate.audit(TwoFactor.audit.enrolled, { signin_id: signin, account_id: account })
        return { codes, enabledAt: now }
      })

    const enrol = (signin: SigninId) =>
      Effect.gen(function* () {
        const record = yield* signinOf(signin)
        const secret = Totp.newSecret()
        const now = yield* Clock.currentTimeMillis
        if (!(yield* repo.startEnrolment(signin, box.seal(secret, secretContext(signin)), now))) {
          return yield* InvalidInput.answer(TwoFactor.text.alreadyOn)
        }
        const uri = TwoFactor.otpauthUri(secret, record.email)
        return { secret, uri, qr: yield* Totp.qr(uri) }
      })

    const status = (signin: SigninId) =>
      Effect.gen(function* () {
        const row = Option.getOrUndefined(yield* repo.secretOf(signin))
        const enabledAt = row?.confirmed_at ?? null
        return {
          enabled: enabledAt !== null,
          enabled_at: enabledAt === null ? null : Math.floor(enabledAt / 1000),
          recovery_codes_left: enabledAt === null ? 0 : yield* repo.recoveryCodesLeft(signin),
          required_by: yield* repo.requiredBy(signin)
        }
      })

    /** The password of the signed-in person, under the code throttle (wrong passwords count as failures). */
    const checkPassword = (signin: SigninId, password: string, account: AccountId | null) =>
      Effect.gen(function* () {
        yield* throttle(signin)
        const record = yield* signinOf(signin)
        if (!(yield* passwords.verify(password, record.password_hash ?? undefined))) {
          yield* failed(signin, "password", account)
          return yield* InvalidInput.field("password", TwoFactor.text.passwordWrong)
        }
      })

    const accountRule = (account: AccountId) =>
      Effect.gen(function* () {
        return {
          required: yield* repo.isRequired(account),
          members_without: (yield* repo.membersWithout(account)).length
        }
      })

    const adminTenant = Effect.gen(function* () {
      const tenant = yield* CurrentAccount
      if (!tenant.is_admin) return yield* AccessDenied.answer(Message.catalogue.adminOnly)
      return tenant
    })

    const finishSignin = (
      challenge: { readonly signin_id: SigninId; readonly account_id: AccountId | null; readonly token_hash: string },
      remember: boolean,
      enabledAt: number
    ) =>
      Effect.gen(function* () {
        if (!(yield* repo.endChallenge(challenge.token_hash))) return yield* field(TwoFactor.text.challengeExpired)
        yield* gate.clearChallenge
        if (remember) {
          yield* gate.rememberDevice(challenge.signin_id, enabledAt)
          yield* gate.audit(TwoFactor.audit.deviceRemembered, { signin_id: challenge.signin_id })
        }
        const state = yield* gate.startSession(challenge.signin_id, challenge.account_id)
        yield* gate.audit("signin.succeeded", { signin_id: state.signin_id, account_id: state.account_id })
        return state
      })

    return handlers
      .handle("verify", ({ payload }) =>
        Effect.gen(function* () {
          const challenge = yield* challengeOf("code")
          const enabledAt = yield* checkCode(challenge.signin_id, payload.code, true, challenge.account_id)
          return yield* finishSignin(challenge, payload.remember, enabledAt)
        })
      )
      .handle("signinEnrol", () => Effect.flatMap(challengeOf("enrol"), (challenge) => enrol(challenge.signin_id)))
      .handle("signinConfirm", ({ payload }) =>
        Effect.gen(function* () {
          const challenge = yield* challengeOf("enrol")
          const done = yield* confirmEnrolment(challenge.signin_id, payload.code, challenge.account_id)
          const state = yield* finishSignin(challenge, payload.remember, done.enabledAt)
          return { state, recovery_codes: done.codes }
        })
      )
      .handle("status", () => Effect.flatMap(CurrentSignin, (current) => status(current.signin_id)))
      .handle("enrol", () => Effect.flatMap(CurrentSignin, (current) => enrol(current.signin_id)))
      .handle("confirm", ({ payload }) =>
        Effect.gen(function* () {
          const current = yield* CurrentSignin
          const done = yield* confirmEnrolment(current.signin_id, payload.code, current.account?.account_id ?? null)
          return { recovery_codes: done.codes }
        })
      )
      .handle("regenerate", ({ payload }) =>
        Effect.gen(function* () {
          const current = yield* CurrentSignin
          const account = current.account?.account_id ?? null
          yield* checkPassword(current.signin_id, payload.password, account)
          const row = Option.getOrUndefined(yield* repo.secretOf(current.signin_id))
          if (row?.confirmed_at === null || row === undefined) return yield* InvalidInput.answer(TwoFactor.text.off)
          const codes = newRecoveryCodes()
          yield* repo.replaceRecoveryCodes(current.signin_id, codes.map(Token.hash))
          yield* repo.clearFailures(current.signin_id)
          yield* gate.audit(TwoFactor.audit.recoveryRegenerated, { signin_id: current.signin_id, account_id: account })
          return { recovery_codes: codes }
        })
      )
      .handle("disable", ({ payload }) =>
        Effect.gen(function* () {
          const current = yield* CurrentSignin
          const account = current.account?.account_id ?? null
          yield* checkPassword(current.signin_id, payload.password, account)
          const requiring = yield* repo.requiredBy(current.signin_id)
          if (requiring.length > 0) {
            return yield* InvalidInput.answer(TwoFactor.text.requiredCannotTurnOff(requiring.join(", ")))
          }
          yield* repo.disable(current.signin_id)
          yield* gate.audit(TwoFactor.audit.disabled, { signin_id: current.signin_id, account_id: account })
          return yield* status(current.signin_id)
        })
      )
      .handle("accountRule", () => Effect.flatMap(adminTenant, (tenant) => accountRule(tenant.account_id)))
      .handle("setAccountRule", ({ payload }) =>
        Effect.gen(function* () {
          const tenant = yield* adminTenant
          if (payload.required) {
            const own = Option.getOrUndefined(yield* repo.secretOf(tenant.signin_id))
            if (own?.confirmed_at === null || own === undefined) {
              return yield* InvalidInput.field("required", TwoFactor.text.requiredNeedsYours)
            }
          }
          const was = yield* repo.isRequired(tenant.account_id)
          if (was !== payload.required) {
            yield* repo.setRequired(tenant.account_id, payload.required)
            const without = yield* repo.membersWithout(tenant.account_id)
            yield* gate.audit(
              payload.required ? TwoFactor.audit.requiredOn : TwoFactor.audit.requiredOff,
              { signin_id: tenant.signin_id, account_id: tenant.account_id },
              payload.required ? { signed_out: without } : {}
            )
            // Members without two-factor cannot go on: their sessions end, and their next sign-in enrols them.
            if (payload.required) yield* Effect.forEach(without, (id) => auth.deleteSessionsOf(id), { discard: true })
          }
          return yield* accountRule(tenant.account_id)
        })
      )
  })
)
