/**
 * The outcome of a parse that can fail, as a plain tagged object: `{ _tag: "Success", success }` or
 * `{ _tag: "Failure", failure }`, the same field names as effect's `Result`.
 *
 * The core's parsers that run in the browser widgets (`Signature.decode`, `Signature.typed`, `Signature.fromWire`,
 * `Expression.parse`, `NumberInput.evaluate`, `PublicQuote.parse`) return an `Outcome` rather than a `Result`:
 * a `Result` value carries effect's equality, hashing and formatting machinery, about 4 KB gzipped that a
 * widget bundle of 12 KB cannot carry. Their errors are likewise small tagged classes
 * (`class X extends Error { readonly _tag = "X" }`) rather than `Schema.TaggedError`s, which would bring in the
 * Schema runtime. Code in Effect turns an outcome into a `Result` with {@link toResult}, and that into an effect
 * with `Effect.fromResult`, so the error lands in the error channel.
 *
 * @example
 * import * as Outcome from "@quotekit/core/Outcome"
 * const typed = Signature.typed("Ada Lovelace")
 * if (Outcome.isSuccess(typed)) typed.success.name      // "Ada Lovelace"
 * Outcome.getOrThrow(Signature.typed("x"))              // throws the InvalidSignature
 *
 * @since 0.1.0
 */
import { Result } from "effect"

/** A successful outcome holding its value. */
export interface Success<A> {
  readonly _tag: "Success"
  readonly success: A
}

/** A failed outcome holding its error. */
export interface Failure<E> {
  readonly _tag: "Failure"
  readonly failure: E
}

/** The outcome of a parse: its value or why it failed. */
export type Outcome<A, E> = Success<A> | Failure<E>

/** A successful outcome. */
export const succeed = <A>(success: A): Success<A> => ({ _tag: "Success", success })

/** A failed outcome. */
export const fail = <E>(failure: E): Failure<E> => ({ _tag: "Failure", failure })

/** Whether the outcome holds a value. */
export const isSuccess = <A, E>(outcome: Outcome<A, E>): outcome is Success<A> => outcome._tag === "Success"

/** Whether the outcome holds an error. */
export const isFailure = <A, E>(outcome: Outcome<A, E>): outcome is Failure<E> => outcome._tag === "Failure"

/** The value of a successful outcome, transformed; a failure passes through unchanged. */
export const map = <A, E, B>(outcome: Outcome<A, E>, f: (a: A) => B): Outcome<B, E> =>
  outcome._tag === "Success" ? succeed(f(outcome.success)) : outcome

/** The value, or `undefined` on failure: for callers that only need to know whether it worked. */
export const getOrUndefined = <A, E>(outcome: Outcome<A, E>): A | undefined =>
  outcome._tag === "Success" ? outcome.success : undefined

/** The value, throwing the error on failure. For tests and for inputs the caller knows are valid. */
export const getOrThrow = <A, E>(outcome: Outcome<A, E>): A => {
  if (outcome._tag === "Success") return outcome.success
  throw outcome.failure
}

/** The same outcome as effect's `Result`, to compose with `Result` and `Effect` code (`Effect.fromResult`). */
export const toResult = <A, E>(outcome: Outcome<A, E>): Result.Result<A, E> =>
  outcome._tag === "Success" ? Result.succeed(outcome.success) : Result.fail(outcome.failure)
