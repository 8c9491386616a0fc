/**
 * The `SignedIn` and `AccountChosen` middleware: the session cookie, or an API key in `Authorization: Bearer`,
 * becomes `CurrentSignin`; its chosen account (with the admin flag, re-read from the membership on every request
 * so a removed member loses access at once) becomes `CurrentAccount`, the tenant every repository query filters by.
 *
 * A request that carries a key is judged by the key alone: the session scheme, tried first, steps aside, and the
 * bearer scheme (tried last, so its answer is the one given) resolves the key; a cookie beside it is never read.
 * Without a key the bearer scheme answers what the session scheme did (the session is resolved again, which costs
 * a look-up only when it failed).
 *
 * @since 0.1.0
 */
import { AccessDenied, ChooseAccount, SigninAgain } from "@quotekit/core/api/ApiError"
import {
  AccountChosen,
  CurrentAccount,
  CurrentSignin,
  SESSION_COOKIE,
  SessionOnly,
  SignedIn
} from "@quotekit/core/api/Security"
import * as Message from "@quotekit/core/Message"
import { Context, Effect, Layer, Redacted } from "effect"
import { HttpServerRequest } from "effect/http"
import { ApiKeyAuth, bearerKey, refusal } from "../apikeys/Authenticate.ts"
import { Sessions } from "./Session.ts"

/** `SignedIn`: resolve the session cookie, or the API key when the request carries one. */
export const signedInLayer = Layer.effect(
  SignedIn,
  Effect.gen(function* () {
    const sessions = yield* Sessions
    const keys = yield* ApiKeyAuth
    const bySession = <A, E, R>(httpEffect: Effect.Effect<A, E, R>, token: string) =>
      Effect.flatMap(sessions.resolve(token), (signin) => Effect.provideService(httpEffect, CurrentSignin, signin))
    return SignedIn.of({
      session: (httpEffect, { credential }) =>
        Effect.flatMap(bearerKey, (key) =>
          // A key is there: leave the request to the bearer scheme, which runs next and answers.
          key === "" ? bySession(httpEffect, Redacted.value(credential)) : SigninAgain.answer(Message.apiKeyInvalid)
        ),
      bearer: (httpEffect, { credential, endpoint }) =>
        Effect.gen(function* () {
          const key = Redacted.value(credential)
          if (key === "") {
            const request = yield* HttpServerRequest.HttpServerRequest
            return yield* bySession(httpEffect, request.cookies[SESSION_COOKIE] ?? "")
          }
          const signin = yield* keys.resolve(key)
          const refused = refusal(signin.api_key.scope, endpoint.method, Context.get(endpoint.annotations, SessionOnly))
          if (refused !== undefined) return yield* AccessDenied.answer(refused)
          return yield* Effect.provideService(httpEffect, CurrentSignin, signin)
        })
    })
  })
)

/** `AccountChosen`: require the session's account. */
export const accountChosenLayer = Layer.succeed(
  AccountChosen,
  AccountChosen.of((httpEffect) =>
    Effect.gen(function* () {
      const signin = yield* CurrentSignin
      if (signin.account === null) return yield* ChooseAccount.answer()
      return yield* Effect.provideService(httpEffect, CurrentAccount, {
        account_id: signin.account.account_id,
        signin_id: signin.signin_id,
        is_admin: signin.account.is_admin,
        ...(signin.api_key === undefined ? {} : { api_key: signin.api_key })
      })
    })
  )
)
