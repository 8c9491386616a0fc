/**
 * The door between a right password and a session. Every credential step (sign-in, password reset, accepting an
 * invitation) ends here: when the sign-in has two-factor on and this browser is not a remembered device, or when
 * an account of theirs requires two-factor and they have none, no session starts; a challenge is stored (its
 * token's hash) and its token set in the httpOnly `qk_2fa` cookie (path `/sign-in`, 10 minutes), and the answer
 * says which step is next. Otherwise the session starts as before.
 *
 * @since 0.5.0
 */
import type { AccountId, SigninId } from "@quotekit/core/Account"
import type { SigninAnswer, SigninState } from "@quotekit/core/api/AuthApi"
import * as TwoFactor from "@quotekit/core/TwoFactor"
import { Clock, Context, Effect, Layer, Option } from "effect"
import { HttpEffect, HttpServerRequest, HttpServerResponse } from "effect/http"
import { AuthRepo, type SigninRecord } from "../auth/Repo.ts"
import { Sessions } from "../auth/Session.ts"
import * as Token from "../auth/Token.ts"
import * as LinkToken from "../customer/LinkToken.ts"
import * as ClientAddress from "../http/ClientAddress.ts"
import { ServerConfig } from "../ServerConfig.ts"
import * as RememberedDevice from "./RememberedDevice.ts"
import { TwoFactorRepo } from "./Repo.ts"

/** The challenge cookie's name. */
export const CHALLENGE_COOKIE = "qk_2fa"

/** The gate service. */
export class TwoFactorGate extends Context.Service<
  TwoFactorGate,
  {
    /** After a right password: a session, or the second step to take first. */
    readonly afterPassword: (
      signin: SigninRecord,
      preferred: AccountId | null
    ) => Effect.Effect<SigninAnswer, never, HttpServerRequest.HttpServerRequest>
    /** Start a session (the only account chosen at once, else `preferred` when a member of it). */
    readonly startSession: (
      signin: SigninId,
      preferred: AccountId | null
    ) => Effect.Effect<SigninState, never, HttpServerRequest.HttpServerRequest>
    /** Set the cookie remembering this browser for 30 days for a sign-in. */
    readonly rememberDevice: (
      signin: SigninId,
      enabledAt: number
    ) => Effect.Effect<void, never, HttpServerRequest.HttpServerRequest>
    /** Clear the challenge cookie. */
    readonly clearChallenge: Effect.Effect<void, never, HttpServerRequest.HttpServerRequest>
    /** Write a sign-in audit row with the client address. */
    readonly audit: (
      action: string,
      ids: { readonly account_id?: AccountId | null; readonly signin_id?: SigninId | null },
      data?: Record<string, unknown>
    ) => Effect.Effect<void, never, HttpServerRequest.HttpServerRequest>
  }
>()("quotekit/server/TwoFactorGate") {}

/** The gate over the repositories and sessions. */
export const layer = Layer.effect(
  TwoFactorGate,
  Effect.gen(function* () {
    const auth = yield* AuthRepo
    const repo = yield* TwoFactorRepo
    const sessions = yield* Sessions
    const config = yield* ServerConfig
    const deviceKey = RememberedDevice.key(yield* LinkToken.LinkSecret)

    const setCookie = (name: string, value: string, maxAgeSeconds: number) =>
      HttpEffect.appendPreResponseHandler((_request, response) =>
        Effect.succeed(
          maxAgeSeconds > 0
            ? HttpServerResponse.setCookieUnsafe(response, name, value, {
                path: "/sign-in",
                httpOnly: true,
                sameSite: "strict",
                secure: config.secureCookies,
                maxAge: `${maxAgeSeconds} seconds`
              })
            : HttpServerResponse.expireCookieUnsafe(response, name, { path: "/sign-in" })
        )
      )

    const startSession = (signinId: SigninId, preferred: AccountId | null) =>
      Effect.gen(function* () {
        const found = yield* auth.signinById(signinId)
        if (Option.isNone(found)) return yield* Effect.die("sign-in vanished")
        const signin = found.value
        const accounts = yield* auth.accountsOf(signinId)
        const chosen =
          preferred !== null && accounts.some((a) => a.account_id === preferred)
            ? preferred
            : accounts.length === 1 && accounts[0] !== undefined
              ? accounts[0].account_id
              : null
        yield* sessions.start(signinId, chosen)
        return {
          signin_id: signin.signin_id,
          name_display: signin.name_display,
          email: signin.email,
          accounts,
          account_id: chosen
        }
      })

    const audit = (
      action: string,
      ids: { readonly account_id?: AccountId | null; readonly signin_id?: SigninId | null },
      data: Record<string, unknown> = {}
    ) =>
      Effect.gen(function* () {
        const address = yield* ClientAddress.current
        const at = yield* Clock.currentTimeMillis
        yield* auth.audit({
          account_id: ids.account_id ?? null,
          signin_id: ids.signin_id ?? null,
          action,
          data: { ...data, address },
          at
        })
      }).pipe(Effect.provideService(ServerConfig, config))

    return TwoFactorGate.of({
      afterPassword: (signin, preferred) =>
        Effect.gen(function* () {
          const secret = yield* repo.secretOf(signin.signin_id)
          const enabledAt = Option.getOrNull(Option.flatMapNullishOr(secret, (s) => s.confirmed_at))
          const request = yield* HttpServerRequest.HttpServerRequest
          const now = yield* Clock.currentTimeMillis
          const remembered =
            enabledAt !== null &&
            RememberedDevice.remembers(
              deviceKey,
              request.cookies[RememberedDevice.cookieName(signin.signin_id)],
              signin.signin_id,
              enabledAt,
              Math.floor(now / 1000)
            )
          const step = TwoFactor.secondStep({
            enabled: enabledAt !== null,
            rememberedDevice: remembered,
            requiredByAnAccount: enabledAt === null && (yield* repo.requiredBy(signin.signin_id)).length > 0
          })
          if (step === "none") return yield* startSession(signin.signin_id, preferred)
          const token = Token.generate()
          yield* repo.createChallenge({
            token_hash: Token.hash(token),
            signin_id: signin.signin_id,
            step,
            account_id: preferred,
            at: now,
            expires_at: now + TwoFactor.CHALLENGE_SECONDS * 1000
          })
          yield* setCookie(CHALLENGE_COOKIE, token, TwoFactor.CHALLENGE_SECONDS)
          return { two_factor: step, email: signin.email }
        }),
      startSession,
      rememberDevice: (signin, enabledAt) =>
        Effect.gen(function* () {
          const now = Math.floor((yield* Clock.currentTimeMillis) / 1000)
          const until = now + TwoFactor.REMEMBER_SECONDS
          yield* setCookie(
            RememberedDevice.cookieName(signin),
            RememberedDevice.make(deviceKey, signin, until, enabledAt),
            TwoFactor.REMEMBER_SECONDS
          )
        }),
      clearChallenge: setCookie(CHALLENGE_COOKIE, "", 0),
      audit
    })
  })
)
