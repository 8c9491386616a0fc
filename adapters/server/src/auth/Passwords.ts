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
    // Hashed in the background rather than before the server can start (a quarter of a second of waiting); a
    // sign-in with an unknown email in the first moments waits for it.
    const dummy = yield* Effect.cached(Password.hash("not a real password, used to even out timing"))
    yield* Effect.forkDetach(dummy)
    return Passwords.of({
      hash: (password) => Password.hash(password),
      verify: (password, stored) =>
        stored === undefined
          ? dummy.pipe(
              Effect.flatMap((hash) => Password.verify(password, hash)),
              Effect.as(false)
            )
          : Password.verify(password, stored)
    })
  })
)
