/**
 * Password hashing for the sign-in handlers, over the pg package's scrypt `Password` module. `verify`
 * also accepts a missing hash (no such sign-in) and then checks against a fixed dummy hash, so a wrong
 * email costs the same time as a wrong password and timing does not reveal who has a sign-in.
 *
 * @since 0.1.0
 */
import * as Password from "@quotekit/pg/Password"
import { Context, Effect, Layer } from "effect"

/** The password service. */
export class Passwords extends Context.Service<
  Passwords,
  {
    readonly hash: (password: string) => Effect.Effect<string>
    readonly verify: (password: string, stored: string | undefined) => Effect.Effect<boolean>
  }
>()("quotekit/server/Passwords") {}

/** Hashing with scrypt. */
export const layer = Layer.effect(
  Passwords,
  Effect.gen(function* () {
    const dummy = yield* Password.hash("not a real password, used to even out timing")
    return Passwords.of({
      hash: (password) => Password.hash(password),
      verify: (password, stored) =>
        stored === undefined ? Effect.as(Password.verify(password, dummy), false) : Password.verify(password, stored)
    })
  })
)
