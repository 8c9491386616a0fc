/**
 * The `SignedIn` and `AccountChosen` middleware: the session cookie becomes `CurrentSignin`, its chosen
 * account (with the admin flag, re-read from the membership on every request so a removed member loses
 * access at once) becomes `CurrentAccount`, the tenant every repository query filters by.
 *
 * @since 0.1.0
 */
import { ChooseAccount } from "@quotekit/core/api/ApiError"
import { AccountChosen, CurrentAccount, CurrentSignin, SignedIn } from "@quotekit/core/api/Security"
import { Effect, Layer, Redacted } from "effect"
import { Sessions } from "./Session.ts"

/** `SignedIn`: resolve the session cookie. */
export const signedInLayer = Layer.effect(
  SignedIn,
  Effect.map(Sessions, (sessions) =>
    SignedIn.of({
      session: (httpEffect, { credential }) =>
        Effect.flatMap(sessions.resolve(Redacted.value(credential)), (signin) =>
          Effect.provideService(httpEffect, CurrentSignin, signin)
        )
    })
  )
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
        is_admin: signin.account.is_admin
      })
    })
  )
)
