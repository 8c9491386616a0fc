/**
 * Cookie sessions. Signing in makes a fresh random 256-bit token (any session the browser held before is
 * ended: rotation at sign-in), stores only its hash, and sets it in the `qk_session` cookie (httpOnly,
 * SameSite=Lax, Secure when served over https, kept until the absolute expiry). Each request resolves the
 * cookie to a live session or answers `SigninAgain`; idle and absolute expiry follow `SessionPolicy`, timed
 * by the `Clock`.
 *
 * @since 0.1.0
 */
import type { AccountId, SigninId } from "@quotekit/core/Account"
import { SigninAgain } from "@quotekit/core/api/ApiError"
import { CSRF_COOKIE, SESSION_COOKIE, type Signin } from "@quotekit/core/api/Security"
import * as Message from "@quotekit/core/Message"
import { Clock, Context, Effect, Layer, Option, Schedule } from "effect"
import { HttpEffect, HttpServerRequest, HttpServerResponse } from "effect/http"
import * as AntiForgery from "../http/AntiForgery.ts"
import * as AntiForgeryToken from "../http/AntiForgeryToken.ts"
import * as ClientAddress from "../http/ClientAddress.ts"
import { ServerConfig } from "../ServerConfig.ts"
import { AuthRepo } from "./Repo.ts"
import * as SessionPolicy from "./SessionPolicy.ts"
import * as Token from "./Token.ts"

/** The sessions service. */
export class Sessions extends Context.Service<
  Sessions,
  {
    /** Start a session for a sign-in (ending the request's old one) and set its cookie on the answer. */
    readonly start: (
      signin: SigninId,
      account: AccountId | null
    ) => Effect.Effect<void, never, HttpServerRequest.HttpServerRequest>
    /** The live session a token names, or `SigninAgain`. */
    readonly resolve: (token: string) => Effect.Effect<Signin, SigninAgain>
    /** End the request's session (if any) and clear its cookie. */
    readonly end: Effect.Effect<void, never, HttpServerRequest.HttpServerRequest>
  }
>()("quotekit/server/Sessions") {}

/** The sessions service over the repository. */
export const layer = Layer.effect(
  Sessions,
  Effect.gen(function* () {
    const repo = yield* AuthRepo
    const config = yield* ServerConfig
    const durations = { idleSeconds: config.sessionIdleSeconds, absoluteSeconds: config.sessionAbsoluteSeconds }

    const endCurrent = Effect.gen(function* () {
      const request = yield* HttpServerRequest.HttpServerRequest
      const token = request.cookies[SESSION_COOKIE]
      if (token === undefined || !Token.isWellFormed(token)) return
      const found = yield* repo.sessionByTokenHash(Token.hash(token))
      if (Option.isSome(found)) yield* repo.deleteSession(found.value.session_id)
    })

    const antiForgeryKey = yield* AntiForgery.currentKey
    // The session cookie, and an anti-forgery token bound to the new session (or to none), which replaces the one
    // the page had: a token only passes with the session it was made for.
    const setCookie = (value: string, maxAgeSeconds: number) =>
      HttpEffect.appendPreResponseHandler((_request, response) =>
        Effect.succeed(
          HttpServerResponse.setCookieUnsafe(
            maxAgeSeconds > 0
              ? HttpServerResponse.setCookieUnsafe(response, SESSION_COOKIE, value, {
                  path: "/",
                  httpOnly: true,
                  sameSite: "lax",
                  secure: config.secureCookies,
                  maxAge: `${maxAgeSeconds} seconds`
                })
              : HttpServerResponse.expireCookieUnsafe(response, SESSION_COOKIE, { path: "/" }),
            CSRF_COOKIE,
            AntiForgeryToken.make(antiForgeryKey, AntiForgeryToken.bindingOf(maxAgeSeconds > 0 ? value : undefined)),
            AntiForgery.cookieOptions(config.secureCookies)
          )
        )
      )

    // Expired sessions are refused on sight; this sweep only keeps the table from growing.
    yield* Effect.gen(function* () {
      const now = yield* Clock.currentTimeMillis
      yield* repo.deleteExpiredSessions(now, durations.idleSeconds * 1000)
    }).pipe(
      Effect.catchCause((cause) => Effect.logWarning("session sweep failed", cause)),
      Effect.repeat(Schedule.spaced("1 hour")),
      Effect.forkScoped
    )

    return Sessions.of({
      start: (signin, account) =>
        Effect.gen(function* () {
          yield* endCurrent
          const now = yield* Clock.currentTimeMillis
          const request = yield* HttpServerRequest.HttpServerRequest
          const token = Token.generate()
          yield* repo.insertSession({
            token_hash: Token.hash(token),
            signin_id: signin,
            account_id: account,
            at: now,
            expires_at: now + durations.absoluteSeconds * 1000,
            address: ClientAddress.of(request, config.trustProxy),
            user_agent: request.headers["user-agent"]?.slice(0, 300) ?? null
          })
          yield* setCookie(token, SessionPolicy.cookieMaxAgeSeconds(now, now, durations))
        }),
      resolve: (token) =>
        Effect.gen(function* () {
          // No session cookie at all (a first visit) is not a session that ended.
          if (token === "") return yield* SigninAgain.answer(Message.catalogue.signinNeeded)
          if (!Token.isWellFormed(token)) return yield* SigninAgain.answer()
          const found = yield* repo.sessionByTokenHash(Token.hash(token))
          if (Option.isNone(found)) return yield* SigninAgain.answer()
          const session = found.value
          const now = yield* Clock.currentTimeMillis
          const times = { createdAt: session.created_at, lastSeenAt: session.last_seen_at }
          if (SessionPolicy.status(times, now, durations) !== "live") {
            yield* repo.deleteSession(session.session_id)
            return yield* SigninAgain.answer()
          }
          if (SessionPolicy.needsTouch(times, now)) yield* repo.touchSession(session.session_id, now)
          return { signin_id: session.signin_id, session_id: session.session_id, account: session.account }
        }),
      end: Effect.gen(function* () {
        yield* endCurrent
        yield* setCookie("", 0)
      })
    })
  })
)
